// Fuzz target `session`: the session loader (`--session`, `replay`) on any text; a session it
// accepts must survive the writer unchanged, in both JSON layouts.
import Foundation
@testable import SessionFormat

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let session = try? SessionReader.read(text, file: "fuzz.yaml") else { return 0 }
    for compact in [false, true] {
        let written = SessionWriter.yaml(session, compactJSON: compact)
        do {
            let again = try SessionReader.read(written, file: "fuzz.yaml")
            if again != session { fatalError("session changed through the writer (compact: \(compact)):\n\(written)") }
        } catch {
            fatalError("the writer's output does not read back: \(error)\n\(written)")
        }
    }
    return 0
}
