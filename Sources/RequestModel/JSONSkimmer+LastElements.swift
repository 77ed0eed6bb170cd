/// An array looked into for indices counted from its end (`[-1]`): which element that is, is
/// known only when the array ends, so the skim keeps where the last few elements lie (as many as
/// the deepest such index) and lists them then, rather than an entry for every element.
extension JSONSkimmer.Frame {
    /// Notes the element just read, which ends before `end`.
    mutating func keep(endingAt end: Int) {
        let element = Element(index: count - 1, start: elementStart, end: end, entry: elementEntry)
        if last.count < keepLast { last.append(element) } else { last[element.index % keepLast] = element }
    }
}

extension JSONSkimmer {
    /// Lists the kept last elements that have no entry yet, and the array's length.
    func finishArray(_ frame: Frame, into skeleton: inout JSONSkeleton) {
        skeleton.entries[frame.entry].count = frame.count
        for element in frame.last.sorted(by: { $0.index < $1.index }) where element.entry < 0 {
            var entry = JSONSkeleton.Entry(start: element.start)
            entry.end = element.end
            entry.index = element.index
            _ = skeleton.append(entry, to: frame.entry)
        }
    }
}
