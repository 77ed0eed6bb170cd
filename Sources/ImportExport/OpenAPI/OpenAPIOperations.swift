import Foundation
import OpenAPIKit
import RequestModel

/// One saved request per operation, in the file's order (paths, then methods as written): named
/// by `operationId`, else `METHOD /path`; grouped by its first tag; described by its summary,
/// else its description. Path-level and operation-level parameters are merged (the operation's
/// wins for the same name and place); required header parameters become `{{name}}` headers,
/// required cookie parameters one `Cookie` header. An operation a `$ref` of which cannot be
/// followed is skipped and named; callbacks are listed as skipped.
struct OpenAPIOperations {
    /// Headers an OpenAPI parameter may not set (the description says them elsewhere).
    static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    let references: OpenAPIReferences
    let pathPrefix: String
    let queryKey: String?
    var body: OpenAPIRequestBody
    var requests: [RequestSpec] = []
    var skipped: [ImportedAPI.Skipped] = []

    init(references: OpenAPIReferences, pathPrefix: String, queryKey: String?) {
        self.references = references
        self.pathPrefix = pathPrefix
        self.queryKey = queryKey
        body = OpenAPIRequestBody(references: references)
    }

    mutating func read(_ paths: OpenAPI.PathItem.Map) {
        // In the file's order, each path as written (OpenAPIKit's keys are normalised).
        var written: [(String, Either<OpenAPI.Reference<OpenAPI.PathItem>, OpenAPI.PathItem>)] = []
        for member in OpenAPITree.members(references.mainTree["paths"]) {
            if let entry = paths[OpenAPI.Path(rawValue: member.key)] { written.append((member.key, entry)) }
        }
        if written.count != paths.count { written = paths.map { ($0.key.rawValue, $0.value) } }
        for (written, entry) in written {
            let location = OpenAPILocation(file: references.main, pointer: ["paths", written])
            let item: OpenAPI.PathItem
            let place: OpenAPILocation
            do {
                (item, place) = try references.resolve(entry, at: location)
            } catch {
                skipped.append(.init("path \(written)", "not imported: \(error)"))
                continue
            }
            // OpenAPIKit keeps methods in its own order; the file's is the one to keep.
            let methods = OpenAPITree.members(references.node(at: place)).map { $0.key.lowercased() }
            let endpoints = item.endpoints.sorted {
                (methods.firstIndex(of: $0.method.rawValue.lowercased()) ?? .max) < (methods.firstIndex(of: $1.method.rawValue.lowercased()) ?? .max)
            }
            for endpoint in endpoints {
                let method = endpoint.method.rawValue.uppercased()
                let name = endpoint.operation.operationId ?? "\(method) \(written)"
                let operationPlace = place.appending(endpoint.method.rawValue.lowercased())
                do {
                    requests.append(try request(endpoint.operation, method: method, name: name, path: written,
                                                shared: item.parameters, at: operationPlace, pathPlace: place))
                } catch {
                    skipped.append(.init(name, "not imported: \(error)"))
                }
                for callback in OpenAPITree.members(references.node(at: operationPlace.appending("callbacks"))).map(\.key) {
                    skipped.append(.init("callback \(callback) of \(name)", "a callback is a request the API sends, not one to send to it: not imported"))
                }
            }
        }
    }

    private mutating func request(_ operation: OpenAPI.Operation, method: String, name: String, path: String,
                                  shared: OpenAPI.Parameter.Array, at place: OpenAPILocation, pathPlace: OpenAPILocation) throws(OpenAPIUnresolved) -> RequestSpec {
        var withSchemas: [(OpenAPI.Parameter, schema: JSONNode?)] = []
        for (entry, at) in shared.enumerated().map({ ($1, pathPlace.appending("parameters", String($0))) })
            + operation.parameters.enumerated().map({ ($1, place.appending("parameters", String($0))) }) {
            let (parameter, found) = try references.resolve(entry, at: at)
            withSchemas.removeAll { $0.0.name == parameter.name && $0.0.location == parameter.location }
            withSchemas.append((parameter, try references.followed(found.appending("schema"))?.node))
        }
        let parameters = withSchemas.map(\.0)
        let (url, fields) = OpenAPIURLTemplate.url(path: path, prefix: pathPrefix, parameters: withSchemas, queryKey: queryKey)
        var headers = parameters.filter { $0.location == .header && $0.required && !Self.ignoredHeaders.contains($0.name.lowercased()) }
            .map { NamedValue($0.name, "{{\($0.name)}}") }
        let cookies = parameters.filter { $0.location == .cookie && $0.required }.map { "\($0.name)={{\($0.name)}}" }
        if !cookies.isEmpty { headers.append(NamedValue("Cookie", cookies.joined(separator: "; "))) }
        var sent = RequestSpec.Body.none
        if let entry = operation.requestBody {
            let (request, requestPlace) = try references.resolve(entry, at: place.appending("requestBody"))
            let (made, note) = try body.body(request, at: requestPlace)
            sent = made
            if let note { skipped.append(.init(name, note)) }
        }
        return RequestSpec(name: name, method: method, url: url, headers: headers, body: sent, group: operation.tags?.first,
                           description: operation.summary ?? operation.description, parameters: fields)
    }
}
