// Fuzz target `sanitize`: server text must come out with no C0, C1 or DEL control left (tabs only when kept).
@testable import TUICore

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for keepTabs in [false, true] {
        for scalar in TerminalText.sanitize(text, keepTabs: keepTabs).unicodeScalars {
            let v = scalar.value
            if (v < 0x20 && !(keepTabs && v == 0x09)) || (0x7F...0x9F).contains(v) {
                fatalError("control U+\(String(v, radix: 16)) survived sanitize (keepTabs: \(keepTabs))")
            }
        }
    }
    return 0
}
