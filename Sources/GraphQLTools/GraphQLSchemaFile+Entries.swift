import GraphQL

/// The schema as a reader browses it (SPEC §13's schema overlay): every type and each of its
/// fields, enum values and input fields, with descriptions and deprecations, in the schema's order.
extension GraphQLSchemaFile {
    public struct Entry: Sendable, Equatable {
        /// `User`, `User.name`.
        public var path: String
        /// `type User`, `name(first: Int): String!`.
        public var signature: String
        public var description: String?
        public var deprecation: String?
    }

    public var entries: [Entry] {
        var entries: [Entry] = []
        let types = schema.typeMap.values.filter { !$0.name.hasPrefix("__") && !["String", "Int", "Float", "Boolean", "ID"].contains($0.name) }
        for type in types.sorted(by: { $0.name < $1.name }) {
            switch type {
            case let object as GraphQLObjectType:
                let implements = ((try? object.interfaces()) ?? []).map(\.name)
                entries.append(Entry(path: object.name, signature: "type \(object.name)" + (implements.isEmpty ? "" : " implements " + implements.joined(separator: " & ")),
                                     description: object.description))
                entries += Self.fields((try? object.fields()) ?? [:], of: object.name)
            case let interface as GraphQLInterfaceType:
                entries.append(Entry(path: interface.name, signature: "interface \(interface.name)", description: interface.description))
                entries += Self.fields((try? interface.fields()) ?? [:], of: interface.name)
            case let union as GraphQLUnionType:
                let members = ((try? union.types()) ?? []).map(\.name).joined(separator: " | ")
                entries.append(Entry(path: union.name, signature: "union \(union.name) = \(members)", description: union.description))
            case let enumeration as GraphQLEnumType:
                entries.append(Entry(path: enumeration.name, signature: "enum \(enumeration.name)", description: enumeration.description))
                entries += enumeration.values.map {
                    Entry(path: "\(enumeration.name).\($0.name)", signature: $0.name, description: $0.description, deprecation: $0.deprecationReason)
                }
            case let input as GraphQLInputObjectType:
                entries.append(Entry(path: input.name, signature: "input \(input.name)", description: input.description))
                entries += ((try? input.fields()) ?? [:]).map {
                    Entry(path: "\(input.name).\($0.key)", signature: "\($0.key): \($0.value.type)", description: $0.value.description,
                          deprecation: $0.value.deprecationReason)
                }
            case let scalar as GraphQLScalarType:
                entries.append(Entry(path: scalar.name, signature: "scalar \(scalar.name)", description: scalar.description))
            default:
                break
            }
        }
        return entries
    }

    private static func fields(_ fields: GraphQLFieldMap, of type: String) -> [Entry] {
        fields.map { name, field in
            let arguments = field.args.map { "\($0.key): \($0.value.type)" + ($0.value.defaultValue.map { " = \($0)" } ?? "") }
            return Entry(path: "\(type).\(name)", signature: name + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")") + ": \(field.type)",
                         description: field.description, deprecation: field.deprecationReason)
        }
    }
}
