import Foundation

/// A response body as display lines, built for bodies of tens of megabytes in memory, or of
/// any size in a spool file read a window at a time (`BodySource`): the bytes are never copied
/// nor turned into one big String, only the lines on screen are decoded, and an index of
/// checkpoints (a few percent of the body) finds any line quickly. Immutable; `open` is
/// instant and indexes the first screens, `indexed` (run off the UI loop) indexes the rest.
public struct BodyDocument: Sendable, Equatable {
    /// What the body is.
    public enum Format: Sendable, Equatable {
        case json, text, binary
    }

    /// How it is shown: pretty JSON, its bytes as text lines, or a hex dump.
    public enum Layout: Sendable, Equatable {
        case pretty, raw, hex
    }

    /// How much `open` indexes: enough for the first screens of any body.
    public static let firstScreenBytes = 64 * 1024

    let storage: BodyStorage
    /// The layout lines, `lineCount` and `find` refer to.
    public private(set) var layout: Layout

    init(storage: BodyStorage, layout: Layout? = nil) {
        self.storage = storage
        let available = storage.format.layouts
        self.layout = layout.flatMap { available.contains($0) ? $0 : nil } ?? available[0]
    }

    public var format: Format { storage.format }
    public var byteCount: Int { storage.source.count }
    /// True when the body is read from its spool file (no pretty layout, no filter).
    public var isSpooled: Bool { storage.source.isFile }

    /// The body's first `limit` bytes (all of a small one), read from the file when spooled
    /// (past the window cache: mind the size).
    public func bytes(upTo limit: Int) -> Data {
        let length = min(limit, byteCount)
        guard length > 0 else { return Data() }
        switch storage.source {
        case .memory(let data): return data.prefix(length)
        case .file(let file): return file.withRange(from: 0, to: length) { Data(bytes: $0.base, count: $0.end - $0.start) }
        }
    }
    /// False until `indexed` has run: `lineCount` is then the lines known so far.
    public var isComplete: Bool { storage.isComplete }
    /// Why a body sent or sniffed as JSON is shown as text, e.g.
    /// "invalid JSON at byte 1234: expected ','".
    public var jsonError: String? { storage.jsonError }

    /// The layouts this body has, its natural one first.
    public var availableLayouts: [Layout] { storage.format.layouts }
    public var defaultLayout: Layout { availableLayouts[0] }

    /// The same document shown in `layout` (unchanged when the body has no such layout).
    public func switching(to layout: Layout) -> BodyDocument {
        BodyDocument(storage: storage, layout: availableLayouts.contains(layout) ? layout : self.layout)
    }

    /// Lines in the current layout (known so far while indexing).
    public var lineCount: Int { lineCount(in: layout) }

    public func lineCount(in layout: Layout) -> Int {
        switch layout {
        case .pretty: storage.json?.lineCount ?? 0
        case .raw: storage.text.lineCount
        case .hex: HexLayout.lineCount(byteCount)
        }
    }

    public static func == (lhs: BodyDocument, rhs: BodyDocument) -> Bool {
        lhs.storage === rhs.storage && lhs.layout == rhs.layout
    }
}

extension BodyDocument.Format {
    var layouts: [BodyDocument.Layout] {
        switch self {
        case .json: [.pretty, .raw]
        case .text: [.raw]
        case .binary: [.hex, .raw]
        }
    }
}

/// The shared, immutable part of a document: the bytes and their indexes.
final class BodyStorage: Sendable {
    let source: BodySource
    let format: BodyDocument.Format
    let json: JSONLayoutIndex?
    let text: TextLayoutIndex
    let jsonError: String?
    let isComplete: Bool

    init(source: BodySource, format: BodyDocument.Format, json: JSONLayoutIndex?, text: TextLayoutIndex, jsonError: String?) {
        self.source = source
        self.format = format
        self.json = json
        self.text = text
        self.jsonError = jsonError
        isComplete = text.isComplete && (json?.isComplete ?? true)
    }

    /// A memory body's bytes for the duration of `body` (no copy); a spooled body has no
    /// pointer to all of it: it is read through `source` a window at a time.
    func withBytes<R>(_ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        guard case .memory = source else { preconditionFailure("a spooled body is read a window at a time") }
        return source.withWindow(from: 0, length: source.count) { body($0.base, $0.end) }
    }
}
