import Foundation

/// A check on one field of the response's JSON, declared as data rather than code: when the
/// field meets a condition, fail the exchange or retry it. This is the seed's custom validator
/// (`code != 0` fails, `retriable` retries with fibonacci) without writing one:
///
/// ```swift
/// HTTPJSONFieldValidator(field: "code", when: .notEquals(.number(0)), then: .fail(message: "server error {{json.message}}"))
/// HTTPJSONFieldValidator(field: "retriable", when: .equals(.bool(true)), then: .retry(.fibonacci, RetryRules()))
/// ```
///
/// A field that is not there (or a body that is not JSON) meets only `.missing`: it is never
/// equal, unequal or one of anything. A response that never came, a body streamed to a sink
/// and a body over `ResponseJSON.maxBytes` have nothing to check: the first two pass, the last
/// has no fields.
public struct HTTPJSONFieldValidator: HTTPValidator {
    public enum Condition: Sendable, Hashable {
        case equals(ResponseJSON)
        case notEquals(ResponseJSON)
        case oneOf([ResponseJSON])
        case exists
        case missing
    }

    public enum Action: Sendable {
        /// Fail the exchange; `message` (with `{{json.path}}` placeholders) says why.
        case fail(message: String?)
        /// Retry with this strategy while the budget allows.
        case retry(HTTPRetryStrategy, RetryRules)
    }

    /// "check code" unless given: what the timeline shows.
    public var name: String
    /// The dotted path of the field (`code`, `data.items.0.id`).
    public var field: String
    public var condition: Condition
    public var action: Action

    public init(name: String? = nil, field: String, when condition: Condition, then action: Action) {
        self.name = name ?? "check \(field.isEmpty ? "body" : field)"
        self.field = field
        self.condition = condition
        self.action = action
    }

    public func validate(response: HTTPResponse, request: HTTPRequest) async -> HTTPValidatorResult {
        guard response.error == nil else { return .nextValidator(reason: "no response to check") }
        guard response.streamedBytes == 0 else { return .nextValidator(reason: "the body was streamed as it came, so it is not checked") }
        let document = ResponseJSON(body: response.body)
        let value = document?.value(at: field)
        let observed = observation(of: value, in: document)
        guard holds(for: value) else {
            switch action {
            case .fail: return .nextValidator(reason: "\(observed): the check passes")
            case .retry: return .nextValidator(reason: "\(observed): no retry needed")
            }
        }
        switch action {
        case .fail(let template):
            let message = template.map { text in
                ResponseJSONTemplate.render(text, prefix: "json", json: document) { _ in "" }
            } ?? observed
            let error = HTTPError(.validatorFailure, message, status: response.status, body: response.body)
            return .failChain(error, reason: template == nil ? observed : "\(observed): \(message)")
        case .retry(let strategy, let rules):
            return .retry(strategy, rules: rules, reason: "\(observed): worth a retry")
        }
    }

    /// Whether the field's value meets the condition.
    public func holds(for value: ResponseJSON?) -> Bool {
        switch condition {
        case .missing: return value == nil
        case .exists: return value != nil
        case .equals(let expected): return value.map { Self.same($0, expected) } ?? false
        case .notEquals(let expected): return value.map { !Self.same($0, expected) } ?? false
        case .oneOf(let choices): return value.map { value in choices.contains { Self.same(value, $0) } } ?? false
        }
    }

    /// What was found, as the start of a sentence: "code is 1, not 0", "data is missing".
    private func observation(of value: ResponseJSON?, in document: ResponseJSON?) -> String {
        let subject = field.isEmpty ? "the body" : field
        guard let value else {
            return document == nil ? "the body is not JSON, so \(subject) is missing" : "\(subject) is missing"
        }
        let shown = Self.shown(value)
        switch condition {
        case .notEquals(let expected) where !Self.same(value, expected): return "\(subject) is \(shown), not \(Self.shown(expected))"
        case .equals(let expected) where !Self.same(value, expected): return "\(subject) is \(shown), not \(Self.shown(expected))"
        case .oneOf(let choices):
            let listed = choices.map(Self.shown).joined(separator: ", ")
            return choices.contains { Self.same(value, $0) } ? "\(subject) is \(shown), one of \(listed)" : "\(subject) is \(shown), none of \(listed)"
        default: return "\(subject) is \(shown)"
        }
    }

    /// Values compare as JSON: 1 and 1.0 are the same number; a string is never a number.
    static func same(_ a: ResponseJSON, _ b: ResponseJSON) -> Bool { a == b }

    /// A value as a sentence shows it: JSON text, long ones cut short.
    static func shown(_ value: ResponseJSON) -> String {
        let text = value.jsonText
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}
