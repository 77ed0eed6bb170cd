import Foundation
import RequestModel

/// Hurl bodies as a request's body, and a response's body as the assert it makes.
enum HurlBodies {
    /// The request body, or why it has none explorer sends.
    static func request(_ body: HurlBody, directory: URL) -> (RequestSpec.Body, note: String?) {
        switch body.kind {
        case .json(let text): return (.json(text), nil)
        case .multiline(let text, let language):
            switch language {
            case "json": return (.json(text), nil)
            case "graphql": return (.json(graphQL(text)), nil)
            case "xml": return (.text(text, contentType: "application/xml"), nil)
            case "raw" where text.contains("{{"):
                return (.text(text, contentType: nil), "a raw body's {{…}} are sent as written by Hurl, but explorer fills them in")
            default: return (.text(text, contentType: nil), nil)
            }
        case .oneline(let text): return (.text(text, contentType: nil), nil)
        case .xml(let text): return (.text(text, contentType: "application/xml"), nil)
        case .base64(let text):
            guard let data = Data(base64Encoded: text) else { return (.none, "the base64 body is not valid base64") }
            return (.binary(data, contentType: nil), nil)
        case .hex(let text):
            guard let data = bytes(hex: text) else { return (.none, "the hex body is not valid hexadecimal") }
            return (.binary(data, contentType: nil), nil)
        case .file(let path):
            return (.none, "a body read from the file \(path) has no equivalent; the request is imported without it")
        }
    }

    /// What Hurl sends for a ```` ```graphql ```` body: `{"query": …}`, without the last line's break
    /// (as Hurl's own multilines test asserts).
    static func graphQL(_ query: String) -> String {
        let text = query.hasSuffix("\n") ? String(query.dropLast()) : query
        return JSONNode.object([JSONNode.Member("query", .string(text))]).compactText
    }

    /// A response body as an assert: JSON as `json "$"` equals it, text as `body` equals it.
    static func assert(_ body: HurlBody) -> Result<RequestSpec.Assert, Refusal> {
        switch body.kind {
        case .json(let text):
            guard !text.contains("{{"), let node = try? JSONNode.parsing(text) else {
                return .failure(Refusal("a JSON body with {{templates}} or that is not JSON has no equivalent"))
            }
            return .success(RequestSpec.Assert(.json(.root), .equals(node)))
        case .multiline(let text, let language):
            return .success(RequestSpec.Assert(.body, .equals(.string(language == "graphql" ? graphQL(text) : text))))
        case .oneline(let text), .xml(let text):
            return .success(RequestSpec.Assert(.body, .equals(.string(text))))
        case .base64, .hex, .file:
            return .failure(Refusal("a body compared as bytes has no equivalent"))
        }
    }

    static func bytes(hex: String) -> Data? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var data = Data()
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            data.append(byte)
        }
        return data
    }
}
