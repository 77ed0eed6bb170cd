// The parsers ClientCore's own API speaks in (Retry-After and proxy settings, RFC 6570 URI
// templates, the RFC 6265 cookie jar) live in targets of their own so fuzzing them needs no
// NIO; users of ClientCore get them with it.
@_exported import Cookies
@_exported import HTTPParsing
@_exported import URITemplates

// The event stream's value types live apart from the transport, so the session reader (which
// reads them back) can be fuzzed without NIO too.
@_exported import ClientEvents
