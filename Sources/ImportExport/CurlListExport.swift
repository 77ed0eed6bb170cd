import ProfileFormat
import RequestModel

/// Placeholder until this exporter lands.
enum CurlListExport {
    static func files(profile: Profile, requests: [RequestSpec]) -> [ExportedFile] { [] }
}
