import Testing
import TUICore
@testable import ExplorerApp

@Suite struct LayoutTests {
    @Test func at80x24() {
        let layout = Layout(width: 80, height: 24)
        #expect(!layout.isTooSmall)
        #expect(layout.request == Rect(row: 0, column: 0, width: 80, height: 4))
        #expect(layout.headers == Rect(row: 4, column: 0, width: 32, height: 6))
        #expect(layout.body == Rect(row: 10, column: 0, width: 32, height: 13))
        #expect(layout.response == Rect(row: 4, column: 32, width: 48, height: 11))
        #expect(layout.timeline == Rect(row: 15, column: 32, width: 48, height: 8))
        #expect(layout.statusBar == Rect(row: 23, column: 0, width: 80, height: 1))
    }

    /// The panes and the status bar tile the window: every cell belongs to exactly one, and every
    /// pane keeps room for its frame and a row inside.
    @Test func panesTileTheWindowAtEverySizeFromTheMinimum() {
        for width in stride(from: 50, through: 320, by: 7) {
            for height in stride(from: 16, through: 120, by: 5) {
                let layout = Layout(width: width, height: height)
                #expect(!layout.isTooSmall)
                var owners = Array(repeating: 0, count: width * height)
                for rect in Focus.allCases.map(layout.rect(for:)) + [layout.statusBar] {
                    for row in rect.rows { for column in rect.columns { owners[row * width + column] += 1 } }
                }
                #expect(owners.allSatisfy { $0 == 1 }, "\(width)×\(height)")
                for focus in Focus.allCases {
                    let rect = layout.rect(for: focus)
                    #expect(rect.width >= 12 && rect.height >= 3, "\(focus) at \(width)×\(height): \(rect)")
                }
            }
        }
    }

    @Test func theMinimumSize() {
        #expect(Layout(width: 50, height: 16).isTooSmall == false)
        #expect(Layout(width: 49, height: 16).isTooSmall)
        #expect(Layout(width: 50, height: 15).isTooSmall)
        #expect(Layout(width: 0, height: 0).isTooSmall)
    }

    @Test func wideWindowsGetThreeColumns() {
        let layout = Layout(width: 200, height: 50)
        #expect(layout.response.row == layout.timeline.row)
        #expect(layout.response.height == layout.timeline.height)
        #expect(layout.timeline.column + layout.timeline.width == 200)
        let narrow = Layout(width: 149, height: 50)
        #expect(narrow.timeline.column == narrow.response.column)
    }

    @Test func paneUnderACell() {
        let layout = Layout(width: 80, height: 24)
        #expect(layout.pane(atRow: 0, column: 0) == .request)
        #expect(layout.pane(atRow: 4, column: 31) == .headers)
        #expect(layout.pane(atRow: 4, column: 32) == .response)
        #expect(layout.pane(atRow: 10, column: 0) == .body)
        #expect(layout.pane(atRow: 15, column: 79) == .timeline)
        #expect(layout.pane(atRow: 23, column: 5) == nil)
        #expect(layout.pane(atRow: -1, column: 5) == nil)
        #expect(layout.pane(atRow: 5, column: 80) == nil)
    }

    @Test(arguments: [(0, 0), (1, 1), (-3, -7), (49, 30), (120, 3), (10_000, 2)])
    func tinyAndOddSizesDoNotCrash(size: (Int, Int)) {
        let layout = Layout(width: size.0, height: size.1)
        #expect(layout.isTooSmall)
        _ = layout.pane(atRow: 0, column: 0)
    }
}
