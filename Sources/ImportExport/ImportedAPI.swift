import ProfileFormat
import RequestModel

/// What an importer found in an API description or another client's collection (SPEC §9), before
/// anything is written: the profile it makes, its requests in the file's order, more profiles for
/// the file's environments, and each thing it left out with why.
public struct ImportedAPI: Sendable, Equatable {
    public var format: ImportFormat
    /// The document's own title (`info.title`, the collection's or workspace's name): it names
    /// the profile unless `--profile` does. Nil when the file has none.
    public var title: String?
    /// Base URL, common headers, auth (secrets as `${env:NAME}`), vars. Its name is the title's
    /// until the command names it.
    public var profile: Profile
    /// Named, in the file's order; names made unique by `UniqueNames`.
    public var requests: [RequestSpec]
    /// The file's environments: each becomes the profile `NAME-ENV` with these vars.
    public var environments: [Environment]
    public var skipped: [Skipped]
    /// Items imported in another form than the file's, and how (a variable renamed to a valid name).
    public var changed: [Skipped] = []

    public init(format: ImportFormat, title: String?, profile: Profile = Profile(name: ""), requests: [RequestSpec] = [],
                environments: [Environment] = [], skipped: [Skipped] = []) {
        self.format = format
        self.title = title
        self.profile = profile
        self.requests = requests
        self.environments = environments
        self.skipped = skipped
    }

    public struct Environment: Sendable, Equatable {
        public var name: String
        public var vars: [NamedValue]

        public init(name: String, vars: [NamedValue]) {
            self.name = name
            self.vars = vars
        }
    }

    /// An item not imported: `webhook newPet`, `GET /pets script "test"`, and why.
    public struct Skipped: Sendable, Equatable, CustomStringConvertible {
        public var item: String
        public var reason: String

        public init(_ item: String, _ reason: String) {
            self.item = item
            self.reason = reason
        }

        public var description: String { "\(item): \(reason)" }
    }
}
