#if canImport(Glibc)
import Glibc
#endif

/// One record of a line-format body (SPEC §10: one row per record), as `stream.record` reports it.
public struct StreamRecord: Sendable, Equatable {
    /// 1-based, in arrival order; skipped blank lines and empty sequence elements take no number.
    public let index: Int
    /// The record's text without its delimiters (RS, the terminating LF and a CR before it).
    public let bytes: [UInt8]
    /// Why the record is not what the format says (truncated, cut at the size limit, no RS before
    /// it); nil for a well-formed record. Whether the text is valid JSON is the caller's to check.
    public let problem: String?

    public init(index: Int, bytes: [UInt8], problem: String? = nil) {
        self.index = index
        self.bytes = bytes
        self.problem = problem
    }
}

/// Splits a JSON Lines / NDJSON or JSON text sequence (RFC 7464) body into records as its bytes
/// arrive, in any chunks: every byte is looked at once and only the unfinished record is kept
/// between chunks, so any chunking gives the same records. Pure; the stream reader keeps one.
///
/// | format          | a record ends at                                  | skipped                         |
/// |-----------------|---------------------------------------------------|---------------------------------|
/// | `.jsonLines`    | LF (a CR before it dropped), or the end           | blank and whitespace-only lines |
/// | `.jsonSequence` | the LF that closes its JSON text, the next RS, or the end | runs of RS, whitespace-only elements |
///
/// Both skip a UTF-8 BOM at the very start. A record longer than `maxRecordBytes` is cut there
/// and reported with a problem; the rest of it is dropped up to the next LF (lines) or RS
/// (sequences), so a hostile stream cannot grow memory without bound.
///
/// Sequences follow RFC 7464 §2.1 (split on RS, go on past a bad element and report it): a text
/// that ends at an RS or the end without its LF is reported as possibly truncated (§2.3, §2.4 for
/// a bare number, true, false or null); text not after an RS (before the first one, or after a
/// text its LF closed) is a record with a problem rather than dropped unseen. A text ends at its
/// LF when `JSONSequenceStructure` sees it closed, so a live stream's last record is not held
/// back until the next RS. Records are not parsed: whether one is JSON is the caller's to check.
public struct RecordSplitter: Sendable {
    public static let defaultMaxRecordBytes = 16 << 20

    public let format: StreamFormat
    public let maxRecordBytes: Int
    /// Numbers records without making them (`feed` and `finish` return none; `recordCount` says
    /// how many): for a stream nobody reads record by record, where its end still says how many
    /// there were. JSON Lines then goes from line feed to line feed (`memchr`), keeping no text.
    public let counting: Bool

    /// Records reported so far (the last index given).
    public private(set) var recordCount = 0
    var startMatched = 0
    var pastStart = false
    /// The unfinished record.
    var text: [UInt8] = []
    /// True once `text` holds a byte other than JSON whitespace.
    var hasContent = false
    /// A CR held back: dropped if LF follows, else part of the text.
    var pendingCarriageReturn = false
    /// After a cut: dropping bytes up to the next delimiter.
    var skipping = false
    /// Sequences: the unfinished text began right after an RS.
    var afterSeparator = false
    var structure = JSONSequenceStructure()

    /// A splitter for a line format; nil for `.eventStream` (that is `ServerSentEvent` parsing).
    public init?(format: StreamFormat, maxRecordBytes: Int = RecordSplitter.defaultMaxRecordBytes, counting: Bool = false) {
        guard format == .jsonLines || format == .jsonSequence else { return nil }
        self.format = format
        self.maxRecordBytes = max(1, maxRecordBytes)
        self.counting = counting
    }

    /// The records that end in `bytes` (the rest is kept for the next call).
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [StreamRecord] {
        var records: [StreamRecord] = []
        // One call through the generic, then a plain loop (a byte-wise generic loop across
        // modules is several times slower).
        let fed: Void? = bytes.withContiguousStorageIfAvailable { feed($0, into: &records) }
        if fed == nil { Array(bytes).withUnsafeBufferPointer { feed($0, into: &records) } }
        return records
    }

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, into records: inout [StreamRecord]) {
        var next = 0
        while next < bytes.count {
            if counting, format == .jsonLines, pastStart, !skipping, !pendingCarriageReturn {
                next = countLines(bytes, from: next)
                continue
            }
            if format == .jsonLines, pastStart, !skipping, !pendingCarriageReturn {
                // Lines: the bytes up to the next LF or CR go in at once when they fit (the same
                // as a byte at a time; the bytes that do not fit take the slow way to be cut).
                var end = next
                while end < bytes.count, bytes[end] != Self.lineFeed, bytes[end] != Self.carriageReturn { end += 1 }
                if end > next, text.count + (end - next) <= maxRecordBytes {
                    let run = UnsafeBufferPointer(rebasing: bytes[next..<end])
                    text.append(contentsOf: run)
                    if !hasContent { hasContent = run.contains { !JSONSequenceStructure.isWhitespace($0) } }
                    next = end
                    continue
                }
            }
            take(bytes[next], into: &records)
            next += 1
        }
    }

    /// The end of the body: the unfinished record, if any, is a record (in a sequence, with the
    /// problem of a text that did not end with LF). The splitter then starts over, numbering on.
    public mutating func finish() -> [StreamRecord] {
        var records: [StreamRecord] = []
        if !pastStart { replayStart(into: &records) }
        switch format {
        case .jsonSequence:
            // As at an RS: a CR is the text's own (whitespace after a number, §2.4).
            releaseCarriageReturn(into: &records)
            if !skipping { endText(problem: sequenceEndProblem(), into: &records) }
        default:
            // As before an LF: a CR at the very end is dropped.
            pendingCarriageReturn = false
            if !skipping { endText(problem: nil, into: &records) }
        }
        let count = recordCount
        self = RecordSplitter(format: format, maxRecordBytes: maxRecordBytes, counting: counting)!
        recordCount = count
        return records
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let lineFeed: UInt8 = 0x0A
    /// Counted lines go a block at a time: a blank line makes its block walk line by line.
    static let countingBlock = 4096
    static let carriageReturn: UInt8 = 0x0D
    static let recordSeparator: UInt8 = 0x1E

    mutating func take(_ byte: UInt8, into records: inout [StreamRecord]) {
        if !pastStart {
            // A BOM may arrive a byte at a time: hold its bytes until it is one or is not.
            if byte == Self.byteOrderMark[startMatched] {
                startMatched += 1
                if startMatched == Self.byteOrderMark.count { pastStart = true }
                return
            }
            replayStart(into: &records)
        }
        switch format {
        case .jsonSequence: sequence(byte, into: &records)
        default: line(byte, into: &records)
        }
    }

    /// The start held no BOM after all: its held bytes are text.
    mutating func replayStart(into records: inout [StreamRecord]) {
        pastStart = true
        for byte in Self.byteOrderMark.prefix(startMatched) { take(byte, into: &records) }
    }

    mutating func line(_ byte: UInt8, into records: inout [StreamRecord]) {
        if byte == Self.lineFeed {
            pendingCarriageReturn = false
            if skipping { skipping = false } else { endText(problem: nil, into: &records) }
            return
        }
        appendText(byte, into: &records)
    }

    mutating func sequence(_ byte: UInt8, into records: inout [StreamRecord]) {
        if byte == Self.recordSeparator {
            releaseCarriageReturn(into: &records)
            // A cut record was reported when it was cut; the RS ends the dropping.
            if !skipping { endText(problem: sequenceEndProblem(), into: &records) }
            skipping = false
            afterSeparator = true
            return
        }
        // The LF after a whole JSON text ends the record at once, not when the next RS comes:
        // a live stream shows each record as it arrives.
        if byte == Self.lineFeed, !skipping, hasContent, structure.isClosed {
            pendingCarriageReturn = false
            endText(problem: afterSeparator ? nil : Self.noSeparatorProblem, into: &records)
            afterSeparator = false
            return
        }
        appendText(byte, into: &records)
    }

    mutating func appendText(_ byte: UInt8, into records: inout [StreamRecord]) {
        if skipping { return }
        releaseCarriageReturn(into: &records)
        if byte == Self.carriageReturn {
            pendingCarriageReturn = true
        } else {
            store(byte, into: &records)
        }
    }

    mutating func releaseCarriageReturn(into records: inout [StreamRecord]) {
        guard pendingCarriageReturn else { return }
        pendingCarriageReturn = false
        store(Self.carriageReturn, into: &records)
    }

    mutating func store(_ byte: UInt8, into records: inout [StreamRecord]) {
        if skipping { return }
        guard text.count < maxRecordBytes else {
            let delimiter = format == .jsonSequence ? "RS" : "LF"
            var problems = ["longer than \(maxRecordBytes) bytes: cut there, the rest dropped up to the next \(delimiter)"]
            if format == .jsonSequence, !afterSeparator { problems.insert(Self.noSeparatorProblem, at: 0) }
            hasContent = true
            endText(problem: problems.joined(separator: "; "), into: &records)
            skipping = true
            return
        }
        text.append(byte)
        if !JSONSequenceStructure.isWhitespace(byte) { hasContent = true }
        if format == .jsonSequence { structure.take(byte) }
    }

    /// Reports the unfinished text as a record unless it is only whitespace, and starts a new one.
    mutating func endText(problem: String?, into records: inout [StreamRecord]) {
        if hasContent {
            recordCount += 1
            if !counting { records.append(StreamRecord(index: recordCount, bytes: text, problem: problem)) }
        }
        text = []
        hasContent = false
        structure = JSONSequenceStructure()
    }

    /// Counting JSON Lines: whether a line has content is known at its first byte that is not
    /// whitespace (almost always its first), then a plain block at a time (`PlainLineFeeds`), or
    /// straight to its line feed. Returns where it stopped.
    private mutating func countLines(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var next = start
        // Up to here, after a block that was not plain, lines are walked one by one.
        var walkUntil = start
        while next < bytes.count {
            if !hasContent {
                while next < bytes.count, JSONSequenceStructure.isWhitespace(bytes[next]), bytes[next] != Self.lineFeed { next += 1 }
                guard next < bytes.count else { return next }
                if bytes[next] == Self.lineFeed {
                    next += 1
                    continue
                }
                hasContent = true
            }
            // Inside a line with content, which a plain block leaves it in.
            if next >= walkUntil, bytes.count - next > Self.countingBlock {
                let end = next + Self.countingBlock
                if let lineFeeds = PlainLineFeeds.count(in: bytes, from: next, to: end) {
                    recordCount += lineFeeds
                    next = end
                    continue
                }
                walkUntil = end
            }
            guard let lineFeed = memchr(base + next, Int32(Self.lineFeed), bytes.count - next) else { return bytes.count }
            recordCount += 1
            hasContent = false
            next = base.distance(to: lineFeed.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return next
    }

    static let noSeparatorProblem = "no RS before it (RFC 7464 §2: each JSON text starts with RS)"

    /// A sequence text that ends at an RS or at the end of the body had no LF after it.
    func sequenceEndProblem() -> String? {
        guard hasContent else { return nil }
        var problems: [String] = []
        if !afterSeparator { problems.append(Self.noSeparatorProblem) }
        if JSONSequenceStructure.mayBeTruncatedScalar(text) {
            problems.append("possibly truncated: a top-level number, true, false or null without whitespace after it (RFC 7464 §2.4)")
        } else {
            problems.append("possibly truncated: no LF at its end (RFC 7464 §2.3)")
        }
        return problems.joined(separator: "; ")
    }
}
