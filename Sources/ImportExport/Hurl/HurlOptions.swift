import Foundation
import RequestModel

/// An entry's `[Options]`: `retry` (with `retry-interval`) as a poll on the entry's asserts,
/// `variable: name=value` as the request's vars, `user: name:password` as its Authorization
/// header. Hurl retries an entry whose asserts fail `retry` times (-1: without end), waiting
/// `retry-interval` (1000 ms unless given) between tries.
struct HurlOptions {
    var retries: Int?
    var interval: Double = 1
    var vars: [NamedValue] = []
    var headers: [NamedValue] = []
    var notes: [String] = []

    /// The most tries a request file's poll has.
    static let maxTries = 10_000

    init(_ items: [HurlKeyValue]) {
        for item in items {
            let place = "line \(item.line): \(item.name): \(item.value)"
            switch item.name {
            case "retry":
                guard let count = Int(item.value), count >= -1 else {
                    notes.append("\(place): a retry count that is not a number has no equivalent")
                    continue
                }
                retries = count
            case "retry-interval":
                guard let seconds = Self.seconds(item.value) else {
                    notes.append("\(place): a retry interval that is not a duration has no equivalent")
                    continue
                }
                interval = seconds
            case "variable":
                let parts = item.value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, VariableName.isValid(String(parts[0])) else {
                    notes.append("\(place): not a variable explorer reads (name=value)")
                    continue
                }
                vars.append(NamedValue(String(parts[0]), String(parts[1])))
            case "user":
                guard let header = HurlOptions.basicAuthorization(item.value) else {
                    notes.append("\(place): basic credentials built from {{variables}} have no equivalent (explorer sends no computed Authorization); set the profile's auth")
                    continue
                }
                headers.append(header)
            case "delay":
                notes.append("\(place): a wait before the request has no equivalent")
            default:
                notes.append("\(place): the option \(item.name) has no equivalent")
            }
        }
    }

    /// The poll `retry` makes of the entry's asserts; a note when there is none to wait for.
    mutating func poll(until asserts: [RequestSpec.Assert]) -> RequestSpec.Poll? {
        guard let retries, retries != 0 else { return nil }
        guard !asserts.isEmpty else {
            notes.append("retry: \(retries): no assert of the entry to wait for (a poll waits for asserts)")
            return nil
        }
        if retries == -1 { notes.append("retry: -1 (without end) is a poll of at most \(Self.maxTries) tries") }
        let tries = retries == -1 ? Self.maxTries : min(retries + 1, Self.maxTries)
        return RequestSpec.Poll(until: asserts, every: interval, max: tries)
    }

    /// `1000`, `500ms`, `2s`, `1m` as seconds (Hurl's durations are milliseconds unless a unit says).
    static func seconds(_ text: String) -> Double? {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (unit, scale) in units where text.hasSuffix(unit) {
            guard let value = UInt64(text.dropLast(unit.count)) else { return nil }
            return Double(value) * scale
        }
        return UInt64(text).map { Double($0) / 1000 }
    }

    /// `Authorization: Basic …` for `name:password`, as Hurl sends it; nil when `{{variables}}` make it.
    static func basicAuthorization(_ credentials: String) -> NamedValue? {
        guard !credentials.contains("{{") else { return nil }
        return NamedValue("Authorization", "Basic " + Data(credentials.utf8).base64EncodedString())
    }
}
