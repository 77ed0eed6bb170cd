import ClientCore
import Foundation
import Profiles
import Sessions
import RequestModel

/// Runs `explorer replay`: reads the session, opens its profile, re-sends each exchange in order
/// (Ctrl-C cancels), prints a line per exchange (and with `--check` the differences), then writes
/// the JUnit report and the new recording if asked.
struct ReplayRun {
    let file: String
    let profile: String?
    let check: Bool
    let junit: String?
    let events: String?
    let recordTo: String?

    func run() async throws(CLIError) {
        let session: Session
        do {
            session = try SessionFile.read(URL(fileURLWithPath: file))
        } catch {
            throw .usage(error.description)
        }
        // Files first: a bad path is a usage error, found before anything is sent.
        let eventsHandle = try events.map(EventsWriter.open)
        let junitHandle = try junit.map { (path) throws(CLIError) in try OutputFile.create(path, flag: "--junit") }
        if let recordTo { try Self.checkDirectory(of: recordTo, flag: "--record-to") }

        let name = profile ?? session.profile.name
        let opened = try await open(name)
        if let problem = Self.firstUnsendable(session, on: opened.client) {
            await opened.shutdown()
            throw .usage("\(file): \(problem)")
        }
        let writer = eventsHandle.map { EventsWriter(opened.client.events(), to: $0) }
        var recorder = opened.profile.map { SessionRecorder(profile: $0, secrets: session.secrets) }
            ?? SessionRecorder(baseURL: nil, secrets: session.secrets)
        recorder.baseURL = opened.client.baseURL?.absoluteString ?? recorder.baseURL
        // Taken before sending: a token refresh changes the client's headers.
        let snapshot = opened.profile.map(recorder.snapshot(of:)) ?? recorder.snapshot(name: name, client: opened.client)
        let report = ReplayReport(session: session, checking: check)

        let (results, cancelled) = await replay(session, with: SessionReplayer(client: opened.client, recorder: recorder, variables: opened.variables), report: report)
        await opened.shutdown()
        await writer?.finish()

        if let junitHandle { try write(JUnitXML.replay(suite: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent,
                                                       results: results, total: session.exchanges.count), to: junitHandle) }
        if cancelled { throw CLIError(status: .cancelled, message: "replay cancelled after \(results.count) of \(session.exchanges.count) exchanges") }
        if let recordTo {
            var recording = session
            recording.profile = snapshot
            recording.exchanges = results.map(\.replayed)
            do {
                try SessionFile.write(recording, to: URL(fileURLWithPath: recordTo))
            } catch {
                throw .failure("--record-to \(recordTo): \(error)")
            }
        }
        Console.out(report.summary(results))
        let failing = results.filter { !$0.passed }.count
        if failing > 0 {
            throw .failure(check ? "\(failing) of \(results.count) exchanges differ from the recording"
                                 : "\(failing) of \(results.count) exchanges failed")
        }
    }

    /// The profile to replay on; a session's own profile that cannot be used says how to choose another.
    private func open(_ name: String) async throws(CLIError) -> ProfileClient {
        do {
            return try await ProfileClient.open(profile: name, configuration: HTTPClient.Configuration())
        } catch {
            guard profile == nil, error.status == .usage else { throw error }
            throw .usage("\(file): the session's profile \(name.debugDescription) cannot be used (\(error.message)); name one with --profile")
        }
    }

    /// Bad input is found before anything is sent: a request that cannot be built (a missing
    /// multipart file, a URL that does not resolve, an unset `${env:}` of the profile).
    private static func firstUnsendable(_ session: Session, on client: HTTPClient) -> String? {
        for (index, exchange) in session.exchanges.enumerated() {
            do throws(HTTPError) {
                let spec = exchange.request.withoutRedactedHeaders
                _ = try client.prepare(try RequestRendering.asWritten.prepare(spec, name: spec.summary).mapError(\.error).get())
            } catch {
                return "exchanges[\(index)]" + (exchange.name.map { " (\($0))" } ?? "") + ": \(error.message)"
            }
        }
        return nil
    }

    /// Sends the exchanges in order in a task Ctrl-C cancels, printing each line as it ends.
    private func replay(_ session: Session, with replayer: SessionReplayer, report: ReplayReport) async -> ([ReplayReport.Result], cancelled: Bool) {
        await cancellableByInterrupt { () async -> [ReplayReport.Result] in
            var results: [ReplayReport.Result] = []
            // What a session recorded from a request file captures, its later exchanges use.
            var captures: [String: TemplateValue] = [:]
            for (index, exchange) in session.exchanges.enumerated() {
                let replayed = await replayer.replay(exchange, captures: &captures)
                if Task.isCancelled { break }
                let result = report.result(index: index, recorded: exchange, replayed: replayed)
                Console.out(report.lines(for: result))
                results.append(result)
            }
            return results
        }
    }

    private func write(_ xml: String, to handle: FileHandle) throws(CLIError) {
        do {
            try handle.write(contentsOf: Data(xml.utf8))
            try handle.close()
        } catch {
            throw .failure("--junit \(junit ?? ""): cannot write: \(error.localizedDescription)")
        }
    }

    private static func checkDirectory(of path: String, flag: String) throws(CLIError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard !path.isEmpty, FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .usage("\(flag) \(path): no directory to create \(path) in")
        }
    }
}
