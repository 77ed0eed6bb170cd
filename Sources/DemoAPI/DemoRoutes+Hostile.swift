import Hummingbird

/// Bodies a terminal client must show without obeying: escape sequences that would retitle the
/// window, clear or switch the screen, write the clipboard, and 8-bit C1 controls.
extension DemoRoutes {
    static let ansiBody = [
        "plain text first",
        "title: \u{1B}]0;pwned-by-server\u{07}",
        "title (ST): \u{1B}]2;pwned-again\u{1B}\\",
        "clear screen: \u{1B}[2J\u{1B}[H",
        "alternate screen: \u{1B}[?1049h",
        "clipboard: \u{1B}]52;c;cHduZWQ=\u{07}",
        "colour: \u{1B}[31mred\u{1B}[0m",
        "DCS: \u{1B}Pq#0;2;0;0;0\u{1B}\\",
        "C1 CSI: \u{9B}2J and C1 OSC: \u{9D}0;c1-title\u{9C}",
        "bell: \u{07} backspace: \u{08} carriage return: \r done",
        "bidi override: \u{202E}txet desrever\u{202C}",
        "last line",
    ].joined(separator: "\n") + "\n"

    /// `GET /ansi`: a text/plain body full of terminal control sequences.
    static func ansi(_ call: DemoCall) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: ansiBody)))
    }
}
