/// What an imported API description says about a request beyond what is sent: where it is
/// grouped (a tag, a folder), what it is for, and the parameters its URL template takes.
/// The picker and the fields to fill read it; nothing here changes the request on the wire.
extension RequestSpec {
    public struct Parameter: Sendable, Equatable {
        public enum Location: String, Sendable, CaseIterable {
            case path, query
        }

        public var name: String
        public var location: Location
        public var required: Bool
        public var description: String?
        /// The values the description allows (its `enum`), in its order; empty when any will do.
        public var values: [String]

        public init(name: String, location: Location, required: Bool = false, description: String? = nil, values: [String] = []) {
            self.name = name
            self.location = location
            self.required = required
            self.description = description
            self.values = values
        }
    }
}
