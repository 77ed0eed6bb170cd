import Foundation

/// Where profiles live (`$EXPLORER_HOME/profiles/NAME.yaml`; EXPLORER_HOME defaults to
/// `$XDG_CONFIG_HOME/explorer`, else `~/.config/explorer`), and how they are read and written.
public struct ProfileStore: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The store the environment names.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home: URL
        if let explorer = environment["EXPLORER_HOME"], !explorer.isEmpty {
            home = URL(fileURLWithPath: explorer)
        } else if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            home = URL(fileURLWithPath: config).appendingPathComponent("explorer")
        } else {
            home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config/explorer")
        }
        self.init(directory: home.appendingPathComponent("profiles"))
    }

    public func file(for name: String) -> URL { directory.appendingPathComponent("\(name).yaml") }

    /// The profiles on disk, by name, sorted.
    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }

    public func load(_ name: String) throws(ProfileProblem) -> Profile {
        let url = file(for: name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ProfileProblem(file: url.path, line: nil, key: nil, message: "no profile named \(name.debugDescription) (no such file)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ProfileProblem(file: url.path, line: nil, key: nil, message: "not UTF-8 text")
        }
        return try ProfileReader.read(text, name: name, file: url.path)
    }

    /// Writes `text` as profile `name` atomically: a temporary file beside it (mode 0600),
    /// flushed to disk, then renamed over the old one, so a crash leaves the old file or the
    /// new one, never part of either.
    public func write(_ text: String, as name: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let target = file(for: name)
        let temporary = directory.appendingPathComponent(".\(name).yaml.\(UUID().uuidString.prefix(8)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StoreError(path: temporary.path, operation: "create") }
        var written = true
        Array(text.utf8).withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let result = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if result < 0 { if errno == EINTR { continue }; written = false; return }
                offset += result
            }
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced, rename(temporary.path, target.path) == 0 else {
            let error = StoreError(path: target.path, operation: written && synced ? "rename onto" : "write")
            unlink(temporary.path)
            throw error
        }
        // The rename itself is made durable by syncing the directory.
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    struct StoreError: Error, CustomStringConvertible {
        let path: String
        let operation: String
        let reason = String(cString: strerror(errno))
        var description: String { "cannot \(operation) \(path): \(reason)" }
    }
}
