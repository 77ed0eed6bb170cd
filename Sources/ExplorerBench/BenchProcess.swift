import Foundation

/// What the benchmarks ask of other processes: a tool run to its end, a figure of /proc.
enum BenchProcess {
    /// Runs `executable` to its end; what it wrote to standard output (standard error with
    /// `errors`), the other stream dropped.
    static func run(_ executable: String, _ arguments: [String], errors: Bool = false) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = errors ? FileHandle.nullDevice : pipe
        process.standardError = errors ? pipe : FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// A kilobyte field of `/proc/PID/status`: `VmHWM` (the peak resident set), `VmRSS`.
    static func statusKilobytes(_ field: String, of pid: String = "self") -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
    }
}
