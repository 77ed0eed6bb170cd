// The file format lives in its own target so the loader can be fuzzed without NIO; users of
// Profiles get it with it.
@_exported import ProfileFormat
