import Testing
@testable import ClientCore

/// The single-flight refresh as a unit: leader, joiners, stale attempts.
@Suite struct CredentialRefreshTests {
    struct RefreshBroke: Error {}

    @Test func anAttemptBuiltBeforeTheLatestHeaderChangeJustRetries() async throws {
        let refresh = CredentialRefresh()
        let role = try await refresh.claim(sentWithGeneration: 3, currentGeneration: { 4 })
        guard case .alreadyRefreshed = role else { Issue.record("expected alreadyRefreshed, got \(role)"); return }
    }

    @Test func callersDuringARefreshJoinItAndShareItsOutcome() async throws {
        let refresh = CredentialRefresh()
        guard case .leader = try await refresh.claim(sentWithGeneration: 0, currentGeneration: { 0 }) else {
            Issue.record("the first caller should lead"); return
        }
        let joiners = (0..<5).map { _ in
            Task { try await refresh.claim(sentWithGeneration: 0, currentGeneration: { 0 }) }
        }
        while await refresh.waiting < 5 { await Task.yield() }
        await refresh.finish(.refreshed, generation: 1)
        for joiner in joiners {
            guard case .joined = try await joiner.value else { Issue.record("expected joined"); return }
        }
        // The next caller after the refresh leads a new one.
        guard case .leader = try await refresh.claim(sentWithGeneration: 1, currentGeneration: { 1 }) else {
            Issue.record("expected a new leader"); return
        }
        await refresh.finish(.refreshed, generation: 1)
    }

    @Test func aWaiterCancelledWhileWaitingStopsAtOnceAndTheLeaderCarriesOn() async throws {
        let refresh = CredentialRefresh()
        _ = try await refresh.claim(sentWithGeneration: 0, currentGeneration: { 0 })
        let patient = Task { try await refresh.claim(sentWithGeneration: 0, currentGeneration: { 0 }) }
        let impatient = Task { try await refresh.claim(sentWithGeneration: 0, currentGeneration: { 0 }) }
        while await refresh.waiting < 2 { await Task.yield() }
        impatient.cancel()
        await #expect(throws: CancellationError.self) { try await impatient.value }
        #expect(await refresh.waiting == 1)
        await refresh.finish(.refreshed, generation: 1)
        guard case .joined = try await patient.value else { Issue.record("expected joined"); return }
        #expect(await refresh.refreshedGeneration == 1)
    }

    @Test func whenTheLeaderIsCancelledAWaiterTakesOver() async throws {
        let refresh = CredentialRefresh()
        _ = try await refresh.claim(sentWithGeneration: 0, currentGeneration: { 0 })
        let waiter = Task { try await refresh.claim(sentWithGeneration: 0, currentGeneration: { 0 }) }
        while await refresh.waiting < 1 { await Task.yield() }
        await refresh.finish(.abandoned, generation: 0)
        guard case .leader = try await waiter.value else { Issue.record("the waiter should lead now"); return }
        await refresh.finish(.refreshed, generation: 1)
    }

    @Test func aFailedRefreshFailsItsJoiners() async throws {
        let refresh = CredentialRefresh()
        _ = try await refresh.claim(sentWithGeneration: 0, currentGeneration: { 0 })
        let joiner = Task { try await refresh.claim(sentWithGeneration: 0, currentGeneration: { 0 }) }
        while await refresh.waiting < 1 { await Task.yield() }
        await refresh.finish(.failed(RefreshBroke()), generation: 0)
        await #expect(throws: RefreshBroke.self) { try await joiner.value }
    }
}
