// Fuzz target `requests`: the saved-requests loader (profiles/NAME.requests.yaml) on any text;
// what it accepts must survive the writer unchanged.
import Foundation
@testable import ProfileFormat

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let requests = try? SavedRequestsFile.read(text, file: "fuzz.requests.yaml") else { return 0 }
    let written = SavedRequestsFile.yaml(requests)
    do {
        let again = try SavedRequestsFile.read(written, file: "fuzz.requests.yaml")
        if again != requests { fatalError("saved requests changed through the writer:\n\(written)") }
    } catch {
        fatalError("the writer's output does not read back: \(error)\n\(written)")
    }
    return 0
}
