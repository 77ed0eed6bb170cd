import Foundation
import RequestModel

/// A request file's `poll` (SPEC §8) as a link of the client's chain: a try whose `until` asserts
/// do not all hold yet is retried `every` seconds later, and the reason names the assert that was
/// not yet true; after `max` tries in all the exchange fails with the last value found.
struct PollValidator: HTTPValidator {
    let name = "poll"
    let poll: RequestSpec.Poll
    let checks: ResponseChecks

    func validate(response: HTTPResponse, request: HTTPRequest) async -> HTTPValidatorResult {
        guard response.error == nil else { return .nextValidator(reason: "no response to poll") }
        let tries = request.currentRetry + 1
        // A try's own duration is not known here; polls wait on what the server says.
        guard let unmet = CheckEvaluation(checks: checks).firstUnmet(poll.until, on: response, durationMs: 0) else {
            return .nextValidator(reason: "every until assert holds after \(tries) \(tries == 1 ? "try" : "tries")")
        }
        let reason = "\(unmet.claim): \(unmet.found)"
        guard tries < poll.max else {
            let error = HTTPError(.validatorFailure, "poll gave up after \(tries) \(tries == 1 ? "try" : "tries"): \(reason)",
                                  status: response.status, body: response.body)
            return .failChain(error, reason: "\(reason), and \(poll.max) \(poll.max == 1 ? "try is" : "tries are") all the poll allows")
        }
        return .retry(.poll(every: poll.every), rules: RetryRules(retryMethods: nil, respectRetryAfter: false), reason: reason)
    }
}
