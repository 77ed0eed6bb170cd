import ClientCore
import ExplorerApp
import Foundation
import Locking
import Profiles
import RequestModel
import Sessions
import TUICore
import CurlSyntax

/// Runs what the UI loop must not wait for: starting the profile's client, exchanges, and laying
/// out response bodies. It never touches state; it posts events back to the loop.
final class ExchangeRunner: Sendable {
    private struct Running {
        var profile: ProfileClient?
        /// How the active profile's exchanges are recorded.
        var context: TUIRecorder.ProfileContext?
        var exchanges: [ExchangeID: Task<Void, Never>] = [:]
        /// The open WebSockets' conversations (SPEC §12): the composer sends through them, Esc closes them.
        var conversations: [ExchangeID: WebSocketConversation] = [:]
        var events: Task<Void, Never>?
        /// F9's deletion of the token, which the sends after it wait for.
        var forgetting: Task<Void, Never>?
        /// Counts profile starts: a start overtaken by a later one closes what it opened.
        var generation = 0
        /// Starts (and the shutdowns they cause) under way, for `shutdown` to wait for.
        var starts: [Int: Task<Void, Never>] = [:]
    }

    private let post: @Sendable (AppEvent) -> Void
    private let clock = SkippableClock()
    private let running = Locked(Running())
    let recorder: TUIRecorder
    /// The request file open in the TUI, if any, and its run's scope.
    let requestFile = TUIRequestFile()

    init(recorder: TUIRecorder, post: @escaping @Sendable (AppEvent) -> Void) {
        self.recorder = recorder
        self.post = post
    }

    /// Opens profile `name` (for `demo`, the embedded demo API) and follows its client's events;
    /// once it is ready the profile that was active is shut down. When it fails, the active
    /// profile stays (the first start reports `profileFailed`, a switch `profileSwitchFailed`).
    func startProfile(_ name: String) {
        let generation = running.withLock { state -> Int in
            state.generation += 1
            return state.generation
        }
        let task = Task { [post, clock] in
            var configuration = HTTPClient.Configuration()
            configuration.clock = clock
            let opened: ProfileClient
            do throws(CLIError) {
                opened = try await ProfileClient.open(profile: name, configuration: configuration, prompting: false)
            } catch {
                let first = running.withLock { $0.profile == nil }
                post(first ? .profileFailed(error.message) : .profileSwitchFailed(name: name, problem: error.message))
                _ = running.withLock { $0.starts.removeValue(forKey: generation) }
                return
            }
            let events = opened.client.events()
            let context = Self.context(name: name, opened: opened)
            let old = running.withLock { state -> (ProfileClient?, Task<Void, Never>?, [Task<Void, Never>])? in
                guard state.generation == generation else { return nil }
                let old = (state.profile, state.events, Array(state.exchanges.values))
                state.profile = opened
                state.context = context
                state.events = Task {
                    for await event in events { post(.client(event)) }
                }
                return old
            }
            guard let (oldProfile, oldEvents, oldExchanges) = old else {
                // A later switch won: this one was never shown.
                await opened.shutdown(reporting: false)
                _ = running.withLock { $0.starts.removeValue(forKey: generation) }
                return
            }
            post(.profileReady(name: name, baseURL: opened.client.baseURL?.absoluteString ?? ""))
            Self.loadGraphQLSchema(for: name, names: opened.profile?.graphQLSchema, post: post)
            // Exchanges of the old profile were cancelled by the switch; they end before it closes.
            for task in oldExchanges { await task.value }
            // The terminal is the TUI's: a cookie jar that could not be saved is said on screen.
            await oldProfile?.shutdown(reporting: false)
            if let problem = oldProfile?.cookieProblem { post(.problem(problem)) }
            await oldEvents?.value
            _ = running.withLock { $0.starts.removeValue(forKey: generation) }
        }
        running.withLock { $0.starts[generation] = task }
    }

    /// The recorder's view of profile `name`: its secret headers and credentials (so a body that
    /// echoes one is scrubbed) and its snapshot. Exchanges are recorded whole; files get them
    /// redacted unless the user keeps secrets.
    static func context(name: String, opened: ProfileClient) -> TUIRecorder.ProfileContext {
        let baseURL = opened.client.baseURL?.absoluteString
        if let profile = opened.profile {
            var recorder = SessionRecorder(profile: profile, secrets: .kept)
            recorder.baseURL = baseURL ?? profile.baseURL
            return TUIRecorder.ProfileContext(name: name, recorder: recorder, snapshot: recorder.snapshot(of: profile), client: opened.client)
        }
        let recorder = SessionRecorder(baseURL: baseURL, secrets: .kept)
        return TUIRecorder.ProfileContext(name: name, recorder: recorder, snapshot: recorder.snapshot(name: name, client: opened.client),
                                          client: opened.client)
    }

    /// The TUI's WebSockets keep their messages in the exchange's record, so a saved session replays
    /// them, and ping every 30 s (the timeline shows each round trip; idle proxies keep the connection).
    static let webSocketSettings = {
        var settings = WebSocketConversation.Settings()
        settings.recordsMessages = true
        settings.pingInterval = 30
        return settings
    }()

    /// The schema the profile's GraphQL bodies are checked against as they are typed (SPEC §13),
    /// read off the loop; one that cannot be read is said, and bodies are then checked for syntax only.
    static func loadGraphQLSchema(for name: String, names: String?, post: @escaping @Sendable (AppEvent) -> Void) {
        Task.detached {
            do throws(CLIError) {
                post(.graphQLSchema(profile: name, try GraphQLSchemaLookup.schema(for: name, named: names)))
            } catch {
                post(.graphQLSchema(profile: name, nil))
                post(.problem(error.message))
            }
        }
    }

    /// The name of the profile in use (once one is ready).
    var activeProfile: String? {
        running.withLock { $0.context?.name }
    }

    /// The panes' request over `chain`, the recorded request they were loaded from (its name,
    /// vars and checks), filled in one pass (SPEC §8) from the scope of the TUI's run — the
    /// profile's vars, the open request file's, what was captured so far — and recorded as
    /// written, so a re-sent chain keeps its captures and asserts. What it captures joins the scope.
    func send(_ draft: RequestDraft, chain: RequestSpec?, id: ExchangeID) {
        let spec = draft.request(named: chain?.name, over: chain)
        let scope = requestFile.scope(profile: running.withLock { $0.profile?.variables } ?? [:])
        let file = requestFile
        exchange(id, recording: spec, request: { () throws(HTTPError) in
            try RequestRendering(scope).prepare(spec, name: spec.name ?? spec.summary).mapError(\.error).get()
        }) { result, _ in
            if case .success(let response) = result, let captured = response.checks?.captured { file.capture(captured) }
        }
    }

    /// Request `index` of the open request file: filled from its scope with its checks, recorded
    /// as the file writes it (templates and checks) so a saved session replays as a chain; what
    /// it captured joins the scope before the exchange is said to end. A request refused before
    /// sending (an undefined variable) ends at once with the reason.
    func sendFromFile(_ index: Int, draft: RequestDraft, edited: Bool, id: ExchangeID) {
        let variables = running.withLock { $0.profile?.variables } ?? [:]
        switch requestFile.prepare(index, draft: draft, edited: edited, profile: variables) {
        case .refused(let refused):
            // Refused before ClientCore saw it: said where its events would have gone.
            let summary = ClientEvent.ErrorSummary(kind: "refused", message: refused.failures.joined(separator: "; "))
            post(.client(ClientEvent(exchange: id, tMs: 0, kind: .exchangeFailed(attempts: 0, error: summary))))
            post(.fileRequestFinished(id, failures: refused.failures))
            post(.exchangeEnded(id, failure: refused.failures.joined(separator: "; "), cancelled: false))
        case .send(let request, let recorded):
            let file = requestFile, post = post
            exchange(id, recording: recorded, request: { () throws(HTTPError) in request }) { result, milliseconds in
                guard let outcome = file.finish(index, with: result, milliseconds: milliseconds) else { return }
                post(.fileRequestFinished(id, failures: outcome.failures))
                post(.variablesListed(file.variables(profile: variables)))
            }
        }
    }

    func listVariables() {
        let variables = running.withLock { $0.profile?.variables } ?? [:]
        post(.variablesListed(requestFile.variables(profile: variables)))
    }

    /// One exchange on the active profile, recorded as `recording`; `finished` sees its result
    /// before `exchangeEnded` is posted.
    private func exchange(_ id: ExchangeID, recording: RequestSpec, request make: @escaping @Sendable () throws(HTTPError) -> HTTPRequest,
                          finished: (@Sendable (Result<HTTPResponse, HTTPError>, Double) -> Void)? = nil) {
        guard let (client, context) = running.withLock({ state in state.profile.flatMap { profile in state.context.map { (profile.client, $0) } } }) else {
            return post(.exchangeEnded(id, failure: "the profile is not ready", cancelled: false))
        }
        recorder.begin(id, request: recording, profile: context)
        let forgetting = running.withLock { $0.forgetting }
        let task = Task { [post, recorder] in
            await forgetting?.value
            let record: ExchangeRecord
            do throws(HTTPError) {
                let request = try make()
                // A ws:// URL opens a WebSocket; its messages reach the panes as the client's events.
                let conversation = client.opensWebSocket(request) ? WebSocketConversation(settings: Self.webSocketSettings) { _ in } : nil
                if let conversation { self.running.withLock { $0.conversations[id] = conversation } }
                record = await client.run(request, id: id, sink: BodyArrivalWatch(id: id, post: post).sink, conversation: conversation)
                _ = self.running.withLock { $0.conversations.removeValue(forKey: id) }
            } catch {
                // Refused before ClientCore saw it: said where its events would have gone.
                let summary = ClientEvent.ErrorSummary(kind: error.kind.rawValue, message: error.message)
                post(.client(ClientEvent(exchange: id, tMs: 0, kind: .exchangeFailed(attempts: 0, error: summary))))
                record = ExchangeRecord(refused: error, id: id)
            }
            recorder.end(record)
            switch record.result {
            case .success(let response):
                Self.deliver(response.body, summary: ResponseSummary(response, elapsed: record.elapsed), id: id, post: post)
            case .failure(let error):
                // A failed exchange may still have a final response worth reading (a 503 after the last retry).
                if let status = error.status, let body = error.body {
                    let summary = ResponseSummary(status: status, httpVersion: "", elapsedMs: record.milliseconds,
                                                  bytes: body.count, contentType: nil, headers: [])
                    Self.deliver(body, summary: summary, id: id, post: post)
                }
            }
            finished?(record.result, record.milliseconds)
            post(.exchangeEnded(id, failure: record.error?.message, cancelled: record.wasCancelled))
            _ = self.running.withLock { $0.exchanges.removeValue(forKey: id) }
        }
        running.withLock { $0.exchanges[id] = task }
    }

    /// F9: forgets the active profile's OAuth 2.0 token, so the next send runs the grant again;
    /// sends made after this wait for it.
    func forgetToken() {
        guard let client = running.withLock({ $0.profile?.client }) else { return }
        guard let tokens = client.oauth else {
            return post(.problem("profile \(activeProfile ?? "") has no auth.oauth2: F9 has no token to forget"))
        }
        let forgetting = Task { [post] in
            do {
                try await tokens.forget()
            } catch {
                post(.problem("the token file could not be deleted: \(error)"))
            }
        }
        running.withLock { $0.forgetting = forgetting }
    }

    /// Esc: an open WebSocket closes with 1000 (SPEC §12); any other exchange is cancelled.
    func cancel(_ id: ExchangeID) {
        let (task, conversation) = running.withLock { ($0.exchanges[id], $0.conversations[id]) }
        guard let conversation else { return task?.cancel() ?? () }
        conversation.close()
    }

    /// The composer's message, on the open WebSocket of exchange `id`.
    func sendWebSocketMessage(_ message: WebSocketMessage, on id: ExchangeID) {
        running.withLock { $0.conversations[id] }?.send(message)
    }

    func skipWait() {
        clock.skipWaits()
    }

    /// The draft as a curl command line, secrets redacted, for the clipboard.
    func makeCurl(_ draft: RequestDraft) {
        guard let client = running.withLock({ $0.profile?.client }) else {
            return post(.clipboardRefused(label: "curl command", reason: "the profile is not ready"))
        }
        do throws(HTTPError) {
            let spec = draft.request()
            let prepared = try client.prepare(try RequestRendering.asWritten.prepare(spec, name: spec.summary).mapError(\.error).get())
            let exporter = CurlExporter(prepared, body: CurlExporter.Body(spec.body))
            post(.curlReady(exporter.render(includeSecrets: false, extraSecretHeaders: prepared.authHeader.map { [$0] } ?? [])))
        } catch {
            post(.clipboardRefused(label: "curl command", reason: error.message))
        }
    }

    func shutdown() async {
        let starts = running.withLock { $0.generation += 1; return Array($0.starts.values) }
        for start in starts { await start.value }
        let (profile, tasks, events) = running.withLock { ($0.profile, Array($0.exchanges.values), $0.events) }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        await profile?.shutdown()
        await events?.value
        await recorder.drain()
    }

    /// Posts the body's first screens at once, then its full index, so a huge body shows fast and
    /// becomes scrollable to its end a moment later.
    private static func deliver(_ body: ResponseBody, summary: ResponseSummary, id: ExchangeID, post: @Sendable (AppEvent) -> Void) {
        // A spooled body is read from its file a window at a time, never mapped or read whole.
        let document = body.fileURL.flatMap { BodyDocument.open(file: $0, count: body.count, contentType: summary.contentType) }
            ?? BodyDocument.open(data: body.fileURL == nil ? body.data : Data(), contentType: summary.contentType)
        post(.responseReceived(id, summary, document))
        guard !document.isComplete else { return }
        var reported = 0.0
        let indexed = document.indexed(progress: { fraction in
            if fraction - reported >= 0.05 {
                reported = fraction
                post(.bodyIndexing(id, fraction: fraction))
            }
        }, isCancelled: { Task.isCancelled })
        post(.bodyIndexed(id, indexed))
    }
}

extension ResponseSummary {
    init(_ response: HTTPResponse, elapsed: Duration) {
        self.init(status: response.status, httpVersion: response.httpVersion, elapsedMs: elapsed.milliseconds,
                  bytes: response.body.count, contentType: response.headers["Content-Type"],
                  headers: response.headers.map { Header($0.name, $0.value) })
    }
}
