import ArgumentParser
import Foundation
import ImportExport
import Profiles

/// `explorer import FILE [--format F] [--profile NAME] [--merge|--force] [--dry-run]` (SPEC §9):
/// an API description or another client's collection becomes a profile and its saved requests.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn an OpenAPI/Swagger description, a Postman or Insomnia collection, a .http or a Hurl file into a profile and its saved requests.",
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
        let store = ProfileStore()
        let run: ImportRun
        do throws(ImportRun.Failure) {
            run = try ImportRun.prepare(URL(fileURLWithPath: file), format: forced, profile: profile,
                                        mode: force ? .force : merge ? .merge : .refuseExisting, store: store)
        } catch {
            switch error {
            case .wouldReplace(let message), .problem(let message): throw CLIError.usage(message)
            }
        }
        Console.out(Console.inert(run.report(file: file, store: store, dryRun: dryRun).joined(separator: "\n")) + "\n")
        guard !dryRun else { return }
        do throws(ProfileProblem) {
            try run.write(to: store)
        } catch {
            throw CLIError.failure(error.description)
        }
    }
}
