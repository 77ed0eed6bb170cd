import GraphQL

/// What may be typed at a point of a GraphQL document, from the schema (SPEC §13): the fields of
/// the type whose selection set the point is in, a field's arguments inside its parentheses, an
/// enum argument's values after its colon, types after `on`, directives after `@`. The text before
/// the point is read token by token (strings and comments skipped), so a document that does not
/// parse yet — the usual case while typing — still has its context.
public enum GraphQLCompletion {
    public struct Result: Sendable, Equatable {
        /// The part of the word before the point that the candidates complete.
        public var prefix: String
        /// Candidate words, in the schema's order, each starting with `prefix`.
        public var candidates: [String]

        /// What all candidates share beyond the prefix (what Tab inserts).
        public var commonSuffix: String {
            guard var common = candidates.first else { return "" }
            for candidate in candidates.dropFirst() {
                while !candidate.hasPrefix(common) { common.removeLast() }
            }
            return String(common.dropFirst(prefix.count))
        }
    }

    public static func complete(_ text: String, at offset: Int, schema file: GraphQLSchemaFile) -> Result {
        let schema = file.schema
        let before = Array(text.prefix(offset))
        var start = before.count
        while start > 0, before[start - 1].isLetter || before[start - 1].isNumber || before[start - 1] == "_" {
            start -= 1
        }
        let prefix = String(before[start...])
        let tokens = tokenize(Array(before[..<start]))
        let candidates = candidates(after: tokens, schema: schema)
        return Result(prefix: prefix, candidates: candidates.filter { $0.hasPrefix(prefix) && $0 != prefix || prefix.isEmpty })
    }

    // MARK: Reading the text before the point

    private enum Token: Equatable {
        case name(String)
        case punctuation(Character)
    }

    private static func tokenize(_ characters: [Character]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "#" {
                while index < characters.count, !characters[index].isNewline { index += 1 }
            } else if character == "\"" {
                // A string (or block string) is skipped whole; one still open ends the text.
                let block = index + 2 < characters.count && characters[index + 1] == "\"" && characters[index + 2] == "\""
                index += block ? 3 : 1
                while index < characters.count {
                    if characters[index] == "\\" { index += 2; continue }
                    if block, index + 2 < characters.count, characters[index...index + 2].elementsEqual("\"\"\"") { index += 3; break }
                    if !block, characters[index] == "\"" { index += 1; break }
                    index += 1
                }
                tokens.append(.name("\"\""))
                continue
            } else if character.isLetter || character == "_" || character.isNumber || character == "-" {
                var end = index
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" || characters[end] == "-" || characters[end] == "." {
                    end += 1
                }
                tokens.append(.name(String(characters[index..<end])))
                index = end
                continue
            } else if "{}()[]:@$=!,.".contains(character) {
                tokens.append(.punctuation(character))
            }
            index += 1
        }
        return tokens
    }

    // MARK: The context

    /// One open selection set: a type named outright (an operation's root, a fragment's `on`), or
    /// the selection set of a field of the scope below it — resolved only for the scopes still open
    /// at the cursor, since asking the schema for every field typed before would cost a keystroke.
    private enum Scope {
        case type((any GraphQLNamedType)?)
        case field(String)
    }

    /// The type a stack of open scopes selects from.
    private static func resolve(_ scopes: [Scope]) -> (any GraphQLNamedType)? {
        var type: (any GraphQLNamedType)?
        for scope in scopes {
            switch scope {
            case .type(let named): type = named
            case .field(let name): type = fieldType(name, of: type)
            }
        }
        return type
    }

    private static func candidates(after tokens: [Token], schema: GraphQLSchema) -> [String] {
        if case .name("on")? = tokens.last {
            return schema.typeMap.values.filter { $0 is GraphQLObjectType || $0 is GraphQLInterfaceType || $0 is GraphQLUnionType }
                .map(\.name).filter { !$0.hasPrefix("__") }.sorted()
        }
        if case .punctuation("@")? = tokens.last { return schema.directives.map(\.name) }
        var scopes: [Scope] = []
        /// The field just named in the current scope, for the `{` or `(` after it.
        var lastField: String?
        var pendingType: (any GraphQLNamedType)?
        var operation: String?
        /// Inside parentheses: whose arguments (nil for a directive's or a variable list), the scopes
        /// open there, and the tokens so far.
        var arguments: (field: String?, scopes: [Scope], tokens: [Token])?
        var afterDirective = false
        var previous: Token?
        for token in tokens {
            defer { previous = token }
            if arguments != nil {
                if token == .punctuation(")") { arguments = nil } else { arguments?.tokens.append(token) }
                continue
            }
            switch token {
            case .name(let word) where scopes.isEmpty && ["query", "mutation", "subscription"].contains(word):
                operation = word
            case .name("fragment") where scopes.isEmpty:
                operation = "fragment"
            case .name(let word) where previous == .name("on"):
                pendingType = schema.getType(name: word)
            case .name("on"):
                break
            case .name(let word):
                // A field's name (after an alias's colon too); a directive's or a variable's leaves it.
                if previous == .punctuation("@") {
                    afterDirective = true
                } else if previous != .punctuation("$") {
                    lastField = scopes.isEmpty ? nil : word
                    afterDirective = false
                }
            case .punctuation("("):
                arguments = (afterDirective ? nil : lastField, scopes, [])
                afterDirective = false
            case .punctuation("{"):
                if let pendingType {
                    scopes.append(.type(pendingType))
                } else if scopes.isEmpty {
                    let root: GraphQLObjectType? = switch operation {
                    case "mutation": schema.mutationType
                    case "subscription": schema.subscriptionType
                    default: schema.queryType
                    }
                    scopes.append(.type(root))
                } else {
                    scopes.append(lastField.map(Scope.field) ?? .type(nil))
                }
                pendingType = nil
                lastField = nil
            case .punctuation("}"):
                _ = scopes.popLast()
                lastField = nil
                if scopes.isEmpty { operation = nil }
            default:
                break
            }
        }
        if let arguments {
            guard let field = arguments.field else { return [] }
            let definitions = fieldArguments(field, of: resolve(arguments.scopes))
            // After `name:`, an enum argument's values.
            if arguments.tokens.last == .punctuation(":"), arguments.tokens.count >= 2, case .name(let name) = arguments.tokens[arguments.tokens.count - 2] {
                guard let type = definitions.first(where: { $0.0 == name }).flatMap({ getNamedType(type: $0.1) as? GraphQLEnumType }) else { return [] }
                return type.values.map(\.name)
            }
            return definitions.map(\.0)
        }
        guard !scopes.isEmpty else { return ["query", "mutation", "subscription", "fragment"] }
        return fieldNames(of: resolve(scopes)) + ["__typename"]
    }

    private static func fields(of type: (any GraphQLNamedType)?) -> GraphQLFieldMap? {
        (try? (type as? GraphQLObjectType)?.fields()) ?? (try? (type as? GraphQLInterfaceType)?.fields())
    }

    private static func fieldNames(of type: (any GraphQLNamedType)?) -> [String] {
        fields(of: type).map { Array($0.keys) } ?? []
    }

    private static func fieldType(_ name: String, of type: (any GraphQLNamedType)?) -> (any GraphQLNamedType)? {
        fields(of: type)?[name].flatMap { getNamedType(type: $0.type) }
    }

    private static func fieldArguments(_ name: String, of type: (any GraphQLNamedType)?) -> [(String, any GraphQLInputType)] {
        guard let field = fields(of: type)?[name] else { return [] }
        return field.args.map { ($0.key, $0.value.type) }
    }
}
