/// `${env:NAME}` in a profile value: read from the environment when a request is built, never
/// written back to disk. NAME is letters, digits and `_`, not starting with a digit.
public enum EnvironmentReference {
    /// The variable names `text` refers to, in order.
    public static func names(in text: String) -> [String] {
        var names: [String] = []
        _ = substitute(text) { name in names.append(name); return "" }
        return names
    }

    /// `text` with every reference replaced by its variable's value; the first variable that is
    /// not set is returned instead.
    public static func resolve(_ text: String, in environment: [String: String]) -> Result<String, Unset> {
        var unset: String?
        let resolved = substitute(text) { name in
            guard let value = environment[name] else {
                if unset == nil { unset = name }
                return ""
            }
            return value
        }
        return unset.map { .failure(Unset(name: $0)) } ?? .success(resolved)
    }

    /// A variable a profile needs and the environment does not have.
    public struct Unset: Error, Sendable, Equatable {
        public let name: String
        /// "${env:NAME} is not set in the environment".
        public var sentence: String { "${env:\(name)} is not set in the environment" }
    }

    private static func substitute(_ text: String, _ value: (String) -> String) -> String {
        guard text.contains("${env:") else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.range(of: "${env:") {
            out += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "}"), isName(after[..<close]) else {
                out += rest[open.lowerBound..<open.upperBound]
                rest = after
                continue
            }
            out += value(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }

    private static func isName(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }
}
