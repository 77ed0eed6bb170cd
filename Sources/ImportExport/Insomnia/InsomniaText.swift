/// Insomnia's template syntax in explorer's: `{{ _.token }}` (and `{{ token }}`) → `{{token}}`.
/// Template tags (`{% response … %}`) are not variables and are left as written.
enum InsomniaText {
    static func variables(_ text: String) -> String {
        guard text.contains("{{") else { return text }
        return text.replacing(/\{\{\s*(?:_\.)?([A-Za-z_$][A-Za-z0-9_.\-]*)\s*\}\}/) { match in "{{\(match.1)}}" }
    }
}
