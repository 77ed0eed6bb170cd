import Crypto
import Foundation

/// RFC 7636's proof key for one authorization-code grant: a fresh `code_verifier` and its S256
/// `code_challenge` (`plain` is never used, SPEC §11).
public struct PKCE: Sendable, Equatable {
    public let verifier: String
    public var challenge: String { Self.challenge(for: verifier) }
    public static let method = "S256"

    /// A verifier from 32 random bytes: 43 characters of base64url, the RFC's recommendation.
    public init() {
        self.init(verifier: Base64URL.random(bytes: 32))
    }

    public init(verifier: String) {
        self.verifier = verifier
    }

    /// BASE64URL(SHA256(ASCII(verifier))), §4.2.
    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
    }
}

/// Base64 with the URL alphabet and no padding (RFC 7636 appendix A), for verifiers, challenges
/// and `state` values.
public enum Base64URL {
    public static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// `bytes` from the system's secure generator, encoded.
    public static func random(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return encode(Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }
}
