import ClientEvents
import TUICore

/// What an OAuth 2.0 grant in progress needs the user to do (SPEC §11), over the panes: the
/// device grant's code and where to enter it, or the authorization URL to open. The grant goes
/// on waiting whether it is shown or not; `c` and `u` copy (OSC 52), Esc hides it.
public struct AuthOverlay: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        case device(ClientEvent.DeviceCodeReport)
        case authorize(url: String)
    }

    public var step: Step
    /// When it was told (the app's clock), for the device code's countdown.
    public var shownAt: Double

    public enum Outcome: Sendable, Equatable {
        case handled
        case close
        case copy(String, label: String)
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch (key, step) {
        case (.character("c"), .device(let device)): return .copy(device.userCode, label: "user code")
        case (.character("c"), .authorize(let url)), (.character("u"), .authorize(let url)): return .copy(url, label: "authorization URL")
        case (.character("u"), .device(let device)): return .copy(device.verificationURIComplete ?? device.verificationURI, label: "verification URL")
        case (.escape, _), (.enter, _), (.character("q"), _): return .close
        default: return .handled
        }
    }

    /// The lines inside the box, for an inner width (hostile text made inert by `TerminalText`).
    func lines(now: Double) -> [[Span]] {
        let emphasis = Style(foreground: .cyan, bold: true)
        switch step {
        case .device(let device):
            let left = max(0, device.expiresIn - Int(now - shownAt))
            var lines: [[Span]] = [[Span("Open  "), Span(TerminalText.sanitize(device.verificationURI), emphasis)],
                                   [Span("and enter the code  "), Span(TerminalText.sanitize(device.userCode), Style(bold: true, reverse: true))]]
            if let complete = device.verificationURIComplete {
                lines.append([Span("or open  "), Span(TerminalText.sanitize(complete), emphasis)])
            }
            lines += [[], [Span("The code expires in \(left) s; explorer polls every \(device.interval) s.", Style(dim: true))],
                      [Span("c copy the code · u copy the URL · Esc hide (the grant keeps waiting)", Style(dim: true))]]
            return lines
        case .authorize(let url):
            return [[Span("Sign in in your browser; if it did not open, open:")], [Span(TerminalText.sanitize(url), emphasis)], [],
                    [Span("c copy the URL · Esc hide (explorer keeps waiting for the redirect)", Style(dim: true))]]
        }
    }

    public func render(into screen: inout Screen, bounds: Rect, now: Double) {
        let width = min(bounds.width - 2, 100)
        let lines = lines(now: now)
        // The URL may be long: its line wraps onto the ones below when the box is narrow.
        let wrapped = lines.flatMap { line -> [[Span]] in
            let text = line.map(\.text).joined()
            guard CellWidth.of(text) > width - 4, line.count <= 2 else { return [line] }
            return CellWidth.wrap(text, width: max(8, width - 4)).map { [Span($0, line.last?.style ?? Style())] }
        }
        let height = min(bounds.height - 2, wrapped.count + 2)
        guard width >= 20, height >= 4 else { return }
        let rect = Rect(row: bounds.row + max(1, (bounds.height - height) / 2), column: bounds.column + (bounds.width - width) / 2,
                        width: width, height: height)
        screen.fill(rect, style: Style())
        let title = if case .device = step { "Sign in — OAuth 2.0 device code" } else { "Sign in — OAuth 2.0 authorization code" }
        let inner = PaneFrame.draw(title, in: rect, focused: true, on: &screen)
        for (offset, line) in wrapped.prefix(inner.height).enumerated() {
            screen.put(line, row: inner.row + offset, column: inner.column + 1, limit: inner.width - 1)
        }
    }
}
