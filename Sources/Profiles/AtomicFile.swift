import Foundation

/// The one way explorer writes a file it keeps (profiles, saved requests, cookie jars, history,
/// sessions): a temporary file beside the target (mode 0600), written and flushed to disk, then
/// renamed over the target, then the directory flushed. A crash or a kill at any moment leaves
/// the old file or the new one, never a part of either.
public enum AtomicFile {
    /// Writes `data` to `url` atomically with mode 0600, creating missing parent directories
    /// with mode 0700.
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(path: directory.path, operation: "create the directory", reason: "\(error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(path: temporary.path, operation: "create") }
        var failure: Failure?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let result = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(path: temporary.path, operation: "write")
                    return
                }
                offset += result
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = Failure(path: temporary.path, operation: "flush") }
        close(descriptor)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = Failure(path: url.path, operation: "rename onto") }
        if let failure {
            unlink(temporary.path)
            throw failure
        }
        // The rename itself is made durable by flushing the directory.
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Writes `text` as UTF-8, atomically (see `write(_:to:)`).
    public static func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// Why a write did not happen; the target, if it existed, is unchanged.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let operation: String
        public let reason: String

        init(path: String, operation: String, reason: String = String(cString: strerror(errno))) {
            self.path = path
            self.operation = operation
            self.reason = reason
        }

        public var description: String { "cannot \(operation) \(path): \(reason)" }
    }
}
