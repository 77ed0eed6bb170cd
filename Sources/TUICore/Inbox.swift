#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Locking
import Synchronization

/// Where tasks and threads leave events for the one thread that owns the terminal. That thread
/// blocks in `poll()` on the terminal's input and a self-pipe, so a key and a posted event wake
/// it equally fast and it never spins.
public final class Inbox<Event: Sendable>: Sendable {
    public struct PipeError: Error, Equatable {
        public let errno: Int32
    }

    private let queue = Locked<[Event]>([])
    private let inputClosed = Atomic<Bool>(false)
    private let input: Int32?
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// `input` is the descriptor the terminal reads keys from (nil: wait for events only).
    public init(input: Int32? = 0) throws(PipeError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw PipeError(errno: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL, 0) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.input = input
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// Queues `event` and wakes the waiting thread. Safe from any thread or task; never blocks
    /// for longer than a lock held for an append.
    public func post(_ event: Event) {
        queue.withLock { events in
            events.append(event)
            // One byte per batch: the waiter takes every queued event when it wakes.
            if events.count == 1 { ring() }
        }
    }

    /// Wakes the waiting thread without an event (a resize, a timer): `wait` returns at once.
    public func wake() { ring() }

    /// The self-pipe's write end: a signal handler may write one byte to it (`write` is
    /// async-signal-safe; the pipe is non-blocking) to wake the waiting thread like `wake()`.
    public var wakeDescriptor: Int32 { wakeWrite }

    /// True once the input reported hang-up or an error: it is no longer polled, so a closed
    /// terminal cannot turn the loop into a busy spin.
    public var isInputClosed: Bool { inputClosed.load(ordering: .relaxed) }

    /// Blocks until input is ready on the terminal, an event is posted, `wake()` is called, or
    /// `timeout` seconds pass (nil: no limit), then returns every queued event. Returns at once
    /// when events are already queued.
    public func wait(timeout seconds: Double?) -> (inputReady: Bool, events: [Event]) {
        let queued = queue.withLock { !$0.isEmpty }
        let deadline = seconds.map { now() + max(0, $0) }
        var inputReady = false
        var fds: [pollfd] = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        if let input, !isInputClosed { fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
        while true {
            let milliseconds: Int32 = queued ? 0 : deadline.map { Self.milliseconds(until: $0, from: now()) } ?? -1
            let result = poll(&fds, nfds_t(fds.count), milliseconds)
            if result < 0 && errno == EINTR { continue }
            if result > 0, fds.count > 1 {
                let revents = Int32(fds[1].revents)
                inputReady = revents & Int32(POLLIN) != 0
                if revents & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
                    inputClosed.store(true, ordering: .relaxed)
                    inputReady = true
                }
            }
            break
        }
        drainPipe()
        let events = queue.withLock { events in
            let taken = events
            events.removeAll(keepingCapacity: true)
            return taken
        }
        return (inputReady, events)
    }

    private func ring() {
        var byte: UInt8 = 1
        // A full pipe (EAGAIN) already holds a wake-up.
        _ = write(wakeWrite, &byte, 1)
    }

    private func drainPipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    private func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func milliseconds(until deadline: Double, from now: Double) -> Int32 {
        let remaining = (deadline - now) * 1000
        guard remaining > 0 else { return 0 }
        return Int32(min(remaining.rounded(.up), Double(Int32.max)))
    }
}
