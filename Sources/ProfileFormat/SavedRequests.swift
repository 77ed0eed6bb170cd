import RequestModel

/// A profile's saved requests (`profiles/NAME.requests.yaml`) in their order, each named, names
/// unique: what users of Posting and Slumber live in. URLs are relative to the profile's base URL
/// (or absolute).
///
/// A request file (SPEC §8) is one too, with the profile it runs on and its own `vars`.
public struct SavedRequests: Sendable, Equatable {
    public private(set) var requests: [RequestSpec]
    /// The profile a request file runs on by default (`profile: demo`); `--profile` wins.
    public var profile: String?
    /// The file's `vars`, below `--var` and captures, above the profile's.
    public var vars: [NamedValue] = []

    /// A request without a name is left out; of two with one name, the later is kept.
    public init(_ requests: [RequestSpec] = []) {
        var seen = Set<String>()
        self.requests = requests.reversed().filter { $0.name.map { seen.insert($0).inserted } ?? false }.reversed()
    }

    public var names: [String] { requests.compactMap(\.name) }

    public subscript(name: String) -> RequestSpec? { requests.first { $0.name == name } }

    /// Adds `request` (named), or replaces the one of the same name where it stands.
    public mutating func save(_ request: RequestSpec) {
        guard request.name != nil else { return }
        if let index = requests.firstIndex(where: { $0.name == request.name }) {
            requests[index] = request
        } else {
            requests.append(request)
        }
    }

    /// Renames `old` to `new`; false when there is no `old`, or `new` is taken by another request.
    @discardableResult
    public mutating func rename(_ old: String, to new: String) -> Bool {
        guard !new.isEmpty, let index = requests.firstIndex(where: { $0.name == old }) else { return false }
        guard old == new || self[new] == nil else { return false }
        requests[index].name = new
        return true
    }

    /// Removes the request named `name`; false when there is none.
    @discardableResult
    public mutating func delete(_ name: String) -> Bool {
        guard let index = requests.firstIndex(where: { $0.name == name }) else { return false }
        requests.remove(at: index)
        return true
    }
}
