import Foundation
import RequestModel

/// One Hurl entry as a saved request of a request file (SPEC §8): its request part as method,
/// URL, headers and body; its response part as asserts (`HTTP 200` is `status: 200`, response
/// headers are header asserts, a response body is a body assert) and captures; `[Options]`
/// retry as a poll. Each note says what was left out, where and why.
enum HurlRequests {
    /// The URL with `[QueryStringParams]` appended, percent-encoded but for `{{templates}}`.
    static func url(_ entry: HurlEntry) -> String {
        let params = entry.sections.filter { $0.name == "QueryStringParams" }.flatMap(\.items)
        guard !params.isEmpty else { return entry.url }
        let query = params.map { encoded($0.name) + "=" + encoded($0.value) }.joined(separator: "&")
        return entry.url + (entry.url.contains("?") ? "&" : "?") + query
    }

    static func request(_ entry: HurlEntry, url: String, directory: URL) -> (RequestSpec, [String]) {
        var notes: [String] = []
        var request = RequestSpec(method: entry.method, url: url, headers: entry.headers.map { NamedValue($0.name, $0.value) })
        var options = HurlOptions(entry.sections.filter { $0.name == "Options" }.flatMap(\.items))
        for section in entry.sections {
            switch section.name {
            case "FormParams": request.body = .form(section.items.map { NamedValue($0.name, $0.value) })
            case "MultipartFormData": request.body = .multipart(section.items.map { part($0, directory: directory, notes: &notes) })
            case "Cookies":
                request.headers.append(NamedValue("Cookie", section.items.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")))
            case "BasicAuth":
                for item in section.items {
                    if let header = HurlOptions.basicAuthorization("\(item.name):\(item.value)") {
                        request.headers.append(header)
                    } else {
                        notes.append("line \(item.line): [BasicAuth] built from {{variables}} has no equivalent; set the profile's auth")
                    }
                }
            default: break
            }
        }
        request.headers += options.headers
        request.vars = options.vars
        if let body = entry.body {
            if request.body != .none {
                notes.append("line \(body.line): a body beside a form or multipart section: the section is kept")
            } else {
                let (read, note) = HurlBodies.request(body, directory: directory)
                request.body = read
                if let note { notes.append("line \(body.line): \(note)") }
            }
        }
        if let response = entry.response {
            var asserts: [RequestSpec.Assert] = []
            if let status = response.status { asserts.append(RequestSpec.Assert(.status, .equals(.number(String(status))))) }
            if !["HTTP", "HTTP/*"].contains(response.version) {
                asserts.append(RequestSpec.Assert(.httpVersion, .equals(.string(response.version))))
            }
            asserts += headerAsserts(response.headers)
            for capture in response.captures {
                switch HurlCaptures.capture(capture) {
                case .success(let read): request.captures.append(read)
                case .failure(let refusal): notes.append("line \(capture.line): \(capture.text): \(refusal.reason)")
                }
            }
            for assert in response.asserts {
                switch HurlAsserts.assert(assert) {
                case .success(let read): asserts.append(read)
                case .failure(let refusal): notes.append("line \(assert.line): \(assert.text): \(refusal.reason)")
                }
            }
            if let body = response.body {
                switch HurlBodies.assert(body) {
                case .success(let read): asserts.append(read)
                case .failure(let refusal): notes.append("line \(body.line): the response body: \(refusal.reason)")
                }
            }
            request.asserts = asserts
        }
        request.poll = options.poll(until: request.asserts)
        return (request, options.notes + notes)
    }

    /// `HTTP 200` followed by `Name: value`: the header has that value; a name given more than
    /// once (`Set-Cookie`) is a list of values, each of which is among them.
    static func headerAsserts(_ headers: [HurlKeyValue]) -> [RequestSpec.Assert] {
        headers.map { header in
            let repeated = headers.filter { $0.name.lowercased() == header.name.lowercased() }.count > 1
            return RequestSpec.Assert(.header(header.name), repeated ? .contains(.string(header.value)) : .equals(.string(header.value)))
        }
    }

    /// `name: value` or `name: file,PATH; TYPE` (the path from the Hurl file's folder).
    static func part(_ item: HurlKeyValue, directory: URL, notes: inout [String]) -> MultipartPart {
        guard item.value.hasPrefix("file,") else { return .text(name: item.name, value: item.value) }
        let rest = item.value.dropFirst(5)
        let path = rest.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
        let type = rest.drop { $0 != ";" }.dropFirst().trimmingCharacters(in: .whitespaces)
        if !type.isEmpty { notes.append("line \(item.line): the content type \(type) of the part \(item.name) has no equivalent") }
        let file = path.hasPrefix("/") ? path : directory.appendingPathComponent(path).standardizedFileURL.path
        return .file(name: item.name, path: file)
    }

    /// Percent-encoded for a query, `{{templates}}` as written.
    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#")
        return Template.encodingOutsidePlaceholders(text) { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
    }
}
