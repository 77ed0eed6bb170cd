import Foundation
import RequestModel

/// A request's body as `.http` text: JSON and text as written, a form as one `a=1&b=2` line,
/// multipart parts between `--boundary` lines (a file part as `< path`), bytes that are not
/// UTF-8 left out, with a comment among the headers saying so (a `.http` file holds text).
enum HTTPFileExportBody {
    static let boundary = "ExplorerBoundary7MA4YWxkTrZu0gW"

    /// The lines after the blank line; empty for no body.
    static func lines(_ body: RequestSpec.Body) -> [String] {
        switch body {
        case .none: return []
        case .json(let text), .text(let text, _): return [text]
        case .graphql(let graphql): return [graphql.jsonText]
        case .form(let fields): return [HTTPFileForm.text(fields)]
        case .multipart(let parts):
            return parts.flatMap { part -> [String] in
                let type = part.contentType.map { ["Content-Type: " + $0] } ?? []
                switch part.content {
                case .text(let value):
                    let filename = part.filename.map { "; filename=\"\($0)\"" } ?? ""
                    return ["--" + boundary, "Content-Disposition: form-data; name=\"\(part.name)\"\(filename)"] + type + ["", value]
                case .file(let path):
                    let fileName = part.filename ?? (path as NSString).lastPathComponent
                    return ["--" + boundary, "Content-Disposition: form-data; name=\"\(part.name)\"; filename=\"\(fileName)\""] + type
                        + ["", "< " + path]
                }
            } + ["--" + boundary + "--"]
        case .binary(let data, _):
            return String(validating: data, as: UTF8.self).map { [$0] } ?? []
        }
    }

    /// The comment saying a body of bytes that are not UTF-8 was left out, written among the
    /// headers (after the blank line it would be the body).
    static func omission(_ body: RequestSpec.Body) -> String? {
        guard case .binary(let data, _) = body, String(validating: data, as: UTF8.self) == nil else { return nil }
        return "# \(data.count) bytes of binary body not written: a .http file holds text"
    }

    /// The multipart Content-Type with this writer's boundary, for a multipart body.
    static func multipartContentType(_ body: RequestSpec.Body) -> String? {
        guard case .multipart = body else { return nil }
        return "multipart/form-data; boundary=" + boundary
    }
}
