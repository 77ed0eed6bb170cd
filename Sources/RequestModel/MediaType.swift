import Foundation

/// What a Content-Type says, decided in one place for the viewer, the importers and the sender.
public enum MediaType {
    /// `application/json`, `text/json` or any `+json` type, parameters ignored.
    public static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let type = essence.trimmingCharacters(in: .whitespaces).lowercased()
        return type == "application/json" || type == "text/json" || type.hasSuffix("+json")
    }
}
