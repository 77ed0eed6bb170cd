import Foundation

/// A Python script run to its end (a reference's verdict, a schema check): its exit status, what
/// it printed and what it said on stderr (to a file, so a script that says much cannot block).
public enum PythonScript {
    public struct Outcome: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// `python3 ARGUMENTS…` (a script's path, or `-c` and its text, then its arguments).
    public static func run(_ arguments: [String]) throws -> Outcome {
        let errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-python-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorsFile)
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
        return Outcome(status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self), errors: errors)
    }
}
