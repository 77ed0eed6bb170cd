import DemoAPI
import Foundation
import Locking
import Testing
@testable import ClientCore
import TestSupport

/// Starts a demo API and a client on it, runs `body`, and shuts both down even when it throws.
func withDemo<T>(
    maxRetries: Int = 0, timeout: TimeInterval = TestTime.scaled(10),
    validators: [any HTTPValidator]? = nil,
    configure: (inout HTTPClient.Configuration) -> Void = { _ in },
    _ body: (DemoServer, HTTPClient) async throws -> T
) async throws -> T {
    let server = try await DemoServer.start()
    var configuration = HTTPClient.Configuration()
    configure(&configuration)
    let client = try HTTPClient(baseURL: server.baseURL, configuration: configuration)
    client.maxRetries = maxRetries
    client.timeout = timeout
    client.headers = ["X-Demo-Key": UUID().uuidString]
    if let validators { client.validators = validators }
    do {
        let result = try await body(server, client)
        await client.shutdown()
        await server.shutdown()
        return result
    } catch {
        await client.shutdown()
        await server.shutdown()
        throw error
    }
}

/// A client on httpbin, the peer nobody here wrote, shut down even when `body` throws.
func withHttpbin(configure: (inout HTTPClient.Configuration) -> Void = { _ in },
                 _ body: (HTTPClient) async throws -> Void) async throws {
    let base = try await Httpbin.baseURL()
    var configuration = HTTPClient.Configuration()
    configure(&configuration)
    let client = try HTTPClient(baseURL: base, configuration: configuration)
    client.timeout = TestTime.scaled(10)
    do {
        try await body(client)
        await client.shutdown()
    } catch {
        await client.shutdown()
        throw error
    }
}

/// Expects `body` to throw an `HTTPError` and returns it.
func expectFailure(_ body: () async throws -> HTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) async -> HTTPError? {
    do {
        let response = try await body()
        Issue.record("expected a failure, got \(response.status)", sourceLocation: sourceLocation)
        return nil
    } catch let error as HTTPError {
        return error
    } catch {
        Issue.record("expected HTTPError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

extension Array where Element == ClientEvent {
    var names: [String] { map(\.name) }

    func count(_ name: String) -> Int { filter { $0.name == name }.count }

    var scheduledDelaysMs: [Double] {
        compactMap { if case .retryScheduled(_, _, let delay, _) = $0.kind { return delay } else { return nil } }
    }

    var skipReasons: [String] {
        compactMap { if case .retrySkipped(_, let reason) = $0.kind { return reason } else { return nil } }
    }
}

extension HTTPError {
    /// The events of the failed exchange are not on the error; its attempts are.
    var statuses: [Int?] { attempts.map(\.status) }
}

/// A box tests can write from `@Sendable` closures.
final class Recorder<Value: Sendable>: Sendable {
    private let storage: Locked<[Value]>
    init() { storage = Locked([]) }
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}

/// Collects a client's published events in the background.
final class EventCollector: Sendable {
    private let task: Task<[ClientEvent], Never>

    init(_ client: HTTPClient) {
        let stream = client.events()
        task = Task {
            var events: [ClientEvent] = []
            for await event in stream { events.append(event) }
            return events
        }
    }

    /// The events seen, once the client is shut down (which ends the stream).
    var events: [ClientEvent] { get async { await task.value } }
}

/// EXPLORER_TEST_SLOWDOWN: how much slower than usual this run may be (the TSan pass sets 8).
/// Polls `condition` until it holds or `seconds` (scaled by the slowdown) have passed.
func eventually(within seconds: Double = 10, _ condition: () throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(TestTime.scaled(seconds))
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
    }
    return try condition()
}
