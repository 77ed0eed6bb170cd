import Foundation

/// The formats `explorer import` reads (SPEC §9), told apart by content; `--format` forces one.
public enum ImportFormat: String, Sendable, CaseIterable {
    case openapi, postman, insomnia, http, hurl

    /// The format of `data`, read from its first bytes (an OpenAPI version also from its last),
    /// and, for `.http` files that are plain text, the file's name; nil when it is none of them.
    public static func detect(_ data: Data, fileName: String) -> ImportFormat? {
        let head = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
        let lower = fileName.lowercased()
        let isJSONObject = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first == "{"
        // YAML: a top-level key at a line's start; JSON: the member anywhere, a minified file included.
        if head.range(of: #"(?m)^\s*"?(openapi|swagger)"?\s*:"#, options: .regularExpression) != nil
            || (isJSONObject && head.range(of: #""(openapi|swagger)"\s*:\s*"[23]\."#, options: .regularExpression) != nil) {
            return .openapi
        }
        if isJSONObject, head.contains("schema.getpostman.com") || head.contains("\"_postman_id\"") { return .postman }
        if isJSONObject, head.contains("\"__export_format\"") && head.contains("\"_type\"") { return .insomnia }
        // Generators that sort keys (go-swagger) write `swagger: "2.0"` last, past the head.
        let tail = String(decoding: data.suffix(64 * 1024), as: UTF8.self)
        if tail.range(of: #"(?m)^\s*"?(openapi|swagger)"?\s*:\s*["']?(2\.0|3\.[0-9])"#, options: .regularExpression) != nil { return .openapi }
        if lower.hasSuffix(".http") || lower.hasSuffix(".rest") { return .http }
        if lower.hasSuffix(".hurl") { return .hurl }
        // Hurl: a request line, then a response line (`HTTP 200`, `HTTP/1.1 *`) or a section only Hurl has.
        if head.range(of: #"(?m)^[A-Z]+ +\S"#, options: .regularExpression) != nil,
           head.range(of: #"(?m)^[ \t]*(HTTP(/[0-9.*]+)? +([0-9]{3}|\*)|\[(Asserts|Captures|QueryStringParams|FormParams|MultipartFormData|BasicAuth|Options)\])[ \t]*$"#,
                      options: .regularExpression) != nil {
            return .hurl
        }
        // A text whose first request line is `METHOD URL` or that separates requests with `###`.
        if head.range(of: #"(?m)^(###|(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) +\S)"#, options: .regularExpression) != nil,
           !head.hasPrefix("{"), !head.hasPrefix("[") {
            return .http
        }
        return nil
    }
}
