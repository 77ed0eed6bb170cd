import AsyncHTTPClient
import Foundation
import Locking
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOPosix
import NIOSSL
import StreamFormats

/// The wire: AsyncHTTPClient behind one small seam. ClientCore follows redirects and
/// retries itself, so AHC does neither; each distinct per-attempt timeout gets its own
/// AHC client because AHC's idle-read timeout (the gaps in a body) is per client.
final class Transport: Sendable {
    /// One AHC client per idle timeout and proxy: AHC sets both per client.
    private struct Key: Equatable {
        var readTimeoutMillis: Int64
        var proxy: URL?
    }

    /// How many AHC clients stay open: a user trying many timeouts or proxies must not
    /// grow the process without bound; the least recently used one goes.
    static let maxClients = 8

    private struct Pool {
        var clients = RecentlyUsed<Key, PooledClient>(capacity: Transport.maxClients)
        /// Evicted clients whose last requests are still running.
        var retired: [PooledClient] = []
        var isShutDown = false
    }

    private let tls: TLSSettings
    private let proxy: ProxySetting
    private let pool = Locked(Pool())
    /// The one event loop every connection of this transport lives on; a caller that runs its
    /// exchanges on `executor` has a response wake its exchange without a thread hop.
    let loop: any EventLoop
    let executor: EventLoopExecutor

    init(tls: TLSSettings, proxy: ProxySetting) {
        self.tls = tls
        self.proxy = proxy
        loop = MultiThreadedEventLoopGroup.singleton.next()
        executor = EventLoopExecutor(loop)
    }

    /// Runs one request on the wire and reads its whole body (or streams a 2xx body to `sink`).
    /// - Parameters:
    ///   - remaining: seconds left before the exchange's deadline, which bounds the whole
    ///     attempt, body included; `timeout` bounds the head and each idle gap.
    ///   - follower: reads an event stream or line-format body as it arrives; `streamTimeLeft`
    ///     seconds from now it ends it (`--max-time`).
    func execute(_ request: PreparedRequest, timeout: TimeInterval, remaining: TimeInterval?,
                 spool: SpoolPolicy, sink: BodySink?, follower: StreamFollower?, streamTimeLeft: TimeInterval?) async -> TransportResult {
        guard remaining != nil || streamTimeLeft != nil else {
            return await attempt(request, timeout: timeout, spool: spool, sink: sink, follower: follower)
        }
        return await withTaskGroup(of: Finish.self) { group in
            group.addTask { .result(await self.attempt(request, timeout: timeout, spool: spool, sink: sink, follower: follower)) }
            if let remaining {
                group.addTask {
                    try? await Task.sleep(for: .nanoseconds(Seconds.nanoseconds(remaining)))
                    return .deadline
                }
            }
            if let streamTimeLeft, let follower {
                group.addTask {
                    do { try await Task.sleep(for: .nanoseconds(Seconds.nanoseconds(streamTimeLeft))) } catch { return .ignored }
                    // A stream not open yet ends as it opens; a body that is no stream goes on.
                    return follower.stop(.maxTime) ? .streamStopped : .ignored
                }
            }
            var stopping = false
            while let next = await group.next() {
                switch next {
                case .result(let result):
                    group.cancelAll()
                    return result
                case .streamStopped:
                    // The attempt, cancelled, returns what it had as the stream's end.
                    stopping = true
                    group.cancelAll()
                case .deadline where !stopping:
                    group.cancelAll()
                    // The attempt was cancelled; keep what it had streamed.
                    var streamed = 0
                    while let rest = await group.next() {
                        if case .result(.failure(_, let bytes)) = rest { streamed = bytes }
                    }
                    let failure = HTTPError(.deadlineExceeded, "the exchange's deadline passed while talking to \(request.url.host ?? "the server")")
                    return .failure(failure, bytesStreamed: streamed)
                case .deadline, .ignored:
                    continue
                }
            }
            return .failure(.cancelled(), bytesStreamed: 0)
        }
    }

    /// How a child of `execute`'s race ended.
    private enum Finish: Sendable {
        case result(TransportResult)
        case deadline
        case streamStopped
        case ignored
    }

    private func attempt(_ request: PreparedRequest, timeout: TimeInterval, spool: SpoolPolicy, sink: BodySink?,
                         follower: StreamFollower?) async -> TransportResult {
        // With no sink, none of the caller's code runs while the response is read: read it on the
        // connections' loop, where the head and each chunk arrive, so the caller's executor is
        // woken once with the result instead of once for each (issue 29). A sink's code stays off the loop.
        guard sink != nil else {
            return await withTaskExecutorPreference(executor) {
                await read(request, timeout: timeout, spool: spool, sink: nil, follower: follower)
            }
        }
        return await read(request, timeout: timeout, spool: spool, sink: sink, follower: follower)
    }

    private func read(_ request: PreparedRequest, timeout: TimeInterval, spool: SpoolPolicy, sink: BodySink?,
                      follower: StreamFollower?) async -> TransportResult {
        var streamed = 0
        let proxyURL = proxy.proxy(for: request.url)
        // Once the head is in: what a stream that ends early returns.
        var head: RawResponse?
        var decoder = ContentDecoder(contentEncoding: nil, limit: spool.maxBytes)
        var collector: BodyCollector?
        var stream: StreamFollower?
        do {
            let pooled = try client(readTimeout: timeout, proxy: proxyURL)
            defer { pooled.end() }
            let response = try await pooled.client.execute(makeRequest(request), deadline: .now() + .nanoseconds(Seconds.nanoseconds(timeout)))
            let status = Int(response.status.code)
            let headers = HTTPHeaders(response.headers.map { HTTPHeader(name: $0.name, value: $0.value) })
            let version = Self.versionText(response.version)
            let contentType = response.headers.first(name: "content-type") ?? ""
            let format = (200..<300).contains(status) ? StreamFormat(contentType: contentType) : nil
            let toSink = sink.flatMap { $0.takes(status: status, isStream: format != nil) ? $0 : nil }
            let watcher = sink.flatMap { $0.watches ? $0 : nil }
            if let toSink = toSink ?? watcher { try await toSink.write(head: (status, headers, version)) }
            // Decoded before the stream reader, the sink or the collector sees a byte; counts and limits are the decoded body's.
            decoder = ContentDecoder(contentEncoding: response.headers.first(name: "content-encoding"),
                                     limit: spool.maxBytes, decodes: request.decodesContent)
            if toSink == nil {
                let announced = decoder.coding == nil ? response.headers.first(name: "content-length").flatMap(Int.init) : nil
                collector = BodyCollector(policy: spool, expected: announced)
            }
            let started = RawResponse(status: status, headers: headers, httpVersion: version, body: .empty, bytes: 0, streamed: 0, sunk: toSink != nil)
            head = started
            if let format, let follower {
                stream = follower
                if !follower.open(format, contentType: contentType) { throw CancellationError() }
            }
            reading: for try await chunk in response.body {
                decoder.feed(chunk)
                while var piece = try decoder.next() {
                    let feed = stream.map { stream in piece.withUnsafeReadableBytes { stream.feed($0) } } ?? .more
                    if case .end(let keeping) = feed { piece = piece.getSlice(at: piece.readerIndex, length: keeping) ?? piece }
                    // The sink's Data shares the decoded bytes rather than copying them.
                    if let toSink {
                        streamed += piece.readableBytes
                        try await toSink.write(Data(buffer: piece, byteTransferStrategy: .noCopy))
                    } else {
                        try collector?.append(piece)
                        try await watcher?.write(Data(buffer: piece, byteTransferStrategy: .noCopy))
                    }
                    if feed != .more { break reading }
                }
            }
            // A stream a limit ended stops mid-body: its coding is not finished either.
            if stream?.stopReason == nil { try decoder.finish() }
            stream?.close(.ended)
            return .response(try Self.complete(started, collector: &collector, streamed: streamed, encoding: decoder.encoding))
        } catch {
            // A stream a limit ended (its reading cancelled) is a response; one that broke is not.
            if let stream, let head {
                stream.close(Task.isCancelled ? .stopped : .dropped)
                if stream.stopReason != nil,
                   let ended = try? Self.complete(head, collector: &collector, streamed: streamed, encoding: decoder.encoding) {
                    return .response(ended)
                }
            }
            var failure = TransportErrors.classify(error, url: request.url, proxy: proxyURL, timeout: timeout)
            // The cause is found on the certificate itself; not through a proxy, which would need its tunnel.
            if proxyURL == nil && TransportErrors.isUnverifiedCertificate(error) {
                failure = await CertificateDiagnosis.explain(failure, url: request.url, timeout: timeout)
            }
            return .failure(failure, bytesStreamed: streamed)
        }
    }

    /// The response once its body is in (or its stream ended).
    private static func complete(_ head: RawResponse, collector: inout BodyCollector?, streamed: Int,
                                 encoding: ClientEvent.BodyEncoding?) throws -> RawResponse {
        var response = head
        response.body = try collector?.finish() ?? .empty
        response.encoding = encoding
        response.streamed = streamed
        response.bytes = streamed > 0 ? streamed : response.body.count
        return response
    }

    /// Open AHC clients, and evicted ones still finishing their requests.
    var clientCounts: (open: Int, draining: Int) {
        pool.withLock { pool in (pool.clients.entries.count, pool.retired.count { !$0.isDone }) }
    }

    func shutdown() async {
        let all = pool.withLock { pool in
            pool.isShutDown = true
            defer { pool.retired.removeAll() }
            return pool.clients.removeAll() + pool.retired
        }
        for client in all { await client.shutDown() }
    }

    deinit {
        // Clients not shut down by `HTTPClient.shutdown()`: let them close on their own.
        for client in pool.withLock({ $0.clients.values }) { client.retire() }
    }

    /// The AHC client for this idle timeout and proxy, counted as in use until `end()`.
    /// AHC's idle-read timeout is per client, so each distinct per-attempt timeout has its own.
    private func client(readTimeout: TimeInterval, proxy: URL?) throws(HTTPError) -> PooledClient {
        let millis = max(1, Seconds.milliseconds(readTimeout))
        let key = Key(readTimeoutMillis: millis, proxy: proxy)
        return try pool.withLock { pool throws(HTTPError) -> PooledClient in
            if let client = pool.clients.use(key) {
                client.begin()
                return client
            }
            if pool.isShutDown { throw HTTPError(.transport, "the client was shut down") }
            let client = PooledClient(try makeClient(readTimeoutMillis: millis, proxy: proxy))
            client.begin()
            if let evicted = pool.clients.insert(client, for: key) {
                evicted.retire()
                pool.retired.removeAll { $0.isDone }
                if !evicted.isDone { pool.retired.append(evicted) }
            }
            return client
        }
    }

    private func makeClient(readTimeoutMillis millis: Int64, proxy: URL?) throws(HTTPError) -> AsyncHTTPClient.HTTPClient {
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            tlsConfiguration: try tls.makeConfiguration(),
            redirectConfiguration: .disallow,
            timeout: .init(connect: .milliseconds(millis), read: .milliseconds(millis)),
            decompression: .disabled)
        // A refused connection must fail now, not be retried silently until the timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .automatic
        configuration.proxy = proxy.flatMap(Self.ahcProxy)
        return AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .shared(loop), configuration: configuration)
    }

    /// An HTTP proxy (AHC tunnels https through it with CONNECT), with basic credentials from its URL.
    private static func ahcProxy(_ url: URL) -> AsyncHTTPClient.HTTPClient.Configuration.Proxy? {
        guard let host = url.host else { return nil }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        if let user = url.user {
            return .server(host: host, port: port, authorization: .basic(username: user.removingPercentEncoding ?? user,
                                                                         password: url.password?.removingPercentEncoding ?? ""))
        }
        return .server(host: host, port: port)
    }

    /// "HTTP/1.1", "HTTP/2": the common ones without formatting a string per response.
    static func versionText(_ version: HTTPVersion) -> String {
        switch (version.major, version.minor) {
        case (1, 1): "HTTP/1.1"
        case (2, _): "HTTP/2"
        case (1, 0): "HTTP/1.0"
        case (let major, let minor): major >= 2 ? "HTTP/\(major)" : "HTTP/\(major).\(minor)"
        }
    }

    private func makeRequest(_ request: PreparedRequest) -> HTTPClientRequest {
        var wire = HTTPClientRequest(url: request.url.absoluteString)
        wire.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers { wire.headers.add(name: field.name, value: field.value) }
        switch request.body {
        case .none:
            break
        case .bytes(let data):
            wire.body = .bytes(ByteBuffer(data: data))
        case .stream(let length, let make):
            let chunks = make().map { ByteBuffer(data: $0) }
            wire.body = .stream(chunks, length: length.map { .known(Int64($0)) } ?? .unknown)
        }
        return wire
    }
}

/// Where a response goes as it arrives: its head once, then the body chunk by chunk.
/// `send --stream` takes every 2xx body; `send` on its own, event streams and line formats
/// (SPEC §10); the TUI watches every body arrive while the response keeps it.
public struct BodySink: Sendable {
    public enum Takes: Sendable {
        case every2xxBody
        case streams
        /// Sees every body (any status, every attempt) and takes none: each stays in its response.
        case nothing
    }

    public let takes: Takes
    private let head: @Sendable (_ status: Int, _ headers: HTTPHeaders, _ httpVersion: String) async throws -> Void
    private let body: @Sendable (Data) async throws -> Void

    public init(takes: Takes = .every2xxBody,
                head: @escaping @Sendable (_ status: Int, _ headers: HTTPHeaders, _ httpVersion: String) async throws -> Void = { _, _, _ in },
                body: @escaping @Sendable (Data) async throws -> Void) {
        self.takes = takes
        self.head = head
        self.body = body
    }

    func takes(status: Int, isStream: Bool) -> Bool {
        guard (200..<300).contains(status) else { return false }
        return switch takes {
        case .every2xxBody: true
        case .streams: isStream
        case .nothing: false
        }
    }

    var watches: Bool { takes == .nothing }

    /// A failure to write is the output's, not the server's: it gets a kind of its own.
    func write(head part: (status: Int, headers: HTTPHeaders, httpVersion: String)) async throws {
        do { try await head(part.status, part.headers, part.httpVersion) } catch { throw Self.failure(error) }
    }

    func write(_ chunk: Data) async throws {
        do { try await body(chunk) } catch { throw Self.failure(error) }
    }

    private static func failure(_ error: any Error) -> HTTPError {
        if error is CancellationError { return .cancelled() }
        return HTTPError(.outputFailed, "writing the streamed body failed: \(error)", underlying: error)
    }
}

struct RawResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var httpVersion: String
    var body: ResponseBody
    /// Bytes received, streamed or kept.
    var bytes: Int
    /// Bytes that went to the sink instead of `body`.
    var streamed: Int
    /// The sink took the body (`body` is empty).
    var sunk: Bool
    /// The coding the body was decoded from, and its size on the wire.
    var encoding: ClientEvent.BodyEncoding?
}

enum TransportResult: Sendable {
    case response(RawResponse)
    case failure(HTTPError, bytesStreamed: Int)
}

/// TLS trust settings: the system's roots, a CA file of the user's, or none at all.
public struct TLSSettings: Sendable, Hashable {
    /// Accept any certificate (curl's `-k`).
    public var insecure: Bool
    /// Trust only the certificates in this PEM file (curl's `--cacert`).
    public var caFile: String?

    public init(insecure: Bool = false, caFile: String? = nil) {
        self.insecure = insecure
        self.caFile = caFile
    }

    func makeConfiguration() throws(HTTPError) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if insecure { configuration.certificateVerification = .none }
        if let caFile {
            do {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
            } catch {
                throw HTTPError(.tls, "cannot read CA certificates from \(caFile): \(error)", underlying: error)
            }
        }
        return configuration
    }
}
