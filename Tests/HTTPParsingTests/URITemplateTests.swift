import Foundation
import URITemplates
import Testing

/// Runs every case of the uritemplate-test conformance data (RFC 6570 levels 1–4).
///
/// Data: every *.json in ../shared/uritemplate-test next to the package (or `URITEMPLATE_DIR`), plus
/// every *.json in `URITEMPLATE_EXTRA_DIR` when set. Each file maps group names to
/// `{ "level"?, "variables", "testcases": [[template, expected]] }`; expected is a string, a list of
/// acceptable strings, or false for a template that must be rejected with a position inside it.
@Suite struct URITemplateTests {
    @Test func passesTheURITemplateConformanceSuite() throws {
        let directories = Self.dataDirectories()
        var passed = 0
        var failed = 0
        for directory in directories where !FileManager.default.fileExists(atPath: directory.path) {
            failed += 1
            Issue.record("conformance data directory \(directory.path) does not exist")
        }
        for file in Self.jsonFiles(in: directories) {
            let name = file.lastPathComponent
            let groups: [(String, URITemplateTestJSON)]
            do {
                guard case .object(let pairs) = try URITemplateTestJSON.parse(Data(contentsOf: file)) else {
                    throw URITemplateTestJSON.SyntaxError(offset: 0, message: "top level is not an object")
                }
                groups = pairs
            } catch {
                failed += 1
                Issue.record("\(name): unreadable: \(error)")
                continue
            }
            for (group, body) in groups {
                let variables = Self.variables(body["variables"])
                guard case .array(let cases)? = body["testcases"] else {
                    failed += 1
                    Issue.record("\(name) › \(group): no testcases array")
                    continue
                }
                for testCase in cases {
                    guard case .array(let pair) = testCase, pair.count == 2, case .string(let template) = pair[0] else {
                        failed += 1
                        Issue.record("\(name) › \(group): malformed test case")
                        continue
                    }
                    if let problem = Self.check(template, expected: pair[1], variables: variables) {
                        failed += 1
                        Issue.record("""
                            \(name) › \(group) › \(template)
                              expected: \(Self.describe(pair[1]))
                              got:      \(problem)
                            """)
                    } else {
                        passed += 1
                    }
                }
            }
        }
        print("uritemplate: \(passed) passed, \(failed) failed")
        if passed + failed == 0 {
            Issue.record("no URI Template conformance data found in \(directories.map(\.path))")
        }
    }

    /// nil when the case passes, otherwise what happened instead.
    static func check(
        _ template: String, expected: URITemplateTestJSON, variables: [String: URITemplate.Value]
    ) -> String? {
        let acceptable: [String]
        switch expected {
        case .bool(false): return checkRejected(template, variables: variables)
        case .string(let text): acceptable = [text]
        case .array(let items): acceptable = items.compactMap { if case .string(let text) = $0 { text } else { nil } }
        default: return "unsupported expectation"
        }
        do throws(URITemplateError) {
            let result = try URITemplate(template).expand(variables)
            return acceptable.contains(result) ? nil : "\"\(result)\""
        } catch {
            return "error: \(error)"
        }
    }

    /// A rejected template must fail to parse or to expand, pointing inside the template.
    static func checkRejected(_ template: String, variables: [String: URITemplate.Value]) -> String? {
        do throws(URITemplateError) {
            let result = try URITemplate(template).expand(variables)
            return "accepted, expanded to \"\(result)\""
        } catch {
            let length = template.unicodeScalars.count
            return (0...length).contains(error.position) ? nil : "error outside the template (\(error))"
        }
    }

    static func variables(_ json: URITemplateTestJSON?) -> [String: URITemplate.Value] {
        guard case .object(let pairs)? = json else { return [:] }
        var variables: [String: URITemplate.Value] = [:]
        for (name, value) in pairs {
            variables[name] = URITemplate.Value(any: value.anyValue)  // null stays undefined
        }
        return variables
    }

    static func describe(_ expected: URITemplateTestJSON) -> String {
        switch expected {
        case .bool(false): "an error (template must be rejected)"
        case .string(let text): "\"\(text)\""
        case .array(let items): "one of " + items.map(describe).joined(separator: ", ")
        default: "\(expected)"
        }
    }

    static func dataDirectories() -> [URL] {
        let environment = ProcessInfo.processInfo.environment
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // HTTPParsingTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // the package
        var directories = [
            environment["URITEMPLATE_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
                ?? packageRoot.appendingPathComponent("../shared/uritemplate-test").standardizedFileURL,
        ]
        if let extra = environment["URITEMPLATE_EXTRA_DIR"], !extra.isEmpty {
            directories.append(URL(fileURLWithPath: extra))
        }
        return directories
    }

    /// Sorted *.json files, each once even when the two directories are the same.
    static func jsonFiles(in directories: [URL]) -> [URL] {
        var seen = Set<String>()
        var files: [URL] = []
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                let file = directory.appendingPathComponent(name).standardizedFileURL
                if seen.insert(file.path).inserted { files.append(file) }
            }
        }
        return files
    }
}
