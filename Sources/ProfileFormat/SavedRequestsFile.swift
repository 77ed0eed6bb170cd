import Foundation
import HTTPParsing
import LocatedYAML
import RequestModel

/// `profiles/NAME.requests.yaml`: a profile's saved requests as YAML, every text double-quoted
/// (as `ProfileWriter` writes) so nothing typed can change the file's structure. Headers read
/// `"Name: value"`, form fields `"k=v"`, multipart parts `"k=v"` or `"k=@FILE"`, as on the
/// command line:
///
/// ```yaml
/// requests:
///   - name: "login"
///     method: "POST"
///     url: "auth/login"
///     headers: ["X-Note: hello"]
///     body: { form: ["user=ann", "tag=a", "tag=b"] }
/// ```
public enum SavedRequestsFile {
    public static func yaml(_ requests: SavedRequests) -> String {
        guard !requests.requests.isEmpty else { return "requests: []\n" }
        var lines = ["requests:"]
        for request in requests.requests {
            lines.append("  - name: \(quoted(request.name))")
            lines.append("    method: \(quoted(request.method))")
            lines.append("    url: \(quoted(request.url))")
            if !request.headers.isEmpty {
                lines.append("    headers: [\(request.headers.map { quoted("\($0.name): \($0.value)") }.joined(separator: ", "))]")
            }
            switch request.body {
            case .none: break
            case .raw(let text): lines.append("    body: { raw: \(quoted(text)) }")
            case .json(let text): lines.append("    body: { json: \(quoted(text)) }")
            case .form(let fields):
                lines.append("    body: { form: [\(fields.map { quoted("\($0.name)=\($0.value)") }.joined(separator: ", "))] }")
            case .multipart(let parts):
                let items = parts.map { part -> String in
                    switch part.value {
                    case .text(let text): quoted("\(part.name)=\(text)")
                    case .file(let path): quoted("\(part.name)=@\(path)")
                    }
                }
                lines.append("    body: { multipart: [\(items.joined(separator: ", "))] }")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func read(_ text: String, file: String) throws(ProfileProblem) -> SavedRequests {
        let root = try LocatedNode.document(text, file: file, valueLimit: ProfileReader.valueLimit)
        var requests: [SavedRequest] = []
        for (_, list) in try root.mapping(allowed: ["requests"]) {
            for item in try list.sequence() {
                let request = try self.request(item)
                if requests.contains(where: { $0.name == request.name }) {
                    throw item.problem("a second request named \(QuotedValue.quoted(request.name))")
                }
                requests.append(request)
            }
        }
        return SavedRequests(requests)
    }

    static func request(_ node: LocatedNode) throws(ProfileProblem) -> SavedRequest {
        let entries = try node.mapping(allowed: ["name", "method", "url", "headers", "body"], required: ["name", "url"])
        let name = try entries.required("name").string()
        guard !name.isEmpty else { throw entries.required("name").problem("a saved request needs a name") }
        var request = SavedRequest(name: name, url: try entries.required("url").string())
        for (key, value) in entries {
            switch key {
            case "method": request.method = try value.method()
            case "headers":
                request.headers = try value.pairs(separator: ":", form: "Name: value").map { Profile.Header($0.name, String($0.value.drop { $0 == " " })) }
            case "body": request.body = try body(value)
            default: break
            }
        }
        return request
    }

    static func body(_ node: LocatedNode) throws(ProfileProblem) -> SavedRequest.Body {
        let entries = try node.mapping(allowed: ["raw", "json", "form", "multipart"])
        guard entries.count == 1, let (kind, value) = entries.first else {
            throw node.problem("give exactly one of raw, json, form or multipart")
        }
        switch kind {
        case "raw": return .raw(try value.string())
        case "json": return .json(try value.string())
        case "form": return .form(try value.pairs(separator: "=", form: "name=value").map { SavedRequest.Field($0.name, String($0.value)) })
        default:
            return .multipart(try value.pairs(separator: "=", form: "name=value").map { pair in
                pair.value.hasPrefix("@") ? SavedRequest.Part(pair.name, .file(path: String(pair.value.dropFirst())))
                    : SavedRequest.Part(pair.name, .text(String(pair.value)))
            })
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = ""
        JSONText.quote(text, into: &out)
        return out
    }
}
