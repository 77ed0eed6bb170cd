// Fuzz target `profile`: the profile loader on any text; a profile it accepts must survive the
// writer unchanged (what `profiles save` and the TUI's edits rely on).
import Foundation
@testable import ProfileFormat

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let profile = try? ProfileReader.read(text, name: "fuzz", file: "fuzz.yaml") else { return 0 }
    let written = ProfileWriter.yaml(profile, maskingSecrets: false)
    do {
        let again = try ProfileReader.read(written, name: "fuzz", file: "fuzz.yaml")
        if again != profile { fatalError("profile changed through the writer:\n\(written)") }
    } catch {
        fatalError("the writer's output does not read back: \(error)\n\(written)")
    }
    _ = ProfileWriter.yaml(profile, maskingSecrets: true)
    return 0
}
