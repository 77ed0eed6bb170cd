import GraphQL

/// The specification's "Single root field" rule (October 2021, §5.2.3.1), which GraphQLSwift leaves
/// out of its list: a subscription selects exactly one root field, and not an introspection one.
/// Fragments are followed as the specification's CollectFields does (skip and include aside).
@Sendable func SingleFieldSubscriptionsRule(context: ValidationContext) -> Visitor {
    Visitor(enter: { node, _, _, _, _ in
        guard node.kind == .operationDefinition, let operation = node as? OperationDefinition, operation.operation == .subscription else {
            return .continue
        }
        var fields: [Field] = []
        var visited: Set<String> = []
        collect(operation.selectionSet, into: &fields, visited: &visited, context: context)
        let subject = operation.name.map { "Subscription \"\($0.value)\"" } ?? "Anonymous Subscription"
        if fields.count > 1 {
            context.report(error: GraphQLError(message: "\(subject) must select only one top level field.", nodes: Array(fields.dropFirst())))
        } else if let only = fields.first, only.name.value.hasPrefix("__") {
            context.report(error: GraphQLError(message: "\(subject) must not select an introspection top level field.", nodes: [only]))
        }
        return .continue
    })
}

/// The root fields of `selectionSet`, by response name, fragments expanded once each.
private func collect(_ selectionSet: SelectionSet, into fields: inout [Field], visited: inout Set<String>, context: ValidationContext) {
    for selection in selectionSet.selections {
        if let field = selection as? Field {
            let key = (field.alias ?? field.name).value
            if !fields.contains(where: { ($0.alias ?? $0.name).value == key }) { fields.append(field) }
        } else if let inline = selection as? InlineFragment {
            collect(inline.selectionSet, into: &fields, visited: &visited, context: context)
        } else if let spread = selection as? FragmentSpread, visited.insert(spread.name.value).inserted,
                  let fragment = context.getFragment(name: spread.name.value) {
            collect(fragment.selectionSet, into: &fields, visited: &visited, context: context)
        }
    }
}
