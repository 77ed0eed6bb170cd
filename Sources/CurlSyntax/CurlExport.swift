import Foundation
import RequestModel

extension CurlCommand {
    /// What a hidden secret is replaced with: curl users expect this word, not `Secrets.mask`.
    public static let redacted = "REDACTED"

    /// One command line that any POSIX shell reads back as this command (see `CurlShellQuoting`).
    ///
    /// Unless `includeSecrets`: values of credential headers (`Secrets.requestHeaders`, and
    /// `extraSecretHeaders`) become `REDACTED`, as do `-u` (the user name may be the key), the values
    /// of `-b` cookie strings and the user info of the URL.
    ///
    /// Inline data that starts with `@` is written with `--data-raw`, never as an option that would
    /// read a file. `multiline` puts each option on its own ` \`-continued line.
    public func render(includeSecrets: Bool, extraSecretHeaders: [String] = [], multiline: Bool = false) -> String {
        let extraSecrets = Set(extraSecretHeaders.map { $0.lowercased() })
        let hide = { (text: String) in includeSecrets ? text : Self.redacted }
        let shownURL = includeSecrets ? url : CurlRedaction.userInfo(in: url)
        var groups: [[String]] = [shownURL.hasPrefix("-") ? ["curl", "--url", shownURL] : ["curl", shownURL]]
        if let method { groups.append(["-X", method]) }
        for header in headers {
            let secret = Secrets.isRequestHeader(header.name) || extraSecrets.contains(header.name.lowercased())
            let line = header.value.isEmpty ? header.name + ";" : header.name + ": " + (secret ? hide(header.value) : header.value)
            groups.append(["-H", line])
        }
        groups += removedHeaders.map { ["-H", $0 + ":"] }
        if let user { groups.append(["-u", hide(user)]) }
        if let userAgent { groups.append(["-A", userAgent]) }
        if let referer { groups.append(["-e", referer]) }
        for cookie in cookies {
            switch cookie {
            case .header(let text): groups.append(["-b", includeSecrets ? text : CurlRedaction.cookieValues(in: text)])
            case .file(let path): groups.append(["-b", path])
            }
        }
        groups += dataArguments()
        groups += form.map(Self.formArguments)
        let flags: [(Bool, String)] = [
            (get, "-G"), (head, "-I"), (followRedirects, "-L"), (insecure, "-k"), (compressed, "--compressed"),
            (globoff, "-g"), (silent, "-s"), (showError, "-S"), (verbose, "-v"), (include, "-i"),
        ]
        groups += flags.filter(\.0).map { [$0.1] }
        if let maxTime { groups.append(["-m", Self.seconds(maxTime)]) }
        if let output { groups.append(["-o", output]) }
        let lines = groups.map { $0.map(CurlShellQuoting.quote).joined(separator: " ") }
        return lines.joined(separator: multiline ? " \\\n  " : " ")
    }

    private func dataArguments() -> [[String]] {
        var groups: [[String]] = []
        var jsonFlagUsed = false
        var jsonAsRaw = false
        for piece in data {
            switch piece {
            case .ascii(.text(let text)): groups.append(text.hasPrefix("@") ? ["--data-raw", text] : ["-d", text])
            case .ascii(.file(let path)): groups.append(["-d", "@" + path])
            case .raw(let text): groups.append(["--data-raw", text])
            case .binary(.text(let text)): groups.append(text.hasPrefix("@") ? ["--data-raw", text] : ["--data-binary", text])
            case .binary(.file(let path)): groups.append(["--data-binary", "@" + path])
            case .json(.text(let text)) where text.hasPrefix("@"):
                // --json can't send a literal '@'; the headers it implies are added below instead.
                jsonAsRaw = true
                groups.append(["--data-raw", text])
            case .json(.text(let text)):
                jsonFlagUsed = true
                groups.append(["--json", text])
            case .json(.file(let path)):
                jsonFlagUsed = true
                groups.append(["--json", "@" + path])
            case .urlencode(let name?, .text(let text)) where name.isEmpty || name.contains(where: { $0 == "=" || $0 == "@" }):
                // curl can't take such a name; send the same bytes pre-encoded.
                let encoded = String(decoding: CurlText.percentEncode(text.utf8), as: UTF8.self)
                groups.append(["--data-raw", name + "=" + encoded])
            case .urlencode(let name, .text(let text)):
                groups.append(["--data-urlencode", (name ?? "") + "=" + text])
            case .urlencode(let name, .file(let path)):
                groups.append(["--data-urlencode", (name ?? "") + "@" + path])
            }
        }
        if jsonAsRaw && !jsonFlagUsed {
            let named = Set((headers.map(\.name) + removedHeaders).map { $0.lowercased() })
            if !named.contains("content-type") { groups.append(["-H", "Content-Type: application/json"]) }
            if !named.contains("accept") { groups.append(["-H", "Accept: application/json"]) }
        }
        return groups
    }

    private static func formArguments(_ part: CurlFormPart) -> [String] {
        // A name holding '=' can't be written with -F; --form-string at least can't read a file.
        if part.name.contains("="), case .text(let value) = part.content {
            return ["--form-string", part.name + "=" + value]
        }
        return ["-F", CurlFormSyntax.render(part)]
    }

    /// Whole seconds without a fraction; others as Swift prints them (which `-m` reads back).
    static func seconds(_ value: Double) -> String {
        if value == value.rounded(), value < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

enum CurlRedaction {
    /// `scheme://user:pass@host/…` → `scheme://REDACTED@host/…`.
    static func userInfo(in url: String) -> String {
        Secrets.userInfoRange(in: url).map { url.replacingCharacters(in: $0, with: CurlCommand.redacted) } ?? url
    }

    /// `a=1; b=2` → `a=REDACTED; b=REDACTED`: names stay readable, and it still reads as a string, not a file.
    static func cookieValues(in text: String) -> String {
        text.split(separator: ";").map { pair in
            let trimmed = CurlText.trimmingSpaces(String(pair))
            guard let parts = CurlText.split(trimmed, at: { $0 == "=" }) else { return trimmed }
            return parts.before + "=" + CurlCommand.redacted
        }.joined(separator: "; ")
    }
}
