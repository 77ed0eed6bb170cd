/// A named request kept with a profile (`profiles/NAME.requests.yaml`): what users of Posting
/// and Slumber live in. The URL is relative to the profile's base URL (or absolute).
public struct SavedRequest: Sendable, Equatable {
    /// One `name=value` of a form body: a name and a value, as a header is.
    public typealias Field = Profile.Header

    /// One part of a multipart body: text, or a file sent from disk.
    public struct Part: Sendable, Hashable {
        public enum Value: Sendable, Hashable {
            case text(String)
            case file(path: String)
        }

        public var name: String
        public var value: Value
        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    public enum Body: Sendable, Equatable {
        case none
        /// Sent as it is.
        case raw(String)
        /// JSON text, sent as it is with Content-Type application/json.
        case json(String)
        /// application/x-www-form-urlencoded, in order.
        case form([Field])
        case multipart([Part])
    }

    public var name: String
    public var method: String
    public var url: String
    public var headers: [Profile.Header]
    public var body: Body

    public init(name: String, method: String = "GET", url: String, headers: [Profile.Header] = [], body: Body = .none) {
        self.name = name
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A profile's saved requests in their order, names unique.
public struct SavedRequests: Sendable, Equatable {
    public private(set) var requests: [SavedRequest]

    public init(_ requests: [SavedRequest] = []) {
        var seen = Set<String>()
        self.requests = requests.reversed().filter { seen.insert($0.name).inserted }.reversed()
    }

    public var names: [String] { requests.map(\.name) }

    public subscript(name: String) -> SavedRequest? { requests.first { $0.name == name } }

    /// Adds `request`, or replaces the one of the same name where it stands.
    public mutating func save(_ request: SavedRequest) {
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
