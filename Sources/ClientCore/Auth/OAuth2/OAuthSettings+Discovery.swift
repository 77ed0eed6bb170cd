import Foundation

extension OAuthSettings {
    /// The settings with the endpoints the profile does not name read from the issuer's metadata
    /// (RFC 8414 §3, then OpenID Connect Discovery), each document asked for over `channel`;
    /// `self` when there is no issuer or nothing is missing. A document whose `issuer` differs
    /// is refused, and so is any URL that is not https off a loopback host (before it is asked).
    public func discovered(over channel: OAuthChannel) async throws -> OAuthSettings {
        guard let issuer = server.issuer else { return self }
        if server.tokenEndpoint != nil, server.authorizationEndpoint != nil, server.deviceAuthorizationEndpoint != nil,
           server.revocationEndpoint != nil { return self }
        if let problem = AuthorizationServer.problem(with: issuer) { throw OAuthError("invalid_configuration", detail: "issuer: \(problem)") }
        let places = AuthorizationServer.metadataURLs(issuer: issuer)
        for place in places {
            var request = HTTPRequest(.get, place)
            request.headers["Accept"] = "application/json"
            request.isAlternate = true
            let answer = try await channel.send(request)
            guard answer.status == 200 else { continue }
            var discovered = self
            discovered.server = try server.completed(byMetadata: answer.body, from: place).get()
            if let problem = discovered.server.problem { throw OAuthError("invalid_metadata", detail: "\(place): \(problem)") }
            return discovered
        }
        throw OAuthError("invalid_metadata", detail: "no metadata for the issuer \(issuer) at \(places.joined(separator: " or "))")
    }
}
