import ClientCore
import Foundation
import Testing
import TUICore
@testable import ExplorerApp

/// What the loop posts back after running an effect ($EDITOR, the clipboard, curl), and a
/// hostile response body reaching the screen.
@Suite struct AppStateEffectsTests {
    typealias F = AppFixture

    @Test func ctrlEInTheBodyOpensTheEditorWithItsText() {
        var state = F.state()
        F.press(.tab, .tab, into: &state)
        F.type("{}", into: &state)
        #expect(F.press(.control("e"), into: &state) == [.openEditor("{}")])
    }

    @Test func editorFinishedReplacesTheBody() {
        var state = F.state()
        _ = state.update(.editorFinished("{\n  \"from\": \"vim\"\n}"), now: 1)
        #expect(state.body.text == "{\n  \"from\": \"vim\"\n}")
        #expect(state.body.kind == .json)
        #expect(state.draft.body == .json("{\n  \"from\": \"vim\"\n}"))
        let inside = F.inside(.body, of: state)
        #expect(inside[0...2] == ["{", "  \"from\": \"vim\"", "}"])
        #expect(F.lines(state).contains { $0.contains("┌ Body · JSON ✓") })
        // It counts as an edit.
        F.press(.control("q"), into: &state)
        #expect(state.overlay == .confirmQuit)
    }

    @Test func terminateQuitsWithoutAskingEvenWithUnsavedWork() {
        var state = F.state()
        F.press(.tab, .tab, into: &state)
        F.type("{}", into: &state)
        #expect(state.hasUnsavedWork)
        #expect(state.update(.terminate, now: 1) == [.quit])
        #expect(state.wantsQuit)
        #expect(state.overlay == nil)
    }

    @Test func editorFailedSaysWhy() {
        var state = F.state()
        _ = state.update(.editorFailed("$EDITOR (nano) exited with status 1"), now: 1)
        #expect(F.lines(state).last?.contains("$EDITOR (nano) exited with status 1") == true)
        #expect(state.message?.isError == true)
        #expect(state.body.text.isEmpty)
    }

    @Test func curlReadyBecomesACopy() {
        var state = F.state()
        let effects = state.update(.curlReady("curl http://127.0.0.1:41059/json/2"), now: 1)
        #expect(effects == [.copy("curl http://127.0.0.1:41059/json/2", label: "curl command")])
    }

    @Test func clipboardWrittenAndRefusedShowOnTheStatusBar() {
        var state = F.state()
        _ = state.update(.clipboardWritten(label: "curl command"), now: 1)
        #expect(F.lines(state, now: 1).last?.hasPrefix(" curl command copied to the clipboard (OSC 52)") == true)
        #expect(state.message?.isError == false)
        _ = state.update(.clipboardRefused(label: "response body", reason: "too large for OSC 52 (over 100 KB)"), now: 2)
        let bar = F.lines(state, now: 2).last ?? ""
        #expect(bar.hasPrefix(" response body not copied: too large for OSC 52 (over 100 KB)"))
        #expect(state.message?.isError == true)
        let screen = state.render(now: 2)
        #expect(screen[23, 1].style.foreground == .red)
        // The message goes after its time.
        _ = state.update(.tick, now: 9)
        #expect(F.lines(state, now: 9).last?.contains("not copied") == false)
    }

    @Test func aResponseFullOfEscapeSequencesStaysInert() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mred\u{1B}[0m\r\n\u{9B}6n\u{7F}\u{08}\u{85}tail end\u{202E}rtl"
        let summary = ResponseSummary(status: 200, httpVersion: "HTTP/1.1", elapsedMs: 5, bytes: hostile.utf8.count,
                                      contentType: "text/plain", headers: [ResponseSummary.Header("X-\u{1B}[2J", "v\u{1B}]0;t\u{07}")])
        _ = state.update(.responseReceived(id, summary, BodyDocument.open(data: Data(hostile.utf8), contentType: "text/plain")), now: 2)
        _ = state.update(.client(TimelineFixture.event(id.value, 1, .attemptStarted(attempt: 1, method: "GET", url: F.base + "/ansi\u{1B}[2J"))),
                         now: 2)
        _ = state.update(.client(TimelineFixture.event(id.value, 2, .exchangeFailed(attempts: 1, error: .init(kind: "x\u{1B}[1m", message: "m\u{9B}\u{07}")))),
                         now: 2)
        _ = state.update(.exchangeEnded(id, failure: "bad\u{1B}[2Jthing\r\n", cancelled: false), now: 2)
        func expectInert(_ state: AppState) {
            let lines = F.lines(state, now: 2)
            for line in lines {
                let bad = line.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
                #expect(bad.isEmpty, "\(line.debugDescription)")
            }
            // The frames are intact: the title row still starts with the frame.
            #expect(lines[0].hasPrefix("┌ Request ─"))
        }
        expectInert(state)
        // Shown as text, every control as a visible stand-in.
        #expect(F.inside(.response, of: state, now: 2)[2] == "␛]0;pwned␇␛[2J␛[31mred␛[0m")
        // A NUL makes it binary: a hex dump.
        let binary = Data("\u{1B}[2J\u{0}x".utf8)
        var hex = F.state()
        let hexID = F.send(readyIndex: 0, in: &hex)!
        _ = hex.update(.responseReceived(hexID, summary, BodyDocument.open(data: binary, contentType: "text/plain")), now: 2)
        expectInert(hex)
        #expect(F.inside(.response, of: hex, now: 2)[2].hasPrefix("00000000  1b 5b 32 4a 00 78"))
        F.press(.tab, .tab, .tab, .character("t"), into: &state)  // the headers tab
        expectInert(state)
        F.press(.character("t"), .character("p"), .character("w"), into: &state)
        expectInert(state)
    }

    @Test func aBodyIndexedLaterReplacesTheFirstScreen() {
        var state = F.state()
        let id = F.send(readyIndex: 0, in: &state)!
        let body = "[" + (1...20_000).map { "\($0)" }.joined(separator: ",") + "]"
        let opened = BodyDocument.open(data: Data(body.utf8), contentType: "application/json")
        _ = state.update(.responseReceived(id, F.summary(bytes: body.utf8.count), opened), now: 2)
        if !opened.isComplete {
            _ = state.update(.bodyIndexing(id, fraction: 0.5), now: 2)
            #expect(F.inside(.response, of: state, now: 2)[1].contains("indexing 50%"))
        }
        _ = state.update(.bodyIndexed(id, opened.indexed()), now: 2)
        _ = state.update(.exchangeEnded(id, failure: nil, cancelled: false), now: 2)
        F.press(.tab, .tab, .tab, .end, into: &state)
        let inside = F.inside(.response, of: state, now: 2)
        #expect(inside.contains("  20000"))
        #expect(inside.contains("]"))
    }
}
