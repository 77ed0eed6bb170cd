import Foundation

/// The repository's example sessions and copies of them edited for tests.
enum ReplayFixtures {
    /// `sessions/` at the root of the repository.
    static let sessionsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("sessions")

    static func session(_ name: String) -> String { sessionsDirectory.appendingPathComponent("\(name).yaml").path }

    /// A copy of example `name` in `directory` with `replacements` applied, each of which must apply.
    static func edited(_ name: String, in directory: TestDirectory, _ replacements: [(String, String)]) throws -> String {
        var text = try String(contentsOfFile: session(name), encoding: .utf8)
        for (old, new) in replacements {
            guard let range = text.range(of: old) else { throw Missing(text: old) }
            text.replaceSubrange(range, with: new)
        }
        let path = directory.path("\(name)-edited.yaml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    struct Missing: Error, CustomStringConvertible {
        let text: String
        var description: String { "the example session no longer contains \(text.debugDescription)" }
    }
}

/// Runs the binary with EXPLORER_HOME in the test's own directory, never the user's.
func runExplorer(_ arguments: [String], in directory: TestDirectory) async throws -> ExplorerProcess.Outcome {
    try await ExplorerProcess.run(arguments, in: directory, environment: ["EXPLORER_HOME": directory.path("home")])
}
