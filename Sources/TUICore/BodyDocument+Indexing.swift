import Foundation
import RequestModel

extension BodyDocument {
    /// Detects the format and indexes the first `firstScreenBytes`: cheap whatever the size.
    public static func open(data: Data, contentType: String?) -> BodyDocument {
        open(source: .memory(data), contentType: contentType)
    }

    /// A body spooled to `url` (its first `count` bytes), read a window at a time: shown raw
    /// (or hex when binary), never mapped, parsed nor pretty-printed whole. Nil when the file
    /// cannot be opened.
    public static func open(file url: URL, count: Int, contentType: String?) -> BodyDocument? {
        open(file: url, count: count, contentType: contentType, windowBytes: BodyFile.defaultWindowBytes)
    }

    static func open(file url: URL, count: Int, contentType: String?, windowBytes: Int) -> BodyDocument? {
        guard let file = BodyFile(url: url, count: count, windowBytes: windowBytes) else { return nil }
        return open(source: .file(file), contentType: contentType)
    }

    static func open(source: BodySource, contentType: String?) -> BodyDocument {
        let storage = BodyStorage(source: source, format: .text, json: nil, text: TextLayoutIndex(), jsonError: nil)
        let detected = source.withWindow(from: 0, length: BodyFormatDetection.sampleBytes) { window in
            BodyFormatDetection.detect(window.pointer(at: 0), count: min(window.end, source.count), contentType: contentType)
        }
        var format = detected.format, note: String?
        if source.isFile, format == .json {
            format = .text
            note = "shown raw: pretty JSON is for bodies kept in memory, this one is read from its spool file"
        }
        let built = build(source: source, format: format, declaredJSON: detected.declaredJSON, knownError: note,
                          limit: firstScreenBytes, progress: { _ in }, isCancelled: { false })
        return BodyDocument(storage: built ?? storage)
    }

    /// The same body fully indexed (`self` when it already is, or when cancelled). Slow for a
    /// big body: run it off the UI loop. `progress` gets 0…1; `isCancelled` is polled every MB.
    /// A body that looked like JSON and turns out invalid comes back as text with `jsonError`.
    public func indexed(progress: (Double) -> Void = { _ in }, isCancelled: () -> Bool = { false }) -> BodyDocument {
        guard !isComplete else { return self }
        guard let built = Self.build(source: storage.source, format: format, declaredJSON: true, knownError: jsonError, limit: .max,
                                     progress: progress, isCancelled: isCancelled) else { return self }
        return BodyDocument(storage: built, layout: layout)
    }

    /// Indexes the body's first `limit` bytes as `format`; nil when cancelled. A JSON error is
    /// reported when the body was declared JSON (or looked like it in its first screen). JSON
    /// is only ever indexed in memory.
    static func build(source: BodySource, format: Format, declaredJSON: Bool, knownError: String?, limit: Int,
                      progress: (Double) -> Void, isCancelled: () -> Bool) -> BodyStorage? {
        var format = format
        var json: JSONLayoutIndex?
        var jsonError = knownError
        if format == .json, case .memory = source {
            let probe = BodyStorage(source: source, format: format, json: nil, text: TextLayoutIndex(), jsonError: nil)
            let outcome = probe.withBytes { p, count in
                JSONLayoutIndexer.build(p, count: count, limit: limit, progress: { progress($0 * 0.9) }, isCancelled: isCancelled)
            }
            switch outcome {
            case .index(let index): json = index
            case .cancelled: return nil
            case .invalid(let error):
                format = probe.withBytes { p, count in
                    BodyFormatDetection.looksBinary(p, count: min(count, BodyFormatDetection.sampleBytes)) ? .binary : .text
                }
                // A body that only starts like JSON and breaks in its first screen is just text.
                if declaredJSON {
                    // Said in the parser's words, as everywhere else a body is refused as JSON.
                    let problem = probe.withBytes { p, count in Self.parserProblem(p, count: count, near: error.offset) }
                    jsonError = "invalid JSON at byte \(problem?.offset ?? error.offset): \(problem?.message ?? error.message)"
                }
            }
        }
        let textStart = format == .json ? 0.9 : 0
        guard let text = TextLayoutIndex.build(source, limit: limit,
                                               progress: { progress(textStart + $0 * (1 - textStart)) },
                                               isCancelled: isCancelled) else { return nil }
        progress(1)
        return BodyStorage(source: source, format: format, json: json, text: text, jsonError: jsonError)
    }

    /// The parser's problem with the body the index refused at `offset`: the parser reads up to a
    /// little past it first, so the tree it builds stops near there (nil should it accept them).
    static func parserProblem(_ p: UnsafePointer<UInt8>, count: Int, near offset: Int) -> JSONProblem? {
        var parser = JSONParser()
        let first = min(count, offset + 1)
        do throws(JSONProblem) {
            try parser.feed(UnsafeBufferPointer(start: p, count: first))
            try parser.feed(UnsafeBufferPointer(start: p + first, count: count - first))
            _ = try parser.finish()
            return nil
        } catch {
            return error
        }
    }
}
