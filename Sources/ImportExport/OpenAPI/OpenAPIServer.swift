import OpenAPIKit

/// The base URL: the first server's URL with its variables' defaults put in. A relative one
/// (`/v1`, or none at all) has no origin to send to: the profile gets no base URL, the path goes
/// in front of each request's URL, and the report says the base URL is the user's to set.
struct OpenAPIServer: Equatable {
    /// Absolute, as written (`https://petstore.swagger.io/v1`); nil when the servers give no origin.
    var baseURL: String?
    /// What goes before each operation's path when there is no base URL (`v1/`), else "".
    var pathPrefix = ""
    var skipped: [ImportedAPI.Skipped] = []

    init(_ servers: [OpenAPI.Server]) {
        guard let server = servers.first else {
            skipped.append(.init("servers", "none given: the profile has no baseURL; set it to the API's origin (https://HOST)"))
            return
        }
        var url = server.urlTemplate.rawValue
        for (name, variable) in server.variables { url = url.replacingOccurrences(of: "{\(name)}", with: variable.default) }
        if url.contains("://") {
            baseURL = url
            return
        }
        let path = url.drop { $0 == "/" }
        pathPrefix = path.isEmpty || path.hasSuffix("/") ? String(path) : path + "/"
        skipped.append(.init("server \(url)", "a relative URL: the profile has no baseURL and each request's URL starts with \"\(pathPrefix)\"; set baseURL to the API's origin (https://HOST)"))
    }
}
