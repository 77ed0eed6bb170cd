import ClientCore
import DemoAPI
import Foundation
import Locking
import Profiles
import RequestModel

/// Issue 17's figures. A request file of `requests` requests (log in once, then calls that each
/// take 3 captures and 5 asserts) run as `explorer run` runs it, against the in-process demo API,
/// versus the same requests through ClientCore with no captures or asserts, alternating which goes
/// first; and the 3 captures and 5 asserts alone on a 10 MB JSON body.
struct ChainBenchmark {
    let requests: Int
    let runs: Int
    /// Per request, the microseconds the run spends outside `send`: filling, then taking the outcome.
    private let ownMicros = Locked<[Double]>([])
    /// Each run's median request, in microseconds: a scheduler hiccup moves a total, not a median.
    private let chainedRequestMicros = Locked<[Double]>([])
    private let plainRequestMicros = Locked<[Double]>([])

    func run() async {
        do {
            let server = try await DemoServer.start(threads: BenchServer.ownThread)
            let client = try HTTPClient(baseURL: server.baseURL)
            client.headers = ["X-Demo-Key": "bench"]
            let file = try RequestFile(path: "bench.yaml", text: Self.file(calls: requests - 1))
            // One untimed run of each warms the pool and the code paths.
            _ = try await chained(file, on: client)
            _ = try await plain(on: client)
            for list in [ownMicros, chainedRequestMicros, plainRequestMicros] { list.withLock { $0 = [] } }
            var chainedTimes: [Double] = []
            var plainTimes: [Double] = []
            for index in 0..<runs {
                for pass in 0..<2 {
                    if (pass == 0) == index.isMultiple(of: 2) {
                        chainedTimes.append(try await chained(file, on: client))
                    } else {
                        plainTimes.append(try await plain(on: client))
                    }
                }
            }
            let checksMicros = try await checksPerResponse(on: client)
            await client.shutdown()
            await server.shutdown()
            let chained = Sample(chainedTimes).median, plain = Sample(plainTimes).median
            print("requests=\(requests) runs=\(runs)")
            print("run_ms=\(format(chained, digits: 1))")
            print("plain_ms=\(format(plain, digits: 1))")
            let chainedMedian = Sample(chainedRequestMicros.withLock { $0 }).median
            let plainMedian = Sample(plainRequestMicros.withLock { $0 }).median
            print("run_request_median_us=\(format(chainedMedian, digits: 1))")
            print("plain_request_median_us=\(format(plainMedian, digits: 1))")
            print("run_vs_plain_request_median=\(format(chainedMedian / plainMedian, digits: 3))")
            print("run_prepare_finish_us_per_request=\(format(Sample(ownMicros.withLock { $0 }).median, digits: 1))")
            print("checks_us_per_response=\(format(checksMicros, digits: 1))")
            try checksOnLargeBody()
            print("run_vs_plain=\(format(chained / plain, digits: 3))")
        } catch {
            FileHandle.standardError.write(Data("explorer-bench chain: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The file run as `explorer run` does: filled, checked, captures carried, on the client's
    /// executor. Every request must pass.
    private func chained(_ file: RequestFile, on client: HTTPClient) async throws -> Double {
        try await withTaskExecutorPreference(client.taskExecutor) { try await chainedHere(file, on: client) }
    }

    private func chainedHere(_ file: RequestFile, on client: HTTPClient) async throws -> Double {
        var state = RequestFileRun(arguments: [:], profile: [:], environment: [:])
        try state.enter(file, profile: [:])
        let start = ContinuousClock.now
        var own = Duration.zero
        var each: [Double] = []
        for index in file.requests.requests.indices {
            let before = ContinuousClock.now
            defer { each.append(Self.milliseconds(since: before) * 1000) }
            guard case .send(let request) = state.prepare(index, of: file) else { throw Failure("request \(index) was refused") }
            own += ContinuousClock.now - before
            let response = try await client.send(request)
            let after = ContinuousClock.now
            let outcome = state.finish(index, of: file, with: .success(response), milliseconds: 0)
            own += ContinuousClock.now - after
            guard outcome.passed else { throw Failure(outcome.line) }
        }
        let (seconds, attoseconds) = own.components
        ownMicros.withLock { $0.append((Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(file.requests.requests.count)) }
        let total = Self.milliseconds(since: start)
        chainedRequestMicros.withLock { $0.append(Sample(each).median) }
        return total
    }

    /// The 3 captures and 5 asserts of one call judged on its response, as the exchange runs them.
    private func checksPerResponse(on client: HTTPClient) async throws -> Double {
        let file = try RequestFile(path: "one.yaml", text: Self.file(calls: 1))
        var state = RequestFileRun(arguments: [:], profile: [:], environment: [:])
        try state.enter(file, profile: [:])
        guard case .send(let login) = state.prepare(0, of: file) else { throw Failure("login was refused") }
        _ = state.finish(0, of: file, with: .success(try await client.send(login)), milliseconds: 0)
        guard case .send(let call) = state.prepare(1, of: file), let checks = call.checks else { throw Failure("the call was refused") }
        let response = try await client.send(call)
        let count = 2_000
        let ms = JSONPathBenchmark.milliseconds { for _ in 0..<count { _ = checks.evaluate(on: response) } }
        return ms * 1000 / Double(count)
    }

    /// The same requests, written out by hand, with nothing to capture or judge.
    private func plain(on client: HTTPClient) async throws -> Double {
        let start = ContinuousClock.now
        let login = try await client.send(HTTPRequest(.post, "auth/login").body(#"{"user": "ann", "password": "pw"}"#, contentType: "application/json"))
        guard let token = JSONNode.parse(login.body.data)?["token"]?.stringValue else { throw Failure("no token") }
        var each: [Double] = []
        for _ in 1..<requests {
            let before = ContinuousClock.now
            _ = try await client.send(HTTPRequest(.get, "users/me").header("Authorization", "Bearer \(token)"))
            each.append(Self.milliseconds(since: before) * 1000)
        }
        let total = Self.milliseconds(since: start)
        plainRequestMicros.withLock { $0.append(Sample(each).median) }
        return total
    }

    /// 3 captures and 5 asserts on a 10 MB JSON document, as the exchange runs them on a response.
    private func checksOnLargeBody() throws {
        let body = JSONPathBenchmark.document(bytes: 10 << 20)
        let response = HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: ResponseBody(body))
        let checks = ResponseChecks(
            request: "large",
            captures: [RequestSpec.Capture("first", .json(try JSONPath("$.items[0].id"))), RequestSpec.Capture("tag", .json(try JSONPath("$.meta.tags[0]"))),
                       RequestSpec.Capture("type", .header("Content-Type"))],
            asserts: [RequestSpec.Assert(.status, .equals(200)), RequestSpec.Assert(.json(try JSONPath("$.meta.id")), .equals("doc")),
                      RequestSpec.Assert(.json(try JSONPath("$.items[-1].note")), .isNull), RequestSpec.Assert(.json(try JSONPath("$.items[5000].price")), .isNumber),
                      RequestSpec.Assert(.bytes, .greaterThan(1_000_000))])
        var times: [Double] = []
        for _ in 0..<max(runs, 5) {
            var passed = false
            times.append(JSONPathBenchmark.milliseconds { passed = checks.evaluate(on: response).passed })
            if !passed { FileHandle.standardError.write(Data("the large-body checks did not pass\n".utf8)) }
        }
        print("checks_10mb_ms=\(format(Sample(times).median, digits: 1))")
    }

    /// `login`, then `calls` times `me` with 3 captures and 5 asserts.
    static func file(calls: Int) -> String {
        var text = """
            vars: { user: "ann" }
            requests:
              - name: "login"
                method: "POST"
                url: "auth/login"
                body: { json: "{\\"user\\": \\"{{user}}\\", \\"password\\": \\"pw\\"}" }
                capture: { token: { json: "$.token", secret: true } }

            """
        for index in 0..<calls {
            text += """
                  - name: "me \(index)"
                    url: "users/me"
                    headers: ["Authorization: Bearer {{token}}"]
                    capture:
                      name: { json: "$.name" }
                      role: { json: "$.roles[0]" }
                      type: { header: "Content-Type" }
                    assert:
                      - { status: 200 }
                      - { json: "$.name", equals: "{{user}}" }
                      - { json: "$.roles", count: 2 }
                      - { header: "Content-Type", contains: "json" }
                      - { json: "$.email", endsWith: "@example.com" }

                """
        }
        return text
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
