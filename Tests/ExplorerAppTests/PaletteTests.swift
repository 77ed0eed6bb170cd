import Testing
import TUICore
@testable import ExplorerApp

@Suite struct PaletteTests {
    func render(_ palette: Palette, width: Int = 80, height: Int = 23) -> [String] {
        var screen = Screen(width: width, height: height)
        palette.render(into: &screen, bounds: Rect(row: 0, column: 0, width: width, height: height))
        return screen.lines
    }

    func type(_ text: String, into palette: inout Palette) {
        for character in text { _ = palette.handle(.character(character)) }
    }

    @Test func everyCommandInOrder() {
        let palette = Palette(profiles: ["demo", "staging"])
        #expect(palette.matches.map(\.title) == [
            "Send the request", "Cancel the exchange in flight", "Skip the retry wait", "Response: pretty / raw",
            "Response: wrap long lines", "Response: filter the JSON body with a JSONPath (f)", "Copy the response body (OSC 52)", "Copy the request as curl (OSC 52, secrets redacted)",
            "Compare the response with its recording or the previous one (c)",
            "Save the request under a name (Ctrl+S)", "Saved requests: find, open, rename, delete (Ctrl+F)",
            "Import a file: OpenAPI/Swagger, Postman, Insomnia, .http (Ctrl+O)",
            "Profiles: switch, new, edit, duplicate, delete (F2)", "Switch profile: demo", "Switch profile: staging",
            "History of this profile (F3)", "Session: browse the opened session's exchanges (F4)",
            "Session: save what was sent as sessions/NAME.yaml (F6)", "Session: keep secrets in this session (toggle)",
            "Help: every key binding", "Quit",
        ])
    }

    @Test func typingFiltersByEveryWordIgnoringCase() {
        var palette = Palette(profiles: ["demo"])
        type("COPY curl", into: &palette)
        #expect(palette.matches == [.copyAsCurl])
        #expect(palette.handle(.enter) == .run(.copyAsCurl))
        _ = palette.handle(.control("u"))
        for _ in 0..<9 { _ = palette.handle(.backspace) }
        #expect(palette.query.isEmpty)
        _ = palette.handle(.paste("resp\nonse"))
        #expect(palette.query == "response")
        #expect(palette.matches.count == 5)
    }

    @Test func selectionStaysInsideTheMatches() {
        var palette = Palette(profiles: ["demo"])
        _ = palette.handle(.up)
        #expect(palette.selection == 0)
        for _ in 0..<30 { _ = palette.handle(.down) }
        #expect(palette.selection == palette.commands.count - 1)
        #expect(palette.handle(.enter) == .run(.quit))
        type("wrap", into: &palette)
        #expect(palette.selection == 0)
        _ = palette.handle(.down)
        #expect(palette.selection == 0)
        type("zz", into: &palette)
        #expect(palette.handle(.enter) == .handled)
        #expect(palette.handle(.escape) == .close)
        #expect(palette.handle(.control("p")) == .close)
    }

    @Test func renderShowsTheQueryAndTheSelectionReversed() {
        var palette = Palette(profiles: ["demo"])
        type("res", into: &palette)
        _ = palette.handle(.down)
        var screen = Screen(width: 80, height: 23)
        palette.render(into: &screen, bounds: Rect(row: 0, column: 0, width: 80, height: 23))
        let lines = screen.lines
        #expect(lines[1].contains("┌ Commands — Enter runs, Esc closes"))
        #expect(lines[2].contains("│ › res"))
        #expect(lines[4].contains("Response: pretty / raw"))
        #expect(lines[5].contains("Response: wrap long lines"))
        let row5 = lines[5]
        let column = row5.distance(from: row5.startIndex, to: row5.range(of: "Response: wrap")!.lowerBound)
        #expect(screen[5, column].style.reverse)
        // The box is 64 wide from column 8; the query starts after "│ › " and has 3 characters.
        #expect(screen.cursor == Screen.Cursor(row: 2, column: 9 + 3 + 3))
    }

    @Test func aLongListScrollsWithTheSelectionAtTheMinimumSize() {
        var palette = Palette(profiles: ["demo"])
        for _ in 0..<(palette.commands.count - 1) { _ = palette.handle(.down) }
        let lines = render(palette, width: 50, height: 15)
        #expect(lines.contains { $0.contains("Quit") })
        #expect(!lines.contains { $0.contains("Send the request") })
    }

    @Test(arguments: [(0, 0), (1, 1), (23, 6), (24, 7)])
    func tinyBoundsDoNotCrash(size: (Int, Int)) {
        var palette = Palette(profiles: ["demo"])
        type("x", into: &palette)
        _ = render(palette, width: size.0, height: size.1)
    }
}
