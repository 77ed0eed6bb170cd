import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where this process spools large bodies (SPEC §10): `$XDG_CACHE_HOME/explorer/spool-<pid>`
/// (else `~/.cache/explorer/spool-<pid>`), created mode 0700 when the first body is spooled,
/// removed when the process exits; at start the directories of processes that no longer run
/// are removed (`removeStale`), never a live one's and never through a symbolic link.
public struct SpoolDirectory: Sendable, Hashable {
    /// `…/explorer`, holding one directory per process.
    public let root: URL
    public let pid: Int32

    public init(root: URL, pid: Int32 = getpid()) {
        self.root = root
        self.pid = pid
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, pid: Int32 = getpid()) {
        let cache: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            cache = URL(fileURLWithPath: xdg)
        } else {
            cache = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".cache")
        }
        self.init(root: cache.appendingPathComponent("explorer"), pid: pid)
    }

    /// This process's directory.
    public var url: URL { root.appendingPathComponent(StaleSpools.name(pid: pid)) }

    /// Whether process `pid` exists (`kill(pid, 0)`: only ESRCH says it does not).
    public static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Removes the spool directories of processes that no longer run; returns their names.
    @discardableResult
    public func removeStale(isRunning: (Int32) -> Bool = SpoolDirectory.isRunning) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return [] }
        let stale = StaleSpools.stale(names, ownPID: pid, isRunning: isRunning)
        // Only real directories of ours: a symbolic link by that name is left alone.
        return stale.filter { Self.removeTree(root.appendingPathComponent($0).path) }
    }

    /// Removes this process's directory and what it holds (at exit).
    public func remove() {
        Self.removeTree(url.path)
    }

    /// Removes `path` if it is a directory owned by us, and everything in it, unlinking
    /// symbolic links instead of following them. False when `path` is no such directory.
    @discardableResult
    static func removeTree(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid() else { return false }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            let entry = path + "/" + name
            var entryInfo = stat()
            guard lstat(entry, &entryInfo) == 0 else { continue }
            if entryInfo.st_mode & S_IFMT == S_IFDIR {
                removeTree(entry)
            } else {
                unlink(entry)
            }
        }
        return rmdir(path) == 0
    }
}
