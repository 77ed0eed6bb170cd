import Foundation

/// What a Content-Type says, decided in one place for the viewer, the importers and the sender;
/// and the type a file's extension suggests, for multipart file parts.
public enum MediaType {
    /// `application/json`, `text/json` or any `+json` type, parameters ignored.
    public static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let type = essence.trimmingCharacters(in: .whitespaces).lowercased()
        return type == "application/json" || type == "text/json" || type.hasSuffix("+json")
    }

    private static let byExtension: [String: String] = [
        "json": "application/json", "txt": "text/plain", "text": "text/plain", "md": "text/markdown",
        "html": "text/html", "htm": "text/html", "css": "text/css", "js": "text/javascript", "csv": "text/csv",
        "xml": "application/xml", "yaml": "application/yaml", "yml": "application/yaml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "tar": "application/x-tar", "mp3": "audio/mpeg", "mp4": "video/mp4", "wav": "audio/wav",
    ]

    /// The type of a file named with extension `ext`; `application/octet-stream` when unknown.
    public static func guess(forExtension ext: String) -> String {
        byExtension[ext.lowercased()] ?? "application/octet-stream"
    }
}
