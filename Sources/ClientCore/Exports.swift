// The parsers (URI templates, Retry-After, curl command lines, cookies) live in their own
// target so fuzzing them needs no NIO; users of ClientCore get them with it.
@_exported import HTTPParsing

// The event stream's value types live apart from the transport, so the session reader (which
// reads them back) can be fuzzed without NIO too.
@_exported import ClientEvents
