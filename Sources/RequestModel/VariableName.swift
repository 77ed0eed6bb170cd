/// What `{{name}}` can name (SPEC §8): a letter or `_`, then letters, digits, `_` and `-`, at most
/// 100 characters. Other clients allow any text (Postman's `base url`, `api.key`); `valid(from:)`
/// is the name an import gives such a variable.
public enum VariableName {
    public static let rule = "a letter or _, then letters, digits, _ or -"

    public static func isValid(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, first == "_" || first.properties.isAlphabetic, name.count <= 100 else { return false }
        return scalars.allSatisfy { $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// `base url` → `base_url`, `1st` → `_1st`, `a.b` → `a_b`: each run of other characters one `_`,
    /// then `_2`, `_3`… until it is none of `taken`.
    public static func valid(from name: String, avoiding taken: Set<String>) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" {
                result.unicodeScalars.append(scalar)
            } else if result.last != "_" {
                result.append("_")
            }
        }
        if let first = result.unicodeScalars.first, !(first == "_" || first.properties.isAlphabetic) { result = "_" + result }
        if result.isEmpty { result = "var" }
        result = String(result.prefix(90))
        var candidate = result
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(result)_\(number)"
            number += 1
        }
        return candidate
    }
}
