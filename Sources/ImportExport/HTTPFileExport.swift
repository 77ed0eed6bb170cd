import ProfileFormat
import RequestModel

/// Placeholder until this exporter lands.
enum HTTPFileExport {
    static func files(profile: Profile, requests: [RequestSpec]) -> [ExportedFile] { [] }
}
