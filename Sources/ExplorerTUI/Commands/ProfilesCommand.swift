import ArgumentParser
import Foundation
import Profiles

/// `explorer profiles list | show NAME | delete NAME` (SPEC §2), in `$EXPLORER_HOME/profiles/`.
struct ProfilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "Manage named client profiles.",
        discussion: """
            Profiles are YAML files in $EXPLORER_HOME/profiles/ (default $XDG_CONFIG_HOME/explorer, else \
            ~/.config/explorer). "demo" is built in: it talks to the embedded demo API.
            """,
        subcommands: [List.self, Show.self, Delete.self, Save.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the profiles, one per line; one that cannot be read is listed with its problem.")

        func run() async throws {
            let store = ProfileStore()
            var lines = ProfileName.builtIns.map { "\($0)\t(built-in)" }
            for name in store.names() {
                do throws(ProfileProblem) {
                    _ = try store.load(name)
                    lines.append(name)
                } catch {
                    lines.append("\(name)\t(cannot be used: \(error))")
                }
            }
            Console.out(lines.joined(separator: "\n") + "\n")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Print a profile as YAML, secrets masked as •••; ${env:NAME} references are shown as written.")

        @Argument(help: "The profile's name.")
        var name: String

        @Flag(name: .customLong("show-secrets"), help: "Print auth and Authorization, Cookie and Proxy-Authorization values as they are.")
        var showSecrets = false

        func run() async throws {
            let profile: Profile
            var preface = ""
            if let builtIn = Profile.builtIn(name, baseURL: nil, key: "explorer-RUN") {
                profile = builtIn
                preface = """
                    # The built-in \(name) profile. Its base URL is the embedded demo API, started on a free 127.0.0.1
                    # port whenever the profile is used; X-Demo-Key is new on every run.

                    """
            } else {
                profile = try ProfilesCommand.load(name)
            }
            Console.out(preface + ProfileWriter.yaml(profile, maskingSecrets: !showSecrets))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a profile with its saved requests and cookie jar (the built-in demo cannot be deleted).")

        @Argument(help: "The profile's name.")
        var name: String

        func run() async throws {
            let store = ProfileStore()
            do throws(ProfileProblem) {
                try store.delete(name)
            } catch {
                throw CLIError.usage(error.description)
            }
            Console.out("deleted profile \(name) (\(store.file(for: name).path))\n")
        }
    }

    /// Not listed in the help: rewrites a profile from a file through the store (checked first,
    /// atomic, never over a file that does not parse). The kill-during-save test drives it.
    struct Save: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "save", abstract: "Save a profile from a YAML file, checked first and written atomically.",
            shouldDisplay: false)

        @Argument(help: "The profile's name.")
        var name: String

        @Option(help: ArgumentHelp("The profile's YAML, or '-' for stdin.", valueName: "FILE"))
        var from: String

        func run() async throws {
            let data: Data
            do {
                data = from == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: from))
            } catch {
                throw CLIError.usage("--from \(from): cannot read it (\(error.localizedDescription))")
            }
            // Bytes that are not UTF-8 would become U+FFFD and be saved as if they were meant.
            guard let text = String(data: data, encoding: .utf8) else {
                throw CLIError.usage("\(from == "-" ? "<stdin>" : from): is not UTF-8 text (the profile was not saved)")
            }
            do throws(ProfileProblem) {
                // The source's own name in problems, then the store's checks and its atomic write.
                _ = try ProfileReader.read(text, name: name, file: from == "-" ? "<stdin>" : from)
                try ProfileStore().save(yaml: text, as: name)
            } catch {
                throw CLIError.usage(error.description)
            }
        }
    }

    static func load(_ name: String) throws(CLIError) -> Profile {
        let store = ProfileStore()
        do throws(ProfileProblem) {
            return try store.load(name)
        } catch {
            throw .usage(error.description)
        }
    }
}
