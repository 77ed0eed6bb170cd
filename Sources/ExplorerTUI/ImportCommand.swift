import ArgumentParser
import Foundation
import ImportExport
import LocatedYAML
import Profiles

/// `explorer import FILE [--format F] [--profile NAME] [--merge|--force] [--dry-run]` (SPEC §9):
/// an API description or another client's collection becomes a profile and its saved requests.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn an OpenAPI/Swagger description, a Postman or Insomnia collection or a .http file into a profile and its saved requests.",
        discussion: """
            The format is told by content; --format forces one. An existing profile is never overwritten \
            without --merge (add the requests, keep the rest) or --force (replace it). Each environment of \
            the file becomes a profile NAME-ENV. What is not imported (scripts, webhooks, callbacks…) is listed with why.
            """
    )

    @Argument(help: "The file to import.")
    var file: String

    @Option(help: "Read the file as this format: \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: String?

    @Option(help: "The profile to write (default: from the file's title).")
    var profile: String?

    @Flag(help: "Add the imported requests to an existing profile, keeping its settings and other requests.")
    var merge = false

    @Flag(help: "Replace an existing profile and its saved requests.")
    var force = false

    @Flag(name: .customLong("dry-run"), help: "Print what would be written; write nothing.")
    var dryRun = false

    func run() async throws {
        if merge && force { throw CLIError.usage("--merge and --force: give one of them") }
        let forced: ImportFormat?
        if let format {
            guard let known = ImportFormat(rawValue: format.lowercased()) else {
                throw CLIError.usage("--format \(format.debugDescription): one of \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            forced = known
        } else {
            forced = nil
        }
        let url = URL(fileURLWithPath: file)
        let api: ImportedAPI
        do throws(FileProblem) {
            api = try APIImport.read(url, format: forced)
        } catch {
            throw CLIError.usage(error.description)
        }
        let name = try profileName(for: api, file: url)
        let store = ProfileStore()
        let plan: ImportPlan
        do {
            plan = try ImportPlan.make(api, name: name, mode: force ? .force : merge ? .merge : .refuseExisting) { name in
                guard store.exists(name) else { return nil }
                return (try store.load(name), try store.loadRequests(for: name))
            }
        } catch {
            throw CLIError.usage("\(error)")
        }
        Console.out(ImportReport.text(api, plan: plan, file: file, store: store, dryRun: dryRun))
        guard !dryRun else { return }
        for write in plan.writes {
            do throws(ProfileProblem) {
                try store.save(write.profile)
                try store.saveRequests(write.requests, for: write.profile.name)
            } catch {
                throw CLIError.failure(error.description)
            }
        }
    }

    /// `--profile`, else the document's title as a name, else the file's.
    private func profileName(for api: ImportedAPI, file: URL) throws(CLIError) -> String {
        if let profile {
            if let problem = ProfileName.problem(with: profile) { throw .usage("--profile: \(problem)") }
            if profile == ProfileName.demo { throw .usage("--profile: demo is built in; import into another profile") }
            return profile
        }
        let fromFile = ImportPlan.profileName(from: file.deletingPathExtension().lastPathComponent)
        guard let name = api.title.flatMap(ImportPlan.profileName(from:)) ?? fromFile, name != ProfileName.demo else {
            throw .usage("the file gives no name to use for its profile: give --profile NAME")
        }
        return name
    }
}
