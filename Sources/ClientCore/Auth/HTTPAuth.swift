import Foundation

/// Credentials a client (or one request) sends (Decree's Authorization).
public enum HTTPAuth: Sendable, Hashable {
    case basic(username: String, password: String)
    case bearer(String)
    /// Any header, e.g. `X-API-Key`.
    case custom(header: String, value: String)

    var header: HTTPHeader {
        switch self {
        case .basic(let username, let password):
            HTTPHeader(name: "Authorization", value: "Basic " + Data("\(username):\(password)".utf8).base64EncodedString())
        case .bearer(let token):
            HTTPHeader(name: "Authorization", value: "Bearer \(token)")
        case .custom(let name, let value):
            HTTPHeader(name: name, value: value)
        }
    }
}
