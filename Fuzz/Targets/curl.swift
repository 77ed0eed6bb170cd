// Fuzz target `curl`: a pasted command line must parse or throw, never crash.
@testable import CurlSyntax

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let command = try? CurlCommand.parse(text) { _ = command }
    return 0
}
