// Fuzz target `retryafter`: Retry-After (seconds or HTTP-date) and HTTP-date parsing; a parsed date formats back.
import Foundation
@testable import HTTPParsing

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = RetryAfter.seconds(from: text, now: Date(timeIntervalSince1970: 1_700_000_000))
    if let date = HTTPDate.parse(text) { _ = HTTPDate.format(date) }
    return 0
}
