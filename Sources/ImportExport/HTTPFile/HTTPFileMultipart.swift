import Foundation
import RequestModel

/// A `multipart/form-data` body written out in a `.http` file, read into parts when it is
/// simple: every part `Content-Disposition: form-data; name="…"`, holding text or one `< path`
/// line (a file, resolved against the `.http` file's folder), with no other part headers.
/// Anything else (a part's own Content-Type, inline file content) returns nil and the body stays
/// text with its content type, as written.
enum HTTPFileMultipart {
    static func parts(_ lines: [String], contentType: String, directory: URL) -> [MultipartPart]? {
        guard let boundary = boundary(in: contentType) else { return nil }
        let delimiter = "--" + boundary
        var parts: [MultipartPart] = []
        var current: (headers: [String], content: [String], inHeaders: Bool)?
        var closed = false
        for line in lines {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text == delimiter || text == delimiter + "--" {
                if let finished = current {
                    guard let part = part(finished.headers, finished.content, directory: directory) else { return nil }
                    parts.append(part)
                }
                current = text == delimiter ? ([], [], true) : nil
                closed = text != delimiter
                continue
            }
            if closed || current == nil {
                if text.isEmpty { continue }
                return nil
            }
            if current!.inHeaders {
                if text.isEmpty { current!.inHeaders = false } else { current!.headers.append(text) }
            } else {
                current!.content.append(line)
            }
        }
        if let finished = current {
            guard let part = part(finished.headers, finished.content, directory: directory) else { return nil }
            parts.append(part)
        }
        return parts.isEmpty ? nil : parts
    }

    /// `boundary=abc` or `boundary="abc"` from a Content-Type.
    static func boundary(in contentType: String) -> String? {
        guard let match = contentType.firstMatch(of: /(?i)boundary=("[^"]*"|[^;\s]+)/) else { return nil }
        let value = String(match.1)
        return value.hasPrefix("\"") ? String(value.dropFirst().dropLast()) : value
    }

    private static func part(_ headers: [String], _ content: [String], directory: URL) -> MultipartPart? {
        guard headers.count == 1, let disposition = headers.first,
              disposition.lowercased().hasPrefix("content-disposition:"),
              disposition.lowercased().contains("form-data"),
              let name = parameter("name", in: disposition) else { return nil }
        var content = content
        while content.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { content.removeFirst() }
        while content.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { content.removeLast() }
        if content.count == 1, let path = HTTPFileBody.fileReference(content[0]) {
            return .file(name: name, path: HTTPFileBody.resolve(path, in: directory))
        }
        guard parameter("filename", in: disposition) == nil else { return nil }
        return .text(name: name, value: content.joined(separator: "\n"))
    }

    /// `name="x"` (or `name=x`) in a Content-Disposition; not `filename=`.
    static func parameter(_ key: String, in header: String) -> String? {
        let pattern = try? Regex<(Substring, Substring)>(#";\s*"# + key + #"\s*=\s*("[^"]*"|[^;\s]+)"#)
        guard let pattern, let match = header.firstMatch(of: pattern.ignoresCase()) else { return nil }
        let value = String(match.1)
        return value.hasPrefix("\"") ? String(value.dropFirst().dropLast()) : value
    }
}
