// Fuzz target `json`: the response viewer opens the bytes as a JSON body, indexes it fully and lays out every line.
import Foundation
@testable import TUICore

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    _ = JSONCheck.validate(String(decoding: bytes, as: UTF8.self))
    let document = BodyDocument.open(data: bytes, contentType: "application/json").indexed()
    for layout in document.availableLayouts {
        let view = document.switching(to: layout)
        _ = view.lines(0..<view.lineCount, maxColumns: 40)
        _ = view.lines(0..<min(view.lineCount, 8), from: 3, maxColumns: 7)
    }
    return 0
}
