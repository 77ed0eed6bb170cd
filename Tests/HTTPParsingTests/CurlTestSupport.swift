import Foundation

/// Runs a real shell to check quoting both ways. Tests skip it when the shell is missing.
struct ShellRunner {
    let path: String

    static var bash: ShellRunner? {
        ["/bin/bash", "/usr/bin/bash"].first(where: FileManager.default.isExecutableFile(atPath:)).map(ShellRunner.init)
    }

    /// The words the shell makes of `line` (an `echo`-free printf of each, NUL-separated).
    func words(_ line: String) throws -> [String] {
        let output = try run("printf '%s\\0' " + line)
        return output.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes `line` writes to stdout.
    func run(_ line: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", line]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.environment = ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }
}
