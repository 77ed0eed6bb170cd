import Foundation

extension BodyDocument {
    /// Detects the format and indexes the first `firstScreenBytes`: cheap whatever the size.
    public static func open(data: Data, contentType: String?) -> BodyDocument {
        let storage = BodyStorage(data: data, format: .text, json: nil, text: TextLayoutIndex(), jsonError: nil)
        let detected = storage.withBytes { p, count in BodyFormatDetection.detect(p, count: count, contentType: contentType) }
        let built = build(data: data, format: detected.format, declaredJSON: detected.declaredJSON, knownError: nil,
                          limit: firstScreenBytes, progress: { _ in }, isCancelled: { false })
        return BodyDocument(storage: built ?? storage)
    }

    /// The same body fully indexed (`self` when it already is, or when cancelled). Slow for a
    /// big body: run it off the UI loop. `progress` gets 0…1; `isCancelled` is polled every MB.
    /// A body that looked like JSON and turns out invalid comes back as text with `jsonError`.
    public func indexed(progress: (Double) -> Void = { _ in }, isCancelled: () -> Bool = { false }) -> BodyDocument {
        guard !isComplete else { return self }
        guard let built = Self.build(data: data, format: format, declaredJSON: true, knownError: jsonError, limit: .max,
                                     progress: progress, isCancelled: isCancelled) else { return self }
        return BodyDocument(storage: built, layout: layout)
    }

    /// Indexes `data[0..<limit]` as `format`; nil when cancelled. A JSON error is reported
    /// when the body was declared JSON (or looked like it in its first screen).
    static func build(data: Data, format: Format, declaredJSON: Bool, knownError: String?, limit: Int,
                      progress: (Double) -> Void, isCancelled: () -> Bool) -> BodyStorage? {
        let probe = BodyStorage(data: data, format: format, json: nil, text: TextLayoutIndex(), jsonError: nil)
        return probe.withBytes { p, count -> BodyStorage? in
            var format = format
            var json: JSONLayoutIndex?
            var jsonError = knownError
            if format == .json {
                switch JSONLayoutIndexer.build(p, count: count, limit: limit, progress: { progress($0 * 0.9) }, isCancelled: isCancelled) {
                case .index(let index): json = index
                case .cancelled: return nil
                case .invalid(let error):
                    format = BodyFormatDetection.looksBinary(p, count: min(count, BodyFormatDetection.sampleBytes)) ? .binary : .text
                    // A body that only starts like JSON and breaks in its first screen is just text.
                    if declaredJSON {
                        jsonError = "invalid JSON at byte \(error.offset): \(error.message)"
                    }
                }
            }
            let textStart = format == .json ? 0.9 : 0
            guard let text = TextLayoutIndex.build(p, count: count, limit: limit,
                                                   progress: { progress(textStart + $0 * (1 - textStart)) },
                                                   isCancelled: isCancelled) else { return nil }
            progress(1)
            return BodyStorage(data: data, format: format, json: json, text: text, jsonError: jsonError)
        }
    }
}
