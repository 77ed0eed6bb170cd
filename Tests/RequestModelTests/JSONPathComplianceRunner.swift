import RequestModel

/// Runs cases of the JSONPath Compliance Test Suite's format (SPEC §7):
/// `{"tests": [{"name", "selector", "document", "result" | "results", "invalid_selector",
/// "result_paths" | "results_paths"}]}`. `results` lists the acceptable orders; the paths, when
/// given, must match the normalized paths too.
struct JSONPathComplianceRunner {
    struct Failure: CustomStringConvertible {
        var name: String
        var selector: String
        var why: String
        var description: String { "\(name) — \(selector): \(why)" }
    }

    var passed = 0
    var failures: [Failure] = []

    mutating func run(suite: JSONNode) {
        guard case .array(let tests)? = suite["tests"] else {
            failures.append(Failure(name: "suite", selector: "", why: "no \"tests\" array"))
            return
        }
        for test in tests { run(test) }
    }

    private mutating func run(_ test: JSONNode) {
        guard case .string(let name)? = test["name"], case .string(let selector)? = test["selector"] else {
            failures.append(Failure(name: "?", selector: "?", why: "a case needs a name and a selector"))
            return
        }
        func fail(_ why: String) { failures.append(Failure(name: name, selector: selector, why: why)) }
        let compiled: JSONPath
        do {
            compiled = try JSONPath(rfc9535: selector)
        } catch {
            if test["invalid_selector"] == .bool(true) { passed += 1 } else { fail("refused: \(error)") }
            return
        }
        if test["invalid_selector"] == .bool(true) { return fail("accepted an invalid selector") }
        guard let document = test["document"] else { return fail("no document") }
        let matches = compiled.select(in: document)
        let values = matches.map(\.value)
        let paths = matches.map { JSONNode.string($0.path.description) }
        let acceptable = Self.alternatives(test["result"], test["results"])
        let acceptablePaths = Self.alternatives(test["result_paths"], test["results_paths"])
        guard acceptable.contains(where: { Self.same(values, $0) }) else {
            return fail("got \(JSONNode.array(values).compactText)")
        }
        if !acceptablePaths.isEmpty, !acceptablePaths.contains(where: { Self.same(paths, $0) }) {
            return fail("paths \(JSONNode.array(paths).compactText)")
        }
        passed += 1
    }

    private static func alternatives(_ one: JSONNode?, _ many: JSONNode?) -> [[JSONNode]] {
        if case .array(let result)? = one { return [result] }
        guard case .array(let options)? = many else { return [] }
        return options.compactMap { option in
            guard case .array(let result) = option else { return nil }
            return result
        }
    }

    private static func same(_ got: [JSONNode], _ wanted: [JSONNode]) -> Bool {
        got.count == wanted.count && zip(got, wanted).allSatisfy { $0.equalsInJSONPath($1) }
    }
}
