import HTTPParsing

/// What one soak exchange does. The mix is drawn from a seeded generator, so a run with the
/// same `--seed` and `--count` sends the same faults in the same order.
enum SoakScenario: String, CaseIterable, Sendable {
    /// GET status/200 or json/1: must succeed at once.
    case plain
    /// GET flaky/2 on the lane's own key: two 503s, then 200 within the retry budget.
    case flaky
    /// GET drop?times=1 on the lane's own key: a connection cut mid-body, then 100 000 bytes.
    case reset
    /// GET delay/20.
    case slow
    /// GET auth/protected with the client's token; a 401 (token rotated) triggers the shared refresh.
    case auth
    /// POST auth/refresh outside the client's validator: replaces the server's token, so the
    /// client's token expires and the next `auth` exchanges see 401.
    case rotate
    /// GET delay/200, cancelled after `cancelAfterMs`.
    case cancel

    /// Out of 100.
    var weight: Int {
        switch self {
        case .plain: 40
        case .flaky: 14
        case .reset: 10
        case .slow: 10
        case .auth: 15
        case .rotate: 1
        case .cancel: 10
        }
    }
}

/// One planned exchange.
struct SoakStep: Sendable {
    let index: Int
    let scenario: SoakScenario
    /// For `plain`: which of the two routes; for `cancel`: milliseconds before the cancel.
    let detail: Int
}

/// The whole run's steps, made up front (10 000 steps are a few hundred kilobytes, allocated
/// before the warm-up is measured).
struct SoakPlan {
    let steps: [SoakStep]

    init(count: Int, seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let table = SoakScenario.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
        steps = (0..<count).map { index in
            let scenario = random.pick(table)
            let detail = scenario == .cancel ? 2 + random.below(7) : random.below(2)
            return SoakStep(index: index, scenario: scenario, detail: detail)
        }
    }
}
