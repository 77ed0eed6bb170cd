/// The `{{…}}` a `.http` request may hold that only the other clients fill: their system
/// variables (`{{$uuid}}`, `{{$aadToken}}`, `{{$dotenv X}}`) and REST Client's request variables
/// (`{{login.response.body.token}}`). They are kept as written; each is named once, so the import
/// report says what to replace before sending.
enum HTTPFilePlaceholderNotes {
    static func notes(_ written: String) -> [String] {
        var notes: [String] = []
        // The `contains` checks first: most requests hold neither, and Swift regexes are slow.
        if written.contains("{{$") {
            for name in unique(written.matches(of: /\{\{\s*\$([A-Za-z][A-Za-z0-9_.]*)/).map { String($0.1) }) {
                notes.append("`{{$\(name)}}` is a REST Client / JetBrains system variable explorer does not fill: kept as written, replace it before sending")
            }
        }
        if written.contains(".response.") || written.contains(".request.") {
            let references = written.matches(of: /\{\{\s*([A-Za-z0-9_-]+)\.(response|request)\./).map { "\($0.1).\($0.2)" }
            for reference in unique(references) {
                let request = reference.prefix { $0 != "." }
                notes.append("`{{\(reference)…}}` reads the request `\(request)`'s exchange: kept as written, explorer does not fill it")
            }
        }
        return notes
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
