/// What a GraphQL response says besides its data (GraphQL over HTTP, the spec's §7): its errors,
/// each with its message, where in the document it points and which result field it concerns.
public struct GraphQLResponse: Sendable, Equatable {
    public struct Error: Sendable, Equatable, CustomStringConvertible {
        public var message: String
        /// 1-based line and column in the query document.
        public var locations: [(line: Int, column: Int)]
        /// Field names and list indexes, from the root.
        public var path: [String]

        public static func == (left: Error, right: Error) -> Bool {
            left.message == right.message && left.path == right.path
                && left.locations.map { [$0.line, $0.column] } == right.locations.map { [$0.line, $0.column] }
        }

        /// `Cannot query field "x" (line 2, column 3) at user.friends.0`.
        public var description: String {
            var text = message
            if !locations.isEmpty { text += " (" + locations.map { "line \($0.line), column \($0.column)" }.joined(separator: "; ") + ")" }
            if !path.isEmpty { text += " at " + path.joined(separator: ".") }
            return text
        }
    }

    public var errors: [Error]
    /// `data` is there and not null.
    public var hasData: Bool

    /// The response's parts, or nil when `document` is not a GraphQL response (an object with
    /// `data` or `errors`).
    public init?(_ document: JSONNode) {
        guard case .object = document, document["data"] != nil || document["errors"] != nil else { return nil }
        hasData = document["data"].map { $0 != .null } ?? false
        guard case .array(let items)? = document["errors"] else {
            errors = []
            return
        }
        errors = items.map { item in
            let message = if case .string(let text)? = item["message"] { text } else { "an error without a message" }
            var locations: [(line: Int, column: Int)] = []
            if case .array(let places)? = item["locations"] {
                for place in places {
                    if case .number(let line)? = place["line"], case .number(let column)? = place["column"], let line = Int(line), let column = Int(column) {
                        locations.append((line, column))
                    }
                }
            }
            var path: [String] = []
            if case .array(let steps)? = item["path"] {
                for step in steps {
                    switch step {
                    case .string(let name): path.append(name)
                    case .number(let index): path.append(index)
                    default: break
                    }
                }
            }
            return Error(message: message, locations: locations, path: path)
        }
    }

    /// `errors` without data: the request failed as a whole.
    public var failed: Bool { !errors.isEmpty && !hasData }
}
