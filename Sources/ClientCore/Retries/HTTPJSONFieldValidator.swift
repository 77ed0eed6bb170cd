import Foundation
import RequestModel

/// A check on the response's JSON, declared as data rather than code: when what an RFC 9535
/// path selects meets a predicate (SPEC §8's), fail the exchange or retry it. This is the seed's
/// custom validator (`code != 0` fails, `retriable` retries with fibonacci) without writing one:
///
/// ```swift
/// HTTPJSONFieldValidator(path: try JSONPath("$.code"), when: .notEquals(0), then: .fail(message: try Template("server error {{json $.message}}")))
/// HTTPJSONFieldValidator(path: try JSONPath("retriable"), when: .equals(true), then: .retry(.fibonacci, RetryRules()))
/// ```
///
/// One selected node is the subject itself, several are a list, none is nothing — which meets
/// only `exists: false` (a body that is not JSON has nothing either). A response that never came
/// and a body streamed to a sink have nothing to check: the check steps aside. A body over
/// `maxBytes` is not read.
public struct HTTPJSONFieldValidator: HTTPValidator {
    public enum Action: Sendable {
        /// Fail the exchange; `message` (with `{{json PATH}}` placeholders) says why.
        case fail(message: Template?)
        /// Retry with this strategy while the budget allows.
        case retry(HTTPRetryStrategy, RetryRules)
    }

    /// Bodies above this size are not parsed for a check (nothing is found in them).
    public static let maxBytes = 16 << 20

    /// "check code" unless given: what the timeline shows.
    public var name: String
    public var path: JSONPath
    public var predicate: AssertPredicate
    public var action: Action

    public init(name: String? = nil, path: JSONPath, when predicate: AssertPredicate, then action: Action) {
        self.name = name ?? "check \(path.text == "$" ? "body" : path.text)"
        self.path = path
        self.predicate = predicate
        self.action = action
    }

    public func validate(response: HTTPResponse, request: HTTPRequest) async -> HTTPValidatorResult {
        guard response.error == nil else { return .nextValidator(reason: "no response to check") }
        guard response.streamedBytes == 0 else { return .nextValidator(reason: "the body was streamed as it came, so it is not checked") }
        let document = response.body.count <= Self.maxBytes ? JSONNode.parse(response.body.data) : nil
        let subject = subject(in: document)
        let holds = predicate.holds(for: subject)
        let observed = observation(of: subject, in: document, holds: holds)
        guard holds else {
            switch action {
            case .fail: return .nextValidator(reason: "\(observed): the check passes")
            case .retry: return .nextValidator(reason: "\(observed): no retry needed")
            }
        }
        switch action {
        case .fail(let template):
            let message = template.map { $0.render(with: TemplateValues(response: document)) { _ in "" }.text } ?? observed
            let error = HTTPError(.validatorFailure, message, status: response.status, body: response.body)
            return .failChain(error, reason: template == nil ? observed : "\(observed): \(message)")
        case .retry(let strategy, let rules):
            return .retry(strategy, rules: rules, reason: "\(observed): worth a retry")
        }
    }

    /// What the path selects in `document`: one node, several as a list, or nothing.
    public func subject(in document: JSONNode?) -> JSONNode? {
        document.flatMap { JSONNode.subject(of: path.values(in: $0)) }
    }

    /// What was found, as the start of a sentence: "code is 1, not 0", "data is missing",
    /// "price is 12, not lessThan 10".
    private func observation(of value: JSONNode?, in document: JSONNode?, holds: Bool) -> String {
        let subject = path.text.isEmpty || path.text == "$" ? "the body" : path.text
        guard let value else {
            return document == nil ? "the body is not JSON, so \(subject) is missing" : "\(subject) is missing"
        }
        let shown = Self.shown(value)
        switch predicate {
        case .equals(let expected) where !holds, .notEquals(let expected) where holds:
            return "\(subject) is \(shown), not \(Self.shown(expected))"
        case .equals, .notEquals, .exists:
            return "\(subject) is \(shown)"
        case .isIn(let choices):
            let listed = choices.map(Self.shown).joined(separator: ", ")
            return "\(subject) is \(shown), \(holds ? "one" : "none") of \(listed)"
        default:
            return "\(subject) is \(shown), \(holds ? "" : "not ")\(predicate.description)"
        }
    }

    /// A value as a sentence shows it: JSON text, long ones cut short.
    static func shown(_ value: JSONNode) -> String {
        let text = value.compactText
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}
