import GraphQL

/// The specification's "Field Selection Merging" rule (October 2021, §5.3.2), which GraphQLSwift
/// leaves out of its list: fields that share a response name must be the same field with the same
/// arguments (unless their parents are different object types, which never both apply) and must
/// not return conflicting types, all the way down their sub-selections. The search follows
/// GraphQL.js's: each selection set is checked within itself, against the fragments it spreads and
/// those fragments against each other, with fragment pairs remembered so each is compared once.
@Sendable func OverlappingFieldsCanBeMergedRule(context: ValidationContext) -> Visitor {
    let finder = OverlapFinder(context)
    return Visitor(enter: { node, _, _, _, _ in
        if node.kind == .selectionSet, let selectionSet = node as? SelectionSet {
            for conflict in finder.conflictsWithin(selectionSet, parentType: context.parentType) {
                context.report(error: GraphQLError(
                    message: "Fields \"\(conflict.responseName)\" conflict because \(conflict.reason.text). "
                        + "Use different aliases on the fields to fetch both if this was intentional.",
                    nodes: conflict.fields1 + conflict.fields2))
            }
        }
        return .continue
    })
}

/// Why two fields of one response name cannot be merged.
private struct Conflict {
    indirect enum Reason {
        case says(String)
        case subfields([(String, Reason)])

        var text: String {
            switch self {
            case .says(let text): text
            case .subfields(let conflicts):
                conflicts.map { "subfields \"\($0.0)\" conflict because \($0.1.text)" }.joined(separator: " and ")
            }
        }
    }

    var responseName: String
    var reason: Reason
    var fields1: [any Node]
    var fields2: [any Node]
}

/// A field as selected: the type it was selected on, its node, its definition (nil for one the
/// type does not have, which another rule reports).
private struct FieldEntry {
    var parentType: (any GraphQLNamedType)?
    var node: Field
    var definition: GraphQLField?
}

/// Response name → its fields, in document order, and the fragments spread, in order, once each.
private struct Collected {
    var fields: [(String, [FieldEntry])] = []
    var fragments: [String] = []

    mutating func add(_ entry: FieldEntry, as responseName: String) {
        if let index = fields.firstIndex(where: { $0.0 == responseName }) {
            fields[index].1.append(entry)
        } else {
            fields.append((responseName, [entry]))
        }
    }

    func entries(named responseName: String) -> [FieldEntry]? {
        fields.first { $0.0 == responseName }?.1
    }
}

private final class OverlapFinder {
    private let context: ValidationContext
    private var collected: [ObjectIdentifier: Collected] = [:]
    /// Fragment pairs compared: whether that comparison assumed mutually exclusive parents.
    private var comparedFragments: [String: Bool] = [:]
    private var fieldMaps: [String: GraphQLFieldMap?] = [:]

    init(_ context: ValidationContext) {
        self.context = context
    }

    func conflictsWithin(_ selectionSet: SelectionSet, parentType: (any GraphQLNamedType)?) -> [Conflict] {
        var conflicts: [Conflict] = []
        let own = collect(selectionSet, parentType: parentType)
        for (responseName, entries) in own.fields where entries.count > 1 {
            for i in 0..<entries.count {
                for j in (i + 1)..<entries.count {
                    if let conflict = findConflict(exclusive: false, responseName, entries[i], entries[j]) { conflicts.append(conflict) }
                }
            }
        }
        for (index, name) in own.fragments.enumerated() {
            var seen: Set<String> = []
            conflictsBetween(own, andFragment: name, exclusive: false, seen: &seen, into: &conflicts)
            for other in own.fragments[(index + 1)...] {
                conflictsBetweenFragments(name, other, exclusive: false, into: &conflicts)
            }
        }
        return conflicts
    }

    // MARK: Collecting

    private func collect(_ selectionSet: SelectionSet, parentType: (any GraphQLNamedType)?) -> Collected {
        let key = ObjectIdentifier(selectionSet)
        if let known = collected[key] { return known }
        var result = Collected()
        collect(selectionSet, parentType: parentType, into: &result)
        collected[key] = result
        return result
    }

    private func collect(_ selectionSet: SelectionSet, parentType: (any GraphQLNamedType)?, into result: inout Collected) {
        for selection in selectionSet.selections {
            if let field = selection as? Field {
                result.add(FieldEntry(parentType: parentType, node: field, definition: fields(of: parentType)?[field.name.value]),
                           as: (field.alias ?? field.name).value)
            } else if let spread = selection as? FragmentSpread {
                if !result.fragments.contains(spread.name.value) { result.fragments.append(spread.name.value) }
            } else if let inline = selection as? InlineFragment {
                let type = inline.typeCondition.map { context.schema.getType(name: $0.name.value) } ?? parentType
                collect(inline.selectionSet, parentType: type, into: &result)
            }
        }
    }

    /// A type's fields, asked of the schema once per type (a schema built from SDL makes the map anew each time).
    private func fields(of type: (any GraphQLNamedType)?) -> GraphQLFieldMap? {
        guard let type else { return nil }
        if let known = fieldMaps[type.name] { return known }
        let fields = (try? (type as? GraphQLObjectType)?.fields()) ?? (try? (type as? GraphQLInterfaceType)?.fields())
        fieldMaps[type.name] = fields
        return fields
    }

    private func collect(fragment name: String) -> Collected? {
        guard let fragment = context.getFragment(name: name) else { return nil }
        return collect(fragment.selectionSet, parentType: context.schema.getType(name: fragment.typeCondition.name.value))
    }

    // MARK: Comparing

    private func conflictsBetween(_ fields: Collected, andFragment name: String, exclusive: Bool, seen: inout Set<String>,
                                  into conflicts: inout [Conflict]) {
        guard seen.insert(name).inserted, let fragment = collect(fragment: name) else { return }
        conflicts += conflictsBetween(fields, fragment, exclusive: exclusive)
        for nested in fragment.fragments {
            conflictsBetween(fields, andFragment: nested, exclusive: exclusive, seen: &seen, into: &conflicts)
        }
    }

    private func conflictsBetweenFragments(_ first: String, _ second: String, exclusive: Bool, into conflicts: inout [Conflict]) {
        guard first != second else { return }
        let key = first < second ? "\(first)\u{0}\(second)" : "\(second)\u{0}\(first)"
        // A comparison that assumed exclusive parents covers only exclusive ones; one that did not covers both.
        if let earlier = comparedFragments[key], exclusive || !earlier { return }
        comparedFragments[key] = exclusive
        guard let one = collect(fragment: first), let two = collect(fragment: second) else { return }
        conflicts += conflictsBetween(one, two, exclusive: exclusive)
        for nested in two.fragments { conflictsBetweenFragments(first, nested, exclusive: exclusive, into: &conflicts) }
        for nested in one.fragments { conflictsBetweenFragments(nested, second, exclusive: exclusive, into: &conflicts) }
    }

    private func conflictsBetween(_ one: Collected, _ two: Collected, exclusive: Bool) -> [Conflict] {
        var conflicts: [Conflict] = []
        for (responseName, entries) in one.fields {
            guard let others = two.entries(named: responseName) else { continue }
            for entry in entries {
                for other in others {
                    if let conflict = findConflict(exclusive: exclusive, responseName, entry, other) { conflicts.append(conflict) }
                }
            }
        }
        return conflicts
    }

    private func conflictsBetweenSubSelections(exclusive: Bool, _ type1: (any GraphQLNamedType)?, _ set1: SelectionSet,
                                               _ type2: (any GraphQLNamedType)?, _ set2: SelectionSet) -> [Conflict] {
        let one = collect(set1, parentType: type1), two = collect(set2, parentType: type2)
        var conflicts = conflictsBetween(one, two, exclusive: exclusive)
        for name in two.fragments {
            var seen: Set<String> = []
            conflictsBetween(one, andFragment: name, exclusive: exclusive, seen: &seen, into: &conflicts)
        }
        for name in one.fragments {
            var seen: Set<String> = []
            conflictsBetween(two, andFragment: name, exclusive: exclusive, seen: &seen, into: &conflicts)
        }
        for first in one.fragments {
            for second in two.fragments { conflictsBetweenFragments(first, second, exclusive: exclusive, into: &conflicts) }
        }
        return conflicts
    }

    private func findConflict(exclusive parentsExclusive: Bool, _ responseName: String, _ one: FieldEntry, _ two: FieldEntry) -> Conflict? {
        // Different object types are never both the parent: their fields need not be the same.
        let exclusive = parentsExclusive
            || (one.parentType?.name != two.parentType?.name && one.parentType is GraphQLObjectType && two.parentType is GraphQLObjectType)
        func conflict(_ reason: String) -> Conflict { Conflict(responseName: responseName, reason: .says(reason), fields1: [one.node], fields2: [two.node]) }
        if !exclusive {
            let (name1, name2) = (one.node.name.value, two.node.name.value)
            if name1 != name2 { return conflict("\"\(name1)\" and \"\(name2)\" are different fields") }
            if !Self.sameArguments(one.node.arguments, two.node.arguments) { return conflict("they have differing arguments") }
        }
        if let type1 = one.definition?.type, let type2 = two.definition?.type, Self.typesConflict(type1, type2) {
            return conflict("they return conflicting types \"\(type1)\" and \"\(type2)\"")
        }
        guard let set1 = one.node.selectionSet, let set2 = two.node.selectionSet else { return nil }
        let nested = conflictsBetweenSubSelections(exclusive: exclusive, getNamedType(type: one.definition?.type), set1,
                                                   getNamedType(type: two.definition?.type), set2)
        guard !nested.isEmpty else { return nil }
        return Conflict(responseName: responseName, reason: .subfields(nested.map { ($0.responseName, $0.reason) }),
                        fields1: [one.node] + nested.flatMap(\.fields1), fields2: [two.node] + nested.flatMap(\.fields2))
    }

    /// The same arguments: as many, each of the same name with the same value as written.
    private static func sameArguments(_ one: [Argument], _ two: [Argument]) -> Bool {
        one.count == two.count && one.allSatisfy { argument in
            two.first { $0.name.value == argument.name.value }.map { print(ast: $0.value) == print(ast: argument.value) } ?? false
        }
    }

    /// Whether two output types cannot be one response shape: list against not, non-null against
    /// not, or two different leaf types.
    private static func typesConflict(_ one: any GraphQLType, _ two: any GraphQLType) -> Bool {
        switch (one, two) {
        case let (list1 as GraphQLList, list2 as GraphQLList): return typesConflict(list1.ofType, list2.ofType)
        case (is GraphQLList, _), (_, is GraphQLList): return true
        case let (required1 as GraphQLNonNull, required2 as GraphQLNonNull): return typesConflict(required1.ofType, required2.ofType)
        case (is GraphQLNonNull, _), (_, is GraphQLNonNull): return true
        default:
            let leaf1 = one is GraphQLScalarType || one is GraphQLEnumType, leaf2 = two is GraphQLScalarType || two is GraphQLEnumType
            guard leaf1 || leaf2 else { return false }
            return (one as? any GraphQLNamedType)?.name != (two as? any GraphQLNamedType)?.name || leaf1 != leaf2
        }
    }
}
