import TUICore

/// The bottom line: what is happening (a message, the exchange in flight) on the left, the keys
/// that matter now on the right.
struct StatusBar {
    let state: AppState
    let now: Double

    static let bar = Style(reverse: true)

    var status: [Span] {
        if let message = state.message {
            return [Span(" " + message.text + " ", message.isError ? Style(foreground: .red, bold: true, reverse: true) : Self.bar)]
        }
        if let exchange = state.exchanges.inFlight {
            let elapsed = String(format: "%.1f s", now - exchange.startedAt)
            if exchange.cancelRequested { return [Span(" cancelling #\(exchange.id)… ", Self.bar)] }
            if state.timeline.pendingWait != nil {
                return [Span(" #\(exchange.id) waiting to retry · \(elapsed) · Ctrl+G skips, Esc cancels ", Self.bar)]
            }
            if let file = state.requestFile, file.isRunning {
                let done = file.runOutcomes.count + 1, all = file.runOutcomes.count + 1 + file.runQueue.count
                return [Span(" run \(done)/\(all) · #\(exchange.id) in flight · \(elapsed) · Esc stops the run ", Self.bar)]
            }
            return [Span(" #\(exchange.id) in flight · \(elapsed) · Esc cancels ", Self.bar)]
        }
        if let waiting = state.exchanges.pendingStatus { return [Span(" " + waiting + " ", Self.bar)] }
        return []
    }

    var hints: String {
        switch state.focus {
        case .request where state.requestFile != nil: "Enter send · F7 run all · F8 vars · Ctrl+F requests · F1 help"
        case .request: "Enter send · Tab pane · F1 help · Ctrl+P commands · Ctrl+Q quit"
        case .headers: "a add · Enter edit · Space on/off · d delete · F1 help"
        case .body: "Ctrl+T kind · Ctrl+E $EDITOR · Ctrl+R send · F1 help"
        case .response: "/ search · f filter · w wrap · p pretty · t tab · c compare · ? help"
        case .timeline: "↑↓ scroll · End follow · Ctrl+R send · ? help"
        }
    }

    /// The active profile, on the left when nothing else is: the one place an overlay never covers.
    var profileBadge: [Span] {
        [Span(" \(state.profiles.name) ", Style(bold: true, reverse: true))] + tokenCountdown
    }

    /// `token 37 s`, `token expired`: the OAuth 2.0 token's life left (SPEC §11).
    var tokenCountdown: [Span] {
        guard let expiresAt = state.tokenExpiresAt else { return [] }
        let left = Int((expiresAt - now).rounded(.down))
        return [Span(left > 0 ? " token \(left) s " : " token expired ", Self.bar)]
    }

    func render(into screen: inout Screen, area: Rect) {
        screen.fill(area, style: Self.bar)
        var status = status
        if status.isEmpty, CellWidth.of(profileBadge.map(\.text).joined()) + CellWidth.of(" " + hints + " ") <= area.width {
            status = profileBadge
        }
        let used = screen.put(status, row: area.row, column: area.column, limit: area.width)
        let hints = " " + hints + " "
        let room = area.width - used
        let hintWidth = CellWidth.of(hints)
        if room >= hintWidth {
            screen.put(hints, row: area.row, column: area.column + area.width - hintWidth, style: Self.bar)
        } else if used == 0 {
            screen.put(hints, row: area.row, column: area.column, style: Self.bar, limit: area.width)
        }
    }
}
