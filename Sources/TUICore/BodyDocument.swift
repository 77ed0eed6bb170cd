import Foundation

/// A response body as display lines, built for bodies of tens of megabytes (possibly a
/// memory-mapped file): the bytes are never copied nor turned into one big String, only the
/// lines on screen are decoded, and an index of checkpoints (a few percent of the body) finds
/// any line quickly. Immutable; `open` is instant and indexes the first screens, `indexed`
/// (run off the UI loop) indexes the rest.
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
    public var data: Data { storage.data }
    public var byteCount: Int { storage.data.count }
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
    let data: Data
    let format: BodyDocument.Format
    let json: JSONLayoutIndex?
    let text: TextLayoutIndex
    let jsonError: String?
    let isComplete: Bool

    init(data: Data, format: BodyDocument.Format, json: JSONLayoutIndex?, text: TextLayoutIndex, jsonError: String?) {
        self.data = data
        self.format = format
        self.json = json
        self.text = text
        self.jsonError = jsonError
        isComplete = text.isComplete && (json?.isComplete ?? true)
    }

    /// The body's bytes for the duration of `body` (no copy, even for a mapped file).
    func withBytes<R>(_ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else {
                return withUnsafePointer(to: UInt8(0)) { body($0, 0) }
            }
            return body(base.assumingMemoryBound(to: UInt8.self), raw.count)
        }
    }
}
