import Foundation

/// Programs the tests run from the machine (tmux, python3), found as a shell finds them.
public enum Executable {
    /// The first `name` on PATH that can be run, or nil.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }
}
