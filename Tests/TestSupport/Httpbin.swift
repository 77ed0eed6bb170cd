import Foundation

/// httpbin, the peer nobody here wrote. HTTPBIN_URL names one already running; without it (a
/// plain `swift test`) the first test that asks starts one on a free loopback port, for the rest
/// of the test process.
public enum Httpbin {
    /// The base URL, without a trailing slash.
    public static func baseURL() async throws -> String {
        try await launcher.baseURL()
    }

    private static let launcher = PeerLauncher {
        if let given = ProcessInfo.processInfo.environment["HTTPBIN_URL"], !given.isEmpty {
            return given.hasSuffix("/") ? String(given.dropLast()) : given
        }
        return try await PythonPeer.launch("httpbin", advice: advice) { port in ["-c", script, String(port)] }
    }

    /// Serves httpbin's app on the port given, and exits when stdin closes (the test run is gone).
    private static let script = """
        import os, sys, threading
        try:
            from httpbin.core import app
        except ImportError as error:
            sys.exit(f"httpbin is not installed ({error})")
        def watch():
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=watch, daemon=True).start()
        app.run(host="127.0.0.1", port=int(sys.argv[1]), threaded=True)
        """

    private static let advice = "run scripts/test, which installs httpbin (pip) and starts it, or set HTTPBIN_URL"
}

/// oauthlib's OAuth 2.0 server classes behind Tests/Peers/oauthlib_server.py (SPEC §11's peer):
/// client credentials, authorization code with PKCE S256, rotating refreshes, revocation and
/// metadata; access tokens live 60 s. Started once per test process.
public enum OAuthlibPeer {
    /// The base URL (also its issuer), without a trailing slash.
    public static func baseURL() async throws -> String {
        try await launcher.baseURL()
    }

    private static let launcher = PeerLauncher {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Peers/oauthlib_server.py").path
        return try await PythonPeer.launch("oauthlib", advice: "run scripts/test, which installs oauthlib (pip)") { port in
            [script, String(port), "--ttl", "60"]
        }
    }
}

/// The `websockets` package (PyPI) behind Tests/Peers/websockets_server.py (SPEC §12's peer):
/// /echo with permessage-deflate, /plain without, /close/CODE, /bytes/N, /protocols. Started once
/// per test process.
public enum WebSocketsPeer {
    /// The base URL, `ws://127.0.0.1:PORT`, without a trailing slash.
    public static func baseURL() async throws -> String {
        try await launcher.baseURL().replacingOccurrences(of: "http://", with: "ws://")
    }

    private static let launcher = PeerLauncher {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Peers/websockets_server.py").path
        return try await PythonPeer.launch("websockets", advice: "run scripts/test, which installs websockets (pip)", announcesPort: true) { port in
            [script, String(port)]
        }
    }
}
