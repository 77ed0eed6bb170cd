import Foundation
import LocatedYAML
import ProfileFormat
import RequestModel

/// OpenAPI 3.0 and 3.1 (YAML or JSON) and Swagger 2.0 as a profile and its saved requests
/// (SPEC §9): the document read with OpenAPIKit (3.0 converted to 3.1, 2.0 to 3.0 first), its
/// schemas and examples from the file's own tree; the base URL from the first server (a relative
/// one leaves the profile without a base URL, its path in front of every request's URL, and says
/// so); one request per operation (`OpenAPIOperations`), with its URL template and fields
/// (`OpenAPIURLTemplate`) and body (`OpenAPIRequestBody`); security as the profile's auth
/// (`OpenAPISecurity`). Webhooks and callbacks are listed as skipped, as is any operation whose
/// `$ref`s cannot be followed (`OpenAPIReferences`); the rest is imported.
enum OpenAPIImport {
    static func read(_ data: Data, file: URL) throws(FileProblem) -> ImportedAPI {
        let text = try OpenAPIText(data, file: file)
        let version = try OpenAPIDecoding.version(of: text)
        let (document, tree) = try OpenAPIDecoding.document(text, version: version)
        let references = OpenAPIReferences(main: text, tree: tree, components: document.components, is30: version.is30)
        let server = OpenAPIServer(document.servers)
        let security = OpenAPISecurity(document, tree: tree, hasBaseURL: server.baseURL != nil)
        var profile = Profile(name: document.info.title)
        profile.baseURL = server.baseURL
        profile.auth = security.auth
        profile.headers = security.headers
        profile.vars = security.vars
        var operations = OpenAPIOperations(references: references, pathPrefix: server.pathPrefix, queryKey: security.queryKey)
        operations.read(document.paths)
        let webhooks = OpenAPITree.members(tree["webhooks"]).map(\.key).map {
            ImportedAPI.Skipped("webhook \($0)", "a webhook is a request the API sends, not one to send to it: not imported")
        }
        return ImportedAPI(format: .openapi, title: document.info.title, profile: profile, requests: operations.requests,
                           skipped: server.skipped + security.skipped + operations.skipped + webhooks)
    }
}
