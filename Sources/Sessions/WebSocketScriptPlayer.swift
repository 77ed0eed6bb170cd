import ClientCore
import Foundation
import Locking

/// Plays a `WebSocketScript` into a conversation: each step once the incoming messages it followed
/// have arrived and its pause has passed, then the close as recorded. A wait for a message that
/// does not come ends after `patience`, so a replay that goes differently ends (and `--check`
/// says how) instead of hanging.
final class WebSocketScriptPlayer: Sendable {
    let script: WebSocketScript
    let conversation: WebSocketConversation
    private let patience: Duration
    /// When each incoming message arrived.
    private let arrivals = Locked<[ContinuousClock.Instant]>([])

    init(_ script: WebSocketScript, patience: Duration) {
        self.script = script
        self.patience = patience
        var settings = WebSocketConversation.Settings()
        settings.recordsMessages = true
        conversation = WebSocketConversation(settings: settings) { [arrivals] _ in
            arrivals.withLock { $0.append(.now) }
        }
    }

    /// Sends the steps and the close; run it beside the exchange and cancel it when the exchange ends.
    func play() async {
        let start = ContinuousClock.now
        var anchor = start
        do {
            for step in script.steps {
                anchor = try await pace(after: step.afterIncoming, pauseMs: step.pauseMs, since: anchor)
                conversation.send(step.content)
            }
            switch script.ending {
            case let .client(code, reason, afterIncoming, pauseMs):
                _ = try await pace(after: afterIncoming, pauseMs: pauseMs, since: anchor)
                conversation.close(code: UInt16(clamping: code), reason: reason)
            case .server(let afterMs):
                // The server closed it in the recording; one that does not this time is closed for it.
                try await Task.sleep(until: start + .milliseconds(afterMs) + patience)
                conversation.close(reason: "the replay waited for the server's close")
            }
        } catch {
            // Cancelled: the exchange is over.
        }
    }

    /// Waits until `count` messages have arrived (at most `patience`), then until `pauseMs` after
    /// the later of the last of them and `anchor`; returns that moment, the next step's anchor.
    private func pace(after count: Int, pauseMs: Double, since anchor: ContinuousClock.Instant) async throws -> ContinuousClock.Instant {
        let giveUp = ContinuousClock.now + patience
        var arrived = arrivals.withLock { $0.count >= count ? ($0.prefix(count).last ?? anchor) : nil }
        while arrived == nil, ContinuousClock.now < giveUp {
            try await Task.sleep(for: .milliseconds(2))
            arrived = arrivals.withLock { $0.count >= count ? ($0.prefix(count).last ?? anchor) : nil }
        }
        let moment = max(arrived ?? .now, anchor) + .milliseconds(pauseMs)
        try await Task.sleep(until: moment)
        return moment
    }
}
