import Foundation
import Testing
@testable import ClientCore
import TestSupport

/// The transport keeps at most `Transport.maxClients` AHC clients (one per timeout and proxy):
/// a user trying many timeouts does not grow the process, and an evicted client finishes what
/// it is doing before it shuts down.
@Suite struct TransportPoolTests {
    @Test func aThousandTimeoutsKeepFileDescriptorsAndMemoryFlat() async throws {
        try await withDemo { server, client in
            func send(_ index: Int) async throws {
                // Each a distinct timeout, so each wants an AHC client of its own.
                let response = try await client.send(HTTPRequest(.get, "status/200").timeout(5 + Double(index) / 1000))
                #expect(response.status == 200)
            }
            // Warm up until the pool is full and evicting, so that only growth is measured.
            for index in 0..<50 { try await send(index) }
            let descriptors = try openFileDescriptors()
            // In fifths: kept clients would grow memory in every fifth, the least-grown one included;
            // the other tests running in this process (some allocate tens of MiB for seconds) only
            // add to some fifths, so the least growth is the one to judge.
            var growths: [Int] = []
            for fifth in 0..<5 {
                let resident = try residentBytes()
                for index in 0..<200 { try await send(50 + fifth * 200 + index) }
                growths.append(try residentBytes() - resident)
            }
            #expect(client.transport.clientCounts.open == Transport.maxClients)
            // Evicted clients close in the background. The connections to this test's server
            // are counted exactly (both ends are in this process); the process's descriptors
            // with room for the other tests' (1,000 kept clients would hold 2,000 of each).
            let settled = try await eventually {
                try connections(onPort: server.port) <= 2 * Transport.maxClients && openFileDescriptors() <= descriptors + 100
            }
            let (open, now) = (try connections(onPort: server.port), try openFileDescriptors())
            #expect(settled, "\(open) connections on the server's port; descriptors went from \(descriptors) to \(now)")
            // AHC itself holds some memory of a client it shut down for about a minute (measured:
            // 200 clients grow it ~1.4 MiB bounded, ~8 MiB kept; under the thread sanitizer,
            // whose allocator inflates every allocation, ~7 and ~30 MiB).
            let least = growths.min() ?? 0
            let bound = (underThreadSanitizer ? 15 : 3) << 20
            #expect(least < bound, "resident memory grew by \(growths.map { $0 >> 10 }) KiB in each fifth")
        }
    }

    @Test func aRequestOnAnEvictedClientFinishes() async throws {
        try await withDemo { _, client in
            let (started, start) = AsyncStream<Void>.makeStream()
            let (gate, open) = AsyncStream<Void>.makeStream()
            let received = Recorder<Int>()
            // Streamed, and held after its head until the gate opens: in flight on its client.
            let slow = Task {
                try await client.send(HTTPRequest(.get, "bytes/300000").timeout(30), sink: BodySink(head: { _, _, _ in
                    start.yield()
                    for await _ in gate { break }
                }, body: { received.append($0.count) }))
            }
            for await _ in started { break }
            // Enough other timeouts to push the slow request's client out of the pool.
            for index in 1...Transport.maxClients {
                let response = try await client.send(HTTPRequest(.get, "status/200").timeout(10 + Double(index)))
                #expect(response.status == 200)
            }
            #expect(client.transport.clientCounts == (open: Transport.maxClients, draining: 1))

            open.yield()
            let response = try await slow.value
            #expect(response.status == 200)
            #expect(received.values.reduce(0, +) == 300_000)
            // Its last request over, the evicted client is shut down.
            #expect(client.transport.clientCounts == (open: Transport.maxClients, draining: 0))
        }
    }
}

/// Descriptors this process has open.
private func openFileDescriptors() throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
}

/// Open TCP connections (established, or closed by the peer but not here) with `port` at
/// either end, from /proc/net/tcp: lines of `sl local rem st …`, addresses as HEXIP:HEXPORT.
private func connections(onPort port: Int) throws -> Int {
    let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
    return table.split(separator: "\n").dropFirst().count { line in
        let fields = line.split(separator: " ")
        guard fields.count > 3, ["01", "08"].contains(fields[3]) else { return false }
        return fields[1...2].contains { Int($0.split(separator: ":").last ?? "", radix: 16) == port }
    }
}

/// Whether this process runs under the thread sanitizer (its runtime is linked in).
private let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

/// This process's resident set, in bytes (`/proc/self/statm`, second field, in pages).
private func residentBytes() throws -> Int {
    let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
    let pages = try #require(statm.split(separator: " ").dropFirst().first.flatMap { Int($0) })
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Where an exchange runs: where its caller runs. A caller on the client's `taskExecutor` has
/// the response head and each body chunk wake the exchange on the loop that read them (issue 29:
/// ClientCore's CPU per exchange below raw AsyncHTTPClient's); by default, a sink's code stays
/// off the loop, where blocking work would stall every connection of the client.
@Suite struct ExchangeExecutorTests {
    /// Whether each of the sink's calls ran on the transport's event loop.
    private func sinkCallsOnTheLoop(_ client: HTTPClient) async throws -> [Bool] {
        let onLoop = Recorder<Bool>()
        let response = try await client.send(HTTPRequest(.get, "bytes/200000"), sink: BodySink(head: { _, _, _ in
            onLoop.append(client.transport.loop.inEventLoop)
        }, body: { _ in onLoop.append(client.transport.loop.inEventLoop) }))
        #expect(response.status == 200)
        #expect(onLoop.values.count >= 2, "the head and at least one chunk")
        return onLoop.values
    }

    @Test func aCallerOnTheClientsExecutorHasItsExchangeOnTheConnectionsLoop() async throws {
        try await withDemo { _, client in
            let seen = try await withTaskExecutorPreference(client.taskExecutor) { try await sinkCallsOnTheLoop(client) }
            #expect(seen.allSatisfy { $0 }, "\(seen.count { !$0 }) of \(seen.count) sink calls ran off the event loop")
        }
    }

    @Test func byDefaultASinkRunsOffTheLoop() async throws {
        try await withDemo { _, client in
            let seen = try await sinkCallsOnTheLoop(client)
            #expect(!seen.contains(true), "\(seen.count { $0 }) of \(seen.count) sink calls ran on the event loop")
        }
    }

    /// Without a sink the transport reads the response on the loop, and still hands it to the
    /// validators off it, as it does with a sink.
    @Test func byDefaultValidatorsRunOffTheLoopWithOrWithoutASink() async throws {
        try await withDemo { _, client in
            let onLoop = Recorder<Bool>()
            client.validators = [CallbackValidator(name: "where") { [loop = client.transport.loop] _, _ in
                onLoop.append(loop.inEventLoop)
                return .nextValidator
            }]
            let unsunk = try await client.send(HTTPRequest(.get, "bytes/200000"))
            let sunk = try await client.send(HTTPRequest(.get, "bytes/100"), sink: BodySink(head: { _, _, _ in }, body: { _ in }))
            #expect(unsunk.body.count == 200_000 && sunk.status == 200)
            #expect(onLoop.values == [false, false])
        }
    }

    @Test func exchangesAtOnceOnTheLoopAllFinishTogether() async throws {
        try await withDemo { _, client in
            // Each waits 200 ms on the server: together they take about that, not twenty times it.
            let started = ContinuousClock.now
            try await withTaskExecutorPreference(client.taskExecutor) {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<20 { group.addTask { try await client.send(HTTPRequest(.get, "delay/200")).status } }
                    for try await status in group { #expect(status == 200) }
                }
            }
            #expect(ContinuousClock.now - started < TestTime.scaled(.seconds(3)))
        }
    }
}
