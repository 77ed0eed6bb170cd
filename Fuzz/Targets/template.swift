// Fuzz target `template`: any text read as a `Template` (and as the environment-only reading
// profiles use); a refusal's column lies within the text; an accepted template renders with no
// values and with every value, and what masks its secrets does not crash.
import Foundation
@testable import RequestModel

@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let length = text.unicodeScalars.count

    // The environment-only reading refuses nothing and keeps the text exactly as written.
    let environmentOnly = Template(environmentOnly: text)
    precondition(environmentOnly.parts.map(\.placeholder).joined() == text, "the environment-only reading changed the text")
    _ = Secrets.holdsNoSecret(text)
    _ = Secrets.maskingPassword(in: text)

    let template: Template
    do {
        template = try Template(text)
    } catch {
        precondition((1...length + 1).contains(error.column), "column \(error.column) outside the template")
        return 0
    }
    // Empty: every placeholder falls back to itself.
    let empty = template.render(with: TemplateValues()) { $0.placeholder }
    precondition(empty.secrets.isEmpty, "secrets from no values")
    _ = try? template.render(with: TemplateValues())

    // Full: every name the template uses has a value, secrets among them.
    let document = JSONNode.parse(Data(#"{"token": "t0k3n-value", "a": [1, {"b": "x"}], "n": 1.50}"#.utf8))!
    let values = TemplateValues(
        variables: Dictionary(template.variables.map { ($0, TemplateValue("value-of-\($0)", secret: $0.hasPrefix("s"))) },
                              uniquingKeysWith: { first, _ in first }),
        documents: Dictionary(template.documents.map { ($0, document) }, uniquingKeysWith: { first, _ in first }),
        secretDocuments: Set(template.documents), response: document,
        environment: Dictionary(template.environmentNames.map { ($0, "env-\($0)") }, uniquingKeysWith: { first, _ in first }))
    let full = template.render(with: values) { $0.placeholder }
    for secret in full.secrets { precondition(full.text.contains(secret), "secret \(secret) is not in the text") }
    _ = Secrets.masking(full.secrets, in: full.text)
    if template.parts.allSatisfy({ if case .json = $0 { false } else { true } }) {
        precondition((try? template.render(with: values)) != nil, "a template without paths left a placeholder without a value")
    }
    return 0
}
