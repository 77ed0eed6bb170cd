import ClientCore
import Foundation

/// A profile's OAuth 2.0 tokens (SPEC §11), in `$EXPLORER_HOME/tokens/NAME.json`, written
/// atomically with mode 0600, and nowhere else. A refresh runs under `locked(_:)`, an exclusive
/// lock on `NAME.json.lock` that other processes see too, so the TUI and a `send` refreshing at
/// once read each other's token instead of both spending a rotating refresh token.
public struct TokenStore: Sendable {
    public let directory: URL

    public init(home: ExplorerHome = ExplorerHome()) {
        directory = home.directory.appendingPathComponent("tokens")
    }

    public func file(for profile: String) -> URL { directory.appendingPathComponent("\(profile).json") }

    /// Why a stored token cannot be read; the message names the file and what to do.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The stored token, or nil when there is none.
    public func token(for profile: String) throws(Problem) -> OAuthToken? {
        let url = file(for: profile)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        do {
            return try Self.decoder.decode(OAuthToken.self, from: data)
        } catch {
            throw Problem(description: "\(url.path): not a token file explorer wrote; delete it or run `explorer auth login --profile \(profile)`")
        }
    }

    /// Stores `token`, or deletes the stored one when it is nil.
    public func save(_ token: OAuthToken?, for profile: String) throws {
        let url = file(for: profile)
        guard let token else {
            if unlink(url.path) != 0, errno != ENOENT { throw Problem(description: "\(url.path): cannot delete (\(String(cString: strerror(errno))))") }
            return
        }
        try AtomicFile.write(try Self.encoder.encode(token), to: url)
    }

    /// Runs `body` holding the profile's token lock, waiting (without blocking a thread) while
    /// another process or task holds it.
    public func locked<T: Sendable>(_ profile: String, _ body: () async throws -> T) async throws -> T {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = file(for: profile).path + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Problem(description: "\(path): cannot open (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw Problem(description: "\(path): cannot lock (\(String(cString: strerror(errno))))") }
            try await Task.sleep(for: .milliseconds(20))
        }
        defer { flock(descriptor, LOCK_UN) }
        return try await body()
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()
}

extension TokenStore {
    /// One profile's tokens, as a client keeps them (`OAuthTokens`).
    public struct ProfileTokens: OAuthTokenStorage {
        public let store: TokenStore
        public let profile: String

        public func load() throws -> OAuthToken? { try store.token(for: profile) }
        public func save(_ token: OAuthToken?) throws { try store.save(token, for: profile) }
        public func locked<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T { try await store.locked(profile, body) }
    }

    public func storage(for profile: String) -> ProfileTokens { ProfileTokens(store: self, profile: profile) }
}
