import ClientCore
import Foundation

/// Writes a client's events as JSON Lines (`--events`), each line as soon as it happens.
/// The stream ends when the client shuts down; `finish()` then waits for the last line.
struct EventsWriter {
    private let task: Task<Void, Never>

    /// `-` is stderr; a file is created (or truncated) now, before anything is sent.
    static func open(_ target: String) throws(CLIError) -> FileHandle {
        target == "-" ? FileHandle.standardError : try OutputFile.create(target, flag: "--events")
    }

    /// Subscribe before sending: events published earlier are not replayed.
    init(_ events: AsyncStream<ClientEvent>, to handle: FileHandle) {
        task = Task {
            for await event in events {
                // FileHandle writes go straight to the descriptor: each line is flushed as written.
                try? handle.write(contentsOf: Data((event.jsonLine + "\n").utf8))
            }
        }
    }

    func finish() async {
        await task.value
    }
}
