import Foundation

/// The formats `explorer import` reads (SPEC §9), told apart by content; `--format` forces one.
public enum ImportFormat: String, Sendable, CaseIterable {
    case openapi, postman, insomnia, http, hurl

    /// The format of `data`: a description or collection by its top-level keys (in any order, at
    /// any position), `.http` and Hurl text by the file's name or its request lines; nil when it is
    /// none of them.
    public static func detect(_ data: Data, fileName: String) -> ImportFormat? {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".http") || lower.hasSuffix(".rest") { return .http }
        if lower.hasSuffix(".hurl") { return .hurl }
        let keys = TopLevelKeys(data)
        if keys["openapi"] != nil || keys["swagger"] != nil { return .openapi }
        // Postman's schema requires `info` and `item`; an empty collection has its schema URL.
        if keys["info"] != nil, keys["item"] != nil || data.range(of: Data("schema.getpostman.com".utf8)) != nil || data.range(of: Data("\"_postman_id\"".utf8)) != nil { return .postman }
        if keys["__export_format"] != nil, keys["resources"] != nil || keys["_type"] == "export" { return .insomnia }
        let head = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
        guard !head.hasPrefix("{"), !head.hasPrefix("[") else { return nil }
        // Hurl: a request line, then a response line (`HTTP 200`, `HTTP/1.1 *`) or a section only Hurl has.
        if head.range(of: #"(?m)^[A-Z]+ +\S"#, options: .regularExpression) != nil,
           head.range(of: #"(?m)^[ \t]*(HTTP(/[0-9.*]+)? +([0-9]{3}|\*)|\[(Asserts|Captures|QueryStringParams|FormParams|MultipartFormData|BasicAuth|Options)\])[ \t]*$"#,
                      options: .regularExpression) != nil {
            return .hurl
        }
        // A text whose first request line is `METHOD URL` or that separates requests with `###`.
        if head.range(of: #"(?m)^(###|(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) +\S)"#, options: .regularExpression) != nil {
            return .http
        }
        return nil
    }
}
