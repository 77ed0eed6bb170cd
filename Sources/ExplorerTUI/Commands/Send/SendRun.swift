import ClientCore
import Foundation
import GraphQLTools
import Locking

/// Runs a `SendPlan`: opens what the user named, starts the profile, sends the request
/// (Ctrl-C cancels it), drains the events and prints the outcome.
struct SendRun {
    let given: SendPlan

    init(plan: SendPlan) {
        given = plan
    }

    func run() async throws(CLIError) {
        if given.asCurl { return try await printCurl() }
        // Files first: a bad path is a usage error, found before anything starts or is sent.
        let eventsHandle = try given.events.map(EventsWriter.open)
        // `--stream` opens its output now; an event stream or line format (SPEC §10) once it comes.
        let output = Locked<FileHandle?>(given.stream ? try given.destination.open() : nil)

        let profile = try await openProfile()
        let plan = given
        let request: HTTPRequest
        do throws(CLIError) {
            request = try given.prepared(profile: profile.variables, environment: ProcessInfo.processInfo.environment)
        } catch {
            await profile.shutdown()
            throw error
        }
        do throws(CLIError) {
            try preflightGraphQL(on: profile)
        } catch {
            await profile.shutdown()
            throw error
        }
        if let strategy = plan.retryStrategy { profile.client.useRetryStrategy(strategy) }
        let writer = eventsHandle.map { EventsWriter(profile.client.events(), to: $0) }
        if profile.client.opensWebSocket(request) {
            return try await converse(request, on: profile, writer: writer)
        }
        if plan.webSocket.anyGiven {
            await profile.shutdown()
            await writer?.finish()
            throw .usage("--listen, --message, --echo, --ping and the other WebSocket options need a ws:// or wss:// URL (or --websocket)")
        }

        let sink = plan.jsonpath == nil ? Self.sink(plan.stream ? .every2xxBody : .streams, to: output, destination: plan.destination,
                                                    include: plan.include) : nil
        let (record, _) = await cancellableByInterrupt { [client = profile.client] in
            await client.run(request, sink: sink)
        }

        // Shutting the client down ends the event stream; the writer then drains, whatever the outcome.
        await profile.shutdown()
        await writer?.finish()

        let printer = ResponseOutput(
            destination: plan.destination, include: plan.include, jsonpath: plan.jsonpath, elapsed: record.elapsed)
        switch record.result {
        case .success(let response):
            if request.decodesContent, let coding = response.undecodedEncoding {
                Console.err("explorer: the body is \(coding)-encoded, which explorer does not decode: it is written as it came\n")
            }
            try printer.deliver(response)
            if request.expectsGraphQL { ResponseOutput.listGraphQLErrors(in: response.body) }
        case .failure(let error):
            if request.expectsGraphQL, let body = error.body { ResponseOutput.listGraphQLErrors(in: body) }
            error.body?.discardFile()
            throw printer.report(error)
        }
    }

    /// A GraphQL request is checked before it is sent (SPEC §13): its operation chosen, no
    /// subscription, and every validation rule when the profile has a schema; `--no-validate` skips it.
    private func preflightGraphQL(on profile: ProfileClient) throws(CLIError) {
        guard case .graphql(let graphQL) = given.spec.body, given.validatesGraphQL else { return }
        let name = profile.profile?.name ?? given.profile
        let schema = try GraphQLSchemaLookup.schema(for: name, named: profile.profile?.graphQLSchema)
        switch GraphQLPreflight.check(query: graphQL.query, operationName: graphQL.operationName, schema: schema) {
        case .send(let warnings):
            for warning in warnings { Console.err(Console.inert("graphql: \(warning)") + "\n") }
        case .refuse(let problems):
            throw .usage("the GraphQL query is not sent (--no-validate sends it anyway):\n" + problems.map { "  " + $0 }.joined(separator: "\n"))
        }
    }

    /// A WebSocket (SPEC §12): the conversation, then the close's exit status; a refused
    /// handshake is reported as any failed exchange is.
    private func converse(_ request: HTTPRequest, on profile: ProfileClient, writer: EventsWriter?) async throws(CLIError) {
        let clock = ContinuousClock()
        let start = clock.now
        let output: FileHandle
        do throws(CLIError) {
            output = try given.destination.open()
        } catch {
            await profile.shutdown()
            await writer?.finish()
            throw error
        }
        let outcome = await WebSocketSend(options: given.webSocket, maxTime: given.settings.streamLimits.maxTime)
            .run(on: profile.client, request: request, output: output)
        await profile.shutdown()
        await writer?.finish()
        switch outcome {
        case .success(let response): try WebSocketSend.finish(response, elapsed: clock.now - start)
        case .failure(let error):
            let printer = ResponseOutput(destination: given.destination, include: false, jsonpath: nil, elapsed: clock.now - start)
            // A refused handshake is an ordinary response: its body is shown, its status on stderr.
            if let status = error.status, status != 101, let body = error.body { try? body.write(to: FileHandle.standardOutput) }
            throw printer.report(error)
        }
    }

    /// `--as-curl`: the profile still starts, as its base URL and headers are part of the request.
    private func printCurl() async throws(CLIError) {
        let profile = try await openProfile()
        let rendered = Result { () throws(CLIError) in
            try CurlExportPlan.render(given, try given.prepared(profile: profile.variables, environment: ProcessInfo.processInfo.environment),
                                      on: profile.client)
        }
        await profile.shutdown()
        Console.out(try rendered.get() + "\n")
    }

    private func openProfile() async throws(CLIError) -> ProfileClient {
        var configuration = HTTPClient.Configuration()
        configuration.tls = given.tls
        if !given.followRedirects { configuration.redirects = .refuse }
        if case .file(let path) = given.destination, !given.stream, given.jsonpath == nil {
            // A large final body is spooled beside the output file and renamed into place (issue 29):
            // written once, as it is decoded, and never there half-written if a retry or a
            // validator replaces or fails it.
            let file = URL(fileURLWithPath: path)
            configuration.spool.directory = file.deletingLastPathComponent()
            configuration.spool.threshold = 1 << 20
            configuration.spool.fileNamePrefix = "." + file.lastPathComponent + ".explorer-"
        }
        let profile = try await ProfileClient.open(profile: given.profile, configuration: configuration)
        if !given.removedHeaders.isEmpty {
            var headers = profile.client.headers
            for name in given.removedHeaders { headers.remove(name) }
            profile.client.headers = headers
        }
        return profile
    }

    /// The head (for `--include`) and each chunk of the bodies the sink `takes`, as they arrive.
    private static func sink(_ takes: BodySink.Takes, to output: Locked<FileHandle?>, destination: BodyDestination, include: Bool) -> BodySink {
        BodySink(takes: takes, head: { status, headers, version in
            if output.withLock({ $0 }) == nil {
                let handle = try destination.open()
                output.withLock { $0 = handle }
            }
            if include { Console.out(ResponseOutput.head(status: status, headers: headers, httpVersion: version)) }
        }, body: { chunk in try output.withLock { $0 }?.write(contentsOf: chunk) })
    }
}

extension ExitStatus {
    /// Bad input found by ClientCore is the user's (2); Ctrl-C is 130; every other failure is the exchange's (1).
    init(_ kind: HTTPError.Kind) {
        switch kind {
        case .invalidURL, .invalidMethod, .invalidHeader, .invalidBody: self = .usage
        case .cancelled: self = .cancelled
        default: self = .failure
        }
    }
}
