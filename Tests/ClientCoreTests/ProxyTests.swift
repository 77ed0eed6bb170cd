import DemoAPI
import Foundation
import Testing
@testable import ClientCore

/// Requests through an HTTP proxy (AsyncHTTPClient tunnels with CONNECT). The test proxy
/// tunnels every CONNECT to the demo API, so a host nobody can resolve answers through it.
@Suite struct ProxyTests {
    func echoHeaders(through setting: ProxySetting, url: String) async throws -> [String: [String]] {
        var configuration = HTTPClient.Configuration()
        configuration.proxy = setting
        let client = HTTPClient(configuration: configuration)
        do {
            let response = try await client.send(HTTPRequest(.get, url))
            await client.shutdown()
            let echo = try #require(try JSONSerialization.jsonObject(with: response.body.data) as? [String: Any])
            return try #require(echo["headers"] as? [String: [String]])
        } catch {
            await client.shutdown()
            throw error
        }
    }

    @Test func anExplicitProxyCarriesTheRequestAndItsCredentials() async throws {
        let demo = try await DemoServer.start()
        let proxy = try TunnelProxy(backendPort: demo.port)
        let proxyURL = try #require(URL(string: "http://user:pa%20ss@127.0.0.1:\(proxy.port)"))
        let headers = try await echoHeaders(through: .explicit(proxyURL), url: "http://unreachable.invalid:9/echo")
        #expect(headers["Host"] == ["unreachable.invalid:9"])
        let head = try #require(proxy.receivedHeads.first)
        #expect(head.hasPrefix("CONNECT unreachable.invalid:9 HTTP/1.1\r\n"))
        #expect(head.contains("Basic " + Data("user:pa ss".utf8).base64EncodedString()))
        proxy.stop()
        await demo.shutdown()
    }

    @Test func theEnvironmentsProxyAndItsExemptions() async throws {
        let demo = try await DemoServer.start()
        let proxy = try TunnelProxy(backendPort: demo.port)
        let environment = ["http_proxy": "127.0.0.1:\(proxy.port)"]
        let headers = try await echoHeaders(through: .environment(ProxyEnvironment(environment)), url: "http://unreachable.invalid:9/echo")
        #expect(headers["Host"] == ["unreachable.invalid:9"])

        var exempt = environment
        exempt["no_proxy"] = ".invalid"
        var configuration = HTTPClient.Configuration()
        configuration.proxy = .environment(ProxyEnvironment(exempt))
        let client = HTTPClient(configuration: configuration)
        let error = await expectFailure { try await client.send(HTTPRequest(.get, "http://unreachable.invalid:9/echo")) }
        #expect(error?.attempts.first?.transportFailure?.kind == .dns)
        #expect(proxy.receivedHeads.count == 1)
        await client.shutdown()
        proxy.stop()
        await demo.shutdown()
    }
}
