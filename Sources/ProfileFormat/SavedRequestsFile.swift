import LocatedYAML
import RequestModel

/// `profiles/NAME.requests.yaml` (a request file of SPEC §8 has the same schema): a profile's
/// saved requests as YAML, each as `RequestSpecReader` reads and `RequestSpecWriter` writes it.
/// Headers read `"Name: value"`, form fields `"k=v"`, multipart parts `"k=v"` or `"k=@FILE"`, as
/// on the command line:
///
/// ```yaml
/// requests:
///   - name: "login"
///     method: "POST"
///     url: "auth/login"
///     headers: ["X-Note: hello"]
///     body: { form: ["user=ann", "tag=a", "tag=b"] }
///     capture:
///       "token": { json: "$.token", secret: true }
///     assert:
///       - { status: { equals: 200 } }
/// ```
public enum SavedRequestsFile {
    public static func yaml(_ requests: SavedRequests) -> String {
        var lines: [String] = []
        if let profile = requests.profile { lines.append("profile: \(RequestSpecWriter.q(profile))") }
        if !requests.vars.isEmpty {
            lines.append("vars: { \(requests.vars.map { "\(RequestSpecWriter.q($0.name)): \(RequestSpecWriter.q($0.value))" }.joined(separator: ", ")) }")
        }
        guard !requests.requests.isEmpty else { return (lines + ["requests: []"]).joined(separator: "\n") + "\n" }
        lines.append("requests:")
        for request in requests.requests {
            lines += RequestSpecWriter.lines(request).enumerated().map { ($0 == 0 ? "  - " : "    ") + $1 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func read(_ text: String, file: String) throws(ProfileProblem) -> SavedRequests {
        try readLocated(text, file: file).requests
    }

    /// As `read`, with the line each request starts on, for messages that name one (SPEC §8).
    public static func readLocated(_ text: String, file: String) throws(ProfileProblem) -> (requests: SavedRequests, lines: [Int]) {
        let root = try LocatedNode.document(text, file: file, valueLimit: ProfileReader.valueLimit)
        let keys = try root.mapping(allowed: ["version", "profile", "vars", "requests"])
        if let version = keys["version"], try version.int(in: 1...1000) != 1 {
            throw version.problem("version 1 is the only one this explorer reads")
        }
        var requests: [RequestSpec] = []
        var lines: [Int] = []
        for item in try keys["requests"]?.sequence() ?? [] {
            lines.append(item.line ?? 1)
            let request = try RequestSpecReader.request(item, named: true)
            if requests.contains(where: { $0.name == request.name }) {
                throw item.problem("a second request named \(QuotedValue.quoted(request.name ?? ""))")
            }
            requests.append(request)
        }
        var saved = SavedRequests(requests)
        saved.profile = try keys["profile"]?.string()
        saved.vars = try keys["vars"].map(RequestSpecReader.vars) ?? []
        return (saved, lines)
    }
}
