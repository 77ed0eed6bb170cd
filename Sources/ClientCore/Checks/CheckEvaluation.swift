import Foundation
import RequestModel

/// Runs a request's checks on its final response (SPEC §8): captures first, so a secret one is
/// masked in the asserts' reports too, then every assert. Pure: the response and the exchange's
/// duration come in, the results and the events that report them go out.
struct CheckEvaluation {
    let checks: ResponseChecks

    func run(on response: HTTPResponse, durationMs: Double) -> (CheckResults, [ClientEvent.Kind]) {
        var subjects = ResponseSubjects(response, durationMs: durationMs,
                                        paths: checks.captures.compactMap(\.source.path) + checks.asserts.compactMap(\.subject.path))
        var results = CheckResults()
        var events: [ClientEvent.Kind] = []
        var variables = checks.variables
        var secrets = checks.secrets.longestFirst
        var sources: [String] = []
        for capture in checks.captures {
            guard let value = Self.captured(capture, from: &subjects) else {
                results.missing.append("capture \(capture.name) found nothing (\(Self.describe(capture)))")
                continue
            }
            results.captured.append(CheckResults.Captured(name: capture.name, value: value, secret: capture.secret))
            sources.append(Self.describe(capture))
            variables[capture.name] = TemplateValue(value, secret: capture.secret)
            if capture.secret { secrets.append(value) }
        }
        // Masked once all are taken: a secret captured late is hidden in an earlier capture too.
        let masking = secrets.count == checks.secrets.longestFirst.count ? checks.secrets : Secrets.Values(secrets)
        for (captured, source) in zip(results.captured, sources) {
            events.append(.captureSet(name: captured.name, source: source,
                                      value: captured.secret ? Secrets.mask : masking.masking(in: captured.value)))
        }
        for assert in checks.asserts {
            let judged = Self.judge(assert, on: &subjects, request: checks.request, variables: variables, masking: masking)
            results.asserts.append(judged)
            events.append(judged.passed ? .assertPassed(judged.report) : .assertFailed(judged.report))
        }
        return (results, events)
    }

    /// Whether every assert of `asserts` holds, and the first that does not, as a sentence: what
    /// a poll asks of each try.
    func firstUnmet(_ asserts: [RequestSpec.Assert], on response: HTTPResponse, durationMs: Double) -> AssertReport? {
        var subjects = ResponseSubjects(response, durationMs: durationMs, paths: asserts.compactMap(\.subject.path))
        let masking = checks.secrets
        for assert in asserts {
            let judged = Self.judge(assert, on: &subjects, request: checks.request, variables: checks.variables, masking: masking)
            if !judged.passed { return judged.report }
        }
        return nil
    }

    static func judge(_ assert: RequestSpec.Assert, on subjects: inout ResponseSubjects, request: String,
                      variables: [String: TemplateValue], masking: Secrets.Values) -> CheckResults.Judged {
        let predicate = assert.predicate.filled(with: variables)
        let actual = subjects.value(of: assert.subject)
        let report = AssertReport(request: request, subject: describe(assert.subject), predicate: predicate.name,
                                  expected: predicate.expected.map { masked($0, masking) }, actual: actual.map { masked($0, masking) })
        return CheckResults.Judged(report: report, passed: predicate.holds(for: actual))
    }

    /// The text a capture takes: a string as itself, any other JSON as its compact text; with a
    /// regex, its first group in the first value it matches.
    static func captured(_ capture: RequestSpec.Capture, from subjects: inout ResponseSubjects) -> String? {
        guard let value = subjects.value(of: capture.source) else { return nil }
        // A header sent several times is tried value by value.
        let texts: [String] = switch (capture.source, value) {
        case (.header, .array(let items)): items.map(\.templateText)
        default: [value.templateText]
        }
        guard let pattern = capture.regex else { return texts.first }
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        for text in texts {
            guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { continue }
            let group = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
            if let range = Range(group, in: text) { return String(text[range]) }
        }
        return nil
    }

    /// `status`, `$.name`, `header Content-Type`, `cookie sid`: how reports name a subject.
    static func describe(_ subject: RequestSpec.Assert.Subject) -> String {
        switch subject {
        case .json(let path): path.text
        case .header(let name), .cookie(let name): "\(subject.key) \(name)"
        case .status, .body, .bytes, .duration, .httpVersion: subject.key
        }
    }

    static func describe(_ capture: RequestSpec.Capture) -> String {
        let source: String = switch capture.source {
        case .json(let path): describe(.json(path))
        case .header(let name): describe(.header(name))
        case .cookie(let name): describe(.cookie(name))
        case .body: "body"
        case .status: "status"
        }
        return capture.regex.map { "\(source) regex \(QuotedText.quote($0))" } ?? source
    }

    /// A value with every secret in its strings masked.
    static func masked(_ value: JSONNode, _ masking: Secrets.Values) -> JSONNode {
        guard !masking.isEmpty else { return value }
        switch value {
        case .string(let text): return .string(masking.masking(in: text))
        case .array(let items): return .array(items.map { masked($0, masking) })
        case .object(let members): return .object(members.map { JSONNode.Member($0.key, masked($0.value, masking)) })
        default: return value
        }
    }
}

extension RequestSpec.Assert.Subject {
    /// The JSON path of a `json` subject.
    var path: JSONPath? { if case .json(let path) = self { path } else { nil } }
}

extension RequestSpec.Capture.Source {
    var path: JSONPath? { if case .json(let path) = self { path } else { nil } }
}
