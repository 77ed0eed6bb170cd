// Fuzz target `cookie`: a Set-Cookie header parsed alone, then stored in a jar and read back.
import Foundation
@testable import Cookies

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? CookieParser.parse(text)
    let url = URL(string: "https://sub.example.com/a/b")!
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    var jar = CookieJar()
    _ = jar.store(setCookieHeaders: text.split(separator: "\n").map(String.init), from: url, now: now)
    _ = jar.cookies(for: url, now: now)
    return 0
}
