import Foundation
import RequestModel

/// A `.http` request's body as explorer keeps it, told by its Content-Type: JSON, a form, simple
/// multipart parts, else text; a body that is one `< ./file` line is read from that file
/// (relative to the `.http` file's folder), and left out with a note when there is no such file.
enum HTTPFileBody {
    struct Result: Sendable, Equatable {
        var body: RequestSpec.Body
        /// True when the body became multipart parts: the file's `boundary=` no longer applies,
        /// so its Content-Type header is dropped (explorer writes its own).
        var dropsContentType = false
        var note: String?
    }

    static func read(_ lines: [String], headers: [NamedValue], directory: URL) -> Result {
        guard !lines.isEmpty else { return Result(body: .none) }
        let contentType = headers.last { $0.name.lowercased() == "content-type" }?.value
        if lines.count == 1, let path = fileReference(lines[0]) {
            let resolved = resolve(path, in: directory)
            guard let data = readable(resolved) else {
                return Result(body: .none, note: "body file `\(path)` is not beside the .http file (\(resolved)); imported without a body")
            }
            guard let text = String(validating: data, as: UTF8.self) else { return Result(body: .binary(data, contentType: contentType)) }
            return typed(text, lines: [text], contentType: contentType, directory: directory)
        }
        return typed(lines.joined(separator: "\n"), lines: lines, contentType: contentType, directory: directory)
    }

    static func typed(_ text: String, lines: [String], contentType: String?, directory: URL) -> Result {
        let type = contentType?.lowercased() ?? ""
        if MediaType.isJSON(contentType) { return Result(body: .json(text)) }
        if type.hasPrefix("application/x-www-form-urlencoded") {
            return Result(body: .form(HTTPFileForm.fields(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined())))
        }
        if type.hasPrefix("multipart/form-data"), let contentType,
           let parts = HTTPFileMultipart.parts(lines, contentType: contentType, directory: directory) {
            return Result(body: .multipart(parts), dropsContentType: true)
        }
        return Result(body: .text(text, contentType: contentType))
    }

    /// `< ./data.json` → `./data.json`; nil for any other line (`<query>` is XML, not a file).
    static func fileReference(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<"), trimmed.dropFirst().first?.isWhitespace == true else { return nil }
        let path = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
        return path.isEmpty ? nil : path
    }

    /// An absolute path as written; a relative one against the `.http` file's folder.
    static func resolve(_ path: String, in directory: URL) -> String {
        path.hasPrefix("/") ? path : directory.appendingPathComponent(path).standardizedFileURL.path
    }

    /// The file's bytes when it is a regular file no larger than an import reads.
    static func readable(_ path: String) -> Data? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= APIImport.maxBytes else {
            return nil
        }
        return FileManager.default.contents(atPath: path)
    }
}
