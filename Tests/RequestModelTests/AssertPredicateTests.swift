import Foundation
import RequestModel
import Testing

@Suite struct AssertPredicateTests {
    static func json(_ text: String) -> JSONNode { JSONNode.parse(Data(text.utf8))! }

    @Test func numbersCompareAsNumbersHoweverWritten() {
        #expect(AssertPredicate.equals(Self.json("1")).holds(for: Self.json("1.0")))
        #expect(AssertPredicate.equals(Self.json("100")).holds(for: Self.json("1e2")))
        #expect(AssertPredicate.lessThan(Self.json("10")).holds(for: Self.json("9.999")))
        #expect(!AssertPredicate.lessThan(Self.json("10")).holds(for: Self.json("10.0")))
        #expect(AssertPredicate.lessOrEqual(Self.json("10")).holds(for: Self.json("10.0")))
        #expect(AssertPredicate.greaterThan(Self.json("-2")).holds(for: Self.json("-1.5")))
        #expect(AssertPredicate.greaterThan(Self.json("12345678901234567890")).holds(for: Self.json("12345678901234567891")))
        #expect(AssertPredicate.lessThan(Self.json("0")).holds(for: Self.json("-0.0001")))
        #expect(AssertPredicate.greaterOrEqual(Self.json("0")).holds(for: Self.json("-0")))
    }

    @Test func aStringIsNeverANumber() {
        #expect(!AssertPredicate.equals(Self.json("1")).holds(for: .string("1")))
        #expect(!AssertPredicate.lessThan(Self.json("2")).holds(for: .string("1")))
        #expect(AssertPredicate.lessThan(.string("b")).holds(for: .string("a")))
    }

    @Test func nothingMeetsOnlyExistsFalse() {
        let predicates: [AssertPredicate] = [.equals(.null), .notEquals(.null), .isNull, .count(0), .exists(true), .contains(.string(""))]
        for predicate in predicates {
            #expect(!predicate.holds(for: nil), "\(predicate.description)")
        }
        #expect(AssertPredicate.exists(false).holds(for: nil))
        #expect(!AssertPredicate.exists(false).holds(for: .null))
    }

    @Test func textAndListPredicates() {
        let roles = Self.json(#"["admin", "dev"]"#)
        #expect(AssertPredicate.contains(.string("admin")).holds(for: roles))
        #expect(!AssertPredicate.contains(.string("adm")).holds(for: roles))
        #expect(AssertPredicate.contains(.string("adm")).holds(for: .string("admin")))
        #expect(AssertPredicate.count(2).holds(for: roles))
        #expect(AssertPredicate.startsWith("app").holds(for: .string("application/json")))
        #expect(AssertPredicate.endsWith("json").holds(for: .string("application/json")))
        #expect(AssertPredicate.matches("^[0-9a-f]{8}$").holds(for: .string("deadbeef")))
        #expect(!AssertPredicate.matches("(").holds(for: .string("(")))
        #expect(AssertPredicate.problem(withPattern: "(") != nil)
        #expect(AssertPredicate.isIn([Self.json("200"), Self.json("201")]).holds(for: Self.json("201.0")))
        #expect(AssertPredicate.isArray.holds(for: roles) && !AssertPredicate.isObject.holds(for: roles))
    }

    @Test func severalNodesAreOneList() {
        #expect(JSONNode.subject(of: []) == nil)
        #expect(JSONNode.subject(of: [.null]) == .null)
        #expect(JSONNode.subject(of: [.null, .bool(true)]) == .array([.null, .bool(true)]))
    }

    @Test func descriptionsNameThePredicateAndItsValue() {
        #expect(AssertPredicate.equals(.string("ann")).description == #"equals "ann""#)
        #expect(AssertPredicate.isIn([Self.json("1"), Self.json("2")]).description == "in [1,2]")
        #expect(AssertPredicate.isString.description == "isString")
        #expect(AssertPredicate.names.count == 19)
    }
}
