import Foundation
import ImportExport
import LocatedYAML
import Profiles

/// One import, for `explorer import` and the TUI's Ctrl+O alike: the file read and planned
/// (nothing written yet), then written.
struct ImportRun {
    enum Failure: Error {
        /// A profile it would write is there already, and the mode does not allow replacing it.
        case wouldReplace(String)
        /// The file or the name is at fault: a usage error.
        case problem(String)
    }

    let api: ImportedAPI
    let plan: ImportPlan

    static func prepare(_ file: URL, format: ImportFormat? = nil, profile: String? = nil, mode: ImportPlan.Mode,
                        store: ProfileStore) throws(Failure) -> ImportRun {
        let api: ImportedAPI
        do throws(FileProblem) {
            api = try APIImport.read(file, format: format)
        } catch {
            throw .problem(error.description)
        }
        let name = try profileName(profile, for: api, file: file)
        do {
            let plan = try ImportPlan.make(api, name: name, mode: mode) { name in
                guard store.exists(name) else { return nil }
                return (try store.load(name), try store.loadRequests(for: name))
            }
            return ImportRun(api: api, plan: plan)
        } catch let refusal as ImportRefusal {
            throw .wouldReplace(refusal.message)
        } catch {
            throw .problem("\(error)")
        }
    }

    /// The profile's name: `profile` when given, else the document's title, else the file's.
    private static func profileName(_ given: String?, for api: ImportedAPI, file: URL) throws(Failure) -> String {
        if let given {
            if let problem = ProfileName.problem(with: given) { throw .problem("--profile: \(problem)") }
            if ProfileName.isBuiltIn(given) { throw .problem("--profile: \(given) is built in; import into another profile") }
            return given
        }
        let fromFile = ImportPlan.profileName(from: file.deletingPathExtension().lastPathComponent)
        guard let name = api.title.flatMap(ImportPlan.profileName(from:)) ?? fromFile, !ProfileName.isBuiltIn(name) else {
            throw .problem("the file gives no name to use for its profile: give --profile NAME")
        }
        return name
    }

    /// The main profile: the one the import is named after.
    var profileName: String { plan.writes.first?.profile.name ?? "" }

    func write(to store: ProfileStore) throws(ProfileProblem) {
        for write in plan.writes {
            try store.save(write.profile)
            try store.saveRequests(write.requests, for: write.profile.name)
        }
    }

    /// What it imported (or would), each profile and request, and every item skipped with why.
    func report(file: String, store: ProfileStore, dryRun: Bool) -> [String] {
        var lines = ["\(file): \(api.format.rawValue), \(api.requests.count) request\(api.requests.count == 1 ? "" : "s")"]
        for write in plan.writes {
            let how = write.replaces ? " (replacing what was there)" : ""
            let count = write.requests.requests.count
            lines.append("\(dryRun ? "would write" : "wrote") profile \(write.profile.name)\(how): \(store.file(for: write.profile.name).path), "
                + "\(count) saved request\(count == 1 ? "" : "s")")
        }
        if let baseURL = api.profile.baseURL { lines.append("base URL: \(baseURL)") }
        if api.format == .hurl, let main = plan.writes.first {
            lines.append("a request file: explorer run \(store.requestsFile(for: main.profile.name).path)")
        }
        lines += api.requests.map { "  \($0.method) \($0.url)  \($0.name ?? "")" }
        if !api.changed.isEmpty {
            lines.append("changed \(api.changed.count):")
            lines += api.changed.map { "  \($0.item): \($0.reason)" }
        }
        if !api.skipped.isEmpty {
            lines.append("skipped \(api.skipped.count):")
            lines += api.skipped.map { "  \($0.item): \($0.reason)" }
        }
        return lines
    }
}
