import Foundation

/// One exchange: attempts, redirects, the validator chain, retries and their waits.
/// Every transition appends an event; the response's attempt records and the
/// subscribers' streams are read off those same events.
struct Exchange {
    private let client: HTTPClient
    private let id: ExchangeID
    /// The request each attempt is built from; retry tasks and catchers may change it.
    private var request: HTTPRequest
    private let publishes: Bool
    private let sink: BodySink?
    private let clock: any ExchangeClock
    private let start: TimeInterval
    private var events: [ClientEvent] = []
    /// Reads event-stream and line-format bodies as they arrive, over every attempt.
    private let follower: StreamFollower?
    private var bytesStreamed = 0
    private var attemptsMade = 0
    private var errorRedirects = 0
    private static let maxErrorRedirects = 5
    /// Instead of the client's chain (token requests are read whatever their status).
    private let validatorsOverride: [any HTTPValidator]?
    /// The OAuth token the latest attempt carried, and whether a refused one was replaced.
    private var oauthTokenSent: String?
    private var oauthTokenReplaced = false
    /// What talks over the connection when the request opens a WebSocket (SPEC §12).
    private let conversation: WebSocketConversation?

    init(client: HTTPClient, id: ExchangeID, request: HTTPRequest, publishes: Bool, sink: BodySink?,
         validators: [any HTTPValidator]? = nil, conversation: WebSocketConversation? = nil) {
        self.client = client
        self.conversation = conversation
        self.validatorsOverride = validators
        self.id = id
        self.request = request
        self.publishes = publishes
        self.sink = sink
        self.clock = client.configuration.clock
        let start = clock.now()
        self.start = start
        events.reserveCapacity(8)
        follower = publishes ? StreamFollower(limits: request.streamLimits, stamp: { [clock] kind in
            ClientEvent(exchange: id, tMs: (clock.now() - start) * 1000, kind: kind)
        }, publish: { [hub = client.hub] event in hub.publish(event) }, isHeard: { [hub = client.hub] in hub.hasSubscribers }) : nil
    }

    mutating func run() async throws(HTTPError) -> HTTPResponse {
        let initial = client.snapshot()
        let checks = request.checks.flatMap { $0.isEmpty ? nil : $0 }
        let validators = (validatorsOverride ?? initial.validators) + (request.expectsGraphQL ? [GraphQLValidator()] : [])
            + (checks.flatMap { checks in checks.poll.map { [PollValidator(poll: $0, checks: checks)] } } ?? [])
        let deadline = request.deadline ?? initial.deadline
        var planner = RetryPlanner(maxRetries: request.maxRetries ?? initial.maxRetries)
        while true {
            // Each attempt reads the settings afresh (a refresh may have changed them); the first
            // uses the snapshot just taken.
            var settings = attemptsMade == 0 ? initial : client.snapshot()
            oauthTokenSent = try await oauthToken(settings, attempt: attemptsMade + 1)
            if let oauthTokenSent { settings.auth = .bearer(oauthTokenSent) }
            let prepared: PreparedRequest
            do {
                prepared = try client.prepare(request, with: settings)
            } catch {
                throw fail(error)
            }
            // A token in hand goes on without looking at the URL: preparing withholds it from another origin.
            if prepared.withheldCredentials.contains(where: { $0.caseInsensitiveEquals("Authorization") }) { oauthTokenSent = nil }
            if Task.isCancelled { throw fail(.cancelled()) }
            attemptsMade += 1
            var judged = request
            judged.currentRetry = attemptsMade - 1
            judged.headersGeneration = settings.headersGeneration

            let response = try await perform(prepared, timeout: request.timeout ?? settings.timeout, deadline: deadline)
            if try await reconnects(after: response, planner: &planner, validators: validators, deadline: deadline) { continue }
            if let ending = response.webSocketEnding {
                // The handshake was RFC 6455's to judge; what remains is whether to reconnect.
                if ending.closed.by == .transport, !ending.userClosed {
                    try await reconnectWebSocket(after: response, planner: &planner, validators: validators, deadline: deadline)
                    continue
                }
                emit(.exchangeCompleted(status: response.status, attempts: attemptsMade))
                var done = response
                done.events = events
                return done
            }
            let verdict: Verdict
            if let reason = OAuthRefusal.reason(response, tokenSent: oauthTokenSent, alreadyReplaced: oauthTokenReplaced) {
                emit(.validatorDecided(attempt: attemptsMade, validator: OAuthRefusal.validator, decision: .retry, reason: reason))
                verdict = .retry(.oauthRefresh, .anyMethod)
            } else {
                verdict = await judge(response, request: judged, validators: validators)
            }
            switch verdict {
            case .approve(var approved):
                if conversation != nil {
                    // A WebSocket that opened returned above: an approved answer here refused the upgrade.
                    throw fail(HTTPError(.webSocket, "the server answered \(approved.status) instead of switching to a WebSocket (101)",
                                         status: approved.status, body: approved.body))
                }
                if let checks {
                    let (results, findings) = CheckEvaluation(checks: checks).run(on: approved, durationMs: (clock.now() - start) * 1000)
                    for finding in findings { emit(finding) }
                    approved.checks = results
                }
                emit(.exchangeCompleted(status: approved.status, attempts: attemptsMade))
                approved.events = events
                return approved
            case .fail(let error):
                if redirect(after: error, response: response, handler: settings.errorHandler) { continue }
                throw fail(error)
            case .retry(let strategy, let rules):
                let decision = planner.plan(strategy, rules: rules, request: request, response: response,
                                            bytesStreamed: bytesStreamed, elapsed: clock.now() - start, deadline: deadline,
                                            random: client.configuration.random(), now: Date())
                switch decision {
                case .skip(let cause):
                    emit(.retrySkipped(attempt: attemptsMade, reason: cause.reason))
                    let failure = error(for: cause, response: response)
                    if redirect(after: failure, response: response, handler: settings.errorHandler) { continue }
                    throw fail(failure)
                case .schedule(let delay, let source):
                    // Alternate requests and tasks run first; a retry is announced only once it will happen.
                    try await prepareRetry(strategy, sentWith: judged.headersGeneration)
                    emit(.retryScheduled(attempt: attemptsMade, strategy: strategy.name, delayMs: delay * 1000, source: source))
                    do {
                        try await clock.sleep(seconds: delay)
                    } catch {
                        throw fail(.cancelled())
                    }
                }
            }
        }
    }

    // MARK: One attempt, with its redirect hops

    private mutating func perform(_ first: PreparedRequest, timeout: TimeInterval, deadline: TimeInterval?) async throws(HTTPError) -> HTTPResponse {
        let attempt = attemptsMade
        emit(.attemptStarted(attempt: attempt, method: first.method.rawValue, url: first.url.absoluteString))
        emitWithheld(first, attempt: attempt)
        var hop = first
        // Filled on the first redirect only: most responses are not one.
        var visited: Set<String> = []
        while true {
            let remaining = deadline.map { $0 - (clock.now() - start) }
            if let remaining, remaining <= 0 {
                throw fail(HTTPError(.deadlineExceeded, "the exchange's \(Backoff.seconds(deadline ?? 0)) deadline passed"))
            }
            let hopStart = clock.now()
            var wire = hop
            if !wire.headers.contains("Cookie"), let cookie = client.cookieHeader(for: wire.url) {
                wire.headers.add(name: "Cookie", value: cookie)
            }
            follower?.begin(attempt: attempt)
            var upgraded: WebSocketConnector.Upgraded?
            let result: TransportResult
            if conversation != nil {
                (result, upgraded) = await handshake(wire, timeout: min(timeout, remaining ?? timeout))
            } else if wire.url.isWebSocket {
                throw fail(HTTPError(.invalidURL, "\(wire.url.absoluteString) opens a WebSocket: open it with a conversation (HTTPClient.open)"))
            } else {
                result = await client.transport.execute(wire, timeout: timeout, remaining: remaining,
                                                        spool: hop.spool(client.configuration.spool), sink: sink, follower: follower,
                                                        streamTimeLeft: request.streamLimits.maxTime.map { $0 - (clock.now() - start) })
            }
            if let follower { events += follower.takeRecorded() }
            switch result {
            case .failure(let failure, let streamed):
                bytesStreamed += streamed
                if failure.kind == .cancelled || Task.isCancelled { throw fail(.cancelled()) }
                emit(.transportFailed(attempt: attempt, kind: .init(failure.kind), message: failure.message))
                if failure.kind == .deadlineExceeded { throw fail(failure) }
                return HTTPResponse(failure: failure, attempt: attempt, exchange: id, url: hop.url)
            case .response(let raw):
                bytesStreamed += raw.streamed
                client.storeCookies(from: raw.headers, url: hop.url)
                emit(.responseReceived(attempt: attempt, status: raw.status, bytes: raw.bytes,
                                       elapsedMs: (clock.now() - hopStart) * 1000, httpVersion: raw.httpVersion, encoding: raw.encoding))
                if let next = try nextHop(after: raw, from: hop, first: first, visited: &visited) {
                    emit(.redirectFollowed(attempt: attempt, status: raw.status, from: hop.url.absoluteString, to: next.url.absoluteString))
                    emitWithheld(next, attempt: attempt)
                    hop = next
                    continue
                }
                var response = HTTPResponse(status: raw.status, headers: raw.headers, body: raw.body,
                                            httpVersion: raw.httpVersion, url: hop.url)
                response.attempt = attempt
                response.exchange = id
                response.streamedBytes = raw.streamed
                response.bodyWentToSink = raw.sunk
                if let upgraded, let conversation { response.webSocketEnding = await converse(over: upgraded, conversation, url: hop.url) }
                return response
            }
        }
    }

    /// The next hop when `raw` is a redirect the policy follows; throws on a loop or too many hops.
    private mutating func nextHop(after raw: RawResponse, from hop: PreparedRequest, first: PreparedRequest,
                                  visited: inout Set<String>) throws(HTTPError) -> PreparedRequest? {
        let url = hop.url
        guard Self.isRedirect(raw.status), let location = raw.headers["Location"],
              let target = URL(string: location, relativeTo: url)?.absoluteURL,
              URLResolver.absoluteURL(target.absoluteString) != nil
        else { return nil }
        let limit: Int
        switch client.configuration.redirects {
        case .refuse: return nil
        case .follow(let max): limit = max
        case .decide(let max, let allow):
            guard allow(raw.status, url, target) else { return nil }
            limit = max
        }
        if visited.isEmpty { visited.insert(first.method.rawValue + " " + first.url.absoluteString) }
        let next = hop.following(redirect: raw.status, to: target, originalOrigin: first.url.origin)
        // Method and URL together: POST /form → 303 → GET /form is no loop.
        let key = next.method.rawValue + " " + target.absoluteString
        if visited.contains(key) {
            throw fail(HTTPError(.tooManyRedirects, "redirect loop: \(target.absoluteString) was already visited", status: raw.status))
        }
        if visited.count > limit {
            throw fail(HTTPError(.tooManyRedirects, "stopped after \(limit) redirects (last to \(target.absoluteString))", status: raw.status))
        }
        visited.insert(key)
        return next
    }

    private static func isRedirect(_ status: Int) -> Bool {
        switch status {
        case 301, 302, 303, 307, 308: true
        default: false
        }
    }

    // MARK: Event streams

    /// A dropped event stream reconnects (SPEC §10): after the server's `retry`, else the
    /// validators' strategy, with `Last-Event-ID`, as a retry of source `stream`. True when it
    /// will; a stream that may not reconnect ends as its last attempt did (a broken one fails).
    private mutating func reconnects(after response: HTTPResponse, planner: inout RetryPlanner,
                                     validators: [any HTTPValidator], deadline: TimeInterval?) async throws(HTTPError) -> Bool {
        guard let follower, let ending = follower.ending, ending.format == .eventStream,
              ending.reason == .ended || ending.reason == .dropped
        else { return false }
        let defaults = validators.lazy.compactMap { $0 as? HTTPDefaultValidator }.first
        let strategy = defaults?.transportRetryStrategy ?? .exponential
        let elapsed = clock.now() - start
        var decision = planner.planReconnect(strategy, serverRetry: follower.reconnectionDelay, rules: defaults?.rules ?? RetryRules(),
                                             request: request, response: response, elapsed: elapsed, deadline: deadline,
                                             random: client.configuration.random())
        if case .schedule(let delay, _) = decision, let maxTime = request.streamLimits.maxTime, elapsed + delay >= maxTime {
            follower.stop(.maxTime)
            decision = .skip(.pastDeadline(delay: delay, deadline: maxTime))
        }
        switch decision {
        case .skip(let cause):
            guard let failure = response.error else { return false }
            emit(.retrySkipped(attempt: attemptsMade, reason: cause.reason))
            throw fail(failure)
        case .schedule(let delay, let source):
            emit(.retryScheduled(attempt: attemptsMade, strategy: strategy.name, delayMs: delay * 1000, source: source))
            let lastEventID = follower.lastEventID
            request.headers["Last-Event-ID"] = lastEventID.isEmpty ? nil : lastEventID
            do {
                try await clock.sleep(seconds: delay)
            } catch {
                throw fail(.cancelled())
            }
            return true
        }
    }

    // MARK: WebSockets

    /// The opening handshake of a WebSocket (SPEC §12) in place of a request: an upgraded
    /// connection, or the server's refusal as an ordinary response.
    private func handshake(_ wire: PreparedRequest, timeout: TimeInterval) async -> (TransportResult, WebSocketConnector.Upgraded?) {
        var wire = wire
        wire.url = wire.url.withScheme(webSocket: true)
        let maxMessage = conversation?.settings.maxMessage ?? WebSocketConversation.Settings().maxMessage
        do {
            switch try await WebSocketConnector.connect(wire, tls: client.configuration.tls, timeout: timeout, maxFrame: maxMessage) {
            case .upgraded(let upgraded): return (.response(upgraded.head), upgraded)
            case .refused(let raw): return (.response(raw), nil)
            }
        } catch {
            return (.failure(error, bytesStreamed: 0), nil)
        }
    }

    /// Talks until the connection ends: `ws.opened`, the conversation's events, `ws.closed`.
    private mutating func converse(over upgraded: WebSocketConnector.Upgraded, _ conversation: WebSocketConversation,
                                   url: URL) async -> WebSocketConversation.Ending {
        let agreement = upgraded.agreement
        emit(.wsOpened(url: url.withScheme(webSocket: true).absoluteString, protocol: agreement.chosenProtocol,
                       extensions: agreement.deflate.map { [$0.description] } ?? []))
        let (id, clock, start, hub, publishes) = (id, clock, start, client.hub, publishes)
        let ending = await conversation.run(upgraded) { kind in
            let event = ClientEvent(exchange: id, tMs: (clock.now() - start) * 1000, kind: kind)
            if publishes { hub.publish(event) }
            return event
        }
        events += ending.recorded
        emit(.wsClosed(ending.closed))
        return ending
    }

    /// A WebSocket that dropped without a close reconnects when retries allow (SPEC §12), as a
    /// retry of source `stream`; otherwise the drop fails the exchange as the transport error it is.
    private mutating func reconnectWebSocket(after response: HTTPResponse, planner: inout RetryPlanner,
                                             validators: [any HTTPValidator], deadline: TimeInterval?) async throws(HTTPError) {
        let defaults = validators.lazy.compactMap { $0 as? HTTPDefaultValidator }.first
        let strategy = defaults?.transportRetryStrategy ?? .exponential
        let decision = planner.planReconnect(strategy, serverRetry: nil, rules: defaults?.rules ?? RetryRules(), request: request,
                                             response: response, elapsed: clock.now() - start, deadline: deadline,
                                             random: client.configuration.random())
        switch decision {
        case .skip(let cause):
            emit(.retrySkipped(attempt: attemptsMade, reason: cause.reason))
            throw fail(HTTPError(.connectionReset, "the WebSocket to \(response.url?.host ?? "the server") dropped without a close"))
        case .schedule(let delay, let source):
            emit(.retryScheduled(attempt: attemptsMade, strategy: strategy.name, delayMs: delay * 1000, source: source))
            do {
                try await clock.sleep(seconds: delay)
            } catch {
                throw fail(.cancelled())
            }
        }
    }

    // MARK: The validator chain

    private enum Verdict {
        case approve(HTTPResponse)
        case fail(HTTPError)
        case retry(HTTPRetryStrategy, RetryRules)
    }

    private mutating func judge(_ response: HTTPResponse, request: HTTPRequest, validators: [any HTTPValidator]) async -> Verdict {
        var current = response
        for validator in validators {
            let result = await validator.validate(response: current, request: request)
            emit(.validatorDecided(attempt: attemptsMade, validator: validator.name, decision: result.eventDecision, reason: result.reason))
            switch result.decision {
            case .nextValidator:
                continue
            case .nextValidatorWithResponse(let replacement):
                current = replacement
                current.attempt = response.attempt
                current.exchange = id
            case .failChain(let error):
                return .fail(HTTPError.wrap(error))
            case .retry(let strategy, let rules):
                return .retry(strategy, rules)
            }
        }
        // No validator may turn a missing response into a success.
        if let failure = current.error { return .fail(failure) }
        return .approve(current)
    }

    // MARK: Before a retry: alternate requests and tasks

    private mutating func prepareRetry(_ strategy: HTTPRetryStrategy, sentWith generation: Int) async throws(HTTPError) {
        let attempt = attemptsMade
        switch strategy {
        case .immediate, .backoff, .poll:
            return
        case .oauthRefresh:
            oauthTokenReplaced = true
            _ = try await oauthToken(client.snapshot(), rejected: oauthTokenSent, attempt: attempt)
        case .alternate(let plan):
            if let refresh = plan.refresh {
                try await runSharedRefresh(plan, refresh, sentWith: generation)
                return
            }
            request.altRequestsMade += 1
            do {
                let response = try await runAlternate(plan)
                try await plan.apply(&request, response, client)
            } catch {
                if Task.isCancelled { throw fail(.cancelled()) }
                plan.errorCatcher?(error)
            }
        case .task(let plan):
            emit(.taskStarted(attempt: attempt))
            do {
                try await plan.task(&request)
                emit(.taskFinished(attempt: attempt))
            } catch {
                if Task.isCancelled { throw fail(.cancelled()) }
                emit(.taskFailed(attempt: attempt, message: String(describing: error)))
                plan.catcher?(error)
            }
        }
    }

    /// The OAuth token the next attempt carries (SPEC §11), nil when it carries none. A refresh or
    /// a grant it needs goes out as this exchange's alternate requests and tells its steps here.
    private mutating func oauthToken(_ settings: HTTPClient.Settings, rejected: String? = nil, attempt: Int) async throws(HTTPError) -> String? {
        guard let tokens = settings.oauth, request.mayCarryOAuthToken else { return nil }
        if rejected == nil, let fresh = tokens.fresh() { return fresh.accessToken }
        do {
            // Only a request to the base URL's origin is worth a grant or a refresh.
            guard try client.isAtBaseOrigin(request) else { return nil }
        } catch {
            throw fail(error)
        }
        let (id, clock, start, hub) = (id, clock, start, client.hub)
        let stamp: @Sendable (ClientEvent.Kind) -> ClientEvent = { kind in ClientEvent(exchange: id, tMs: (clock.now() - start) * 1000, kind: kind) }
        let publish: (@Sendable (ClientEvent) -> Void)? = publishes ? { @Sendable event in hub.publish(event) } : nil
        let tap = EventTap(stamp: stamp, publish: publish)
        let channel = OAuthChannel.through(client, attempt: attempt) { tap.emit($0) }
        do {
            let token = try await tokens.token(rejected: rejected, over: channel)
            events += tap.take()
            client.noteOAuthToken(token.accessToken)
            return token.accessToken
        } catch {
            events += tap.take()
            if Task.isCancelled || error is CancellationError { throw fail(.cancelled()) }
            throw fail(HTTPError(.authFailed, "OAuth 2.0 \(tokens.grant.name) gave no token: \((error as? HTTPError)?.message ?? String(describing: error))",
                                 underlying: error))
        }
    }

    /// Runs the alternate request, with its events; its own tries stay out of this exchange.
    private mutating func runAlternate(_ plan: AltRequestPlan) async throws(HTTPError) -> HTTPResponse {
        var alt = plan.request
        alt.isAlternate = true
        let url = (try? client.prepare(alt, with: client.snapshot()).url.absoluteString) ?? alt.route
        emit(.altStarted(attempt: attemptsMade, method: alt.method.rawValue, url: url))
        do {
            let response = try await client.sendQuietly(alt)
            emit(.altFinished(attempt: attemptsMade, status: response.status, error: nil))
            return response
        } catch {
            emit(.altFinished(attempt: attemptsMade, status: error.status, error: error.message))
            throw error
        }
    }

    private mutating func runSharedRefresh(_ plan: AltRequestPlan, _ refresh: CredentialRefresh, sentWith generation: Int) async throws(HTTPError) {
        let role: CredentialRefresh.Role
        do {
            role = try await refresh.claim(sentWithGeneration: generation) { [client] in client.headersGeneration }
        } catch {
            if Task.isCancelled { throw fail(.cancelled()) }
            throw fail(altFailure(plan, error))
        }
        switch role {
        case .alreadyRefreshed:
            return
        case .joined:
            request.altRequestsMade += 1
        case .leader:
            request.altRequestsMade += 1
            do {
                let response = try await runAlternate(plan)
                try await plan.apply(&request, response, client)
                await refresh.finish(.refreshed, generation: client.headersGeneration)
            } catch {
                if Task.isCancelled {
                    await refresh.finish(.abandoned, generation: client.headersGeneration)
                    throw fail(.cancelled())
                }
                await refresh.finish(.failed(error), generation: client.headersGeneration)
                throw fail(altFailure(plan, error))
            }
        }
    }

    private func altFailure(_ plan: AltRequestPlan, _ error: any Error) -> HTTPError {
        let cause = (error as? HTTPError)?.message ?? String(describing: error)
        return HTTPError(.altRequestFailed,
                         "alternate request \(plan.request.method) \(plan.request.route) failed (\(cause)) while serving \(request.method) \(request.route)",
                         status: (error as? HTTPError)?.status, underlying: error)
    }

    /// Asks the client's error handler whether to send the request elsewhere instead of failing.
    private mutating func redirect(after error: HTTPError, response: HTTPResponse,
                                   handler: (@Sendable (HTTPError, HTTPResponse?) -> ErrorHandling)?) -> Bool {
        guard let handler, errorRedirects < Self.maxErrorRedirects,
              case .redirect(let target) = handler(error, response.error == nil ? response : nil)
        else { return false }
        errorRedirects += 1
        emit(.redirectFollowed(attempt: attemptsMade, status: response.status,
                               from: response.url?.absoluteString ?? request.route, to: target.absoluteString))
        request.route = target.absoluteString
        return true
    }

    // MARK: Events and endings

    private mutating func emitWithheld(_ request: PreparedRequest, attempt: Int) {
        guard !request.withheldCredentials.isEmpty else { return }
        emit(.credentialsWithheld(attempt: attempt, origin: request.url.origin, headers: request.withheldCredentials))
    }

    private mutating func emit(_ kind: ClientEvent.Kind) {
        let event = ClientEvent(exchange: id, tMs: (clock.now() - start) * 1000, kind: kind)
        events.append(event)
        if publishes { client.hub.publish(event) }
    }

    /// Ends the exchange with `error`: records the attempts on it and says so in the stream.
    private mutating func fail(_ error: HTTPError) -> HTTPError {
        var error = error
        if error.attempts.isEmpty { error.attempts = AttemptRecord.records(from: events) }
        emit(.exchangeFailed(attempts: attemptsMade, error: ClientEvent.ErrorSummary(error)))
        error.events = events
        return error
    }

    private func error(for cause: RetryPlanner.SkipCause, response: HTTPResponse) -> HTTPError {
        let last = response.error ?? HTTPError.endpoint(status: response.status, body: response.body)
        switch cause {
        case .retriesExhausted:
            let tries = attemptsMade == 1 ? "1 attempt" : "\(attemptsMade) attempts"
            return HTTPError(.retriesExhausted, "gave up after \(tries): \(last.message)",
                             status: response.error == nil ? response.status : nil,
                             body: response.error == nil ? response.body : nil, underlying: last)
        case .pastDeadline:
            return HTTPError(.deadlineExceeded, "\(cause.reason); last: \(last.message)",
                             status: response.error == nil ? response.status : nil, underlying: last)
        case .bodyPartlyWritten, .notIdempotent:
            return last
        }
    }
}
