import ClientCore
import Foundation
import Locking
import RequestModel

/// Writes a client's events as JSON Lines (`--events`), each line as soon as it happens.
/// The stream ends when the client shuts down; `finish()` then waits for the last line.
struct EventsWriter {
    private let task: Task<Void, Never>

    /// `-` is stderr; a file is created (or truncated) now, before anything is sent.
    static func open(_ target: String) throws(CLIError) -> FileHandle {
        target == "-" ? FileHandle.standardError : try OutputFile.create(target, flag: "--events")
    }

    /// Subscribe before sending: events published earlier are not replayed.
    /// - Parameter secrets: values masked in every line (a request file's captured tokens), as
    ///   they are when the line is written.
    init(_ events: AsyncStream<ClientEvent>, to handle: FileHandle, secrets: Locked<Secrets.Values>? = nil) {
        task = Task {
            for await event in events {
                var line = event.jsonLine
                if let masking = secrets?.withLock({ $0 }), !masking.isEmpty { line = masking.masking(in: line) }
                // FileHandle writes go straight to the descriptor: each line is flushed as written.
                try? handle.write(contentsOf: Data((line + "\n").utf8))
            }
        }
    }

    func finish() async {
        await task.value
    }
}
