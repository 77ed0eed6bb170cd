import Foundation
@testable import Sessions
import Testing

/// The per-profile history: bounded, kept across loads, never written over when unreadable.
@Suite struct HistoryStoreTests {
    private func exchange(_ index: Int) -> Session.Exchange {
        Session.Exchange(name: "n\(index)", request: Session.Request(method: "GET", url: "json/\(index)"),
                         outcome: Session.Outcome(status: 200, body: .text("body \(index)")))
    }

    @Test func keepsTheLastExchangesAcrossReloads() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let snapshot = Session.ProfileSnapshot(name: "staging", baseURL: "http://h/")
        for index in 0..<7 {
            // A new store each time, as after a restart.
            try HistoryStore(directory: directory.url, limit: 5).append(exchange(index), profile: snapshot)
        }
        let history = try HistoryStore(directory: directory.url, limit: 5).load("staging")
        #expect(history.exchanges.map(\.name) == ["n2", "n3", "n4", "n5", "n6"])
        #expect(history.profile == snapshot)
        let mode = try FileManager.default.attributesOfItem(atPath: directory.file("staging.yaml").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try HistoryStore(directory: directory.url).load("other").exchanges.isEmpty)
    }

    @Test func theDefaultBoundIsAHundred() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HistoryStore(directory: directory.url)
        for index in 0..<105 { try store.append(exchange(index), profile: Session.ProfileSnapshot(name: "p")) }
        let history = try store.load("p")
        #expect(history.exchanges.count == 100)
        #expect(history.exchanges.first?.name == "n5")
    }

    @Test func anUnreadableHistoryIsMovedAsideNotOverwritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HistoryStore(directory: directory.url)
        let broken = "version: 1\nprofile: { name: p\n  this is: [not yaml\n"
        try broken.write(to: store.file(for: "p"), atomically: true, encoding: .utf8)
        #expect(throws: SessionProblem.self) { try store.load("p") }

        let result = try store.append(exchange(1), profile: Session.ProfileSnapshot(name: "p"))
        let aside = try #require(result.movedAside)
        #expect(aside.lastPathComponent.hasPrefix("p.unreadable-"))
        #expect(try String(contentsOf: aside, encoding: .utf8) == broken)
        #expect(result.problem?.file == store.file(for: "p").path)
        #expect(try store.load("p").exchanges.map(\.name) == ["n1"])
    }
}
