import TUICore

extension ResponsePane {
    /// Columns Left and Right move by.
    static let sideStep = 8

    public mutating func handle(_ key: Key) -> Outcome {
        if searchField != nil { return handleSearchField(key) }
        if filter?.isEditing == true { return handleFilterField(key) }
        if stream?.rowFilter?.isEditing == true, tab == .body { return handleRowFilterField(key) }
        if case .mouse(let mouse) = key {
            switch mouse.action {
            case .wheelUp: scroll(by: -3)
            case .wheelDown: scroll(by: 3)
            case .press: return .ignored
            }
            return .handled
        }
        if let outcome = handleStreamKey(key) { return outcome }
        let hadMessage = message != nil
        message = nil
        let page = max(1, bodyRows(height: viewportHeight) - 1)
        switch key {
        case .up, .character("k"): scroll(by: -1)
        case .down, .character("j"): scroll(by: 1)
        case .pageUp: scroll(by: -page)
        case .pageDown, .character(" "): scroll(by: page)
        case .home, .character("g"):
            if tab == .headers { headerTop = 0 } else { topLine = 0; column = 0; followsEnd = false }
        case .end, .character("G"):
            if tab == .headers { headerTop = maxHeaderTop } else { topLine = maxTopLine(); followsEnd = true }
        case .left: if !wrap, tab == .body { column = max(0, column - Self.sideStep) }
        case .right: if !wrap, tab == .body { column = min(column + Self.sideStep, 1 << 30) }
        case .character("w"): toggleWrap()
        case .character("p"): togglePretty()
        case .character("t"): tab = nextTab
        case .character("/"):
            tab = .body
            searchField = ""
        case .character("f"): return openFilter()
        case .character("n"): findNext(forward: true)
        case .character("N"): findNext(forward: false)
        case .escape:
            if hadMessage { return .handled }
            return closeFilter()
        default: return .ignored
        }
        return .handled
    }

    /// `t`: body, headers, then the checks when the exchange has some.
    var nextTab: Tab {
        switch tab {
        case .body: .headers
        case .headers: checks == nil ? .body : .checks
        case .checks: .body
        }
    }

    /// Mouse wheel and arrows: positive scrolls towards the end.
    public mutating func scroll(by lines: Int) {
        let lines = max(-1 << 30, min(lines, 1 << 30))
        if tab == .checks {
            checksTop = max(0, min(checksTop + lines, (checks?.lines.count ?? 1) - 1))
        } else if tab == .headers {
            headerTop = max(0, min(headerTop + lines, maxHeaderTop))
        } else {
            topLine = max(0, min(topLine + lines, maxTopLine()))
            followsEnd = false
        }
    }

    /// Long lines wrap into rows, or stay on one row and scroll sideways.
    public mutating func toggleWrap() {
        wrap.toggle()
        column = 0
        topLine = min(topLine, maxTopLine())
    }

    /// Pretty ↔ raw (hex ↔ raw for binary bodies).
    public mutating func togglePretty() {
        guard let document else { return }
        let alternate = document.availableLayouts.first { $0 != document.layout }
        guard let alternate else {
            message = "plain text has no other layout"
            return
        }
        prefersRaw = alternate == .raw
        self.document = document.switching(to: alternate)
        // Line numbers differ between layouts: start from the top, keep the match off.
        topLine = followsEnd ? maxTopLine() : 0
        column = 0
        matchLine = nil
    }

    // MARK: Geometry shared with render

    /// Rows left for the body (or the headers) in an inside of `height` rows: below the
    /// status row and the tabs row, above the hint row (and the filter line while filtering),
    /// as far as there is room.
    func bodyRows(height: Int) -> Int {
        switch height {
        case ..<2: 0
        case 2, 3: 1
        case 5... where filter != nil: height - 4  // the filter line above the bottom row
        default: height - 3
        }
    }

    /// The last top line that still fills `rows` body rows `width` wide (the viewport's by
    /// default), wrapped lines counted as the rows they take.
    func maxTopLine(width: Int? = nil, rows: Int? = nil) -> Int {
        guard let document else { return 0 }
        let rows = max(1, rows ?? bodyRows(height: viewportHeight))
        let count = document.lineCount
        guard wrap else { return max(0, count - rows) }
        let width = max(1, width ?? viewportWidth)
        let first = max(0, count - rows)
        let lines = document.lines(first..<count, maxColumns: width * Self.maxWrapRows)
        var used = 0, top = count
        for (offset, line) in lines.enumerated().reversed() {
            used += BodyWrap.rowCount(line, width: width, maxRows: Self.maxWrapRows)
            if used > rows { break }
            top = first + offset
        }
        return min(top, max(0, count - 1))
    }

    var maxHeaderTop: Int {
        max(0, (summary?.headers.count ?? 0) - max(1, bodyRows(height: viewportHeight)))
    }

    /// A logical line takes at most this many rows when wrapped.
    static let maxWrapRows = 200
}
