import Foundation
@testable import Sessions
import Testing
import TestSupport
import RequestModel

/// The per-profile history: bounded, kept across loads, never written over when unreadable.
@Suite struct HistoryStoreTests {
    private func exchange(_ index: Int) -> Session.Exchange {
        Session.Exchange(name: "n\(index)", request: RequestSpec(method: "GET", url: "json/\(index)"),
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

    @Test func onlyProfileNamesNameHistories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HistoryStore(directory: directory.url)
        #expect(throws: SessionProblem.self) { try store.load("../escape") }
        #expect(throws: SessionProblem.self) { try store.append(exchange(1), profile: Session.ProfileSnapshot(name: "a/b")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func aFullHistoryOfLargeBodiesIsParsedOnceAndAppendsQuickly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let items = (0..<600).map { #"{"id": \#($0), "name": "user \#($0)", "tags": ["a", "b"]}"# }.joined(separator: ",")
        var large = exchange(0)
        large.outcome?.body = .json(JSONNode.parse("[" + items + "]")!)
        let snapshot = Session.ProfileSnapshot(name: "big")
        let store = HistoryStore(directory: directory.url)
        try SessionFile.write(Session(profile: snapshot, exchanges: Array(repeating: large, count: 100)), to: store.file(for: "big"), compactJSON: true)

        let clock = ContinuousClock()
        let first = try clock.measure { try store.append(exchange(1), profile: snapshot) }
        let second = try clock.measure { try store.append(exchange(2), profile: snapshot) }
        // The second append reuses what the first read: only writing is left.
        #expect(second < first)
        // Bounds against a quadratic read.
        #expect(first < TestTime.scaled(.seconds(15)) && second < TestTime.scaled(.seconds(5)), "appends took \(first) and \(second)")
        // Another store (another process) sees both.
        #expect(try HistoryStore(directory: directory.url).load("big").exchanges.suffix(2).map(\.name) == ["n1", "n2"])
        // A change made by someone else is read, not written over.
        var other = try HistoryStore(directory: directory.url).load("big")
        other.exchanges = [exchange(9)]
        try SessionFile.write(other, to: store.file(for: "big"))
        try store.append(exchange(3), profile: snapshot)
        #expect(try store.load("big").exchanges.map(\.name) == ["n9", "n3"])
    }
}
