import Foundation
import RequestModel

extension HTTPRequest {
    /// A `multipart/form-data` body of named parts. A file that cannot be read is refused now,
    /// naming it, so nothing is sent with a part missing.
    public func multipart(parts: [MultipartPart]) throws(HTTPError) -> Self {
        for part in parts {
            guard case .file(let path) = part.content, !FileManager.default.isReadableFile(atPath: path) else { continue }
            throw HTTPError(.invalidBody, "multipart part \(part.name)=@\(path): no readable file at \(path)")
        }
        return multipart { form in
            for part in parts {
                switch part.content {
                case .text(let value) where part.isPlain: form.add(string: value, name: part.name)
                case .text(let value): form.add(data: Data(value.utf8), name: part.name, filename: part.filename, contentType: part.contentType)
                case .file(let path):
                    form.add(fileURL: URL(fileURLWithPath: path), name: part.name, filename: part.filename, contentType: part.contentType)
                }
            }
        }
    }
}
