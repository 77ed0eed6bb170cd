import Foundation

/// A Hurl file as written (https://hurl.dev/docs/hurl-file.html), before it means anything to
/// explorer: its entries, each a request and the response it expects. Places are kept so what
/// an import leaves out can say where it was.
struct HurlEntry: Equatable {
    var method: String
    var url: String
    var line: Int
    var headers: [HurlKeyValue] = []
    /// `[QueryStringParams]`, `[FormParams]`, `[MultipartFormData]`, `[Cookies]`, `[BasicAuth]`,
    /// `[Options]` (and their short names), in order.
    var sections: [HurlSection] = []
    var body: HurlBody?
    var response: HurlResponse?
}

/// `name: value`, as a header, a section's item or an option writes it, escapes read.
struct HurlKeyValue: Equatable {
    var name: String
    var value: String
    var line: Int
}

struct HurlSection: Equatable {
    /// The long name: `QueryStringParams`, never `Query`.
    var name: String
    var line: Int
    var items: [HurlKeyValue]
}

struct HurlBody: Equatable {
    enum Kind: Equatable {
        /// A JSON value as written (`{…}`, `[…]`, a quoted string).
        case json(String)
        /// ```` ```lang ```` … ```` ``` ````: the lines between, each with its line break.
        case multiline(String, language: String?)
        /// `` `text` ``.
        case oneline(String)
        case base64(String)
        case hex(String)
        case file(String)
        case xml(String)
    }

    var kind: Kind
    var line: Int
}

/// `HTTP 200`, `HTTP/1.1 *`: the response an entry expects.
struct HurlResponse: Equatable {
    /// `HTTP`, `HTTP/1.0`, `HTTP/1.1`, `HTTP/2`, `HTTP/3` or `HTTP/*`.
    var version: String
    /// Nil for `*`.
    var status: Int?
    var line: Int
    var headers: [HurlKeyValue] = []
    var captures: [HurlCapture] = []
    var asserts: [HurlAssert] = []
    var body: HurlBody?
}

/// `token: jsonpath "$.token" redact`.
struct HurlCapture: Equatable {
    var name: String
    var query: HurlQuery
    var filters: [HurlFilter]
    var redact: Bool
    var line: Int
    /// The line as written, for what is skipped.
    var text: String
}

/// `jsonpath "$.count" not == 4`.
struct HurlAssert: Equatable {
    var query: HurlQuery
    var filters: [HurlFilter]
    var negated: Bool
    /// `==`, `startsWith`, `isString`… as written.
    var predicate: String
    var value: HurlToken?
    var line: Int
    var text: String
}

/// `status`, `header "Name"`, `jsonpath "$.x"`: what a capture or assert reads.
struct HurlQuery: Equatable {
    var kind: String
    var argument: HurlToken?
}

/// `count`, `nth 0`, `regex "a(.*)"`, `toDate "%+"`: a filter and its arguments.
struct HurlFilter: Equatable {
    var name: String
    var arguments: [HurlToken]
}

/// A word, a value or an operator of a capture or assert line.
struct HurlToken: Equatable {
    enum Kind: Equatable {
        /// `jsonpath`, `not`, `==`, `true`.
        case word
        /// `"quoted"`, `` `backtick` ``, or ```` ``` ```` multiline (with its language hint).
        case string(language: String?)
        /// `/regex/`.
        case regex
        case number
        /// `{{ name }}`, braces kept.
        case template
        /// `hex,…;`, `base64,…;`, `file,…;`: the kind named.
        case bytes(String)
    }

    var kind: Kind
    var text: String
    var line: Int
    var column: Int
}
