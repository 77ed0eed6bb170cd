/// Runs `body`, then `cleanup` whether `body` threw or not (servers and clients a test started
/// are shut down either way; `defer` cannot await).
public func withCleanup<T>(_ body: () async throws -> T, cleanup: () async -> Void) async throws -> T {
    do {
        let result = try await body()
        await cleanup()
        return result
    } catch {
        await cleanup()
        throw error
    }
}
