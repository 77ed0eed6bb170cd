import TUICore

/// Where each pane goes for a terminal size. Every pane keeps a place down to the minimum size,
/// so the five titles are on screen from the first frame, at 80×24 too.
public struct Layout: Sendable, Equatable {
    public static let minimumWidth = 50
    public static let minimumHeight = 16

    public let width: Int
    public let height: Int
    public let request: Rect
    public let headers: Rect
    public let body: Rect
    public let response: Rect
    public let timeline: Rect
    public let statusBar: Rect

    /// Whether the window is too small for the panes (a message is shown instead).
    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let contentTop = 4
        let contentHeight = max(0, height - contentTop - 1)
        request = Rect(row: 0, column: 0, width: width, height: contentTop)
        statusBar = Rect(row: height - 1, column: 0, width: width, height: 1)

        // Wide terminals get the timeline as a third column; otherwise it shares the right one.
        let threeColumns = width >= 150
        let leftWidth = threeColumns ? width * 3 / 10 : max(28, width * 2 / 5)
        let headersHeight = max(4, min(9, contentHeight / 3))
        headers = Rect(row: contentTop, column: 0, width: leftWidth, height: headersHeight)
        body = Rect(row: contentTop + headersHeight, column: 0, width: leftWidth, height: contentHeight - headersHeight)
        if threeColumns {
            let timelineWidth = width * 3 / 10
            let responseWidth = width - leftWidth - timelineWidth
            response = Rect(row: contentTop, column: leftWidth, width: responseWidth, height: contentHeight)
            timeline = Rect(row: contentTop, column: leftWidth + responseWidth, width: timelineWidth, height: contentHeight)
        } else {
            let responseHeight = (contentHeight * 11 + 19) / 20
            response = Rect(row: contentTop, column: leftWidth, width: width - leftWidth, height: responseHeight)
            timeline = Rect(row: contentTop + responseHeight, column: leftWidth, width: width - leftWidth,
                            height: contentHeight - responseHeight)
        }
    }

    public func rect(for focus: Focus) -> Rect {
        switch focus {
        case .request: request
        case .headers: headers
        case .body: body
        case .response: response
        case .timeline: timeline
        }
    }

    /// The pane under a screen cell, for mouse clicks and the wheel.
    public func pane(atRow row: Int, column: Int) -> Focus? {
        Focus.allCases.first { focus in
            let rect = rect(for: focus)
            return rect.rows.contains(row) && rect.columns.contains(column)
        }
    }
}
