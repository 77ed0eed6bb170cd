import ClientCore
import Foundation

/// How one soak exchange ended.
enum SoakOutcome: Sendable, Hashable {
    case ok
    case cancelled
    case failed(HTTPError.Kind)

    var name: String {
        switch self {
        case .ok: "ok"
        case .cancelled: "cancelled"
        case .failed(let kind): "failed_\(kind.rawValue)"
        }
    }
}

/// Counts per outcome, overall and per scenario; nil outcomes are hangs.
struct SoakTally {
    private(set) var outcomes: [String: Int] = [:]
    private(set) var byScenario: [SoakScenario: [String: Int]] = [:]
    private(set) var hung = 0
    private(set) var total = 0

    mutating func record(_ scenario: SoakScenario, _ outcome: SoakOutcome?) {
        total += 1
        let name = outcome?.name ?? "hung"
        if outcome == nil { hung += 1 } else { outcomes[name, default: 0] += 1 }
        byScenario[scenario, default: [:]][name, default: 0] += 1
    }

    /// `outcome_<name>=N` lines (ok and cancelled always present), then one line per scenario.
    var lines: [String] {
        var names = Set(outcomes.keys)
        names.formUnion(["ok", "cancelled"])
        var result = names.sorted().map { "outcome_\($0)=\(outcomes[$0, default: 0])" }
        result.append("hung=\(hung)")
        for scenario in SoakScenario.allCases {
            let counts = byScenario[scenario, default: [:]]
            let text = counts.keys.sorted().map { "\($0):\(counts[$0]!)" }.joined(separator: ",")
            result.append("scenario_\(scenario.rawValue)=\(text.isEmpty ? "none" : text)")
        }
        return result
    }
}


