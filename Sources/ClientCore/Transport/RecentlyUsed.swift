/// At most `capacity` values by key, the least recently used one evicted to make room.
///
/// An array, most recent first, not a dictionary: with a handful of entries the common case (the
/// same key as last time) is one comparison at index 0, with no hashing of the key.
struct RecentlyUsed<Key: Equatable, Value> {
    let capacity: Int
    private(set) var entries: [(key: Key, value: Value)] = []

    init(capacity: Int) {
        precondition(capacity > 0, "a cache needs room for one value")
        self.capacity = capacity
        entries.reserveCapacity(capacity)
    }

    /// The value for `key`, which becomes the most recently used.
    mutating func use(_ key: Key) -> Value? {
        if let first = entries.first, first.key == key { return first.value }
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: index)
        entries.insert(entry, at: 0)
        return entry.value
    }

    /// Adds `value` as the most recently used (for a key not already in) and returns the
    /// value evicted to make room, if any.
    mutating func insert(_ value: Value, for key: Key) -> Value? {
        var evicted: Value?
        if entries.count == capacity { evicted = entries.removeLast().value }
        entries.insert((key, value), at: 0)
        return evicted
    }

    /// Empties the cache, returning every value, most recent first.
    mutating func removeAll() -> [Value] {
        defer { entries.removeAll() }
        return entries.map(\.value)
    }

    var values: [Value] { entries.map(\.value) }
}

extension RecentlyUsed: Sendable where Key: Sendable, Value: Sendable {}
