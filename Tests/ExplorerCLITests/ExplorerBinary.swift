import Foundation

/// Finds the `explorer` executable SwiftPM built next to the test bundle.
enum ExplorerBinary {
    static func path() throws -> String {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["EXPLORER_BIN"] { candidates.append(override) }
        var directories: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        directories.append(runner.deletingLastPathComponent())
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        // On macOS the runner sits inside the .xctest bundle (…/debug/X.xctest/Contents/MacOS/X).
        directories += directories.map { $0.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        directories.append(cwd.appendingPathComponent(".build/debug"))
        candidates += directories.map { $0.appendingPathComponent("explorer").path }
        guard let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw ExplorerProcess.SpawnError(message: "the explorer binary is missing (looked in \(candidates.joined(separator: ", "))); run `swift build` first")
        }
        return found
    }
}
