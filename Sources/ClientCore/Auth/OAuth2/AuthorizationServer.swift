import Foundation
import HTTPParsing
import RequestModel

/// Where an authorization server's endpoints are (SPEC §11): named in the profile, or read from
/// its metadata (RFC 8414, then OpenID Connect Discovery) when only its `issuer` is given.
public struct AuthorizationServer: Sendable, Equatable {
    public var issuer: String?
    public var authorizationEndpoint: String?
    public var tokenEndpoint: String?
    public var deviceAuthorizationEndpoint: String?
    public var revocationEndpoint: String?

    public init(issuer: String? = nil, authorizationEndpoint: String? = nil, tokenEndpoint: String? = nil,
                deviceAuthorizationEndpoint: String? = nil, revocationEndpoint: String? = nil) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.revocationEndpoint = revocationEndpoint
    }

    /// The metadata documents to try, in order: RFC 8414 §3.1 inserts the well-known segment
    /// between the host and the issuer's path; OpenID appends it to the issuer.
    public static func metadataURLs(issuer: String) -> [String] {
        guard let components = URLComponents(string: issuer), let scheme = components.scheme, let host = components.host else { return [] }
        let port = components.port.map { ":\($0)" } ?? ""
        let path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let origin = "\(scheme)://\(bare.contains(":") ? "[\(bare)]" : bare)\(port)"
        return [origin + "/.well-known/oauth-authorization-server" + path, origin + path + "/.well-known/openid-configuration"]
    }

    /// `self` with the endpoints it does not name taken from a metadata document, which must be
    /// a JSON object whose `issuer` is the one configured (RFC 8414 §3.3).
    public func completed(byMetadata data: Data, from url: String) -> Result<AuthorizationServer, OAuthError> {
        guard let document = JSONNode.parse(data), case .object = document else {
            return .failure(OAuthError("invalid_metadata", detail: "\(url) is not a JSON object"))
        }
        guard let issuer, document["issuer"]?.stringValue == issuer else {
            let found = document["issuer"]?.stringValue ?? "none"
            return .failure(OAuthError("invalid_metadata", detail: "\(url) names the issuer \(found.debugDescription), not \((issuer ?? "").debugDescription)"))
        }
        var server = self
        server.authorizationEndpoint = authorizationEndpoint ?? document["authorization_endpoint"]?.stringValue
        server.tokenEndpoint = tokenEndpoint ?? document["token_endpoint"]?.stringValue
        server.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint ?? document["device_authorization_endpoint"]?.stringValue
        server.revocationEndpoint = revocationEndpoint ?? document["revocation_endpoint"]?.stringValue
        return .success(server)
    }

    /// Every URL it names, checked by `problem(with:)`: the first problem, or nil.
    public var problem: String? {
        [issuer, authorizationEndpoint, tokenEndpoint, deviceAuthorizationEndpoint, revocationEndpoint]
            .compactMap { $0 }.lazy.compactMap(Self.problem(with:)).first
    }

    /// SPEC §11: an authorization server's URLs are `https`, except on a loopback host.
    public static func problem(with url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(), let host = components.host,
              !host.isEmpty else {
            return "\(url.debugDescription) is not an absolute URL"
        }
        if scheme == "https" { return nil }
        return scheme == "http" && Loopback.isHost(host) ? nil : "\(url) must use https (plain http is allowed only on a loopback host)"
    }
}
