import Foundation
import Testing
@testable import ClientCore

/// The transport keeps at most `Transport.maxClients` AHC clients (one per timeout and proxy):
/// a user trying many timeouts does not grow the process, and an evicted client finishes what
/// it is doing before it shuts down.
@Suite struct TransportPoolTests {
    @Test func aThousandTimeoutsKeepFileDescriptorsAndMemoryFlat() async throws {
        try await withDemo { _, client in
            func send(_ index: Int) async throws {
                // Each a distinct timeout, so each wants an AHC client of its own.
                let response = try await client.send(HTTPRequest(.get, "status/200").timeout(5 + Double(index) / 1000))
                #expect(response.status == 200)
            }
            // Warm up until the pool is full and evicting, so that only growth is measured.
            for index in 0..<50 { try await send(index) }
            let descriptors = try openFileDescriptors()
            let resident = try residentBytes()
            for index in 50..<1050 { try await send(index) }

            #expect(client.transport.clientCounts.open == Transport.maxClients)
            // Evicted clients close in the background; other tests in this process open some
            // descriptors too, hence the margin (1,000 kept clients would hold 2,000: both ends).
            let settled = try await eventually { try openFileDescriptors() <= descriptors + 40 }
            let now = try openFileDescriptors()
            #expect(settled, "open descriptors went from \(descriptors) to \(now)")
            // Measured here: +5 MiB with the bound, +38 MiB with 1,000 clients kept.
            let grown = try residentBytes() - resident
            #expect(grown < 24 << 20, "resident memory grew by \(grown >> 20) MiB")
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

/// This process's resident set, in bytes (`/proc/self/statm`, second field, in pages).
private func residentBytes() throws -> Int {
    let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
    let pages = try #require(statm.split(separator: " ").dropFirst().first.flatMap { Int($0) })
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
