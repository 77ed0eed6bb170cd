import ClientCore
import ExplorerApp
import Foundation
import TUICore

/// The request picker at the size of a real API: `count` saved requests, Ctrl+F, then a query
/// typed a key at a time and erased again; each keystroke is the pure core's update (re-filter)
/// and a full render of the screen it leads to, as the loop does per key.
struct PickerBenchmark {
    let count: Int
    static let query = "getpetbyid"

    func run() {
        var state = AppState(width: 160, height: 50, profileName: "bench", url: nil, readyRequests: [])
        _ = state.update(.savedRequestsListed(profile: "bench", Self.entries(count)), now: 0)
        _ = state.update(.key(.control("f")), now: 0)
        let keys = Self.query.map { Key.character($0) } + Array(repeating: Key.backspace, count: Self.query.count)
        var millis: [Double] = []
        var shown = 0
        for _ in 0..<5 {
            for key in keys {
                let start = ContinuousClock.now
                _ = state.update(.key(key), now: 0)
                let screen = state.render(now: 0)
                let elapsed = ContinuousClock.now - start
                millis.append(elapsed.milliseconds)
                shown += screen.lines.count
            }
        }
        let sample = Sample(millis)
        print("picker_requests=\(count) keystrokes=\(millis.count) lines_drawn=\(shown)")
        print("picker_keystroke_ms_p50=\(format(sample.median)) p99=\(format(sample.percentile(99))) max=\(format(sample.percentile(100)))")
    }

    /// Names, methods, URLs and tags in the shapes an imported API has: `getPetById`,
    /// `GET pets/{petId}`, tag `pets`, over `count / 8` resources.
    static func entries(_ count: Int) -> [SavedRequestsState.Entry] {
        let verbs = [("get", "GET"), ("list", "GET"), ("create", "POST"), ("update", "PUT"), ("patch", "PATCH"), ("delete", "DELETE"),
                     ("search", "GET"), ("archive", "POST")]
        let nouns = ["Pet", "User", "Order", "Invoice", "Repository", "Issue", "Comment", "Webhook", "Team", "Project", "Payment", "Shipment"]
        return (0..<count).map { index in
            let (verb, method) = verbs[index % verbs.count]
            let resource = index / verbs.count
            let noun = nouns[resource % nouns.count] + (resource < nouns.count ? "" : "\(resource / nouns.count)")
            let path = noun.lowercased() + "s"
            let single = verb == "get" || verb == "update" || verb == "patch" || verb == "delete"
            let name = verb + noun + (single ? "ById" : "")
            let url = single ? "\(path)/{\(noun.prefix(1).lowercased() + noun.dropFirst())Id}" : "\(path){?limit,offset}"
            return SavedRequestsState.Entry(name: name, draft: RequestDraft(method: method, url: url), group: path,
                                            description: "\(verb.capitalized) \(noun.lowercased())")
        }
    }
}
