import TUICore

/// The command palette (Ctrl+P): type to filter, Up/Down to choose, Enter to run.
public struct Palette: Sendable, Equatable {
    public enum Command: Sendable, Hashable {
        case send, cancel, skipWait, togglePretty, toggleWrap, filter, copyBody, copyAsCurl, help, quit
        case profiles, history, sessionBrowser, saveSession, keepSecrets, compare, saveRequest, openRequests, openFile
        case switchProfile(String)

        public var title: String {
            switch self {
            case .send: "Send the request"
            case .cancel: "Cancel the exchange in flight"
            case .skipWait: "Skip the retry wait"
            case .togglePretty: "Response: pretty / raw"
            case .toggleWrap: "Response: wrap long lines"
            case .filter: "Response: filter the JSON body with a JSONPath (f)"
            case .copyBody: "Copy the response body (OSC 52)"
            case .copyAsCurl: "Copy the request as curl (OSC 52, secrets redacted)"
            case .help: "Help: every key binding"
            case .quit: "Quit"
            case .profiles: "Profiles: switch, new, edit, duplicate, delete (F2)"
            case .saveRequest: "Save the request under a name (Ctrl+S)"
            case .openRequests: "Saved requests: find, open, rename, delete (Ctrl+F)"
            case .openFile: "Import a file: OpenAPI/Swagger, Postman, Insomnia, .http (Ctrl+O)"
            case .history: "History of this profile (F3)"
            case .sessionBrowser: "Session: browse the opened session's exchanges (F4)"
            case .saveSession: "Session: save what was sent as sessions/NAME.yaml (F6)"
            case .keepSecrets: "Session: keep secrets in this session (toggle)"
            case .compare: "Compare the response with its recording or the previous one (c)"
            case .switchProfile(let name): "Switch profile: \(name)"
            }
        }
    }

    public enum Outcome: Sendable, Equatable { case handled, close, run(Command) }

    public let commands: [Command]
    public private(set) var query = ""
    public private(set) var selection = 0

    public init(profiles: [String]) {
        commands = [.send, .cancel, .skipWait, .togglePretty, .toggleWrap, .filter, .copyBody, .copyAsCurl]
            + [.compare, .saveRequest, .openRequests, .openFile, .profiles] + profiles.map { .switchProfile($0) } + [.history, .sessionBrowser, .saveSession, .keepSecrets, .help, .quit]
    }

    /// Commands whose title contains every word of the query, in order of the list.
    public var matches: [Command] {
        let words = query.lowercased().split(separator: " ")
        return commands.filter { command in
            let title = command.title.lowercased()
            return words.allSatisfy { title.contains($0) }
        }
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape, .control("p"): return .close
        case .enter:
            let matches = matches
            return matches.indices.contains(selection) ? .run(matches[selection]) : .handled
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, matches.count - 1), selection + 1)
        case .backspace:
            if !query.isEmpty { query.removeLast() }
            selection = 0
        case .character(let character):
            query.append(character)
            selection = 0
        case .paste(let text):
            query += text.filter { !$0.isNewline }
            selection = 0
        default: break
        }
        return .handled
    }

    public func render(into screen: inout Screen, bounds: Rect) {
        let width = min(bounds.width - 4, 64)
        let height = min(bounds.height - 2, commands.count + 4)
        guard width >= 20, height >= 5 else { return }
        let rect = Rect(row: bounds.row + 1, column: bounds.column + (bounds.width - width) / 2, width: width, height: height)
        let inner = PaneFrame.draw("Commands — Enter runs, Esc closes", in: rect, focused: true, on: &screen)
        screen.put([Span("› ", PaneFrame.focusedTitle), Span(query)], row: inner.row, column: inner.column + 1, limit: inner.width - 1)
        screen.cursor = Screen.Cursor(row: inner.row, column: min(inner.column + 3 + CellWidth.of(query), inner.column + inner.width - 1))
        let matches = matches
        if matches.isEmpty {
            screen.put("no command matches", row: inner.row + 2, column: inner.column + 1, style: PaneFrame.muted)
        }
        let visible = inner.height - 2
        let top = max(0, selection - visible + 1)
        for (offset, command) in matches.dropFirst(top).prefix(visible).enumerated() {
            let selected = top + offset == selection
            let row = inner.row + 2 + offset
            if selected { screen.fill(Rect(row: row, column: inner.column, width: inner.width, height: 1), style: Style(reverse: true)) }
            screen.put(command.title, row: row, column: inner.column + 1, style: selected ? Style(reverse: true) : Style(),
                       limit: inner.width - 1)
        }
    }
}
