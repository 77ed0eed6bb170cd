import ClientEvents

extension AppEvent {
    /// Whether the frame it changes goes out at once rather than at the next frame gap: what a
    /// user waits for — a response's head and body, the first row of a stream. Only the flood
    /// behind it (a stream's 10,000 rows a second) waits for the gap, so the first row never
    /// waits for a frame (issue 29).
    public var drawsAtOnce: Bool {
        switch self {
        case .responseReceived: true
        case .client(let event):
            switch event.kind {
            case .responseReceived, .streamOpened: true
            case .streamEvent(let report): report.index == 1
            case .streamRecord(let index, _, _): index == 1
            default: false
            }
        case .batch(let events): events.contains { $0.drawsAtOnce }
        default: false
        }
    }
}
