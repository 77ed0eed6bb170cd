import Foundation
import Locking

/// Events told while an exchange waits on work of its own (a grant's token requests), published
/// as they happen and kept in order for the exchange's record.
final class EventTap: Sendable {
    private let stamp: @Sendable (ClientEvent.Kind) -> ClientEvent
    private let publish: (@Sendable (ClientEvent) -> Void)?
    private let told = Locked<[ClientEvent]>([])

    init(stamp: @escaping @Sendable (ClientEvent.Kind) -> ClientEvent, publish: (@Sendable (ClientEvent) -> Void)?) {
        self.stamp = stamp
        self.publish = publish
    }

    func emit(_ kind: ClientEvent.Kind) {
        let event = stamp(kind)
        told.withLock { $0.append(event) }
        publish?(event)
    }

    /// What was told since the last call.
    func take() -> [ClientEvent] {
        told.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
