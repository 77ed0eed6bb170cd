import Foundation
import RequestModel

extension HTTPRequest {
    /// A `multipart/form-data` body of named parts. A file that cannot be read is refused now,
    /// naming it, so nothing is sent with a part missing.
    public func multipart(parts: [MultipartPart]) throws(HTTPError) -> Self {
        for case .file(let name, let path) in parts where !FileManager.default.isReadableFile(atPath: path) {
            throw HTTPError(.invalidBody, "multipart part \(name)=@\(path): no readable file at \(path)")
        }
        return multipart { form in
            for part in parts {
                switch part {
                case .text(let name, let value): form.add(string: value, name: name)
                case .file(let name, let path): form.add(fileURL: URL(fileURLWithPath: path), name: name)
                }
            }
        }
    }
}
