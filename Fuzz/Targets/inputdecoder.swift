// Fuzz target `inputdecoder`: terminal bytes decoded in two reads (so sequences split across reads), then flushed.
@testable import TUICore

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let inputs = bytes.map { RawInput.character(UInt32($0)) }
    let cut = size == 0 ? 0 : Int(bytes[0]) % (size + 1)
    var decoder = InputDecoder(pasteLimit: 256)
    _ = decoder.decode(Array(inputs[..<cut]))
    _ = decoder.decode(Array(inputs[cut...]))
    _ = decoder.flush()
    return 0
}
