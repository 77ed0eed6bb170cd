import Foundation
import GraphQLTools
import Testing

/// Completion from the schema as a query is typed (SPEC §13), on the corpus's library schema.
@Suite struct GraphQLCompletionTests {
    static let schema: GraphQLSchemaFile = {
        let text = (try? String(contentsOf: GraphQLConformanceTests.fixtures.appendingPathComponent("schema.graphql"), encoding: .utf8)) ?? ""
        return try! GraphQLSchemaFile(sdl: text)
    }()

    static func complete(_ text: String) -> GraphQLCompletion.Result {
        GraphQLCompletion.complete(text, at: text.count, schema: schema)
    }

    @Test func theFieldsOfTheTypeAtTheCursor() {
        #expect(Self.complete("query { me { na").candidates == ["name"])
        #expect(Self.complete("query { me { na").commonSuffix == "me")
        #expect(Self.complete(#"{ book(id: "1") { "#).candidates == ["id", "title", "isbn", "identifiers", "genre", "authors", "published", "rating", "reviews", "__typename"])
        #expect(Self.complete("fragment F on Reader { loans { book { ti").candidates == ["title"])
        #expect(Self.complete("mutation { b").candidates == ["borrow"])
        #expect(Self.complete("query Q {\n  me { name }\n  bo").candidates == ["book", "books"])
        #expect(Self.complete("query Q {\n  bo").commonSuffix == "ok")
        // An alias and a string with braces in it change nothing.
        #expect(Self.complete(#"{ b: book(id: "{ }") { reviews { reader { em"#).candidates == ["email"])
        #expect(Self.complete("").candidates == ["query", "mutation", "subscription", "fragment"])
    }

    @Test func argumentsEnumValuesTypesAndDirectives() {
        #expect(Self.complete("{ books(fi").candidates == ["filter", "first"])
        #expect(Self.complete("{ books(first: 2, ").candidates == ["filter", "first", "after"])
        #expect(Self.complete("{ author(id: 1) { books(genre: ").candidates == ["FICTION", "HISTORY", "SCIENCE", "POETRY"])
        #expect(Self.complete("{ author(id: 1) { books(genre: SC").candidates == ["SCIENCE"])
        #expect(Self.complete(#"{ search(text: "x") { ... on "#).candidates.contains("Book"))
        #expect(!Self.complete(#"{ search(text: "x") { ... on "#).candidates.contains("Genre"), "not a type a fragment may be on")
        #expect(Self.complete("{ me @").candidates.contains("include"))
        #expect(Self.complete("{ me @include(if: true) { na").candidates == ["name"], "a directive's parentheses are not the field's")
    }
}
