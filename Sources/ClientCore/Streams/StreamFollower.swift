import Foundation
import Locking
import StreamFormats

/// When a streamed body ends of itself, without the server closing it (`send --max-events`,
/// `--max-time`); either ends the exchange as a success.
public struct StreamLimits: Sendable, Hashable {
    /// End after this many events (or records) over the exchange.
    public var maxEvents: Int?
    /// End this many seconds after the exchange started.
    public var maxTime: TimeInterval?

    public init(maxEvents: Int? = nil, maxTime: TimeInterval? = nil) {
        self.maxEvents = maxEvents
        self.maxTime = maxTime
    }
}

/// Reads a streamed response body (SPEC §10) as its bytes arrive, over all of an exchange's
/// attempts: each Server-Sent Event or line-format record is published as `stream.event` /
/// `stream.record` the moment it is complete; the last event ID and the server's reconnection
/// time outlive an attempt, for the reconnect; `--max-events`, `--max-time` and the user end it.
///
/// Shared by the exchange and its transport task, so its state sits behind a lock; each chunk
/// takes the lock once.
final class StreamFollower: Sendable {
    /// How the stream of one attempt ended.
    struct Ending: Equatable {
        var format: StreamFormat
        var reason: StreamEndReason
    }

    private enum Reader {
        case events(EventStreamParser)
        case records(RecordSplitter)
    }

    private struct State {
        var attempt = 0
        var reader: Reader?
        var format: StreamFormat?
        var lastEventID = ""
        var reconnectionTime: Int?
        /// Events or records over the exchange, for `index` and `--max-events`.
        var dispatched = 0
        /// This attempt's stream.
        var events = 0
        var bytes = 0
        var stop: StreamEndReason?
        var ending: Ending?
        /// `stream.opened` and `stream.closed`, for the exchange's own record (the events
        /// between them are published only: an endless stream must not grow the record).
        var recorded: [ClientEvent] = []

        /// `number` more events or records, over the exchange and in this attempt's stream.
        mutating func count(_ number: Int) {
            dispatched += number
            events += number
        }
    }

    let limits: StreamLimits
    private let state = Locked(State())
    private let stamp: @Sendable (ClientEvent.Kind) -> ClientEvent
    private let publish: @Sendable (ClientEvent) -> Void
    /// Whether anyone reads the stream's events now. Unheard, an event or record is still
    /// counted (and still ends the stream at `maxEvents`) but not reported: `send -o` of a
    /// 100 MB NDJSON body makes no 1.6 million events nobody reads.
    private let isHeard: @Sendable () -> Bool

    init(limits: StreamLimits, stamp: @escaping @Sendable (ClientEvent.Kind) -> ClientEvent,
         publish: @escaping @Sendable (ClientEvent) -> Void, isHeard: @escaping @Sendable () -> Bool = { true }) {
        self.limits = limits
        self.stamp = stamp
        self.publish = publish
        self.isHeard = isHeard
    }

    /// The attempt whose stream comes next.
    func begin(attempt: Int) {
        state.withLock { $0.attempt = attempt; $0.ending = nil }
    }

    /// A body of `format` begins: `stream.opened`. False when the stream is already over (a
    /// limit passed or the user stopped it before its head came).
    func open(_ format: StreamFormat, contentType: String) -> Bool {
        let (opened, live) = state.withLock { state -> (ClientEvent, Bool) in
            state.format = format
            state.events = 0
            state.bytes = 0
            state.reader = switch format {
            case .eventStream: .events(EventStreamParser(lastEventID: state.lastEventID))
            // Records nobody reads and no limit counts are only numbered.
            case .jsonLines, .jsonSequence:
                RecordSplitter(format: format, counting: limits.maxEvents == nil && !isHeard()).map(Reader.records)
            }
            let opened = stamp(.streamOpened(attempt: state.attempt, contentType: contentType))
            state.recorded.append(opened)
            return (opened, state.stop == nil)
        }
        publish(opened)
        return live
    }

    /// What becomes of a chunk the stream reads.
    enum Feed: Equatable {
        case more
        /// The stream ends within the chunk: its first `keeping` bytes are the stream's last.
        case end(keeping: Int)
    }

    /// The next decoded bytes of the body.
    func feed(_ bytes: UnsafeRawBufferPointer) -> Feed {
        let (items, feed) = state.withLock { state -> ([ClientEvent.Kind], Feed) in
            guard state.stop == nil else { return ([], .end(keeping: 0)) }
            let all = bytes.bindMemory(to: UInt8.self)
            guard limits.maxEvents != nil else {
                state.bytes += all.count
                return (read(all, state: &state), .more)
            }
            // Events and records end only at a line break or RS: read up to each, so the stream
            // can end right after its last allowed event, to the byte.
            var kinds: [ClientEvent.Kind] = []
            var start = 0
            for index in all.indices where all[index] == 0x0A || all[index] == 0x0D || all[index] == 0x1E || index == all.count - 1 {
                kinds += read(UnsafeBufferPointer(rebasing: all[start...index]), state: &state)
                start = index + 1
                if state.stop != nil {
                    state.bytes += start
                    return (kinds, .end(keeping: start))
                }
            }
            state.bytes += all.count
            return (kinds, .more)
        }
        for item in items { publish(stamp(item)) }
        return feed
    }

    /// The body ended (`reason` when nothing stopped it first): the reader finishes, `stream.closed`.
    func close(_ reason: StreamEndReason) {
        let items = state.withLock { state -> [ClientEvent] in
            guard let format = state.format, let reader = state.reader.take() else { return [] }
            var items: [ClientEvent] = []
            if state.stop == nil, case .records(var splitter) = reader {
                let before = splitter.recordCount
                let records = splitter.finish()
                for record in records { items.append(stamp(record.kind)) }
                state.count(splitter.recordCount - before)
            }
            // An event stream's unfinished block is discarded (WHATWG); the parser goes with the attempt.
            let why = state.stop ?? reason
            state.ending = Ending(format: format, reason: why)
            let closed = stamp(.streamClosed(events: state.events, bytes: state.bytes, reason: why))
            state.recorded.append(closed)
            return items + [closed]
        }
        for item in items { publish(item) }
    }

    /// Ends the stream from outside (a limit's timer, the user); true when one was open.
    @discardableResult
    func stop(_ reason: StreamEndReason) -> Bool {
        state.withLock { state in
            if state.stop == nil { state.stop = reason }
            return state.reader != nil
        }
    }

    var stopReason: StreamEndReason? { state.withLock { $0.stop } }

    /// How the stream of the attempt that just ended ended; nil when its body was no stream.
    var ending: Ending? { state.withLock { $0.ending } }

    /// What a reconnect sends as `Last-Event-ID` ("" for none).
    var lastEventID: String { state.withLock { $0.lastEventID } }

    /// The server's reconnection time, in seconds, when the stream set one.
    var reconnectionDelay: TimeInterval? { state.withLock { $0.reconnectionTime.map { TimeInterval($0) / 1000 } } }

    /// `stream.opened` and `stream.closed` since the last call, for the exchange's record.
    func takeRecorded() -> [ClientEvent] {
        state.withLock { state in
            defer { state.recorded.removeAll() }
            return state.recorded
        }
    }

    private func read(_ bytes: UnsafeBufferPointer<UInt8>, state: inout State) -> [ClientEvent.Kind] {
        guard state.stop == nil else { return [] }
        let heard = isHeard()
        var kinds: [ClientEvent.Kind] = []
        // Taken out while it reads, so its buffers are not copied on write.
        switch state.reader.take() {
        case .events(var parser):
            for event in parser.feed(bytes) where state.stop == nil {
                state.count(1)
                if heard {
                    kinds.append(.streamEvent(StreamEventReport(index: state.dispatched, type: event.type, data: event.data,
                                                                id: event.id, retry: event.retry)))
                }
                if let max = limits.maxEvents, state.dispatched >= max { state.stop = .maxEvents }
            }
            state.lastEventID = parser.lastEventID
            state.reconnectionTime = parser.reconnectionTime
            state.reader = .events(parser)
        case .records(var splitter) where splitter.counting:
            let before = splitter.recordCount
            _ = splitter.feed(bytes)
            state.count(splitter.recordCount - before)
            state.reader = .records(splitter)
        case .records(var splitter):
            for record in splitter.feed(bytes) where state.stop == nil {
                state.count(1)
                if heard { kinds.append(record.kind) }
                if let max = limits.maxEvents, state.dispatched >= max { state.stop = .maxEvents }
            }
            state.reader = .records(splitter)
        case nil:
            break
        }
        return kinds
    }
}

private extension StreamRecord {
    var kind: ClientEvent.Kind {
        .streamRecord(index: index, bytes: bytes.count, data: String(decoding: bytes, as: UTF8.self))
    }
}
