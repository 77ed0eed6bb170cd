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
        guard !requests.requests.isEmpty else { return "requests: []\n" }
        var lines = ["requests:"]
        for request in requests.requests {
            lines += RequestSpecWriter.lines(request).enumerated().map { ($0 == 0 ? "  - " : "    ") + $1 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func read(_ text: String, file: String) throws(ProfileProblem) -> SavedRequests {
        let root = try LocatedNode.document(text, file: file, valueLimit: ProfileReader.valueLimit)
        var requests: [RequestSpec] = []
        for (_, list) in try root.mapping(allowed: ["requests"]) {
            for item in try list.sequence() {
                let request = try RequestSpecReader.request(item, named: true)
                if requests.contains(where: { $0.name == request.name }) {
                    throw item.problem("a second request named \(QuotedValue.quoted(request.name ?? ""))")
                }
                requests.append(request)
            }
        }
        return SavedRequests(requests)
    }
}
