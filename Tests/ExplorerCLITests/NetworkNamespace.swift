import Foundation
import Testing

/// A Linux network namespace of the test's own, with loopback up and routes that go nowhere:
/// what `explorer` meets there is a real EHOSTUNREACH, ENETUNREACH or EACCES from `connect`,
/// and nothing outside the namespace is touched. Needs root and iproute2's `ip` (CI has both);
/// without them the test fails, saying so, rather than skips.
struct NetworkNamespace: Sendable {
    /// An `unreachable` route: connect fails with EHOSTUNREACH.
    static let unreachableHost = "192.0.2.1"
    /// A `prohibit` route: connect fails with EACCES.
    static let prohibitedHost = "198.51.100.1"
    /// No route at all (the namespace has no default route): connect fails with ENETUNREACH.
    static let unroutedHost = "203.0.113.1"

    let name: String
    private let ip: String
    private let directory: TestDirectory

    static func with(in directory: TestDirectory, _ body: (NetworkNamespace) async throws -> Void) async throws {
        let ip = try #require(["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first(where: FileManager.default.isExecutableFile(atPath:)),
                              "iproute2's `ip` is missing: install iproute2 (scripts/test does)")
        try #require(getuid() == 0, "creating a network namespace needs root (CI runs as root)")
        let namespace = NetworkNamespace(name: "explorer-test-\(UUID().uuidString.prefix(8).lowercased())", ip: ip, directory: directory)
        try await namespace.ip(["netns", "add", namespace.name])
        do {
            try await namespace.ip(["-n", namespace.name, "link", "set", "lo", "up"])
            try await namespace.ip(["-n", namespace.name, "route", "add", "unreachable", "\(unreachableHost)/32"])
            try await namespace.ip(["-n", namespace.name, "route", "add", "prohibit", "\(prohibitedHost)/32"])
            try await body(namespace)
        } catch {
            try? await namespace.ip(["netns", "delete", namespace.name])
            throw error
        }
        try await namespace.ip(["netns", "delete", namespace.name])
    }

    /// Runs `explorer arguments…` inside the namespace.
    func run(_ arguments: [String]) async throws -> ExplorerProcess.Outcome {
        try await ExplorerProcess.start(executable: ip, ["netns", "exec", name, try ExplorerBinary.path()] + arguments, in: directory).finish()
    }

    private func ip(_ arguments: [String]) async throws {
        let outcome = try await ExplorerProcess.start(executable: ip, arguments, in: directory).finish()
        try #require(outcome.status == 0, "ip \(arguments.joined(separator: " ")) failed: \(outcome.stderrText)")
    }
}
