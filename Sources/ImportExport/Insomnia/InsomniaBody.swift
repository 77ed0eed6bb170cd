import RequestModel

/// An Insomnia request's `body` by its `mimeType`: JSON, urlencoded and multipart fields (files
/// by `fileName`, disabled fields left out), any other text with its type; a binary file body is
/// not imported and said.
enum InsomniaBody {
    static func read(_ node: JSONNode?, headers: [NamedValue], name: String, skipped: inout [ImportedAPI.Skipped]) -> RequestSpec.Body {
        let mimeType = PostmanJSON.text(node?["mimeType"]) ?? ""
        let params = PostmanJSON.array(node?["params"]).filter { !PostmanJSON.isTrue($0["disabled"]) }
        let text = InsomniaText.variables(PostmanJSON.text(node?["text"]) ?? "")
        switch mimeType.lowercased() {
        case "application/x-www-form-urlencoded":
            return .form(params.map { NamedValue(InsomniaText.variables(PostmanJSON.text($0["name"]) ?? ""), InsomniaText.variables(PostmanJSON.text($0["value"]) ?? "")) })
        case "multipart/form-data":
            return .multipart(params.compactMap { param in
                let field = InsomniaText.variables(PostmanJSON.text(param["name"]) ?? "")
                guard PostmanJSON.text(param["type"]) == "file" else {
                    return .text(name: field, value: InsomniaText.variables(PostmanJSON.text(param["value"]) ?? ""))
                }
                guard let path = PostmanJSON.text(param["fileName"]), !path.isEmpty else {
                    skipped.append(.init("\(name) form file \"\(field)\"", "no file chosen in the export"))
                    return nil
                }
                return .file(name: field, path: path)
            })
        // Insomnia keeps a GraphQL request as its JSON body: `{"query", "variables", "operationName"}`.
        case "application/graphql":
            guard let document = JSONNode.parse(text), case .string(let query)? = document["query"] else { return text.isEmpty ? .none : .json(text) }
            let variables = document["variables"].flatMap { $0 == .null ? nil : $0.prettyText() }
            let operation = if case .string(let name)? = document["operationName"], !name.isEmpty { name } else { String?.none }
            return .graphql(GraphQLBody(query: query, variables: variables, operationName: operation))
        case "application/octet-stream":
            if node?["fileName"] != nil { skipped.append(.init("\(name) body", "a file body (binary upload) is not imported")) }
            return .none
        default:
            if text.isEmpty { return .none }
            if MediaType.isJSON(mimeType) { return .json(text) }
            return .text(text, contentType: mimeType.isEmpty ? PostmanBody.contentType(in: headers) : mimeType)
        }
    }
}
