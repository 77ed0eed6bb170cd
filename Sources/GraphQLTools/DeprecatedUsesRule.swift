import GraphQL
import Locking

/// Deprecated fields, arguments, input fields and enum values a document uses (GraphQLSwift's
/// `NoDeprecatedCustomRule`, its messages), kept apart as warnings: they run in the same pass as
/// the specification's rules, each pass over a document costing as much as several rules.
func DeprecatedUsesRule(into warnings: Locked<[GraphQLError]>) -> @Sendable (ValidationContext) -> Visitor {
    { context in
        Visitor(enter: { node, _, _, _, _ in
            var message: String?
            switch node.kind {
            case .field:
                if let field = context.fieldDef, let reason = field.deprecationReason, let parent = context.parentType {
                    message = "The field \(parent.name).\(field.name) is deprecated. \(reason)"
                }
            case .argument:
                if let argument = context.argument, let reason = argument.deprecationReason {
                    if let directive = context.directive {
                        message = "Directive \"@\(directive.name)\" argument \"\(argument.name)\" is deprecated. \(reason)"
                    } else if let field = context.fieldDef, let parent = context.parentType {
                        message = "Field \"\(parent.name).\(field.name)\" argument \"\(argument.name)\" is deprecated. \(reason)"
                    }
                }
            case .objectField:
                if let input = context.parentInputType as? GraphQLInputObjectType, let objectField = node as? ObjectField,
                   let field = try? input.fields()[objectField.name.value], let reason = field.deprecationReason {
                    message = "The input field \(input.name).\(objectField.name.value) is deprecated. \(reason)"
                }
            case .enumValue:
                if let value = context.getEnumValue, let reason = value.deprecationReason, let type = getNamedType(type: context.inputType) {
                    message = "The enum value \"\(type.name).\(value.name)\" is deprecated. \(reason)"
                }
            default: break
            }
            if let message { warnings.withLock { $0.append(GraphQLError(message: message, nodes: [node])) } }
            return .continue
        })
    }
}
