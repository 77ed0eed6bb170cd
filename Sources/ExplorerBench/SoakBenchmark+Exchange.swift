import ClientCore
import RequestModel

extension SoakBenchmark {
    /// The key whose token the client holds; `auth` and `rotate` use it.
    static let sharedKey = "soak"

    /// The client the TUI's demo profile would build, with short waits: a token refresh on 401
    /// (POST auth/refresh, its token set as the client's Authorization header), then the default
    /// validator with exponential backoff (base 10 ms, cap 50 ms), 3 retries.
    static func makeClient(_ baseURL: String) throws -> HTTPClient {
        let client = try HTTPClient(baseURL: baseURL)
        client.setHeader("X-Demo-Key", sharedKey)
        client.maxRetries = 3
        client.timeout = 10
        var refresh = HTTPAltRequestValidator(statusCodes: [401], { _, _ in
            HTTPRequest(.post, "auth/refresh")
        }, onReceiveAltResponse: { response, client in
            guard case .string(let token)? = JSONNode.parse(response.body.data)?["token"] else {
                throw HTTPError(.altRequestFailed, "auth/refresh answered without a token")
            }
            client.setHeader("Authorization", "Bearer \(token)")
        })
        // A rotation can land between an exchange's refresh and its retry; one more refresh rides it out.
        refresh.maxAltRequests = 2
        client.validators = [refresh, HTTPDefaultValidator(strategy: .exponential(base: 0.01, cap: 0.05))]
        return client
    }

    /// Sends one step. Stateful faults (flaky, drop) use the lane's own key, so concurrent
    /// lanes never consume each other's failure sequences.
    static func exchange(_ step: SoakStep, lane: Int, on client: HTTPClient) async -> SoakOutcome {
        let laneKey = "soak-lane-\(lane)"
        switch step.scenario {
        case .plain: return await send(HTTPRequest(.get, step.detail == 0 ? "status/200" : "json/1"), on: client)
        case .flaky: return await send(HTTPRequest(.get, "flaky/2").header("X-Demo-Key", laneKey), on: client)
        case .reset: return await send(HTTPRequest(.get, "drop").query("times", "1").header("X-Demo-Key", laneKey), on: client)
        case .slow: return await send(HTTPRequest(.get, "delay/20"), on: client)
        case .auth: return await send(HTTPRequest(.get, "auth/protected"), on: client)
        case .rotate: return await send(HTTPRequest(.post, "auth/refresh"), on: client)
        case .cancel:
            let task = Task { await send(HTTPRequest(.get, "delay/200"), on: client) }
            try? await Task.sleep(for: .milliseconds(step.detail))
            task.cancel()
            return await task.value
        }
    }

    static func send(_ request: HTTPRequest, on client: HTTPClient) async -> SoakOutcome {
        do {
            _ = try await client.send(request)
            return .ok
        } catch {
            return error.kind == .cancelled ? .cancelled : .failed(error.kind)
        }
    }
}
