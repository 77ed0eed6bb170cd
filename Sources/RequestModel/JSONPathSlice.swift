/// The indices an array slice `[start:end:step]` selects, in order (RFC 9535 §2.3.4.2):
/// negative bounds count from the end, bounds are clamped, a negative step walks backwards
/// and a zero step selects nothing.
enum JSONPathSlice {
    static func indices(start: Int?, end: Int?, step: Int?, count: Int) -> StrideTo<Int> {
        let step = step ?? 1
        guard step != 0 else { return stride(from: 0, to: 0, by: 1) }
        func normalize(_ index: Int) -> Int { index >= 0 ? index : count + index }
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), count)
            let upper = min(max(normalize(end ?? count), 0), count)
            return stride(from: lower, to: upper, by: step)
        }
        let upper = min(max(start.map(normalize) ?? count - 1, -1), count - 1)
        let lower = min(max(end.map(normalize) ?? -1, -1), count - 1)
        return stride(from: upper, to: lower, by: step)
    }
}
