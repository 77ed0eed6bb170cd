import Foundation
import GraphQL
import OrderedCollections
import Hummingbird
import RequestModel

/// `/graphql` (SPEC §13): GraphQL over HTTP on a small schema run by GraphQLSwift — queries, a
/// mutation, introspection, a field that errors (partial data) and one whose error makes `data`
/// null. POST `{"query", "variables", "operationName"}` as JSON, or GET `?query=`.
public enum DemoGraphQL {
    /// The schema as SDL: what the built-in demo profile checks its GraphQL requests against.
    public static var sdl: String { printSchema(schema: schema) }

    static let summary = ("/graphql", "GraphQL: users, hello(name), rename (mutation), flaky (partial data), broken (data: null), introspection")

    /// The users the queries read (a mutation changes nothing kept).
    static let users: [[String: String]] = [
        ["id": "1", "name": "Ann", "email": "ann@example.com", "role": "ADMIN"],
        ["id": "2", "name": "Bob", "email": "bob@example.com", "role": "MEMBER"],
        ["id": "3", "name": "Cy", "email": "cy@example.com", "role": "MEMBER"],
    ]

    static let schema: GraphQLSchema = {
        do {
            let role = try GraphQLEnumType(name: "Role", description: "What a user may do", values: [
                "ADMIN": GraphQLEnumValue(value: .string("ADMIN"), description: "everything"),
                "MEMBER": GraphQLEnumValue(value: .string("MEMBER"), description: "their own things"),
            ])
            let user = try GraphQLObjectType(name: "User", description: "Someone with an account", fields: [
                "id": GraphQLField(type: GraphQLNonNull(GraphQLID), resolve: field("id")),
                "name": GraphQLField(type: GraphQLNonNull(GraphQLString), resolve: field("name")),
                "email": GraphQLField(type: GraphQLString, deprecationReason: "use contact", resolve: field("email")),
                "contact": GraphQLField(type: GraphQLString, description: "How to reach them", resolve: field("email")),
                "role": GraphQLField(type: GraphQLNonNull(role), resolve: field("role")),
            ])
            let query = try GraphQLObjectType(name: "Query", fields: [
                "hello": GraphQLField(type: GraphQLNonNull(GraphQLString), description: "A greeting",
                                      args: ["name": GraphQLArgument(type: GraphQLString, defaultValue: .string("world"))]) { _, args, _, _ in
                    "Hello, \(args["name"].string ?? "world")!"
                },
                "user": GraphQLField(type: user, args: ["id": GraphQLArgument(type: GraphQLNonNull(GraphQLID))]) { _, args, _, _ in
                    users.first { $0["id"] == args["id"].string }
                },
                "users": GraphQLField(type: GraphQLNonNull(GraphQLList(GraphQLNonNull(user))),
                                      args: ["first": GraphQLArgument(type: GraphQLInt, defaultValue: .number(10))]) { _, args, _, _ in
                    Array(users.prefix(max(0, args["first"].int ?? 10)))
                },
                "flaky": GraphQLField(type: user, description: "Always fails: the rest of the data comes with an error") { _, _, _, _ in
                    throw DemoFailure("the flaky resolver failed, as it always does")
                },
                "broken": GraphQLField(type: GraphQLNonNull(GraphQLString), description: "Fails, and cannot be null: data is null") { _, _, _, _ in
                    throw DemoFailure("the broken resolver failed")
                },
            ])
            let mutation = try GraphQLObjectType(name: "Mutation", fields: [
                "rename": GraphQLField(type: GraphQLNonNull(user), description: "A user with a new name (nothing is kept)",
                                       args: ["id": GraphQLArgument(type: GraphQLNonNull(GraphQLID)),
                                              "name": GraphQLArgument(type: GraphQLNonNull(GraphQLString))]) { _, args, _, _ in
                    guard var found = users.first(where: { $0["id"] == args["id"].string }) else { throw DemoFailure("no user \(args["id"].string ?? "")") }
                    found["name"] = args["name"].string
                    return found
                },
            ])
            return try GraphQLSchema(query: query, mutation: mutation)
        } catch {
            fatalError("the demo's GraphQL schema is invalid: \(error)")
        }
    }()

    /// A field of a user (a dictionary).
    private static func field(_ key: String) -> GraphQLFieldResolve {
        { source, _, _, _ in (source as? [String: String])?[key] }
    }

    static func respond(_ call: DemoCall) async throws -> Response {
        var request = call.request
        let document: JSONNode
        if call.method == .get {
            document = .object([.init("query", .string(call.query["query"] ?? ""))]
                + (call.query["variables"].flatMap(JSONNode.parse).map { [.init("variables", $0)] } ?? []))
        } else if call.method == .post {
            let body = try await request.collectBody(upTo: 1 << 20)
            guard let parsed = JSONNode.parse(Data(body.readableBytesView)) else {
                return DemoResponses.badRequest("a GraphQL request is a JSON object: {\"query\", \"variables\", \"operationName\"}")
            }
            document = parsed
        } else {
            return DemoResponses.json(.methodNotAllowed, ["error": "GraphQL takes GET or POST"])
        }
        guard case .string(let query)? = document["query"] else {
            return DemoResponses.badRequest("the GraphQL request has no \"query\" string")
        }
        var variables: [String: Map] = [:]
        if case .object(let members)? = document["variables"] {
            for member in members { variables[member.key] = map(member.value) }
        }
        let operation = if case .string(let name)? = document["operationName"] { name } else { String?.none }
        // A document that does not parse or validate is a request error (400, no data); one that
        // runs is 200, whatever its data (GraphQL over HTTP, application/graphql-response+json).
        let result: GraphQLResult
        let status: HTTPResponse.Status
        do {
            let parsed = try parse(source: Source(body: query, name: "GraphQL request"))
            let problems = validate(schema: schema, ast: parsed)
            if problems.isEmpty {
                result = try await execute(schema: schema, documentAST: parsed, rootValue: (), context: (), variableValues: variables, operationName: operation)
                status = .ok
            } else {
                (result, status) = (GraphQLResult(errors: problems), .badRequest)
            }
        } catch let error as GraphQLError {
            (result, status) = (GraphQLResult(errors: [error]), .badRequest)
        }
        let data = try GraphQLJSONEncoder().encode(result)
        var headers = HTTPFields()
        headers[.contentType] = "application/graphql-response+json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension DemoGraphQL {
    /// A JSON value as GraphQLSwift's `Map`.
    static func map(_ node: JSONNode) -> Map {
        switch node {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let text): Int(text).map { Map($0) } ?? Map(Double(text) ?? 0)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(map))
        case .object(let members): .dictionary(OrderedDictionary(members.map { ($0.key, map($0.value)) }, uniquingKeysWith: { $1 }))
        }
    }
}

/// A resolver's failure, as the demo's errors say it.
struct DemoFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
