#if canImport(Glibc)
import Glibc
#endif

/// How many records a JSON Lines body holds, as `RecordSplitter` would number them (lines with
/// a byte other than JSON whitespace), without making them: for a stream nobody reads record by
/// record, where `stream.closed` still says how many there were. Pure; any chunking gives the
/// same count.
public struct JSONLinesCounter: Sendable {
    /// Records ended so far.
    public private(set) var count = 0
    /// The unfinished line holds a byte other than whitespace.
    private var hasContent = false
    /// A UTF-8 BOM at the very start is skipped, as the splitter skips it.
    private var byteOrderMarkMatched = 0
    private var pastStart = false

    public init() {}

    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var next = 0
        while !pastStart, next < bytes.count {
            if bytes[next] == RecordSplitter.byteOrderMark[byteOrderMarkMatched] {
                byteOrderMarkMatched += 1
                next += 1
                pastStart = byteOrderMarkMatched == RecordSplitter.byteOrderMark.count
            } else {
                // A BOM begun and not finished is the line's text.
                if byteOrderMarkMatched > 0 { hasContent = true }
                pastStart = true
            }
        }
        while next < bytes.count {
            // Whether this line has content is known at its first byte that is not whitespace,
            // almost always its first: then straight to its end.
            if !hasContent {
                while next < bytes.count, JSONSequenceStructure.isWhitespace(bytes[next]), bytes[next] != 0x0A { next += 1 }
                guard next < bytes.count else { return }
                if bytes[next] == 0x0A {
                    next += 1
                    continue
                }
                hasContent = true
            }
            guard let lineFeed = memchr(base + next, 0x0A, bytes.count - next) else { return }
            count += 1
            hasContent = false
            next = base.distance(to: lineFeed.assumingMemoryBound(to: UInt8.self)) + 1
        }
    }

    /// The end of the body: an unfinished line with content is a record too.
    public mutating func finish() {
        if hasContent || (!pastStart && byteOrderMarkMatched > 0) { count += 1 }
        hasContent = false
    }
}
