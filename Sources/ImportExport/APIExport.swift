import ProfileFormat
import RequestModel

/// `explorer export`: a profile's saved requests in another client's format (SPEC §9). Secrets
/// become `{{placeholders}}`, never values; the base URL is the variable `{{baseUrl}}`.
public enum ExportFormat: String, Sendable, CaseIterable {
    case http, postman, curl
}

/// One file an export writes: the main one (to `-o FILE` or stdout) or one that goes beside it
/// (`http-client.env.json`).
public struct ExportedFile: Sendable, Equatable {
    /// Nil for the main file; the file name for one beside it.
    public var besideName: String?
    public var text: String

    public init(besideName: String? = nil, text: String) {
        self.besideName = besideName
        self.text = text
    }
}

public enum APIExport {
    public static func files(_ format: ExportFormat, profile: Profile, requests: [RequestSpec]) -> [ExportedFile] {
        switch format {
        case .http: HTTPFileExport.files(profile: profile, requests: requests)
        case .postman: PostmanExport.files(profile: profile, requests: requests)
        case .curl: CurlListExport.files(profile: profile, requests: requests)
        }
    }
}
