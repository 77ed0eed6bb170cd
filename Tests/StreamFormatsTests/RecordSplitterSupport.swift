@testable import StreamFormats
import Testing

/// The records of `input` fed whole, then finished — after checking that every split into two
/// chunks and a byte at a time give the very same records (chunk boundaries must not matter).
func splitRecords(
    _ input: [UInt8], _ format: StreamFormat, maxRecordBytes: Int = RecordSplitter.defaultMaxRecordBytes,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [StreamRecord] {
    func split(_ chunks: [ArraySlice<UInt8>]) -> [StreamRecord] {
        var splitter = RecordSplitter(format: format, maxRecordBytes: maxRecordBytes)!
        var records: [StreamRecord] = []
        for chunk in chunks { records += splitter.feed(chunk) }
        return records + splitter.finish()
    }
    let whole = split([input[...]])
    for cut in 0...input.count {
        let records = split([input[..<cut], input[cut...]])
        #expect(records == whole, "split at byte \(cut)", sourceLocation: sourceLocation)
        if records != whole { break }
    }
    let oneByOne = split(input.indices.map { input[$0...$0] })
    #expect(oneByOne == whole, "a byte at a time", sourceLocation: sourceLocation)
    if format == .jsonLines {
        // Counting, for a stream nobody reads record by record, numbers them the same, in any chunks.
        for chunks in [[input[...]], [input[..<(input.count / 2)], input[(input.count / 2)...]], input.indices.map { input[$0...$0] }] {
            #expect(countRecords(chunks) == whole.count, "counted in \(chunks.count) chunks", sourceLocation: sourceLocation)
        }
    }
    return whole
}

/// How many JSON Lines records a counting splitter numbers in `chunks`, finished (it makes none).
func countRecords(_ chunks: [ArraySlice<UInt8>], maxRecordBytes: Int = RecordSplitter.defaultMaxRecordBytes) -> Int {
    var splitter = RecordSplitter(format: .jsonLines, maxRecordBytes: maxRecordBytes, counting: true)!
    var made: [StreamRecord] = []
    for chunk in chunks { made += splitter.feed(chunk) }
    made += splitter.finish()
    #expect(made.isEmpty)
    return splitter.recordCount
}

func splitRecords(
    _ input: String, _ format: StreamFormat, maxRecordBytes: Int = RecordSplitter.defaultMaxRecordBytes,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [StreamRecord] {
    splitRecords(Array(input.utf8), format, maxRecordBytes: maxRecordBytes, sourceLocation: sourceLocation)
}

extension StreamRecord {
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// RS, the record separator of RFC 7464, for building sequences in string literals.
let rs = "\u{1E}"
