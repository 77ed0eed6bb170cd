import ClientCore
import Foundation
import Locking
import RequestModel
import ProfileFormat
import Profiles

/// Runs `explorer run`: reads every file first (a bad one is exit 2 with `FILE:LINE:COLUMN`,
/// before anything is sent), opens each file's profile once, sends the requests in order (Ctrl-C
/// cancels), prints a line as each ends and `N passed, M failed` last, then writes the JUnit report.
struct RequestFilesRun {
    let files: [String]
    let profile: String?
    let variables: [String]
    let junit: String?
    let events: String?
    let failFast: Bool

    func run() async throws(CLIError) {
        guard !files.isEmpty else { throw .usage("run: name at least one request file") }
        let arguments = try Self.arguments(variables)
        let loaded = try files.map { (path) throws(CLIError) in try RequestFileLoading.read(path, flag: "run") }
        let eventsHandle = try events.map(EventsWriter.open)
        let junitHandle = try junit.map { (path) throws(CLIError) in try OutputFile.create(path, flag: "--junit") }

        var clients: [String: ProfileClient] = [:]
        var writers: [EventsWriter] = []
        var state = RequestFileRun(arguments: arguments, profile: [:], environment: ProcessInfo.processInfo.environment)
        // Secrets as the run knows them so far, masked in every event line written.
        let secrets = Locked(Secrets.Values([]))
        var outcomes: [RequestOutcome] = []
        var skipped: [String] = []
        var cancelled = false
        fileLoop: for file in loaded {
            let name = profile ?? file.requests.profile ?? DemoProfile.name
            let opened: ProfileClient
            if let known = clients[name] {
                opened = known
            } else {
                do {
                    opened = try await ProfileClient.open(profile: name, configuration: HTTPClient.Configuration())
                } catch {
                    await Self.shutdown(clients, writers)
                    throw CLIError(status: error.status, message: "\(file.path): \(error.message)")
                }
                clients[name] = opened
                if let eventsHandle { writers.append(EventsWriter(opened.client.events(), to: eventsHandle, secrets: secrets)) }
            }
            do throws(RequestRendering.Undefined) {
                try state.enter(file, profile: opened.variables)
                let known = state.scope.secrets(environmentNames: file.environmentNames)
                secrets.withLock { $0 = known }
            } catch {
                await Self.shutdown(clients, writers)
                throw .usage("\(file.path): vars: undefined variable \(error.placeholder)")
            }
            // On the client's executor, as its exchanges: no hop between threads as each starts and ends.
            let client = opened.client
            await withTaskExecutorPreference(client.taskExecutor) {
                for index in file.requests.requests.indices {
                    let stop = cancelled || (failFast && outcomes.contains { !$0.passed })
                    if stop {
                        skipped.append(file.requests.requests[index].name ?? "request \(index + 1)")
                        continue
                    }
                    let outcome: RequestOutcome
                    switch state.prepare(index, of: file) {
                    case .refused(let refused): outcome = refused
                    case .send(let request):
                        let (record, _) = await cancellableByInterrupt(on: client.taskExecutor) { await client.run(request) }
                        if record.wasCancelled {
                            cancelled = true
                            skipped.append(file.requests.requests[index].name ?? "request \(index + 1)")
                            continue
                        }
                        outcome = state.finish(index, of: file, with: record.result, milliseconds: record.milliseconds)
                    }
                    let known = state.scope.secrets(environmentNames: file.environmentNames)
                    secrets.withLock { $0 = known }
                    Console.out(outcome.line + "\n")
                    outcomes.append(outcome)
                }
            }
            if cancelled { break fileLoop }
        }
        await Self.shutdown(clients, writers)

        if let junitHandle {
            let cases = outcomes.map { JUnitXML.Case(name: $0.name, seconds: $0.milliseconds / 1000, problems: $0.failures, kind: "assert",
                                                   eachProblemAFailure: true) }
            let suite = files.count == 1 ? URL(fileURLWithPath: files[0]).deletingPathExtension().lastPathComponent : "run"
            do {
                try junitHandle.write(contentsOf: Data(JUnitXML.xml(suite: suite, classPrefix: "run", cases: cases, skipped: skipped).utf8))
                try junitHandle.close()
            } catch {
                throw .failure("--junit \(junit ?? ""): cannot write: \(error.localizedDescription)")
            }
        }
        Console.out(RequestOutcome.summary(outcomes) + "\n")
        if cancelled { throw CLIError(status: .cancelled, message: "run cancelled after \(outcomes.count) requests") }
        if outcomes.contains(where: { !$0.passed }) { throw CLIError(status: .failure, message: "") }
    }

    /// `--var k=v`, the last of a name winning.
    static func arguments(_ raw: [String]) throws(CLIError) -> [String: String] {
        var values: [String: String] = [:]
        for item in raw {
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw .usage("--var \(item.debugDescription): write NAME=VALUE")
            }
            values[String(item[..<equals])] = String(item[item.index(after: equals)...])
        }
        return values
    }

    private static func shutdown(_ clients: [String: ProfileClient], _ writers: [EventsWriter]) async {
        for client in clients.values { await client.shutdown() }
        for writer in writers { await writer.finish() }
    }
}
