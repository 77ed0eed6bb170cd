import Hummingbird
import Locking
import NIOCore

/// Server-Sent Events on cue, for the stream benchmarks: `GET /paced?count=N&rate=R` sends N
/// small events at R a second (in 10 ms batches); `GET /drip?count=N&gap_ms=G` sends one event
/// every G ms and notes when each left, so a figure can be taken from the moment its bytes went.
struct EventStreamServer {
    let baseURL: String
    /// When event n (1-based) of the latest `/drip` was written.
    let dripped: Locked<[Int: ContinuousClock.Instant]>
    private let task: Task<Void, any Error>

    static func start() async throws -> EventStreamServer {
        let dripped = Locked<[Int: ContinuousClock.Instant]>([:])
        let router = Router()
        router.get("paced") { request, _ in
            let count = request.uri.queryParameters.get("count", as: Int.self) ?? 10_000
            let rate = request.uri.queryParameters.get("rate", as: Int.self) ?? 10_000
            return Response(status: .ok, headers: [.contentType: "text/event-stream"], body: ResponseBody { writer in
                let perBatch = max(1, rate / 100)
                var sent = 0
                let start = ContinuousClock.now
                while sent < count {
                    var batch = ByteBuffer()
                    for _ in 0..<min(perBatch, count - sent) {
                        sent += 1
                        batch.writeString("id: \(sent)\ndata: {\"n\":\(sent)}\n\n")
                    }
                    try await writer.write(batch)
                    // Paced from the start, so slow writes do not stretch the schedule.
                    try await Task.sleep(until: start + .milliseconds(10 * (sent / perBatch)), clock: .continuous)
                }
                try await writer.finish(nil)
            })
        }
        router.get("drip") { request, _ in
            let count = request.uri.queryParameters.get("count", as: Int.self) ?? 5
            let gap = request.uri.queryParameters.get("gap_ms", as: Int.self) ?? 500
            dripped.withLock { $0 = [:] }
            return Response(status: .ok, headers: [.contentType: "text/event-stream"], body: ResponseBody { writer in
                for number in 1...max(1, count) {
                    try await Task.sleep(for: .milliseconds(gap))
                    try await writer.write(ByteBuffer(string: "id: \(number)\nevent: drop\ndata: {\"n\":\(number)}\n\n"))
                    dripped.withLock { $0[number] = .now }
                }
                try await writer.finish(nil)
            })
        }
        let (baseURL, task) = try await BenchServer.start(router, label: "event-stream")
        return EventStreamServer(baseURL: baseURL, dripped: dripped, task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
