/// Names repeated within one import become unique with ` (2)`, ` (3)`… (SPEC §9), in order, so
/// the first keeps its name and a later one never takes a name a request already has.
public struct UniqueNames: Sendable {
    private var taken: Set<String>

    public init(taken: some Sequence<String> = []) {
        self.taken = Set(taken)
    }

    public mutating func claim(_ name: String) -> String {
        var candidate = name
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(name) (\(number))"
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
