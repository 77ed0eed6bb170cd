import ArgumentParser
import ClientCore
import Foundation
import Profiles

/// `explorer auth login | status | logout [--profile NAME]` (SPEC §11): a profile's OAuth 2.0
/// tokens, kept in `$EXPLORER_HOME/tokens/NAME.json`. No command prints a token.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Log a profile in with OAuth 2.0, show its token's state, or log it out.",
        discussion: """
            The profile's auth.oauth2 says how (client_credentials, authorization_code, device_code). Tokens are \
            kept in $EXPLORER_HOME/tokens/NAME.json and refreshed by every command that sends. Without --profile: demo-oauth.
            """,
        subcommands: [Login.self, Status.self, Logout.self]
    )

    struct ProfileOption: ParsableArguments {
        @Option(name: .customLong("profile"), help: "The profile (default: the built-in demo-oauth).")
        var name: String = ProfileName.demoOAuth
    }

    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login", abstract: "Run the profile's grant now and store the token (exit 1 when the grant fails).")

        @OptionGroup var profile: ProfileOption

        func run() async throws {
            let opened = try await AuthCommand.open(profile.name)
            guard let tokens = opened.client.oauth else {
                await opened.shutdown()
                throw AuthCommand.noOAuth(profile.name)
            }
            let channel = OAuthChannel.through(opened.client) { AuthPrompts.say($0) }
            let (outcome, cancelled) = await cancellableByInterrupt { () async -> Result<OAuthToken, any Error> in
                do {
                    try await tokens.forget()
                    return .success(try await tokens.token(over: channel))
                } catch {
                    return .failure(error)
                }
            }
            await opened.shutdown()
            if cancelled { throw CLIError(status: .cancelled, message: "cancelled") }
            switch outcome {
            case .success(let token):
                Console.err("explorer: profile \(profile.name) logged in with \(tokens.grant.name); \(AuthCommand.expiry(of: token))\n")
            case .failure(let error):
                throw CLIError.failure("profile \(profile.name): no token: \(AuthCommand.describe(error))")
            }
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Print the stored token's grant, scope and expiry, or that there is none (never the token).")

        @OptionGroup var profile: ProfileOption

        func run() async throws {
            let oauth = try AuthCommand.oauth(of: profile.name)
            guard let token = try AuthCommand.storedToken(profile.name) else {
                Console.out("profile \(profile.name): no token stored (explorer auth login --profile \(profile.name) gets one)\n")
                return
            }
            var lines = ["profile \(profile.name): grant \(oauth.grant.rawValue)", "token: stored, \(AuthCommand.expiry(of: token))"]
            lines.append("scope: \(token.scope ?? oauth.scope ?? "(none given)")")
            lines.append("refresh token: \(token.refreshToken == nil ? "none" : "stored")")
            Console.out(lines.joined(separator: "\n") + "\n")
        }
    }

    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout", abstract: "Revoke the stored tokens where the server has a revocation endpoint (RFC 7009), then delete them.")

        @OptionGroup var profile: ProfileOption

        func run() async throws {
            _ = try AuthCommand.oauth(of: profile.name)
            guard let stored = try AuthCommand.storedToken(profile.name) else {
                Console.out("profile \(profile.name): no token stored\n")
                return
            }
            let opened = try await AuthCommand.open(profile.name)
            guard let tokens = opened.client.oauth else {
                await opened.shutdown()
                throw AuthCommand.noOAuth(profile.name)
            }
            let channel = OAuthChannel.through(opened.client) { _ in }
            var said = "deleted; the server names no revocation endpoint"
            do {
                let settings = try await tokens.resolvedSettings(over: channel)
                let revocations = [(stored.refreshToken, "refresh_token"), (stored.accessToken, "access_token")].compactMap { token, hint in
                    token.flatMap { settings.revocation(of: $0, hint: hint) }
                }
                for request in revocations {
                    let answer = try await channel.send(request)
                    guard answer.status == 200 else { throw OAuthError("revocation_failed", detail: "\(request.route) answered \(answer.status)") }
                }
                if let first = revocations.first { said = "revoked at \(first.route) and deleted" }
            } catch {
                said = "deleted here; revoking failed: \(AuthCommand.describe(error))"
            }
            do {
                try await tokens.forget()
            } catch {
                await opened.shutdown()
                throw CLIError.failure("profile \(profile.name): the token file could not be deleted: \(error)")
            }
            await opened.shutdown()
            Console.out("profile \(profile.name): \(said)\n")
        }
    }

    /// The profile's OAuth settings as written; a usage error when it has none.
    static func oauth(of name: String) throws(CLIError) -> Profile.OAuth2 {
        let profile = if let builtIn = Profile.builtIn(name, baseURL: nil, key: "") { builtIn } else { try ProfilesCommand.load(name) }
        guard case .oauth2(let oauth)? = profile.auth else { throw noOAuth(name) }
        return oauth
    }

    /// The profile's stored token; a usage error naming the file when it cannot be read.
    static func storedToken(_ name: String) throws(CLIError) -> OAuthToken? {
        do throws(TokenStore.Problem) {
            return try TokenStore().token(for: name)
        } catch {
            throw .usage(error.description)
        }
    }

    static func open(_ name: String) async throws(CLIError) -> ProfileClient {
        _ = try oauth(of: name)
        return try await ProfileClient.open(profile: name, configuration: HTTPClient.Configuration(), prompting: false)
    }

    static func noOAuth(_ name: String) -> CLIError {
        .usage("--profile \(name): the profile has no auth.oauth2 (SPEC §11), so there is nothing to log in to")
    }

    /// `expires in 44 s (2026-11-28 21:30:05 UTC)`, `expired 3 min ago`, `no expiry given`.
    static func expiry(of token: OAuthToken, now: Date = Date()) -> String {
        guard let expiresAt = token.expiresAt else { return "no expiry given" }
        let seconds = Int(expiresAt.timeIntervalSince(now).rounded())
        let formatter = ISO8601DateFormatter()
        let at = formatter.string(from: expiresAt)
        return seconds > 0 ? "expires in \(seconds) s (\(at))" : "expired \(-seconds) s ago (\(at))"
    }

    static func describe(_ error: any Error) -> String {
        (error as? HTTPError)?.message ?? (error as? OAuthError)?.description ?? String(describing: error)
    }
}
