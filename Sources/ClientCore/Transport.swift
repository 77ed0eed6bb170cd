import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOSSL
import Synchronization

/// The wire: AsyncHTTPClient behind one small seam. ClientCore follows redirects and
/// retries itself, so AHC does neither; each distinct per-attempt timeout gets its own
/// AHC client because AHC's idle-read timeout (the gaps in a body) is per client.
final class Transport: Sendable {
    private let tls: TLSSettings
    private let clients = Mutex<[Int64: AsyncHTTPClient.HTTPClient]>([:])
    private let isShutDown = Mutex(false)

    init(tls: TLSSettings) {
        self.tls = tls
    }

    /// Runs one request on the wire and reads its whole body (or streams a 2xx body to `sink`).
    func execute(_ request: PreparedRequest, timeout: TimeInterval, headDeadline: TimeInterval, deadlineBinds: Bool,
                 spool: SpoolPolicy, sink: BodySink?) async -> TransportResult {
        var streamed = 0
        do {
            let client = try client(readTimeout: timeout)
            let response = try await client.execute(
                makeRequest(request),
                deadline: .now() + .nanoseconds(Int64(max(0, headDeadline) * 1e9)))
            let status = Int(response.status.code)
            let headers = HTTPHeaders(response.headers.map { HTTPHeader(name: $0.name, value: $0.value) })
            let version = response.version.major >= 2 ? "HTTP/\(response.version.major)" : "HTTP/\(response.version.major).\(response.version.minor)"
            let body: ResponseBody
            if let sink, (200..<300).contains(status) {
                try await sink.head(status, headers, version)
                for try await chunk in response.body {
                    streamed += chunk.readableBytes
                    try await sink.body(Data(buffer: chunk))
                }
                body = .empty
            } else {
                var collector = BodyCollector(policy: spool, expected: response.headers.first(name: "content-length").flatMap(Int.init))
                for try await chunk in response.body { try collector.append(chunk) }
                body = try collector.finish()
            }
            return .response(RawResponse(status: status, headers: headers, httpVersion: version,
                                         body: body, bytes: streamed > 0 ? streamed : body.count))
        } catch {
            var failure = TransportErrors.classify(error, url: request.url, timeout: timeout)
            if deadlineBinds && failure.kind == .timeout {
                failure = HTTPError(.deadlineExceeded, "the exchange's deadline passed while waiting for \(request.url.host ?? "the server")", underlying: error)
            }
            return .failure(failure, bytesStreamed: streamed)
        }
    }

    func shutdown() async {
        let all = clients.withLock { clients in
            defer { clients.removeAll() }
            return Array(clients.values)
        }
        isShutDown.withLock { $0 = true }
        for client in all { try? await client.shutdown() }
    }

    deinit {
        // Clients not shut down by `HTTPClient.shutdown()`: let them close on their own.
        for client in clients.withLock({ Array($0.values) }) { client.shutdown { _ in } }
    }

    private func client(readTimeout: TimeInterval) throws(HTTPError) -> AsyncHTTPClient.HTTPClient {
        let millis = Int64((readTimeout * 1000).rounded(.up))
        if let client = clients.withLock({ $0[millis] }) { return client }
        if isShutDown.withLock({ $0 }) { throw HTTPError(.transport, "the client was shut down") }
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            tlsConfiguration: try tls.makeConfiguration(),
            redirectConfiguration: .disallow,
            timeout: .init(connect: .milliseconds(millis), read: .milliseconds(millis)),
            decompression: .disabled)
        // A refused connection must fail now, not be retried silently until the timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .automatic
        let created = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let (winner, loser) = clients.withLock { clients -> (AsyncHTTPClient.HTTPClient, AsyncHTTPClient.HTTPClient?) in
            if let existing = clients[millis] { return (existing, created) }
            clients[millis] = created
            return (created, nil)
        }
        loser?.shutdown { _ in }
        return winner
    }

    private func makeRequest(_ request: PreparedRequest) -> HTTPClientRequest {
        var wire = HTTPClientRequest(url: request.url.absoluteString)
        wire.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers { wire.headers.add(name: field.name, value: field.value) }
        if let body = request.body {
            wire.body = .bytes(ByteBuffer(data: body))
        }
        return wire
    }
}

/// Where a streamed 2xx response goes as it arrives (`explorer send --stream`): its head
/// once, then the body chunk by chunk.
public struct BodySink: Sendable {
    let head: @Sendable (_ status: Int, _ headers: HTTPHeaders, _ httpVersion: String) async throws -> Void
    let body: @Sendable (Data) async throws -> Void

    public init(head: @escaping @Sendable (_ status: Int, _ headers: HTTPHeaders, _ httpVersion: String) async throws -> Void = { _, _, _ in },
                body: @escaping @Sendable (Data) async throws -> Void) {
        self.head = head
        self.body = body
    }
}

struct RawResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var httpVersion: String
    var body: ResponseBody
    /// Bytes received, streamed or kept.
    var bytes: Int
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
