import ClientCore

/// What an OAuth 2.0 grant needs the user to do, said on stderr as it happens (SPEC §11): the
/// code to enter and where, or the URL to open; and a grant that failed. Commands wait for the
/// user meanwhile, terminal or not.
struct AuthPrompts {
    private let task: Task<Void, Never>

    init(_ events: AsyncStream<ClientEvent>) {
        task = Task {
            for await event in events { Self.say(event.kind) }
        }
    }

    /// Says a step the user must act on (the code, the URL) or a failure; other events are quiet.
    static func say(_ kind: ClientEvent.Kind) {
        switch kind {
        case .authDevice, .authAuthorize, .authFailed:
            if let sentence = kind.authSentence { Console.problem(sentence) }
        default: break
        }
    }

    /// Returns once the client's event stream has ended (after its shutdown).
    func finish() async {
        await task.value
    }
}
