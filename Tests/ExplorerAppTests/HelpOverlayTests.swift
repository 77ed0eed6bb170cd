import Testing
import TUICore
@testable import ExplorerApp

/// The help overlay lists every binding of `KeyBindings`, whole, at any size it opens at.
@Suite struct HelpOverlayTests {
    func render(_ help: HelpOverlay, width: Int, height: Int) -> [String] {
        var screen = Screen(width: width, height: height)
        help.render(into: &screen, bounds: Rect(row: 0, column: 0, width: width, height: height - 1))
        return screen.lines
    }

    /// The text inside the overlay's frame, scrolled from the top to the end with Down.
    func everyLine(width: Int, height: Int) -> [String] {
        var help = HelpOverlay()
        var seen: [String] = []
        for _ in 0..<400 {
            let lines = render(help, width: width, height: height)
            for line in lines.dropFirst(2).dropLast(2) {
                var inner = line.drop { $0 != "│" }.dropFirst()
                if let end = inner.lastIndex(of: "│") { inner = inner[..<end] }
                seen.append(String(inner))
            }
            _ = help.handle(.down)
        }
        return seen
    }

    /// Every word of every binding and of every section title, in the order of the table.
    @Test(arguments: [(80, 24), (50, 16), (200, 50), (120, 30)])
    func everyBindingIsOnScreenWhenScrolledThrough(size: (Int, Int)) {
        let text = everyLine(width: size.0, height: size.1).joined(separator: " ")
        let words = text.split(separator: " ").map(String.init)
        for section in KeyBindings.sections {
            #expect(words.contains(section.title))
            for binding in section.bindings {
                // Each binding's keys and action, word by word and in order, somewhere in the text.
                let expected = (binding.keys + " " + binding.action).split(separator: " ").map(String.init)
                #expect(containsInOrder(words, expected), "\(binding.keys) — \(binding.action) at \(size)")
            }
        }
    }

    func containsInOrder(_ words: [String], _ expected: [String]) -> Bool {
        guard let first = expected.first else { return true }
        for start in words.indices where words[start] == first {
            if start + expected.count <= words.count, Array(words[start..<(start + expected.count)]) == expected { return true }
        }
        return false
    }

    @Test func theSPECKeysAreListedByTheirNames() {
        let keys = KeyBindings.sections.flatMap(\.bindings).map(\.keys)
        #expect(keys.contains("Enter in the URL line, Ctrl+R, F5"))
        #expect(keys.contains("Tab / Shift+Tab"))
        #expect(keys.contains("Esc"))
        #expect(keys.contains("F1, ? outside text fields"))
        #expect(keys.contains("Ctrl+Q"))
    }

    @Test func keysThePanesAnswerToAreListed() {
        func keys(_ section: String) -> [String] {
            KeyBindings.sections.first { $0.title == section }?.bindings.map(\.keys) ?? []
        }
        #expect(keys("Request").contains("Up / Down, Ctrl+T"))
        #expect(keys("Headers").contains("paste"))
        #expect(keys("Response").contains("Esc"))
        #expect(keys("Timeline").contains("Space, s"))
        #expect(KeyBindings.sections.map(\.title) == ["Everywhere", "Profiles", "Sessions", "Saved", "Variables", "Parameters", "Request", "Headers", "Body", "Response", "Timeline"])
    }

    @Test func at80x24TheFirstScreen() {
        let lines = render(HelpOverlay(), width: 80, height: 24)
        #expect(lines[0].isEmpty)
        #expect(lines[1].hasPrefix(" ┌ Help — Esc, F1 or ? to close ─"))
        #expect(lines[2] == " │ Everywhere" + String(repeating: " ", count: 65) + "│")
        #expect(lines[3].hasPrefix(" │   Enter in the URL line, Ctrl+R, F5 send"))
        #expect(lines[21].hasPrefix(" └─"))
        // "1–19 of N": N grows with the table.
        #expect(lines[21].hasSuffix(" 1–19 of \(HelpOverlay.lines(width: 76).count) ↑↓ ─┘"))
        #expect(lines[22].isEmpty && lines[23].isEmpty)
    }

    @Test func scrollingStopsAtTheEndAndComesBackAtOnce() {
        let bounds = Rect(row: 0, column: 0, width: 80, height: 23)
        var help = HelpOverlay()
        func press(_ key: Key, _ times: Int = 1) {
            for _ in 0..<times {
                _ = help.handle(key)
                help.fit(bounds)
            }
        }
        let top = render(help, width: 80, height: 24)
        press(.down, 300)
        let end = render(help, width: 80, height: 24)
        #expect(end != top)
        #expect(end[20].hasPrefix(" │   Space, s                          skip the current retry wait"))
        press(.up)
        #expect(render(help, width: 80, height: 24) != end)
        press(.home)
        #expect(render(help, width: 80, height: 24) == top)
        press(.end)
        #expect(render(help, width: 80, height: 24) == end)
        press(.pageDown, 100)
        press(.pageUp)
        #expect(render(help, width: 80, height: 24) != end)
        press(.pageUp, 20)
        #expect(help.scroll == 0)
    }

    @Test func fittingToTinyBoundsLeavesTheScrollAlone() {
        var help = HelpOverlay()
        _ = help.handle(.pageDown)
        help.fit(Rect(row: 0, column: 0, width: 3, height: 3))
        #expect(help.scroll == 10)
    }

    @Test func longActionsWrapUnderTheirColumn() {
        let lines = render(HelpOverlay(), width: 80, height: 24)
        #expect(lines[5] == " │   Esc                               cancel the exchange in flight, a       │")
        #expect(lines[6] == " │                                     pending retry wait included, or a send │")
        #expect(lines[7] == " │                                     waiting for the profile                │")
        // At the minimum width, keys wider than their column get a line of their own.
        let narrow = render(HelpOverlay(), width: 50, height: 30)
        #expect(narrow[3] == " │   Enter in the URL line, Ctrl+R, F5          │")
        #expect(narrow[4] == " │                        send                  │")
        #expect(narrow[5] == " │   Tab / Shift+Tab      next / previous pane  │")
    }

    @Test func keysThatCloseAndKeysThatScroll() {
        var help = HelpOverlay()
        for key: Key in [.escape, .function(1), .character("?"), .character("q"), .enter] { #expect(help.handle(key) == .close) }
        for key: Key in [.down, .character("j"), .pageDown, .character(" "), .mouse(Mouse(.wheelDown, row: 1, column: 1)), .tab] {
            #expect(help.handle(key) == .handled)
        }
    }

    @Test(arguments: [(0, 0), (1, 1), (20, 5), (21, 7), (50, 3)])
    func tinyBoundsDrawNothingAndDoNotCrash(size: (Int, Int)) {
        var help = HelpOverlay()
        _ = help.handle(.pageDown)
        let lines = render(help, width: size.0, height: size.1)
        #expect(lines.allSatisfy { $0.isEmpty || $0.contains("Help") || $0.contains("│") || $0.contains("─") })
    }
}
