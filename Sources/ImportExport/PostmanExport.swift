import ProfileFormat
import RequestModel

/// Placeholder until this exporter lands.
enum PostmanExport {
    static func files(profile: Profile, requests: [RequestSpec]) -> [ExportedFile] { [] }
}
