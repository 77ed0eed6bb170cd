import Testing
@testable import ClientCore

/// The single-flight refresh as a unit: leader, joiners, stale attempts.
@Suite struct CredentialRefreshTests {
    struct RefreshBroke: Error {}

    @Test func anAttemptBuiltBeforeTheLatestHeaderChangeJustRetries() async throws {
        let refresh = CredentialRefresh()
        let role = try await refresh.claim(sentWithGeneration: 3, currentGeneration: 4)
        guard case .alreadyRefreshed = role else { Issue.record("expected alreadyRefreshed, got \(role)"); return }
    }

    @Test func callersDuringARefreshJoinItAndShareItsOutcome() async throws {
        let refresh = CredentialRefresh()
        guard case .leader = try await refresh.claim(sentWithGeneration: 0, currentGeneration: 0) else {
            Issue.record("the first caller should lead"); return
        }
        let joiners = (0..<5).map { _ in
            Task { try await refresh.claim(sentWithGeneration: 0, currentGeneration: 0) }
        }
        while await refresh.waiting < 5 { await Task.yield() }
        await refresh.finish(.success(()))
        for joiner in joiners {
            guard case .joined = try await joiner.value else { Issue.record("expected joined"); return }
        }
        // The next caller after the refresh leads a new one.
        guard case .leader = try await refresh.claim(sentWithGeneration: 1, currentGeneration: 1) else {
            Issue.record("expected a new leader"); return
        }
        await refresh.finish(.success(()))
    }

    @Test func aFailedRefreshFailsItsJoiners() async throws {
        let refresh = CredentialRefresh()
        _ = try await refresh.claim(sentWithGeneration: 0, currentGeneration: 0)
        let joiner = Task { try await refresh.claim(sentWithGeneration: 0, currentGeneration: 0) }
        while await refresh.waiting < 1 { await Task.yield() }
        await refresh.finish(.failure(RefreshBroke()))
        await #expect(throws: RefreshBroke.self) { try await joiner.value }
    }
}
