import RequestModel

/// One assert of a request file judged (SPEC §8): what `assert.passed` and `assert.failed` carry,
/// with every secret already masked.
public struct AssertReport: Sendable, Equatable {
    /// The request's name in its file.
    public var request: String
    /// `status`, `$.name`, `header Content-Type`, `cookie sid`: what was judged.
    public var subject: String
    /// `equals`, `lessThan`, `isString`…
    public var predicate: String
    /// Nil for predicates without a value (`isString`).
    public var expected: JSONNode?
    /// Nil when the subject is not there (a path that selected nothing).
    public var actual: JSONNode?

    public init(request: String, subject: String, predicate: String, expected: JSONNode?, actual: JSONNode?) {
        self.request = request
        self.subject = subject
        self.predicate = predicate
        self.expected = expected
        self.actual = actual
    }

    /// `$.name equals "ann"`: the assert as a sentence.
    public var claim: String {
        [subject, predicate, expected?.compactText].compactMap { $0 }.joined(separator: " ")
    }

    /// `got "bob"`, or `got nothing` when the subject is not there.
    public var found: String { "got " + (actual?.compactText ?? "nothing") }

    /// `$.name equals "ann", got "bob"`: how a failure is reported.
    public var failure: String { claim + ", " + found }
}
