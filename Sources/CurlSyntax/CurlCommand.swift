/// A curl command line as data: what each option said, not yet what goes on the wire
/// (see `CurlCommand+Semantics` for the effective method, URL, headers and body).
///
/// Files named with `@path` are references: nothing here reads a file. A path of `-` means stdin.
/// One request per command: a second URL is refused, URLs are never globbed, and options this model
/// doesn't know (config files, `-T`, `--next`…) are refused by name rather than dropped.
public struct CurlCommand: Sendable, Equatable {
    /// The URL, with `http://` added when it had no scheme, as curl does.
    public var url: String
    /// `-X/--request`, as given (curl sends the method exactly as typed).
    public var method: String?
    /// `-H 'Name: value'` and `-H 'Name;'` (an empty value), in order.
    public var headers: [CurlHeader]
    /// `-H 'Name:'`: headers the client would add by itself (User-Agent, Accept…) and must not send.
    public var removedHeaders: [String]
    /// The `-d` family and `--json`, in order; see `joinedData` for how curl joins them.
    public var data: [CurlData]
    /// `-F/--form` and `--form-string` parts, in order (multipart/form-data).
    public var form: [CurlFormPart]
    /// `-u/--user`, `user:password` as given (no colon: curl would prompt for the password).
    public var user: String?
    /// `-A/--user-agent`.
    public var userAgent: String?
    /// `-e/--referer`.
    public var referer: String?
    /// `-b/--cookie`, in order.
    public var cookies: [CurlCookie]
    /// `-m/--max-time`, seconds.
    public var maxTime: Double?
    /// `-o/--output`.
    public var output: String?
    /// `-G/--get`: the data goes to the URL's query and the method is GET.
    public var get: Bool
    /// `-I/--head`.
    public var head: Bool
    /// `-L/--location`.
    public var followRedirects: Bool
    /// `-k/--insecure`.
    public var insecure: Bool
    /// `--compressed`.
    public var compressed: Bool
    /// `-g/--globoff`. This model never globs (`[1-3]`, `{a,b}` stay literal), so it changes nothing.
    public var globoff: Bool
    /// `-s/--silent`, `-S/--show-error`, `-v/--verbose`, `-i/--include`: output styles, recorded only.
    public var silent: Bool
    public var showError: Bool
    public var verbose: Bool
    public var include: Bool

    public init(url: String, method: String? = nil, headers: [CurlHeader] = [], data: [CurlData] = [],
                form: [CurlFormPart] = []) {
        self.url = url
        self.method = method
        self.headers = headers
        self.removedHeaders = []
        self.data = data
        self.form = form
        self.cookies = []
        self.get = false
        self.head = false
        self.followRedirects = false
        self.insecure = false
        self.compressed = false
        self.globoff = false
        self.silent = false
        self.showError = false
        self.verbose = false
        self.include = false
    }
}

public struct CurlHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Where a piece of data comes from: inline text, or `@path` for the caller to read.
public enum CurlDataSource: Sendable, Equatable {
    case text(String)
    case file(String)
}

/// One data option, in the order given.
public enum CurlData: Sendable, Equatable {
    /// `-d/--data/--data-ascii`: a file's CR and LF bytes are removed when it is read.
    case ascii(CurlDataSource)
    /// `--data-raw`: `@` has no special meaning.
    case raw(String)
    /// `--data-binary`: a file is sent byte for byte.
    case binary(CurlDataSource)
    /// `--data-urlencode`: `content`/`=content` (name nil), `name=content`, `@file`, `name@file`.
    /// The content (never the name) is percent-encoded.
    case urlencode(name: String?, CurlDataSource)
    /// `--json`: like `--data-binary`, plus JSON Content-Type and Accept unless set with -H;
    /// joined to the data before it without `&`.
    case json(CurlDataSource)
}

/// One `-F` part.
public struct CurlFormPart: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// `name=value`: a text field.
        case text(String)
        /// `name=@path`: a file upload (the file name goes in the part's Content-Disposition).
        case file(String)
        /// `name=<path`: a text field whose value is the file's content.
        case fileContents(String)
    }

    /// The field name; empty for a part without a name (`-F =value`).
    public var name: String
    public var content: Content
    /// `;type=`, with any MIME parameters (`text/plain;charset=utf-8`).
    public var contentType: String?
    /// `;filename=`: the file name to announce instead of the path's.
    public var filename: String?
    /// `;headers=`: extra part headers, as `Name: value` lines.
    public var headers: [String]

    public init(name: String, content: Content, contentType: String? = nil, filename: String? = nil,
                headers: [String] = []) {
        self.name = name
        self.content = content
        self.contentType = contentType
        self.filename = filename
        self.headers = headers
    }
}

/// `-b`: a `k=v; k2=v2` string (it has a `=`), or else a cookie file to read.
public enum CurlCookie: Sendable, Equatable {
    case header(String)
    case file(String)
}
