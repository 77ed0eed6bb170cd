/// Content types guessed from file extensions, for multipart file parts.
public enum MediaType {
    private static let byExtension: [String: String] = [
        "json": "application/json", "txt": "text/plain", "text": "text/plain", "md": "text/markdown",
        "html": "text/html", "htm": "text/html", "css": "text/css", "js": "text/javascript", "csv": "text/csv",
        "xml": "application/xml", "yaml": "application/yaml", "yml": "application/yaml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "tar": "application/x-tar", "mp3": "audio/mpeg", "mp4": "video/mp4", "wav": "audio/wav",
    ]

    public static func guess(forExtension ext: String) -> String {
        byExtension[ext.lowercased()] ?? "application/octet-stream"
    }
}
