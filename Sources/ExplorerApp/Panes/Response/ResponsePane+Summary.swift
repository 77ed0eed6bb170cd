import Foundation
import HTTPParsing
import TUICore

/// The status row's words: `200 OK  HTTP/1.1  12 ms  10.2 MB`.
enum ResponseSummaryText {
    /// 2xx green, 3xx cyan, 4xx yellow, 5xx red.
    static func statusStyle(_ status: Int) -> Style {
        switch status {
        case 200..<300: Style(foreground: .green, bold: true)
        case 300..<400: Style(foreground: .cyan, bold: true)
        case 400..<500: Style(foreground: .yellow, bold: true)
        case 500..<600: Style(foreground: .red, bold: true)
        default: Style(bold: true)
        }
    }

    static func status(_ status: Int) -> String {
        StatusText.reason(status).map { "\(status) \($0)" } ?? "\(status)"
    }

    /// Under a second in milliseconds, then seconds.
    static func time(_ milliseconds: Double) -> String {
        let value = max(0, milliseconds.isFinite ? milliseconds : 0)
        if value < 10 { return String(format: "%.1f ms", value) }
        if value < 1000 { return "\(Int(value.rounded())) ms" }
        return String(format: value < 10_000 ? "%.2f s" : "%.1f s", value / 1000)
    }

    /// Bytes in B, KB or MB (1024-based).
    static func size(_ bytes: Int) -> String {
        let bytes = max(0, bytes)
        if bytes < 1024 { return "\(bytes) B" }
        let kilobytes = Double(bytes) / 1024
        if kilobytes < 1024 { return String(format: kilobytes < 100 ? "%.1f KB" : "%.0f KB", kilobytes) }
        let megabytes = kilobytes / 1024
        return String(format: megabytes < 100 ? "%.1f MB" : "%.0f MB", megabytes)
    }

    /// The status row as spans: status coloured, the rest plain.
    static func spans(_ summary: ResponseSummary) -> [Span] {
        [
            Span(status(summary.status), statusStyle(summary.status)),
            Span("  " + summary.httpVersion + "  " + time(summary.elapsedMs) + "  " + size(summary.bytes)),
        ]
    }

}
