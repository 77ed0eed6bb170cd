import RequestModel

/// A place in a JSON document, `$.items[2].name`, and the patterns that pick places to ignore:
/// `$.id`, `$.items[*].createdAt`, `$..updatedAt` (any depth), `$["X-Demo-Key"]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    public static let root = JSONPath()

    public func appending(_ component: Component) -> JSONPath { JSONPath(components + [component]) }

    /// `$`, then `.name` for plain keys, `["odd key"]` for others, `[2]` for indices.
    public var description: String {
        var out = "$"
        for component in components {
            switch component {
            case .index(let index): out += "[\(index)]"
            case .key(let key) where JSONPath.isPlainKey(key): out += "." + key
            case .key(let key): out += "[" + QuotedText.quote(key) + "]"
            }
        }
        return out
    }

    static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }
}

/// A JSONPath pattern with `*` (any one key or index) and `..` (any depth, none included).
public struct JSONPathPattern: Sendable, Hashable, CustomStringConvertible {
    public enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
        case any
        case descendants
    }

    public let steps: [Step]
    /// The pattern as written.
    public let description: String

    /// Parses `$.a.b`, `$.a[0]`, `$.a[*].b`, `$.*`, `$..b`, `$["a b"]`, `$['a']`; the leading `$` may be left out.
    public init(_ text: String) throws(JSONPathPattern.Problem) {
        description = text
        var scalars = Array(text.unicodeScalars)[...]
        if scalars.first == "$" {
            scalars = scalars.dropFirst()
        } else if let first = scalars.first, first != ".", first != "[" {
            // `id` is short for `$.id`.
            scalars = ["."] + scalars
        }
        var steps: [Step] = []
        func fail(_ why: String) -> Problem { Problem(pattern: text, message: why) }
        while let first = scalars.first {
            if first == "." {
                scalars = scalars.dropFirst()
                if scalars.first == "." {
                    steps.append(.descendants)
                    scalars = scalars.dropFirst()
                    if scalars.first == "[" { continue }
                }
                let name = scalars.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { throw fail("a key name is missing after '.'") }
                scalars = scalars.dropFirst(name.count)
                let key = String(String.UnicodeScalarView(name))
                steps.append(key == "*" ? .any : .key(key))
            } else if first == "[" {
                scalars = scalars.dropFirst()
                if let quote = scalars.first, quote == "\"" || quote == "'" {
                    var key = String.UnicodeScalarView()
                    scalars = scalars.dropFirst()
                    var closed = false
                    while let scalar = scalars.first {
                        scalars = scalars.dropFirst()
                        if scalar == "\\", let next = scalars.first {
                            key.append(next)
                            scalars = scalars.dropFirst()
                        } else if scalar == quote {
                            closed = true
                            break
                        } else {
                            key.append(scalar)
                        }
                    }
                    guard closed, scalars.first == "]" else { throw fail("a quoted key needs its closing quote and ']'") }
                    scalars = scalars.dropFirst()
                    steps.append(.key(String(key)))
                } else {
                    let inside = scalars.prefix { $0 != "]" }
                    guard scalars.count > inside.count else { throw fail("'[' without its ']'") }
                    scalars = scalars.dropFirst(inside.count + 1)
                    let token = String(String.UnicodeScalarView(inside)).trimmingSpaces
                    if token == "*" {
                        steps.append(.any)
                    } else if let index = Int(token), index >= 0 {
                        steps.append(.index(index))
                    } else {
                        throw fail("expected an index, * or a quoted key inside [], found \"\(token)\"")
                    }
                }
            } else {
                throw fail("expected '.' or '[' at \"\(String(String.UnicodeScalarView(scalars)))\"")
            }
        }
        self.steps = steps
    }

    /// Whether `path` is matched by the pattern or lies below a place it matches.
    public func covers(_ path: JSONPath) -> Bool {
        // Which prefixes of the path the steps so far can match, one step at a time: steps × path
        // work however many `..` the pattern has (trying every split backtracks exponentially).
        let components = path.components
        var reached = [Bool](repeating: false, count: components.count + 1)
        reached[0] = true
        for step in steps {
            var next = [Bool](repeating: false, count: components.count + 1)
            if step == .descendants {
                var any = false
                for index in reached.indices {
                    any = any || reached[index]
                    next[index] = any
                }
            } else {
                for index in components.indices where reached[index] && Self.matches(step, components[index]) {
                    next[index + 1] = true
                }
            }
            guard next.contains(true) else { return false }
            reached = next
        }
        // The steps matched a prefix: the pattern covers everything under it too.
        return reached.contains(true)
    }

    private static func matches(_ step: Step, _ component: JSONPath.Component) -> Bool {
        switch (step, component) {
        case (.any, _): true
        case (.key(let expected), .key(let key)): expected == key
        case (.index(let expected), .index(let index)): expected == index
        default: false
        }
    }

    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var pattern: String
        public var message: String
        public var description: String { "bad JSON path \(QuotedText.capped(pattern)): \(message)" }
    }
}

extension String {
    var trimmingSpaces: String {
        String(String.UnicodeScalarView(unicodeScalars.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed()))
    }
}
