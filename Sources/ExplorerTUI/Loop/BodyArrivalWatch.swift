import ClientCore
import ExplorerApp
import Foundation
import Locking
import TUICore

/// Watches a response body arrive (a `BodySink` that takes nothing) and posts `bodyArriving`:
/// the first screens as soon as their bytes are in (a frame's worth of coalescing, so a burst
/// of chunks is one post), then the count and rate at most ten times a second. The body itself
/// stays the response's (spooled past the threshold); only its first screens are copied here.
final class BodyArrivalWatch: Sendable {
    private struct State {
        var status = 0
        var contentType: String?
        var expected: Int?
        var received = 0
        var preview = Data()
        var previewShown = 0
        var headAt = ContinuousClock.now
        var lastPost: ContinuousClock.Instant?
    }

    /// Between two posts of new first-screen bytes, and of the count alone.
    static let previewGap = Duration.milliseconds(16)
    static let progressGap = Duration.milliseconds(100)

    private let id: ExchangeID
    private let post: @Sendable (AppEvent) -> Void
    private let state = Locked(State())

    init(id: ExchangeID, post: @escaping @Sendable (AppEvent) -> Void) {
        self.id = id
        self.post = post
    }

    var sink: BodySink {
        BodySink(takes: .nothing, head: { [self] status, headers, _ in
            // An encoded body's Content-Length counts the wire's bytes, not the decoded ones shown.
            let encoded = headers["Content-Encoding"].map { !$0.trimmingCharacters(in: .whitespaces).isEmpty && $0.lowercased() != "identity" } ?? false
            let expected = encoded ? nil : headers["Content-Length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            state.withLock { state in state = State(status: status, contentType: headers["Content-Type"], expected: expected) }
            post(.bodyArriving(id, arrival(previewChanged: false)))
        }, body: { [self] chunk in
            if let arrival = take(chunk) { post(.bodyArriving(id, arrival)) }
        })
    }

    /// Counts the chunk and keeps what the first screens need; the arrival to post, if it is time.
    private func take(_ chunk: Data) -> BodyArrival? {
        let now = ContinuousClock.now
        let changed = state.withLock { state -> Bool? in
            state.received += chunk.count
            let room = BodyDocument.firstScreenBytes - state.preview.count
            if room > 0 { state.preview.append(chunk.prefix(room)) }
            let changed = state.preview.count > state.previewShown
            let gap = changed ? Self.previewGap : Self.progressGap
            if let last = state.lastPost, now - last < gap { return nil }
            state.lastPost = now
            return changed
        }
        return changed.map { arrival(previewChanged: $0) }
    }

    private func arrival(previewChanged: Bool) -> BodyArrival {
        let snapshot = state.withLock { state -> State in
            if previewChanged { state.previewShown = state.preview.count }
            return state
        }
        let preview = previewChanged ? BodyDocument.open(data: snapshot.preview, contentType: snapshot.contentType) : nil
        let seconds = (ContinuousClock.now - snapshot.headAt).seconds
        return BodyArrival(status: snapshot.status, contentType: snapshot.contentType, received: snapshot.received,
                           expected: snapshot.expected, seconds: seconds, preview: preview)
    }
}
