import Foundation
import Testing
@testable import TUICore

@Suite struct BodySearchTests {
    @Test func findsForwardAndBackwardWrappingAround() {
        let document = BodyFixtures.document("alpha\nBeta\ngamma\nbeta again\ndelta\n")
        #expect(document.find("beta", from: 0, forward: true) == 1)
        #expect(document.find("BETA", from: 1, forward: true) == 3)
        #expect(document.find("beta", from: 3, forward: true) == 1)  // wraps
        #expect(document.find("beta", from: 4, forward: false) == 3)
        #expect(document.find("beta", from: 1, forward: false) == 3)  // wraps
        #expect(document.find("beta", from: -1, forward: true) == 1)
        #expect(document.find("alpha", from: 0, forward: true) == 0)  // the line itself, last
        #expect(document.find("nowhere", from: 0, forward: true) == nil)
        #expect(document.find("", from: 0, forward: true) == nil)
    }

    @Test func matchesMapToPrettyLines() {
        let document = BodyFixtures.document(#"{"users":[{"name":"ada"},{"name":"grace"}],"total":2}"#)
        #expect(BodyFixtures.texts(document)[6] == #"      "name": "grace""#)
        #expect(document.find("grace", from: 0, forward: true) == 6)
        #expect(document.find("TOTAL", from: 6, forward: true) == 9)
        #expect(document.find("name", from: 6, forward: true) == 3)  // wraps
        #expect(document.find("name", from: 3, forward: false) == 6)  // wraps
        let raw = document.switching(to: .raw)
        #expect(raw.find("grace", from: 0, forward: true) == 0)
    }

    @Test func hexMatchesMapToSixteenByteLines() {
        let bytes: [UInt8] = [0] + Array(repeating: 0x2E, count: 40) + Array("needle".utf8)
        let document = BodyDocument.open(data: Data(bytes), contentType: nil)
        #expect(document.layout == .hex)
        #expect(document.find("NEEDLE", from: 0, forward: true) == 2)
    }

    @Test func searchAcrossAManyLineBody() {
        let body = (0..<50_000).map { "row \($0) " + ($0 == 43_210 ? "Needle" : "hay") }.joined(separator: "\n")
        let document = BodyFixtures.document(body)
        #expect(document.find("needle", from: 0, forward: true) == 43_210)
        #expect(document.find("needle", from: 43_210, forward: true) == 43_210)
        #expect(document.find("needle", from: 100, forward: false) == 43_210)
        #expect(document.find("row 49999 hay", from: 0, forward: false) == 49_999)
    }
}
