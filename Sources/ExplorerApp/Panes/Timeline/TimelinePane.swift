import ClientEvents
import TUICore

/// The Timeline pane: holds the timeline and a scroll position. It follows the newest rows
/// until the user scrolls up, then keeps that view still while rows come in; End (or
/// scrolling back down to the bottom) follows again.
public struct TimelinePane: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case handled, ignored
        /// `s` or Space during a retry wait: the app should cut the wait short
        /// (and call `markWaitSkipped`).
        case skipWait
    }

    public private(set) var timeline: Timeline
    /// Rows between the bottom of the view and the newest row: 0 follows the tail.
    public private(set) var offsetFromBottom = 0
    /// The rows the pane shows, for paging and for how far up it scrolls; the app sets it
    /// from the layout (the pane area's height minus 2). 6 is the pane at 80×24.
    public var viewportHeight = 6

    public init(timeline: Timeline = Timeline()) {
        self.timeline = timeline
    }

    public var isFollowing: Bool { offsetFromBottom == 0 }
    public var isEditingText: Bool { false }
    public var pendingWait: Timeline.PendingWait? { timeline.pendingWait }

    // MARK: The timeline, through the pane so a scrolled view stays put

    public mutating func begin(exchange: ExchangeID, method: String, url: String, at now: Double) {
        change { $0.begin(exchange: exchange, method: method, url: url, at: now) }
    }

    public mutating func apply(_ event: ClientEvent, receivedAt now: Double) {
        change { $0.apply(event, receivedAt: now) }
    }

    public mutating func markCancelRequested(at now: Double) {
        change { $0.markCancelRequested(at: now) }
    }

    public mutating func markWaitSkipped(at now: Double) {
        change { $0.markWaitSkipped(at: now) }
    }

    /// Applies `update`; rows added below a scrolled-up view push the offset up by as many.
    private mutating func change(_ update: (inout Timeline) -> Void) {
        let count = timeline.rowCount, discarded = timeline.discardedRows
        update(&timeline)
        let added = timeline.rowCount - count + (timeline.discardedRows - discarded)
        if offsetFromBottom > 0 { offsetFromBottom = min(max(0, offsetFromBottom + added), maxOffset) }
    }

    // MARK: Keys and the wheel

    public mutating func handle(_ key: Key) -> Outcome {
        let page = max(1, viewportHeight - 1)
        switch key {
        case .up: scroll(by: -1)
        case .down: scroll(by: 1)
        case .pageUp: scroll(by: -page)
        case .pageDown: scroll(by: page)
        case .home: offsetFromBottom = maxOffset
        case .end: offsetFromBottom = 0
        case .mouse(let mouse) where mouse.action == .wheelUp: scroll(by: -3)
        case .mouse(let mouse) where mouse.action == .wheelDown: scroll(by: 3)
        case .character("s"), .character(" "):
            return timeline.pendingWait == nil ? .ignored : .skipWait
        default:
            return .ignored
        }
        return .handled
    }

    /// Positive moves towards the newest rows, negative towards older ones.
    public mutating func scroll(by lines: Int) {
        let lines = min(max(lines, -Timeline.maxRows), Timeline.maxRows)
        offsetFromBottom = min(max(0, offsetFromBottom - lines), maxOffset)
    }

    private var maxOffset: Int { max(0, timeline.rowCount - max(1, viewportHeight)) }
}
