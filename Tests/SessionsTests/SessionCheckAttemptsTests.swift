import Foundation
@testable import Sessions
import Testing

/// `check: { attempts: false }` (SPEC §5): read, written back, merged with the session's check,
/// and refused with file, line and key when it is not a boolean.
@Suite struct SessionCheckAttemptsTests {
    private let yaml = """
        version: 1
        profile: { name: demo }
        check: { headers: ["Content-Type", "ETag"], ignore: ["$.id"] }
        exchanges:
          - name: flaky by nature
            request: { method: GET, url: flaky/2 }
            check: { attempts: false }
          - request: { method: GET, url: json/1 }
        """

    @Test func anExchangeMayOptOutOfComparingAttempts() throws {
        let session = try SessionReader.read(yaml, file: "s.yaml")
        #expect(session.check.attempts == nil)
        #expect(session.check.comparesAttempts)
        let flaky = session.exchanges[0]
        #expect(flaky.check?.attempts == false)
        // Saying only `attempts` keeps the session's headers and ignore patterns.
        #expect(flaky.effectiveCheck(in: session.check) == Session.Check(headers: ["Content-Type", "ETag"], ignore: ["$.id"], attempts: false))
        #expect(!flaky.effectiveCheck(in: session.check).comparesAttempts)
        #expect(session.exchanges[1].effectiveCheck(in: session.check).comparesAttempts)
    }

    @Test func theOptOutSurvivesARoundTrip() throws {
        let session = try SessionReader.read(yaml, file: "s.yaml")
        let written = SessionWriter.yaml(session)
        #expect(written.contains("    check:\n      headers: [\"Content-Type\", \"ETag\"]\n      ignore: []\n      attempts: false\n"))
        let read = try SessionReader.read(written, file: "s.yaml")
        #expect(read == session)
        #expect(SessionWriter.yaml(read) == written)
    }

    @Test func aSessionWideOptOutAppliesUnlessAnExchangeSaysOtherwise() throws {
        let text = yaml.replacingOccurrences(of: #"ignore: ["$.id"] }"#, with: #"ignore: ["$.id"], attempts: false }"#)
            .replacingOccurrences(of: "check: { attempts: false }", with: "check: { attempts: true }")
        let session = try SessionReader.read(text, file: "s.yaml")
        #expect(session.exchanges[0].effectiveCheck(in: session.check).comparesAttempts)
        #expect(!session.exchanges[1].effectiveCheck(in: session.check).comparesAttempts)
        #expect(try SessionReader.read(SessionWriter.yaml(session), file: "s.yaml") == session)
    }

    @Test func aValueThatIsNotABooleanIsNamed() {
        let text = yaml.replacingOccurrences(of: "check: { attempts: false }", with: "check: { attempts: sometimes }")
        do {
            _ = try SessionReader.read(text, file: "bad.yaml")
            Issue.record("a non-boolean attempts was accepted")
        } catch {
            #expect(error.description == #"bad.yaml:7:24: exchanges[0].check.attempts: expected true or false, found "sometimes""#)
        }
        let unknown = yaml.replacingOccurrences(of: "check: { attempts: false }", with: "check: { attempt: false }")
        do {
            _ = try SessionReader.read(unknown, file: "bad.yaml")
            Issue.record("an unknown check key was accepted")
        } catch {
            #expect(error.description == "bad.yaml:7:14: exchanges[0].check.attempt: unknown key (known here: headers, ignore, attempts)")
        }
    }
}
