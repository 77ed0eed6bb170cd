/// The function extensions of RFC 9535 §2.4 with their declared types, which the parser checks
/// every call against (§2.4.3 well-typedness).
enum JSONPathFunction: String, Sendable, Hashable, CaseIterable {
    case length, count, match, search, value

    enum ParameterType: Sendable, Hashable {
        /// A JSON value or Nothing.
        case value
        /// LogicalTrue or LogicalFalse.
        case logical
        /// A nodelist.
        case nodes
    }

    var parameters: [ParameterType] {
        switch self {
        case .length: [.value]
        case .count, .value: [.nodes]
        case .match, .search: [.value, .value]
        }
    }

    var result: ParameterType {
        switch self {
        case .length, .count, .value: .value
        case .match, .search: .logical
        }
    }
}
