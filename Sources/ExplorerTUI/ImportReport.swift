import ImportExport
import Profiles

/// What `explorer import` prints: each profile it writes (or would), each request, and every
/// item it skipped with why.
enum ImportReport {
    static func text(_ api: ImportedAPI, plan: ImportPlan, file: String, store: ProfileStore, dryRun: Bool) -> String {
        var lines = ["\(file): \(api.format.rawValue), \(api.requests.count) request\(api.requests.count == 1 ? "" : "s")"]
        for write in plan.writes {
            let verb = dryRun ? "would write" : "wrote"
            let how = write.replaces ? " (replacing what was there)" : ""
            lines.append("\(verb) profile \(write.profile.name)\(how): \(store.file(for: write.profile.name).path), "
                + "\(write.requests.requests.count) saved request\(write.requests.requests.count == 1 ? "" : "s")")
        }
        if let baseURL = api.profile.baseURL { lines.append("base URL: \(baseURL)") }
        for request in api.requests {
            lines.append("  \(request.method) \(request.url)  \(request.name ?? "")")
        }
        if !api.skipped.isEmpty {
            lines.append("skipped \(api.skipped.count):")
            lines += api.skipped.map { "  \($0.item): \($0.reason)" }
        }
        return Console.inert(lines.joined(separator: "\n")) + "\n"
    }
}
