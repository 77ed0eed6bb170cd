import Foundation
import Locking
import Profiles

/// Each profile's history: `history/NAME.yaml`, a session file holding the last `limit`
/// exchanges sent with that profile, so it survives restarts. A history file that cannot be read
/// is never written over: `append` moves it aside (`NAME.unreadable-<time>.yaml`, kept for the
/// user) and starts afresh, saying so in its result.
///
/// A history can grow to megabytes; the store keeps what it last read or wrote, and parses the
/// file again only when something else changed it since.
public struct HistoryStore: Sendable {
    public static let defaultLimit = 100

    public let directory: URL
    public let limit: Int
    private let cache = HistoryCache()

    public init(directory: URL, limit: Int = HistoryStore.defaultLimit) {
        self.directory = directory
        self.limit = max(1, limit)
    }

    /// The history directory of an explorer home (`$EXPLORER_HOME/history`).
    public init(home: ExplorerHome, limit: Int = HistoryStore.defaultLimit) {
        self.init(directory: home.history, limit: limit)
    }

    public func file(for profile: String) -> URL { directory.appendingPathComponent("\(profile).yaml") }

    /// The profile's history, oldest first; an empty session when there is none yet.
    public func load(_ profile: String) throws(SessionProblem) -> Session {
        let url = file(for: profile)
        if let problem = ProfileName.problem(with: profile) {
            throw SessionProblem(file: url.path, line: nil, key: nil, message: problem)
        }
        guard let stamp = FileStamp(url) else {
            return Session(profile: Session.ProfileSnapshot(name: profile))
        }
        if let cached = cache.session(for: profile, stamp: stamp) { return cached }
        let session = try SessionFile.read(url)
        cache.store(session, for: profile, stamp: stamp)
        return session
    }

    /// What `append` did besides appending.
    public struct AppendResult: Sendable, Equatable {
        /// Where an unreadable history was moved, and why it could not be read.
        public var movedAside: URL?
        public var problem: SessionProblem?
    }

    /// Adds `exchange` to the profile's history (dropping the oldest beyond `limit`) and writes it
    /// atomically. `snapshot` refreshes the profile snapshot the history keeps.
    @discardableResult
    public func append(_ exchange: Session.Exchange, profile snapshot: Session.ProfileSnapshot) throws -> AppendResult {
        if let problem = ProfileName.problem(with: snapshot.name) {
            throw SessionProblem(file: file(for: snapshot.name).path, line: nil, key: nil, message: problem)
        }
        var result = AppendResult()
        var history: Session
        do {
            history = try load(snapshot.name)
        } catch {
            let aside = directory.appendingPathComponent("\(snapshot.name).unreadable-\(Self.stamp()).yaml")
            try FileManager.default.moveItem(at: file(for: snapshot.name), to: aside)
            result = AppendResult(movedAside: aside, problem: error)
            history = Session(profile: snapshot)
        }
        history.profile = snapshot
        history.exchanges.append(exchange)
        if history.exchanges.count > limit { history.exchanges.removeFirst(history.exchanges.count - limit) }
        let url = file(for: snapshot.name)
        try SessionFile.write(history, to: url, compactJSON: true)
        if let stamp = FileStamp(url) { cache.store(history, for: snapshot.name, stamp: stamp) }
        return result
    }

    /// `20261122T004512Z` plus a few random characters, so two moves never collide.
    private static func stamp() -> String {
        let date = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).dateSeparator(.omitted)
            .timeSeparator(.omitted).dateTimeSeparator(.standard))
        return date.replacingOccurrences(of: ":", with: "") + "-" + UUID().uuidString.prefix(4).lowercased()
    }
}

/// What identifies one version of a file without reading it.
private struct FileStamp: Equatable {
    let inode: UInt64
    let size: UInt64
    let modified: Date

    init?(_ url: URL) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
              let size = (attributes[.size] as? NSNumber)?.uint64Value,
              let modified = attributes[.modificationDate] as? Date
        else { return nil }
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}

/// The histories a store last read or wrote, by profile, with the file version they match.
private final class HistoryCache: Sendable {
    private let entries = Locked<[String: (session: Session, stamp: FileStamp)]>([:])

    func session(for profile: String, stamp: FileStamp) -> Session? {
        entries.withLock { entries in
            guard let entry = entries[profile], entry.stamp == stamp else { return nil }
            return entry.session
        }
    }

    func store(_ session: Session, for profile: String, stamp: FileStamp) {
        entries.withLock { $0[profile] = (session, stamp) }
    }
}
