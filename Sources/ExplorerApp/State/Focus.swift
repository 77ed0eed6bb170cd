/// The five panes, in Tab order (SPEC §6 fixes their titles).
public enum Focus: Int, Sendable, CaseIterable {
    case request, headers, body, response, timeline

    public var title: String {
        switch self {
        case .request: "Request"
        case .headers: "Headers"
        case .body: "Body"
        case .response: "Response"
        case .timeline: "Timeline"
        }
    }

    public var next: Focus { Focus(rawValue: (rawValue + 1) % Self.allCases.count)! }
    public var previous: Focus { Focus(rawValue: (rawValue + Self.allCases.count - 1) % Self.allCases.count)! }
}
