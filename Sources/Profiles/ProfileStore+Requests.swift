import Foundation

/// Each profile's saved requests, `profiles/NAME.requests.yaml` beside it: atomic, 0600, and a
/// file that does not parse is never written over.
extension ProfileStore {
    /// The saved requests of profile `name` (none when it has no file yet).
    public func loadRequests(for name: String) throws(ProfileProblem) -> SavedRequests {
        try checkName(name)
        let url = requestsFile(for: name)
        guard let data = FileManager.default.contents(atPath: url.path) else { return SavedRequests() }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ProfileProblem(file: url.path, line: nil, key: nil, message: "not UTF-8 text")
        }
        return try SavedRequestsFile.read(text, file: url.path)
    }

    /// Saves `requests` as profile `name`'s, refusing to write over a file that does not parse.
    public func saveRequests(_ requests: SavedRequests, for name: String) throws(ProfileProblem) {
        try checkName(name)
        let url = requestsFile(for: name)
        if FileManager.default.fileExists(atPath: url.path) {
            do {
                _ = try loadRequests(for: name)
            } catch {
                throw error.notOverwritten
            }
        }
        try write(SavedRequestsFile.yaml(requests), to: url)
    }

    /// Reads, changes and saves profile `name`'s requests in one step; returns what `change` returned.
    @discardableResult
    public func updateRequests<T>(for name: String, _ change: (inout SavedRequests) -> T) throws(ProfileProblem) -> T {
        var requests = try loadRequests(for: name)
        let result = change(&requests)
        try saveRequests(requests, for: name)
        return result
    }
}

extension SavedRequests {
    /// The saved requests of `profile` in `store` (the environment's by default).
    public static func load(profile: String, store: ProfileStore = ProfileStore()) throws(ProfileProblem) -> SavedRequests {
        try store.loadRequests(for: profile)
    }

    /// Saves these as `profile`'s saved requests in `store`.
    public func save(profile: String, store: ProfileStore = ProfileStore()) throws(ProfileProblem) {
        try store.saveRequests(self, for: profile)
    }
}
