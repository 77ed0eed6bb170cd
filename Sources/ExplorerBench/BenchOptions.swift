/// `--name value` pairs; a missing or malformed value falls back to the default.
struct BenchOptions {
    private var values: [String: String] = [:]

    init(_ arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let name = iterator.next() {
            if name.hasPrefix("--"), let value = iterator.next() { values[name] = value }
        }
    }

    func int(_ name: String, default fallback: Int) -> Int {
        values[name].flatMap(Int.init).map { max(1, $0) } ?? fallback
    }
}
