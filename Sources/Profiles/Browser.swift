import Foundation

/// Opens a URL in the user's browser as SPEC §11 says: the command in `$BROWSER` whenever it is
/// set, else `xdg-open` when present. Nothing is waited for and a failure is not an error: the
/// URL is always told as well, for the user to open by hand.
public enum Browser {
    public static func open(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let command = command(environment: environment) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The URL is an argument of its own, never part of the shell text.
        process.arguments = ["-c", command + " \"$1\"", "browser", url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }

    /// `$BROWSER`, else `xdg-open` found on `$PATH`; nil when there is neither.
    static func command(environment: [String: String]) -> String? {
        if let browser = environment["BROWSER"], !browser.trimmingCharacters(in: .whitespaces).isEmpty { return browser }
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/xdg-open") } ? "xdg-open" : nil
    }
}
