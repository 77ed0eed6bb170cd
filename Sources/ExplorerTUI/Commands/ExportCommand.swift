import ArgumentParser
import Foundation
import ImportExport
import Profiles

/// `explorer export http|postman|curl [--profile NAME] [--request NAME] [-o FILE]` (SPEC §9): a
/// profile's saved requests in another client's format, secrets as `{{placeholders}}`.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a profile's saved requests as a .http file, a Postman v2.1 collection or curl commands.",
        discussion: """
            Secrets are written as {{placeholders}}, never values; the base URL is the variable {{baseUrl}}. \
            With -o FILE, `http` also writes http-client.env.json beside FILE.
            """
    )

    @Argument(help: "http, postman or curl.")
    var format: String

    @Option(help: "The profile whose saved requests are exported (default: demo).")
    var profile: String?

    @Option(help: "Export only the saved request of this name.")
    var request: String?

    @Option(name: .shortAndLong, help: "Write to FILE instead of stdout.")
    var output: String?

    func run() async throws {
        guard let kind = ExportFormat(rawValue: format.lowercased()) else {
            throw CLIError.usage("export \(format.debugDescription): one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let name = profile ?? ProfileName.demo
        var requests = try SavedRequestsLoading.load(profile: name)
        if let request {
            requests = requests.filter { $0.name == request }
            if requests.isEmpty {
                let known = try SavedRequestsLoading.load(profile: name).compactMap(\.name)
                throw CLIError.usage("--request: no saved request named \(request.debugDescription) in profile \(name) (saved: \(known.map(\.debugDescription).joined(separator: ", ")))")
            }
        }
        let files = APIExport.files(kind, profile: try loadProfile(name), requests: requests)
        for file in files {
            guard let besideName = file.besideName else {
                try write(file.text, to: output)
                continue
            }
            guard let output else {
                Console.problem("\(besideName) not written: give -o FILE to write it beside the export")
                continue
            }
            let beside = URL(fileURLWithPath: output).deletingLastPathComponent().appendingPathComponent(besideName).path
            try write(file.text, to: beside)
        }
    }

    private func loadProfile(_ name: String) throws(CLIError) -> Profile {
        if let builtIn = Profile.builtIn(name, baseURL: nil, key: "${env:DEMO_KEY}") { return builtIn }
        do throws(ProfileProblem) {
            return try ProfileStore().load(name)
        } catch {
            throw .usage(error.description)
        }
    }

    private func write(_ text: String, to path: String?) throws(CLIError) {
        guard let path else {
            Console.out(text)
            return
        }
        let handle = try OutputFile.create(path, flag: "-o")
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw .failure("-o \(path): cannot write: \(error.localizedDescription)")
        }
    }
}
