import ClientCore
import ExplorerApp
import Foundation
import Synchronization
import TUICore

/// Runs what the UI loop must not wait for: starting the profile's client, exchanges, and laying
/// out response bodies. It never touches state; it posts events back to the loop.
final class ExchangeRunner: Sendable {
    private struct Running {
        var profile: ProfileClient?
        var exchanges: [ExchangeID: Task<Void, Never>] = [:]
        var events: Task<Void, Never>?
    }

    private let profileName: String?
    private let post: @Sendable (AppEvent) -> Void
    private let clock = SkippableClock()
    private let running = Mutex(Running())

    init(profile: String?, post: @escaping @Sendable (AppEvent) -> Void) {
        self.profileName = profile
        self.post = post
    }

    /// Starts the profile (for `demo`, the embedded demo API) and follows its client's events.
    func startProfile() {
        Task {
            var configuration = HTTPClient.Configuration()
            configuration.clock = clock
            do throws(CLIError) {
                let profile = try await ProfileClient.open(profile: profileName ?? DemoProfile.name, configuration: configuration)
                let events = profile.client.events()
                let follower = Task { [post] in
                    for await event in events { post(.client(event)) }
                }
                running.withLock {
                    $0.profile = profile
                    $0.events = follower
                }
                post(.profileReady(name: profileName ?? DemoProfile.name, baseURL: profile.client.baseURL?.absoluteString ?? ""))
            } catch {
                post(.profileFailed(error.message))
            }
        }
    }

    func send(_ draft: RequestDraft, id: ExchangeID) {
        guard let client = running.withLock({ $0.profile?.client }) else {
            return post(.exchangeEnded(id, failure: "the profile is not ready", cancelled: false))
        }
        let task = Task { [post] in
            let started = ContinuousClock.now
            do throws(HTTPError) {
                let request: HTTPRequest
                do throws(HTTPError) {
                    request = try draft.httpRequest()
                } catch {
                    // Refused before ClientCore saw it: say so where its events would have gone.
                    let summary = ClientEvent.ErrorSummary(kind: error.kind.rawValue, message: error.message)
                    post(.client(ClientEvent(exchange: id, tMs: 0, kind: .exchangeFailed(attempts: 0, error: summary))))
                    throw error
                }
                let response = try await client.send(request, id: id)
                let elapsed = ContinuousClock.now - started
                Self.deliver(response.body, summary: ResponseSummary(response, elapsed: elapsed), id: id, post: post)
                post(.exchangeEnded(id, failure: nil, cancelled: false))
            } catch {
                // A failed exchange may still have a final response worth reading (a 503 after the last retry).
                if let status = error.status, let body = error.body {
                    let summary = ResponseSummary(status: status, httpVersion: "", elapsedMs: (ContinuousClock.now - started).milliseconds,
                                                  bytes: body.count, contentType: nil, headers: [])
                    Self.deliver(body, summary: summary, id: id, post: post)
                }
                post(.exchangeEnded(id, failure: error.message, cancelled: error.kind == .cancelled))
            }
            _ = self.running.withLock { $0.exchanges.removeValue(forKey: id) }
        }
        running.withLock { $0.exchanges[id] = task }
    }

    func cancel(_ id: ExchangeID) {
        running.withLock { $0.exchanges[id] }?.cancel()
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
            let prepared = try client.prepare(try draft.httpRequest())
            let exporter = CurlExporter(method: prepared.method.rawValue, url: prepared.url.absoluteString,
                                        headers: prepared.headers.map { ($0.name, $0.value) }, body: draft.curlBody)
            post(.curlReady(exporter.render(includeSecrets: false)))
        } catch {
            post(.clipboardRefused(label: "curl command", reason: error.message))
        }
    }

    func shutdown() async {
        let (profile, tasks, events) = running.withLock { ($0.profile, Array($0.exchanges.values), $0.events) }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        await profile?.shutdown()
        await events?.value
    }

    /// Posts the body's first screens at once, then its full index, so a huge body shows fast and
    /// becomes scrollable to its end a moment later.
    private static func deliver(_ body: ResponseBody, summary: ResponseSummary, id: ExchangeID, post: @Sendable (AppEvent) -> Void) {
        let data = body.fileURL.flatMap { try? Data(contentsOf: $0, options: .alwaysMapped) } ?? body.data
        let document = BodyDocument.open(data: data, contentType: summary.contentType)
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

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
