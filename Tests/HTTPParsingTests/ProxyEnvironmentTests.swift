import Foundation
import Testing
@testable import HTTPParsing

@Suite struct ProxyEnvironmentTests {
    let http = URL(string: "http://api.example.com/x")!
    let https = URL(string: "https://api.example.com/x")!

    @Test func httpUsesOnlyLowerCaseHTTPProxy() {
        #expect(ProxyEnvironment(["http_proxy": "http://p:3128"]).proxy(for: http)?.absoluteString == "http://p:3128")
        #expect(ProxyEnvironment(["HTTP_PROXY": "http://p:3128"]).proxy(for: http) == nil)
    }

    @Test func httpsUsesEitherCaseAndAllProxyIsTheFallback() {
        #expect(ProxyEnvironment(["HTTPS_PROXY": "p:8443"]).proxy(for: https)?.absoluteString == "http://p:8443")
        #expect(ProxyEnvironment(["https_proxy": "http://a:1", "HTTPS_PROXY": "http://b:2"]).proxy(for: https)?.host == "a")
        #expect(ProxyEnvironment(["ALL_PROXY": "http://all:9"]).proxy(for: http)?.host == "all")
        #expect(ProxyEnvironment(["http_proxy": "http://p:1"]).proxy(for: https) == nil)
    }

    @Test(arguments: [("*", true), ("example.com", true), (".example.com", true), ("api.example.com", true),
                      ("ample.com", false), ("other.com, example.com", true), ("", false), ("com", true)])
    func noProxyMatchesOnLabelBoundaries(_ list: String, _ exempt: Bool) {
        let environment = ProxyEnvironment(["http_proxy": "http://p:1", "no_proxy": list])
        #expect((environment.proxy(for: http) == nil) == exempt)
    }

    @Test func loopbackIsAlwaysDirect() {
        let environment = ProxyEnvironment(["http_proxy": "http://p:1"])
        for host in ["127.0.0.1", "localhost", "[::1]", "127.1.2.3"] {
            #expect(environment.proxy(for: URL(string: "http://\(host):8080/")!) == nil, "\(host)")
        }
    }
}
