import ArgumentParser
import ClientCore
import Foundation
import GraphQLTools
import Profiles
import RequestModel

extension GraphQLCommand {
    /// `explorer graphql schema [--profile NAME] [URL] [-o FILE]` (SPEC §13): the standard
    /// introspection query, sent as any request is, and the answer written as SDL.
    struct Schema: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema", abstract: "Fetch a GraphQL schema by introspection and write it as SDL.",
            discussion: """
                URL is absolute or relative to the profile's base URL (default: graphql). Without -o the SDL \
                goes to $EXPLORER_HOME/schemas/PROFILE.graphql (where send and the TUI look for it), never over \
                a file the profile's graphql: { schema: } names; without a profile, to stdout.
                """)

        @Argument(help: ArgumentHelp("The GraphQL endpoint.", valueName: "URL"))
        var url: String = "graphql"

        @Option(help: "The profile to send with (its base URL, headers and auth).")
        var profile: String?

        @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("Write the SDL here.", valueName: "FILE"))
        var output: String?

        func run() async throws {
            let opened = try await ProfileClient.open(profile: profile, configuration: HTTPClient.Configuration())
            let spec = RequestSpec(method: "POST", url: url, body: .graphql(GraphQLBody(query: IntrospectionQuery.text, operationName: "IntrospectionQuery")))
            let request: HTTPRequest
            do throws(HTTPError) {
                request = try RequestRendering.asWritten.prepare(spec, name: "introspection").mapError(\.error).get()
            } catch {
                await opened.shutdown()
                throw CLIError(status: .usage, message: error.message)
            }
            let record = await opened.client.run(request)
            await opened.shutdown()
            let response: HTTPResponse
            switch record.result {
            case .success(let answered): response = answered
            case .failure(let error): throw CLIError(status: ExitStatus(error.kind), message: "the introspection failed: \(error.message)")
            }
            let sdl: String
            do throws(IntrospectionSDL.Problem) {
                guard let json = JSONNode.parse(response.body.data) else { throw IntrospectionSDL.Problem(description: "the answer is not JSON") }
                sdl = try IntrospectionSDL.sdl(from: json)
            } catch {
                throw CLIError.failure("\(request.route): \(error)")
            }
            // What is written must read back as the schema it describes.
            do throws(GraphQLSchemaFile.Problem) {
                _ = try GraphQLSchemaFile(sdl: sdl)
            } catch {
                throw CLIError.failure("the introspected schema does not build (\(error)); it was not written")
            }
            try write(sdl, profile: opened.profile?.name ?? profile, names: opened.profile?.graphQLSchema)
        }

        private func write(_ sdl: String, profile: String?, names: String?) throws(CLIError) {
            let target: URL
            if let output {
                target = URL(fileURLWithPath: output)
            } else if let profile {
                target = ExplorerHome().schemas.appendingPathComponent("\(profile).graphql")
                if let names, GraphQLSchemaLookup.file(for: profile, named: names) == target.path {
                    throw .usage("the profile's graphql: { schema: } names \(target.path): give -o FILE to write elsewhere")
                }
            } else {
                Console.out(sdl)
                return
            }
            do {
                try AtomicFile.write(Data(sdl.utf8), to: target)
            } catch {
                throw .failure("\(target.path): \(error)")
            }
            Console.err("wrote \(target.path) (\(sdl.split(separator: "\n").count) lines)\n")
        }
    }
}
