import Testing
import TUICore
@testable import ExplorerApp

@Suite struct ListOverlayTests {
    func list(_ count: Int) -> ListOverlay {
        ListOverlay(title: "Things", hint: "Enter pick · Esc", rows: (1...count).map { ListOverlay.Row("item \($0)", detail: "d\($0)") })
    }

    func render(_ list: ListOverlay, width: Int = 80, height: Int = 23) -> [String] {
        var screen = Screen(width: width, height: height)
        list.render(into: &screen, bounds: Rect(row: 0, column: 0, width: width, height: height))
        return screen.lines
    }

    @Test func movesPagesAndStaysInside() {
        var overlay = list(40)
        overlay.fit(Rect(row: 0, column: 0, width: 80, height: 23))
        #expect(overlay.handle(.up) == .handled && overlay.selection == 0)
        _ = overlay.handle(.pageDown)
        #expect(overlay.selection == 16)
        _ = overlay.handle(.end)
        #expect(overlay.selection == 39)
        _ = overlay.handle(.down)
        #expect(overlay.selection == 39)
        _ = overlay.handle(.mouse(Mouse(.wheelUp, row: 3, column: 3)))
        #expect(overlay.selection == 36)
        _ = overlay.handle(.home)
        #expect(overlay.handle(.enter) == .choose(0))
        #expect(overlay.handle(.character("x")) == .key(.character("x"), 0))
        #expect(overlay.handle(.escape) == .close)
    }

    @Test func theSelectionIsReversedAndScrolledIntoView() {
        var overlay = list(40)
        _ = overlay.handle(.end)
        let lines = render(overlay)
        #expect(lines.contains { $0.contains("item 40  d40") })
        #expect(!lines.contains { $0.contains("item 1  d1") })
        #expect(lines.contains { $0.contains(" 40/40 ") })
        #expect(lines.contains { $0.contains("Enter pick · Esc") })
    }

    @Test func anEmptyListSaysSoAndEnterDoesNothing() {
        var overlay = ListOverlay(title: "T", hint: "h", rows: [], empty: "nothing here")
        #expect(overlay.handle(.enter) == .handled)
        #expect(overlay.handle(.character("d")) == .key(.character("d"), nil))
        #expect(render(overlay).contains { $0.contains("nothing here") })
    }

    @Test func replacingRowsKeepsTheSelectionInside() {
        var overlay = list(10)
        _ = overlay.handle(.end)
        overlay.replaceRows([ListOverlay.Row("only")])
        #expect(overlay.selection == 0)
        #expect(overlay.selectedRow == 0)
    }

    @Test(arguments: [(20, 6), (10, 3), (0, 0), (50, 15)])
    func tinyBoundsDrawNothingOrFit(size: (Int, Int)) {
        let lines = render(list(5), width: size.0, height: size.1)
        for line in lines { #expect(CellWidth.of(line) <= size.0) }
    }
}

@Suite struct DialogsAtTheMinimumSizeTests {
    typealias F = AppFixture

    @Test func promptsConfirmsAndTheFormFitAt50x16() {
        var state = F.state(width: 50, height: 16)
        _ = state.update(.profilesListed(["staging"]), now: 1)
        F.press(.function(2), .down, .character("c"), into: &state)
        #expect(F.lines(state).contains { $0.contains("New name: staging-copy") })
        F.press(.escape, .function(2), .down, .character("d"), into: &state)
        #expect(F.joined(state).contains("Delete profile staging"))
        F.press(.escape, .control("s"), into: &state)
        #expect(F.lines(state).contains { $0.contains("Name:") })
        for line in F.lines(state) { #expect(CellWidth.of(line) <= 50) }
    }
}
