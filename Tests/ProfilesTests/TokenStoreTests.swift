import ClientCore
import Foundation
import Locking
import Testing
@testable import Profiles

/// SPEC §11's token storage: one private file per profile, written whole, read back exactly,
/// a corrupted one named, and one refresh at a time across processes.
@Suite struct TokenStoreTests {
    @Test func aTokenIsStoredPrivatelyAndReadBack() throws {
        let root = TemporaryDirectory()
        let store = TokenStore(home: ExplorerHome(directory: root.url))
        #expect(try store.token(for: "api") == nil)
        let token = OAuthToken(accessToken: "a.b.c", refreshToken: "r1", scope: "read write", expiresAt: Date(timeIntervalSince1970: 1_800_000_000))
        try store.save(token, for: "api")
        #expect(root.permissions("tokens/api.json") == 0o600)
        #expect(root.permissions("tokens") == 0o700)
        #expect(try store.token(for: "api") == token)
        try store.save(nil, for: "api")
        #expect(try store.token(for: "api") == nil)
        try store.save(nil, for: "api")
    }

    @Test func aCorruptedFileIsNamedWithWhatToDo() throws {
        let root = TemporaryDirectory()
        let store = TokenStore(home: ExplorerHome(directory: root.url))
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data("{\"access_tok".utf8).write(to: store.file(for: "api"))
        #expect(throws: TokenStore.Problem(description: "\(store.file(for: "api").path): not a token file explorer wrote; delete it or run `explorer auth login --profile api`")) {
            try store.token(for: "api")
        }
    }

    /// Two holders never overlap: the second waits until the first has written its token.
    @Test func theLockLetsOneRefreshRunAtATime() async throws {
        let root = TemporaryDirectory()
        let store = TokenStore(home: ExplorerHome(directory: root.url))
        let inside = Locked(0), most = Locked(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
                group.addTask {
                    try await store.locked("api") {
                        let now = inside.withLock { $0 += 1; return $0 }
                        most.withLock { $0 = max($0, now) }
                        try await Task.sleep(for: .milliseconds(30))
                        try store.save(OAuthToken(accessToken: "t\(index)"), for: "api")
                        inside.withLock { $0 -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(most.withLock { $0 } == 1)
        #expect(try store.token(for: "api")?.accessToken.hasPrefix("t") == true)
    }
}
