import CNcurses
import Glibc
import TUICore

/// Reading input: everything available now, without blocking, decoded into keys and resizes.
extension Terminal {
    /// At most this many characters per call, so a flood of input cannot hold the loop forever.
    static let readLimit = 4 << 20

    /// Drains the input (the caller blocks in `poll()` beforehand). A resize comes in order with
    /// the keys around it. An unfinished escape sequence or paste is given a short while to
    /// complete, then delivered as it is, so nothing stays held back until the next key.
    public func readInputs() -> [TerminalInput] {
        guard !isClosed else { return [] }
        var inputs: [TerminalInput] = []
        var raw: [RawInput] = []
        followWindowSize()
        var count = 0
        while count < Self.readLimit {
            var code: wint_t = 0
            let result = wget_wch(window, &code)
            if result == ERR {
                inputs += decoder.decode(raw).map(TerminalInput.key)
                raw.removeAll()
                guard decoder.isWaiting else { break }
                // Give the rest of the sequence or paste a moment to arrive.
                wtimeout(window, Self.continuationTimeoutMilliseconds)
                let next = wget_wch(window, &code)
                wtimeout(window, 0)
                if next == ERR {
                    inputs += decoder.flush().map(TerminalInput.key)
                    break
                }
                count += 1
                take(next, code, raw: &raw, inputs: &inputs)
                continue
            }
            count += 1
            take(result, code, raw: &raw, inputs: &inputs)
        }
        inputs += decoder.decode(raw).map(TerminalInput.key)
        return inputs
    }

    private func take(_ result: Int32, _ code: wint_t, raw: inout [RawInput], inputs: inout [TerminalInput]) {
        guard result == KEY_CODE_YES else {
            raw.append(.character(UInt32(code)))
            return
        }
        switch Int32(code) {
        case KEY_RESIZE:
            inputs += decoder.decode(raw).map(TerminalInput.key)
            raw.removeAll()
            let size = self.size
            if size != reportedSize {
                reportedSize = size
                inputs.append(.resize(width: size.width, height: size.height))
            }
        case KEY_MOUSE:
            if let mouse = readMouse() { raw.append(.key(.mouse(mouse))) }
        default:
            if let key = Self.key(forCode: Int32(code)) { raw.append(.key(key)) }
        }
    }

    /// When the tty's size differs from ncurses's (SIGWINCH taken over by `wakeOnResize`, or
    /// missed), resizes ncurses, which queues a KEY_RESIZE for the read that follows.
    private func followWindowSize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard cn_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0 else { return }
        if rows != cn_getmaxy(window) || columns != cn_getmaxx(window) { resizeterm(rows, columns) }
    }

    private func readMouse() -> Mouse? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let row = Int(event.y), column = Int(event.x)
        // A report outside the window (a terminal that was just resized) has no cell to act on.
        guard (0..<size.height).contains(row), (0..<size.width).contains(column) else { return nil }
        if event.bstate & (cn_button1_pressed() | cn_button1_clicked()) != 0 { return Mouse(.press, row: row, column: column) }
        if event.bstate & cn_button4_pressed() != 0 { return Mouse(.wheelUp, row: row, column: column) }
        if event.bstate & cn_button5_pressed() != 0 { return Mouse(.wheelDown, row: row, column: column) }
        return nil
    }

    /// The key for an ncurses key code; shifted and otherwise modified arrows, Home/End and the
    /// like (KEY_SRIGHT, and kUP5, kEND3, … which ncurses numbers per terminal) count as plain
    /// ones. Unknown codes are dropped.
    static func key(forCode code: Int32) -> Key? {
        switch code {
        case KEY_UP, KEY_SR: return .up
        case KEY_DOWN, KEY_SF: return .down
        case KEY_LEFT, KEY_SLEFT: return .left
        case KEY_RIGHT, KEY_SRIGHT: return .right
        case KEY_HOME, KEY_SHOME: return .home
        case KEY_END, KEY_SEND: return .end
        case KEY_PPAGE, KEY_SPREVIOUS: return .pageUp
        case KEY_NPAGE, KEY_SNEXT: return .pageDown
        case KEY_IC, KEY_SIC: return .insert
        case KEY_DC, KEY_SDC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case cn_key_f(1)...cn_key_f(12): return .function(Int(code - cn_key_f(0)))
        default:
            guard code > KEY_MAX, let name = keyname(code).map({ String(cString: $0) }) else { return nil }
            let prefixes: [(String, Key)] = [("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right),
                                             ("kHOM", .home), ("kEND", .end), ("kPRV", .pageUp), ("kNXT", .pageDown),
                                             ("kDC", .delete), ("kIC", .insert)]
            return prefixes.first { name.hasPrefix($0.0) }?.1
        }
    }
}
