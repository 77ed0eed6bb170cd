import ClientCore
import Foundation
import Testing
@testable import Profiles

/// An altRequest body's `${env:NAME}` goes in JSON-escaped: a value with `"` or `\` stays one string.
@Suite struct AltRequestJSONTests {
    @Test func aValueWithQuotesAndBackslashesStaysOneString() throws {
        let alt = Profile.AltRequest(statuses: [401], url: "auth/refresh",
                                     json: #"{"refresh":"${env:REFRESH}","note":"x ${env:REFRESH} y","n":1}"#)
        let hostile = #"a"b\c","admin":true,"z":"#
        let context = ProfileContext(profile: "p", file: nil, environment: ["REFRESH": hostile])
        let request = alt.request(key: "validators[0].altRequest", context: context)
        guard case .data(let data, let contentType) = request.body else { Issue.record("body \(request.body)"); return }
        #expect(contentType == "application/json")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["refresh"] as? String == hostile)
        #expect(object["note"] as? String == "x \(hostile) y")
        #expect(object["admin"] == nil)
        #expect(object.count == 3)
    }

    @Test func keysOrderAndNumbersStay() {
        let text = JSONStringLiterals.map(#"{ "a" : "\u00e9\n", "b": [1.50, "x"] }"#) { text, isKey in isKey ? text : text + "!" }
        #expect(text == #"{ "a" : "é\n!", "b": [1.50, "x!"] }"#)
    }
}
