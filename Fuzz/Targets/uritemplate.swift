// Fuzz target `uritemplate`: parse a template and expand it over the RFC 6570 example variables.
@testable import URITemplates

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let variables: [String: URITemplate.Value] = [
        "var": "value", "hello": "Hello World!", "path": "/foo/bar", "empty": "", "x": "1024", "y": "768",
        "list": ["red", "green", "blue"], "keys": ["semi": ";", "dot": ".", "comma": ","],
        "emptylist": [], "emptykeys": [:], "half": "50%", "base": "http://example.com/home/",
    ]
    if let template = try? URITemplate(text) {
        _ = template.variableNames
        _ = try? template.expand(variables)
    }
    return 0
}
