import ClientCore
import Foundation
import SessionFormat
import Testing

/// Every SPEC §3 transport failure kind, `unreachable` included, is written and read back.
@Suite struct TransportFailureKindTests {
    @Test func everyKindSurvivesASessionFile() throws {
        #expect(ClientEvent.TransportFailureKind.allCases.map(\.rawValue)
            == ["connectionRefused", "unreachable", "timeout", "connectionReset", "dns", "tls", "other"])
        for kind in ClientEvent.TransportFailureKind.allCases {
            let event = ClientEvent(exchange: ExchangeID(3), tMs: 1.5,
                                    kind: .transportFailed(attempt: 2, kind: kind, message: "192.0.2.1:8080 is unreachable: no route to host"))
            #expect(event.jsonLine.contains("\"kind\":\"\(kind.rawValue)\""))
            #expect(try ClientEvent(node: event.node) == event)
        }
    }
}
