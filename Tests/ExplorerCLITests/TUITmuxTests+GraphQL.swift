import Foundation
import Testing
import TestSupport

extension TUITmuxTests {
    /// SPEC §13 on screen: the demo profile's schema (in $EXPLORER_HOME/schemas) checks the GraphQL
    /// ready request's body as it is typed; Tab completes a field; an unknown field is marked with
    /// its line and column; once it is gone the query is sent and its data shown.
    @Test func aGraphQLQueryIsCompletedCheckedAndSent() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let home = directory.path("home")
        try FileManager.default.createDirectory(atPath: home + "/schemas", withIntermediateDirectories: true)
        try SendGraphQLTests.demoSchema.write(toFile: home + "/schemas/demo.graphql", atomically: true, encoding: .utf8)
        try await withExplorer(width: 120, height: 40, in: directory) { session in
            // The twelfth ready request is the GraphQL query of the users.
            for _ in 0..<11 { try await session.send("C-n") }
            try await session.waitFor("the GraphQL ready request, checked against the schema") { screen in
                screen.hasRow("POST", "graphql") && screen.hasRow("Body · GraphQL ✓") && screen.hasRow("users(first: $first) {")
            }
            try await session.send("Tab", "Tab", "Down", "Down", "Down", "Down", "End", "Enter")
            try await session.send("    con", literal: true)
            try await session.send("Tab")
            try await session.waitFor("the field completed") { screen in screen.hasRow("│    contact ") && screen.hasRow("Body · GraphQL ✓") }
            try await session.send("Enter")
            try await session.send("    nope", literal: true)
            try await session.waitFor("the unknown field marked where it is") { screen in
                screen.hasRow("Body · GraphQL ✗ 7:5: Cannot query field") && screen.hasRow("│    nope ")
            }
            for _ in 0..<9 { try await session.send("BSpace") }
            try await session.waitFor(text: "Body · GraphQL ✓")
            try await session.send("C-r")
            try await session.waitFor("the data, with the completed field") { screen in
                screen.hasRow("200 OK") && screen.hasRow(#""contact": "ann@example.com""#)
            }
        }
    }
}
