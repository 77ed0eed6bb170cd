import ClientCore
import Foundation
import Locking
import TUICore

/// `send`'s WebSocket options (SPEC §12), checked before anything starts.
struct WebSocketOptions {
    /// `--websocket`: a relative URL opens one on the base URL.
    var forced: Bool
    var listen: Bool
    var messages: [String]
    var binaryStdin: Bool
    var binaryAsHex: Bool
    var echo: Bool
    var ping: Double?
    var subprotocols: [String]
    var maxMessages: Int?
    var maxMessage: Int

    init(_ options: SendCommand) throws(CLIError) {
        forced = options.websocket
        listen = options.listen
        messages = options.messages
        binaryStdin = options.binaryStdin
        if listen && binaryStdin { throw .usage("--listen reads no stdin, so it can't be combined with --binary-stdin") }
        switch options.binaryAs {
        case nil: binaryAsHex = false
        case "hex": binaryAsHex = true
        case let other?: throw .usage("--binary-as \(other.debugDescription): the one form is hex")
        }
        echo = options.echo
        if let ping = options.ping, !(ping > 0 && ping.isFinite) { throw .usage("--ping \(ping): give a number of seconds above 0") }
        ping = options.ping
        subprotocols = options.subprotocols
        if let bad = subprotocols.first(where: { $0.isEmpty || !FieldSyntax.isToken($0) }) {
            throw .usage("--subprotocol \(bad.debugDescription): a subprotocol is a token (letters, digits and !#$%&'*+-.^_`|~)")
        }
        if let maxMessages = options.maxMessages, maxMessages < 1 { throw .usage("--max-messages \(maxMessages): give a number of messages, 1 or more") }
        maxMessages = options.maxMessages
        if let text = options.maxMessage {
            guard let bytes = ByteSize.parse(text), bytes > 0 else {
                throw .usage("--max-message: \(text.debugDescription) is not a size: give bytes, or a number with K, M or G (e.g. 16M)")
            }
            maxMessage = bytes
        } else {
            maxMessage = WebSocketConversation.Settings().maxMessage
        }
    }

    /// Whether any WebSocket option was given (they mean nothing to an HTTP request).
    var anyGiven: Bool {
        listen || !messages.isEmpty || binaryStdin || binaryAsHex || echo || ping != nil || !subprotocols.isEmpty || maxMessages != nil
    }
}

/// `explorer send ws://…`: stdin's lines (or `--message`s, or all of stdin as one binary message)
/// go out, what arrives goes to stdout as it comes, and the close decides the exit status.
struct WebSocketSend {
    let options: WebSocketOptions
    /// `--max-time`.
    let maxTime: Double?

    /// - Parameter output: where messages go (stdout, or `-o FILE`).
    func run(on client: HTTPClient, request: HTTPRequest, output: FileHandle) async -> Result<HTTPResponse, HTTPError> {
        var request = request
        if !options.subprotocols.isEmpty { request.headers["Sec-WebSocket-Protocol"] = options.subprotocols.joined(separator: ", ") }
        var settings = WebSocketConversation.Settings()
        settings.maxMessage = options.maxMessage
        settings.pingInterval = options.ping
        settings.echo = options.echo
        let conversation = Locked<WebSocketConversation?>(nil)
        let received = Locked(0)
        let (options, terminal) = (options, output === FileHandle.standardOutput && Console.stdoutIsTerminal)
        let talk = WebSocketConversation(settings: settings) { message in
            Self.write(message, to: output, hex: options.binaryAsHex, terminal: terminal)
            let count = received.withLock { $0 += 1; return $0 }
            if let limit = options.maxMessages, count >= limit { conversation.withLock { $0 }?.close() }
        }
        conversation.withLock { $0 = talk }
        for message in options.messages { talk.send(.text(message)) }
        if !options.listen { readStdin(into: talk) }
        let (maxTime, client, handshake) = (maxTime, client, request)
        let (outcome, _) = await cancellableByInterrupt { () async -> Result<HTTPResponse, HTTPError> in
            let timer = maxTime.map { seconds in
                Task {
                    try await Task.sleep(for: .nanoseconds(Int64(seconds * 1e9)))
                    talk.close()
                }
            }
            defer { timer?.cancel() }
            do throws(HTTPError) {
                return .success(try await client.open(handshake, conversation: talk))
            } catch {
                return .failure(error)
            }
        }
        return outcome
    }

    /// Each line a text message, or all of it one binary message; its end closes (1000). A thread
    /// of its own: reading blocks, and the conversation must go on meanwhile.
    private func readStdin(into conversation: WebSocketConversation) {
        let binary = options.binaryStdin
        Thread.detachNewThread {
            if binary {
                conversation.send(.binary(FileHandle.standardInput.readDataToEndOfFile()))
            } else {
                while let line = readLine(strippingNewline: true) { conversation.send(.text(line)) }
            }
            conversation.close()
        }
    }

    /// A text message as its text and a line break; a binary one as its bytes, or a line of hex.
    private static func write(_ message: WebSocketMessage, to output: FileHandle, hex: Bool, terminal: Bool) {
        let bytes: Data
        switch message {
        case .text(let text):
            // A terminal shows what a server sends; it does not obey its escapes.
            bytes = Data(((terminal ? Console.inert(text) : text) + "\n").utf8)
        case .binary(let data) where hex:
            bytes = Data((data.map { String(format: "%02x", $0) }.joined() + "\n").utf8)
        case .binary(let data):
            bytes = data
        }
        try? output.write(contentsOf: bytes)
    }

    /// SPEC §12's exit status: a close of 1000 or 1001 (or one explorer asked for) is 0, any other 1,
    /// said on stderr with its code and reason.
    static func finish(_ response: HTTPResponse, elapsed: Duration) throws(CLIError) {
        guard let closed = response.webSocketClosed else { return }
        let milliseconds = Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
        let summary = "WebSocket closed \(closed.code) by \(closed.by.rawValue) · \(closed.messagesIn) in · \(closed.messagesOut) out · \(milliseconds) ms"
        let clean = closed.by == .client ? closed.code == Int(WebSocketClose.normal) : WebSocketClose(code: UInt16(closed.code)).isClean
        guard clean else {
            Console.err(summary + "\n")
            let who = closed.by == .client ? "explorer closed it" : "the server closed it"
            throw .failure("\(who) with \(closed.code)\(closed.reason.isEmpty ? "" : ": \(closed.reason)")")
        }
        Console.err(summary + "\n")
    }
}
