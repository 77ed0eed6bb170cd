import Testing

@testable import DemoAPI

@Suite struct UnitTests {
    @Test func fnv1aMatchesKnownVectors() {
        var hash = FNV1a64()
        #expect(hash.hex == "cbf29ce484222325")
        hash.update(Array("a".utf8))
        #expect(hash.hex == "af63dc4c8601ec8c")
    }

    @Test func everyUserRecordHasTheFixedSize() {
        for id in 1...2_000 {
            #expect(UsersJSON.record(id: id, isLast: id.isMultiple(of: 2)).utf8.count == UsersJSON.recordSize, "id \(id)")
        }
        #expect(UsersJSON.record(id: 99_999_999, isLast: false).utf8.count == UsersJSON.recordSize)
    }

    @Test func queryDecodingFollowsForms() {
        let query = DemoQuery("a=1&a=2&b=x%2By+z&c&%zz=%4")
        #expect(query.pairs.map(\.name) == ["a", "a", "b", "c", "%zz"])
        #expect(query["a"] == "1")
        #expect(query["b"] == "x+y z")
        #expect(query["c"] == "")
        #expect(query["%zz"] == "%4")
    }
}
