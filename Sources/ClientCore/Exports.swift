// The parsers (URI templates, Retry-After, curl command lines, cookies) live in their own
// target so fuzzing them needs no NIO; users of ClientCore get them with it.
@_exported import HTTPParsing
