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
}
