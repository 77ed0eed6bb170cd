import Testing
import Foundation
import RequestModel

@Suite struct JSONNodeTests {
    @Test func numbersKeepTheirTextAndCompareByValue() throws {
        let node = try #require(JSONNode.parse(Data(#"{"a": 1.50, "b": 12345678901234567890}"#.utf8)))
        #expect(node.compactText == #"{"a":1.50,"b":12345678901234567890}"#)
        #expect(JSONNode.sameNumber("1.50", "15e-1"))
    }
}
