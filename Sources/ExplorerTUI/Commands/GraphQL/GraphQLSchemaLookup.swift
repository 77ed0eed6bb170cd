import DemoAPI
import Foundation
import GraphQLTools
import ProfileFormat
import Profiles

/// The schema a profile's GraphQL requests are checked against (SPEC §13): the file its
/// `graphql: { schema: FILE }` names (a relative path under `$EXPLORER_HOME`), else
/// `schemas/PROFILE.graphql` when it exists; for the built-in demo profiles the demo API's own.
enum GraphQLSchemaLookup {
    static func file(for profile: String?, named: String?, home: ExplorerHome = ExplorerHome()) -> String? {
        if let named {
            return named.hasPrefix("/") ? named : home.directory.appendingPathComponent(named).path
        }
        guard let profile else { return nil }
        let fallback = home.schemas.appendingPathComponent("\(profile).graphql").path
        return FileManager.default.fileExists(atPath: fallback) ? fallback : nil
    }

    /// The profile's schema: its file (see `file`), else for a built-in profile the demo API's own;
    /// nil when there is none.
    static func schema(for profile: String?, named: String?) throws(CLIError) -> GraphQLSchemaFile? {
        if let path = file(for: profile, named: named) { return try load(path) }
        guard let profile, ProfileName.isBuiltIn(profile) else { return nil }
        do throws(GraphQLSchemaFile.Problem) {
            return try GraphQLSchemaFile(sdl: DemoGraphQL.sdl)
        } catch {
            throw .failure("the demo's GraphQL schema does not build: \(error)")
        }
    }

    /// The schema at `path`; a file that cannot be read or built is a usage error naming it.
    static func load(_ path: String) throws(CLIError) -> GraphQLSchemaFile {
        guard let data = FileManager.default.contents(atPath: path) else { throw .usage("GraphQL schema \(path): cannot read it") }
        guard let sdl = String(data: data, encoding: .utf8) else { throw .usage("GraphQL schema \(path): not UTF-8 text") }
        do throws(GraphQLSchemaFile.Problem) {
            return try GraphQLSchemaFile(contents: sdl)
        } catch {
            throw .usage("\(path):\(error)")
        }
    }
}
