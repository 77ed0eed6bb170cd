#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import TUICore
import TestSupport

@Suite struct InboxTests {
    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Collects events on a plain thread (as the UI thread does) until `count` arrived or 60 s (scaled) passed.
    private static func collect<Event: Sendable>(_ inbox: Inbox<Event>, count: Int) async -> [Event] {
        await withCheckedContinuation { continuation in
            Thread {
                var received: [Event] = []
                let deadline = Date().addingTimeInterval(TestTime.scaled(60))
                while received.count < count, Date() < deadline {
                    received += inbox.wait(timeout: 1).events
                }
                continuation.resume(returning: received)
            }.start()
        }
    }

    @Test func eventsPostedFromManyTasksAllArriveInOrderPerTask() async throws {
        let inbox = try Inbox<(task: Int, index: Int)>(input: nil)
        let tasks = 16, perTask = 2_000
        async let received = Self.collect(inbox, count: tasks * perTask)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for index in 0..<perTask {
                        inbox.post((task, index))
                        if index % 100 == 0 { await Task.yield() }
                    }
                }
            }
        }
        let events = await received
        #expect(events.count == tasks * perTask)
        for task in 0..<tasks {
            #expect(events.filter { $0.task == task }.map(\.index) == Array(0..<perTask))
        }
    }

    @Test func aPostWakesABlockedWaitPromptly() async throws {
        let inbox = try Inbox<String>(input: nil)
        // The thread times its own wait, so a busy pool that starts it late cannot skew the figure.
        let (started, finished) = AsyncStream<Double>.makeStream()
        let waiter = Thread {
            let start = ContinuousClock.now
            // poll() may wake without an event (the loop in the app just waits again).
            var events: [String] = []
            while events.isEmpty, Self.seconds(since: start) < TestTime.scaled(30) { events = inbox.wait(timeout: TestTime.scaled(30)).events }
            finished.yield(events == ["hello"] ? Self.seconds(since: start) : -1)
            finished.finish()
        }
        waiter.start()
        try await Task.sleep(for: .milliseconds(100))
        inbox.post("hello")
        var iterator = started.makeAsyncIterator()
        let waited = await iterator.next() ?? -1
        // The event arrived, and the wait ended with it, not with the 30 s timeout (a long one:
        // on a loaded machine the posting task itself may start seconds late).
        #expect(waited >= 0 && waited < TestTime.scaled(30) - 1)
    }

    @Test func waitReturnsAtOnceWhenEventsAreQueued() throws {
        let inbox = try Inbox<Int>(input: nil)
        inbox.post(1)
        inbox.post(2)
        let start = ContinuousClock.now
        let result = inbox.wait(timeout: nil)
        #expect(result.events == [1, 2])
        #expect(!result.inputReady)
        #expect(Self.seconds(since: start) < TestTime.scaled(0.5))
    }

    @Test func waitTimesOutWithNothing() throws {
        let inbox = try Inbox<Int>(input: nil)
        let start = ContinuousClock.now
        let result = inbox.wait(timeout: 0.05)
        let elapsed = Self.seconds(since: start)
        #expect(result.events.isEmpty && !result.inputReady)
        #expect(elapsed >= 0.045 && elapsed < TestTime.scaled(1))
    }

    @Test func wakeReturnsWithoutEvents() throws {
        let inbox = try Inbox<Int>(input: nil)
        inbox.wake()
        let start = ContinuousClock.now
        let result = inbox.wait(timeout: TestTime.scaled(5))
        #expect(result.events.isEmpty)
        #expect(Self.seconds(since: start) < TestTime.scaled(1))
    }

    @Test func inputOnTheTerminalDescriptorWakesTheWait() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let inbox = try Inbox<Int>(input: ends[0])
        #expect(!inbox.wait(timeout: 0).inputReady)
        var byte: UInt8 = 0x61
        #expect(write(ends[1], &byte, 1) == 1)
        let result = inbox.wait(timeout: TestTime.scaled(5))
        #expect(result.inputReady && result.events.isEmpty)
        // Input is left for the terminal to read; the wait reports it again until then.
        #expect(inbox.wait(timeout: 0).inputReady)
        // A closed terminal is reported once, then no longer polled.
        close(ends[1])
        _ = read(ends[0], &byte, 1)
        #expect(inbox.wait(timeout: TestTime.scaled(5)).inputReady)
        #expect(inbox.isInputClosed)
        let start = ContinuousClock.now
        #expect(!inbox.wait(timeout: 0.05).inputReady)
        #expect(Self.seconds(since: start) >= 0.045)
    }
}
