import RequestModel
/// All per-key scenario state. Everything is keyed by the scenario key so concurrent tests,
/// each with its own key, never see each other's counters.
actor DemoScenarios {
    /// A counter that belongs to one key and one variant of a route (e.g. "/flaky/3" → "3").
    private struct Slot: Hashable {
        let key: String
        let variant: String
    }

    /// The demo's OAuth 2.0 authorization server (SPEC §11), with state of its own.
    let oauth = DemoAuthorizationServer()

    private var requestsByKey: [String: [String: Int]] = [:]
    private var receivedByKey: [String: [JSONNode]] = [:]
    private var flakyFailures: [Slot: Int] = [:]
    private var retryAfterPending: Set<Slot> = []
    private var drops: [Slot: Int] = [:]
    private var tokenSerial: [String: Int] = [:]
    private var currentTokens: [String: String] = [:]
    private var refreshes: [String: Int] = [:]
    private var users: [String: String] = [:]
    private var jobSerial: [String: Int] = [:]
    private var jobPolls: [Slot: Int] = [:]

    // MARK: Request counting

    /// The last `receivedLimit` requests of a key, as `/received` lists them.
    static let receivedLimit = 50

    func recordReceived(_ request: JSONNode, key: String) {
        var received = receivedByKey[key, default: []]
        received.append(request)
        if received.count > Self.receivedLimit { received.removeFirst(received.count - Self.receivedLimit) }
        receivedByKey[key] = received
    }

    func received(key: String) -> [JSONNode] { receivedByKey[key] ?? [] }

    func recordRequest(path: String, key: String) {
        requestsByKey[key, default: [:]][path, default: 0] += 1
    }

    /// Matches whole segments, so "/redirect" does not count "/redirect-to".
    func requestCount(pathPrefix: String, key: String) -> Int {
        let prefix = pathPrefix.hasSuffix("/") ? String(pathPrefix.dropLast()) : pathPrefix
        var total = 0
        for (path, count) in requestsByKey[key] ?? [:]
        where prefix.isEmpty || path == prefix || path.hasPrefix(prefix + "/") {
            total += count
        }
        return total
    }

    // MARK: Faults

    /// Returns the 1-based failure number while the request should fail, nil for the success,
    /// which also rewinds the sequence so the next send shows its retries again.
    func nextFlakyFailure(key: String, failures: Int) -> Int? {
        let slot = Slot(key: key, variant: String(failures))
        let failedSoFar = flakyFailures[slot, default: 0]
        if failedSoFar < failures {
            flakyFailures[slot] = failedSoFar + 1
            return failedSoFar + 1
        }
        flakyFailures[slot] = nil
        return nil
    }

    /// True for the throttled first request, false (and reset) for the one after it.
    func shouldThrottle(key: String, variant: String) -> Bool {
        let slot = Slot(key: key, variant: variant)
        if retryAfterPending.remove(slot) != nil { return false }
        retryAfterPending.insert(slot)
        return true
    }

    /// nil `times` drops every request; otherwise the first `times` drop, then one completes and it resets.
    func shouldDrop(key: String, times: Int?) -> Bool {
        guard let times else { return true }
        let slot = Slot(key: key, variant: String(times))
        let dropped = drops[slot, default: 0]
        if dropped < times {
            drops[slot] = dropped + 1
            return true
        }
        drops[slot] = nil
        return false
    }

    // MARK: Auth

    /// Issues a new token that replaces any previous one for the key.
    func issueToken(key: String) -> String {
        let serial = tokenSerial[key, default: 0] + 1
        tokenSerial[key] = serial
        refreshes[key, default: 0] += 1
        let token = "tok-\(key)-\(serial)"
        currentTokens[key] = token
        return token
    }

    func isValid(token: String, key: String) -> Bool {
        currentTokens[key] == token
    }

    func refreshCount(key: String) -> Int {
        refreshes[key, default: 0]
    }

    // MARK: Chains

    /// A login's token (one the refresh route would rotate too) and whose it is.
    func logIn(user: String, key: String) -> String {
        let token = issueToken(key: key)
        users[token] = user
        return token
    }

    func user(token: String, key: String) -> String? {
        isValid(token: token, key: key) ? users[token] : nil
    }

    func startJob(polls: Int, key: String) -> String {
        let serial = jobSerial[key, default: 0] + 1
        jobSerial[key] = serial
        let id = "job-\(serial)"
        jobPolls[Slot(key: key, variant: id)] = polls
        return id
    }

    /// Whether the job is done; nil for a job that was never started. Each read while it runs uses up a poll.
    func readJob(id: String, key: String) -> Bool? {
        let slot = Slot(key: key, variant: id)
        guard let left = jobPolls[slot] else { return nil }
        if left == 0 { return true }
        jobPolls[slot] = left - 1
        return false
    }
}
