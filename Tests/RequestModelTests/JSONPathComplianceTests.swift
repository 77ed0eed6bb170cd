import Foundation
import Testing
import RequestModel

/// SPEC §7's hook: the suite named by `JSONPATH_CTS`, or the stored one
/// (Tests/Fixtures/jsonpath-cts, see its SOURCE.md), run case by case.
@Suite struct JSONPathComplianceTests {
    static let storedSuite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jsonpath-cts/cts.json")

    @Test func JSONPathComplianceSuitePasses() throws {
        let file = ProcessInfo.processInfo.environment["JSONPATH_CTS"].map { URL(fileURLWithPath: $0) } ?? Self.storedSuite
        let suite = try #require(JSONNode.parse(try Data(contentsOf: file)), "\(file.path) is not JSON")
        var runner = JSONPathComplianceRunner()
        runner.run(suite: suite)
        print("jsonpath: \(runner.passed) passed, \(runner.failures.count) failed")
        for failure in runner.failures { Issue.record("\(failure)") }
        #expect(runner.passed > 0)
    }
}
