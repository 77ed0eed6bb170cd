import Testing
@testable import ClientCore

/// RFC 6455 §8.1 as fragments arrive (SPEC §12), on the byte sequences the Autobahn testsuite's
/// UTF-8 cases (6.x) use: a failure is found at the byte that makes the text ill-formed, however
/// the message is cut into fragments.
@Suite struct UTF8StreamTests {
    /// "κόσμε", the RFC's own example of valid UTF-8, in one piece and cut at every byte.
    static let kosme: [UInt8] = [0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xCE, 0xBC, 0xCE, 0xB5]

    /// What the stream says after each piece in turn.
    static func verdicts(_ pieces: [[UInt8]]) -> (each: [Bool], canEnd: Bool) {
        var stream = UTF8Stream()
        let each = pieces.map { stream.take($0) }
        return (each, stream.canEnd)
    }

    @Test func validTextPassesHoweverItIsCut() {
        #expect(Self.verdicts([Self.kosme]) == ([true], true))
        let byByte = Self.verdicts(Self.kosme.map { [$0] })
        #expect(byByte.each.allSatisfy { $0 } && byByte.canEnd)
        #expect(Self.verdicts([Array("hello 😀 ".utf8), [0xF4, 0x8F, 0xBF, 0xBF]]) == ([true, true], true), "U+10FFFF is the last code point")
    }

    @Test(arguments: [
        ([0xC0, 0xAF], 0, "an overlong / (0xC0 never leads)"),
        ([0xE0, 0x80, 0xAF], 1, "an overlong / in three bytes"),
        ([0xED, 0xA0, 0x80], 1, "a UTF-16 surrogate"),
        ([0xF4, 0x90, 0x80, 0x80], 1, "past U+10FFFF"),
        ([0xF5, 0x80], 0, "a byte that never leads"),
        ([0x80], 0, "a lone continuation byte"),
        ([0xCE, 0xBA, 0xFE], 2, "0xFE"),
        ([0xE1, 0xBD, 0x41], 2, "a lead byte whose continuation is ASCII"),
    ] as [([UInt8], Int, String)])
    func illFormedTextFailsAtTheByteThatMakesIt(bytes: [UInt8], failsAt: Int, what: String) {
        let (each, canEnd) = Self.verdicts(bytes.map { [$0] })
        #expect(each == bytes.indices.map { $0 < failsAt }, "\(what)")
        #expect(!canEnd, "\(what) stays failed")
    }

    /// Autobahn 6.4.1: "κόσμε" then a code point past U+10FFFF, sent in fragments: the failure is
    /// known at the second byte of the bad sequence, before the message ends.
    @Test func theFailureIsKnownBeforeTheMessageEnds() {
        let (each, _) = Self.verdicts([Self.kosme, [0xF4], [0x90, 0x80, 0x80], Array("edited".utf8)])
        #expect(each == [true, true, false, false], "a failed stream stays failed")
    }

    @Test func aMessageEndingInsideACodePointIsIllFormed() {
        #expect(Self.verdicts([[0x68, 0xE2, 0x82]]) == ([true], false))
        #expect(Self.verdicts([[0x68, 0xE2, 0x82], [0xAC]]) == ([true, true], true), "€ completed")
    }
}
