import Foundation
import Sessions

/// What `replay` says about each exchange, and whether it passed: with `--check`, when its
/// attempts (unless its check says `attempts: false`) and outcome match the recording; without,
/// when it did not fail where the recording succeeded.
struct ReplayReport {
    struct Result {
        let index: Int
        let recorded: Session.Exchange
        let replayed: Session.Exchange
        /// Nil without `--check`.
        let diff: SessionDiff?
        let passed: Bool
        /// Why it did not pass, one line per difference.
        let problems: [String]

        /// `flaky: GET flaky/2`.
        var label: String { (replayed.name.map { "\($0): " } ?? "") + replayed.request.summary }

        /// `2 flaky: GET flaky/2`.
        var title: String { "\(index + 1) \(label)" }

        var seconds: Double { (replayed.outcome?.elapsedMs ?? 0) / 1000 }
    }

    let session: Session
    let checking: Bool

    /// A result that also fails on the asserts the exchange carried (SPEC §8), each one a problem.
    func result(index: Int, recorded: Session.Exchange, replayed: Session.Exchange) -> Result {
        let result = compared(index: index, recorded: recorded, replayed: replayed)
        let failedAsserts = replayed.events.compactMap { event -> String? in
            if case .assertFailed(let report) = event.kind { return "assert: " + report.failure }
            return nil
        }
        guard !failedAsserts.isEmpty else { return result }
        return Result(index: index, recorded: recorded, replayed: replayed, diff: result.diff, passed: false,
                      problems: result.problems + failedAsserts)
    }

    private func compared(index: Int, recorded: Session.Exchange, replayed: Session.Exchange) -> Result {
        guard let outcome = replayed.outcome else {
            return Result(index: index, recorded: recorded, replayed: replayed, diff: nil, passed: false, problems: ["no outcome"])
        }
        guard let expected = recorded.outcome else {
            let problems = checking ? ["nothing recorded to compare with"] : outcome.error.map { ["failed: \($0.message)"] } ?? []
            return Result(index: index, recorded: recorded, replayed: replayed, diff: nil, passed: problems.isEmpty, problems: problems)
        }
        if checking {
            let diff = SessionDiff.compare(expected: recorded, actual: replayed, check: recorded.effectiveCheck(in: session.check))
            return Result(index: index, recorded: recorded, replayed: replayed, diff: diff, passed: diff.isEqual,
                          problems: diff.rendered.isEmpty ? [] : diff.rendered.components(separatedBy: "\n"))
        }
        // Without --check only a failure the recording did not have counts.
        let failedAnew = outcome.error.map { $0.kind != expected.error?.kind } ?? false
        return Result(index: index, recorded: recorded, replayed: replayed, diff: nil, passed: !failedAnew,
                      problems: failedAnew ? ["failed: \(outcome.error?.message ?? "")"] : [])
    }

    /// `1/3 users: GET json/1 → 200 (1 attempt, 12 ms) ok`, then the differences indented.
    func lines(for result: Result) -> String {
        let outcome = result.replayed.outcome
        var got = outcome?.status.map { "→ \($0)" } ?? "→ \(outcome?.error?.kind ?? "no response")"
        if let outcome, outcome.status != nil, let error = outcome.error { got += " \(error.kind)" }
        let attempts = outcome?.attempts ?? 0
        let detail = "(\(attempts) attempt\(attempts == 1 ? "" : "s"), \(Self.milliseconds(outcome?.elapsedMs ?? 0)))"
        let verdict = result.passed ? (checking ? "ok" : "") : (checking ? "DIFFERENT" : "FAILED")
        var text = "\(result.index + 1)/\(session.exchanges.count) \(result.label) \(got) \(detail)"
        if !verdict.isEmpty { text += " " + verdict }
        text += "\n"
        for problem in result.problems { text += "    \(problem)\n" }
        return text
    }

    func summary(_ results: [Result]) -> String {
        let failing = results.filter { !$0.passed }.count
        let noun = results.count == 1 ? "exchange" : "exchanges"
        if checking { return "replayed \(results.count) \(noun): \(results.count - failing) as recorded, \(failing) different\n" }
        return "replayed \(results.count) \(noun)" + (failing > 0 ? ", \(failing) failed" : "") + "\n"
    }

    static func milliseconds(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.2f s", value / 1000) : "\(Int(value.rounded())) ms"
    }
}
