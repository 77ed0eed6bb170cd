import Foundation
import Profiles

/// Each profile's history: `history/NAME.yaml`, a session file holding the last `limit`
/// exchanges sent with that profile, so it survives restarts. A history file that cannot be read
/// is never written over: `append` moves it aside (`NAME.unreadable-<time>.yaml`, kept for the
/// user) and starts afresh, saying so in its result.
public struct HistoryStore: Sendable {
    public static let defaultLimit = 100

    public let directory: URL
    public let limit: Int

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
        guard FileManager.default.fileExists(atPath: url.path) else {
            return Session(profile: Session.ProfileSnapshot(name: profile))
        }
        return try SessionFile.read(url)
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
        try SessionFile.write(history, to: file(for: snapshot.name))
        return result
    }

    /// `20261122T004512Z` plus a few random characters, so two moves never collide.
    private static func stamp() -> String {
        let date = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).dateSeparator(.omitted)
            .timeSeparator(.omitted).dateTimeSeparator(.standard))
        return date.replacingOccurrences(of: ":", with: "") + "-" + UUID().uuidString.prefix(4).lowercased()
    }
}
