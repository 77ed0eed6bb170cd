import Foundation

/// RFC 6455 §4.1's client side of the opening handshake, beyond the `Sec-WebSocket-Accept` check
/// NIO's upgrader makes: the answer must say `Connection: Upgrade`, choose a subprotocol only from
/// those offered, and agree only to the extension offered. Pure: a response head in, the
/// agreement or the reason to fail the connection out.
struct WebSocketHandshake: Sendable, Equatable {
    /// The subprotocol the server chose; "" for none.
    var chosenProtocol = ""
    var deflate: PerMessageDeflate?

    struct Refusal: Error, Equatable {
        let reason: String
    }

    /// The offered subprotocols of a request's `Sec-WebSocket-Protocol` headers.
    static func offeredProtocols(_ headers: HTTPHeaders) -> [String] {
        headers.values(for: "Sec-WebSocket-Protocol").flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
    }

    /// The agreement a `101` answer makes, or why the client must fail it.
    static func read(_ head: HTTPHeaders, offered: [String]) throws(Refusal) -> WebSocketHandshake {
        let connection = head.values(for: "Connection").flatMap { $0.split(separator: ",") }
        guard connection.contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "upgrade" }) else {
            throw Refusal(reason: "the server's 101 has no \"Connection: Upgrade\" (RFC 6455 §4.1)")
        }
        var agreement = WebSocketHandshake()
        let chosen = head.values(for: "Sec-WebSocket-Protocol")
        if !chosen.isEmpty {
            guard chosen.count == 1, offered.contains(chosen[0]) else {
                let list = offered.isEmpty ? "none was offered" : "explorer offered \(offered.joined(separator: ", "))"
                throw Refusal(reason: "the server chose subprotocol \(chosen.joined(separator: ", ").debugDescription), but \(list)")
            }
            agreement.chosenProtocol = chosen[0]
        }
        let extensions = head.values(for: "Sec-WebSocket-Extensions")
        do {
            agreement.deflate = try PerMessageDeflate.agreed(extensions.isEmpty ? nil : extensions.joined(separator: ", "))
        } catch {
            throw Refusal(reason: error.reason)
        }
        return agreement
    }
}

extension URL {
    /// Whether this URL opens a WebSocket (`ws://`, `wss://`).
    public var isWebSocket: Bool {
        let scheme = self.scheme?.lowercased()
        return scheme == "ws" || scheme == "wss"
    }

    /// The same URL with `http`/`https` for `ws`/`wss` and back, as `to` says.
    func withScheme(webSocket: Bool) -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false), let scheme = components.scheme?.lowercased() else { return self }
        let secure = scheme == "https" || scheme == "wss"
        components.scheme = webSocket ? (secure ? "wss" : "ws") : (secure ? "https" : "http")
        return components.url ?? self
    }
}
