import Testing
@testable import ClientCore

/// The transport's eviction policy: at most `capacity` values, the least recently used one goes.
@Suite struct RecentlyUsedTests {
    @Test func theLeastRecentlyUsedValueIsEvicted() {
        var cache = RecentlyUsed<Int, String>(capacity: 3)
        #expect(cache.insert("one", for: 1) == nil)
        #expect(cache.insert("two", for: 2) == nil)
        #expect(cache.insert("three", for: 3) == nil)
        // Using 1 makes 2 the least recently used.
        #expect(cache.use(1) == "one")
        #expect(cache.insert("four", for: 4) == "two")
        #expect(cache.use(2) == nil)
        #expect(cache.values == ["four", "one", "three"])
        #expect(cache.insert("five", for: 5) == "three")
        #expect(cache.values == ["five", "four", "one"])
    }

    @Test func usingTheMostRecentValueChangesNothing() {
        var cache = RecentlyUsed<String, Int>(capacity: 2)
        _ = cache.insert(1, for: "a")
        _ = cache.insert(2, for: "b")
        for _ in 0..<3 { #expect(cache.use("b") == 2) }
        #expect(cache.values == [2, 1])
        #expect(cache.insert(3, for: "c") == 1)
    }

    @Test func removeAllEmptiesIt() {
        var cache = RecentlyUsed<Int, Int>(capacity: 8)
        for key in 0..<20 { _ = cache.insert(key * 10, for: key) }
        #expect(cache.values.count == 8)
        #expect(cache.removeAll() == [190, 180, 170, 160, 150, 140, 130, 120])
        #expect(cache.values.isEmpty && cache.use(19) == nil)
    }
}
