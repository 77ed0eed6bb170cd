import TUICore

/// What the terminal delivers to the loop: a decoded key, or a new window size.
public enum TerminalInput: Sendable, Equatable {
    case key(Key)
    case resize(width: Int, height: Int)
}

/// Why the terminal could not be opened (the CLI prints it and exits instead of drawing).
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    case notATerminal
    case unknownTerminal(String)

    public var description: String {
        switch self {
        case .notATerminal: "the explorer needs a terminal: standard input and output must be a tty"
        case .unknownTerminal(let name): "cannot open the terminal '\(name)' (check TERM)"
        }
    }
}
