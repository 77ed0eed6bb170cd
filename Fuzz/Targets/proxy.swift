// Fuzz target `proxy`: proxy variables and a URL from the input (three lines: no_proxy,
// http_proxy/https_proxy, the URL). A loopback host is never sent through a proxy.
import Foundation
@testable import HTTPParsing

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    guard lines.count == 3 else { return 0 }
    let environment = ProxyEnvironment(["no_proxy": lines[0], "http_proxy": lines[1], "https_proxy": lines[1]])
    guard let url = URL(string: lines[2]) else { return 0 }
    let proxy = environment.proxy(for: url)
    if let host = url.host?.lowercased(), Loopback.isHost(host), proxy != nil {
        fatalError("loopback \(host) sent through proxy \(proxy!)")
    }
    _ = environment.isExempt(url.host ?? "")
    return 0
}
