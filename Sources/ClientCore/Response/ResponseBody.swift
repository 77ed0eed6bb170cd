import Foundation
#if canImport(Glibc)
import Glibc
#endif
import RequestModel

/// A response body: in memory, or spooled to a temporary file once it grew past
/// the client's spool threshold, so a huge body never sits in memory.
public struct ResponseBody: Sendable {
    enum Storage: Sendable {
        case memory(Data)
        case file(SpoolFile)
    }

    let storage: Storage
    public let count: Int

    public static let empty = ResponseBody(Data())

    public init(_ data: Data) {
        storage = .memory(data)
        count = data.count
    }

    init(file: SpoolFile, count: Int) {
        storage = .file(file)
        self.count = count
    }

    public var isEmpty: Bool { count == 0 }

    /// The path of the spool file, when the body was too large to keep in memory.
    public var fileURL: URL? {
        if case .file(let file) = storage { return file.url }
        return nil
    }

    /// The whole body. For a spooled body this reads the file: mind the size.
    public var data: Data {
        switch storage {
        case .memory(let data): return data
        case .file(let file): return (try? Data(contentsOf: file.url)) ?? Data()
        }
    }

    /// The first `limit` bytes, without reading a spooled file whole.
    public func prefix(_ limit: Int) -> Data {
        switch storage {
        case .memory(let data): return data.prefix(limit)
        case .file(let file):
            guard let handle = try? FileHandle(forReadingFrom: file.url) else { return Data() }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: limit)) ?? Data()
        }
    }

    /// Copies the body to `handle` in chunks.
    public func write(to handle: FileHandle) throws {
        switch storage {
        case .memory(let data): try handle.write(contentsOf: data)
        case .file(let file):
            let input = try FileHandle(forReadingFrom: file.url)
            defer { try? input.close() }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                try handle.write(contentsOf: chunk)
            }
        }
    }

    /// Renames a spooled body's file to `destination` (replacing what is there), readable as a
    /// file the user creates is (0666 less the umask): the final body of `send -o FILE`, spooled
    /// beside FILE, is put in place without a copy. False when the body is in memory or the
    /// rename fails (another file system): then it is written as usual.
    public func moveFile(to destination: URL) -> Bool {
        guard case .file(let file) = storage else { return false }
        let mask = umask(0)
        umask(mask)
        guard chmod(file.url.path, 0o666 & ~mask) == 0, rename(file.url.path, destination.path) == 0 else { return false }
        return true
    }

    /// Removes a spooled body's file now (an exit runs no deinit): the body of a failed `send -o`.
    public func discardFile() {
        if case .file(let file) = storage { try? FileManager.default.removeItem(at: file.url) }
    }

    /// The server's own message in a JSON error body (`{"message": ...}`, `{"error": ...}`), if any.
    public var serverMessage: String? {
        guard count > 0, count < 64 * 1024, let object = JSONNode.parse(data) else { return nil }
        for key in ["message", "error", "detail", "error_description"] {
            if case .string(let text)? = object[key] { return text }
            if case .string(let text)? = object[key]?["message"] { return text }
        }
        return nil
    }
}

/// A spool file that is removed when the last body referring to it goes away.
final class SpoolFile: Sendable {
    let url: URL

    /// A new file in `directory` (created mode 0700 if missing), else in the temporary
    /// directory (a read-only cache); an error only when neither takes it.
    init(directory: URL, prefix: String = "explorer-body-") throws {
        let fallback = FileManager.default.temporaryDirectory
        var failures: [String] = []
        for candidate in directory.standardizedFileURL == fallback.standardizedFileURL ? [directory] : [directory, fallback] {
            let url = candidate.appendingPathComponent(prefix + UUID().uuidString)
            if Self.prepare(candidate), Self.create(url) {
                self.url = url
                return
            }
            failures.append("\(candidate.path): \(String(cString: strerror(errno)))")
        }
        throw HTTPError(.transport, "cannot create a spool file for a large response body (\(failures.joined(separator: "; ")))")
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Makes sure `directory` exists; a missing one is created mode 0700 (its parents as usual).
    private static func prepare(_ directory: URL) -> Bool {
        var info = stat()
        if stat(directory.path, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
        try? FileManager.default.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        return mkdir(directory.path, 0o700) == 0 || errno == EEXIST
    }

    private static func create(_ url: URL) -> Bool {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }
}
