import RequestModel

/// The active profile, the one to fall back to while a switch is under way, and the others on
/// disk the user can switch to.
public struct ProfileState: Sendable, Equatable {
    public enum Profile: Sendable, Equatable {
        case starting(name: String)
        case ready(name: String, baseURL: String)
        case failed(name: String, problem: String)

        public var name: String {
            switch self {
            case .starting(let name), .ready(let name, _), .failed(let name, _): name
            }
        }
    }

    public var active: Profile
    /// The profile that was active while a switch is under way: it comes back if the switch fails.
    public var previous: Profile?
    /// The profiles on disk, by name (`demo` is not among them: it has no file).
    public var known: [String] = []
    /// The built-in profiles' ready requests (Ctrl+N), by name: the demo API's routes, so only
    /// offered on the built-in profiles.
    let builtInReadyRequests: [String: [RequestSpec]]

    public var name: String { active.name }

    var baseURL: String? {
        if case .ready(_, let baseURL) = active { baseURL } else { nil }
    }

    /// What the Request pane says about the profile beside its name.
    var status: String {
        switch active {
        case .starting(let name): ProfileNames.isBuiltIn(name) ? "starting the demo API…" : "starting…"
        case .ready(_, let baseURL): baseURL
        case .failed(_, let problem): problem
        }
    }

    var readyRequests: [RequestSpec] { builtInReadyRequests[name] ?? [] }

    /// The built-in profile, then those on disk; the active one is listed before the disk
    /// listing arrives, so the overlay's first frame already shows it.
    public var choices: [String] {
        // demo-oauth is listed while it is the active one (`explorer --profile demo-oauth`).
        var names = [ProfileNames.builtIn] + known.filter { !ProfileNames.isBuiltIn($0) }
        if !names.contains(name) { names.append(name) }
        return names
    }

    /// Why `name` cannot be a new profile's, if it cannot.
    func problem(newName name: String) -> String? {
        ProfileNames.problem(name) ?? (choices.contains(name) ? "a profile named \(name) exists already" : nil)
    }

    /// The draft's URL as the client resolves it (a path joined to the base URL with one `/`),
    /// so the timeline's header shows the host and its attempt rows shorten to `…/path`.
    func resolved(_ url: String) -> String {
        guard !url.contains("://"), let baseURL, !baseURL.isEmpty else { return url }
        return URLJoin.join(url, toBase: baseURL)
    }

    /// Profile `name` starts; a ready one it replaces comes back if it fails to.
    mutating func start(_ name: String) {
        if previous == nil, case .ready = active { previous = active }
        active = .starting(name: name)
    }

    /// The switch is over, one way or the other: nothing to fall back to any more.
    mutating func settle(_ profile: Profile) {
        active = profile
        previous = nil
    }
}
