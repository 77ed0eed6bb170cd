import Foundation

/// Why a curl command line was refused. `description` is a message fit for the user.
public enum CurlParseError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// A quote (`'`, `"` or `$'`) opened at `position` (1-based, in Unicode scalars) is never closed.
    case unterminatedQuote(quote: String, position: Int)
    /// A NUL can't be part of a command-line argument (a real shell would cut the argument there).
    case nulCharacter(position: Int)
    /// A `$'…'` escape is not a Unicode scalar, or its `\xHH` bytes are not UTF-8.
    case invalidEscape(position: Int, reason: String)
    /// The line has no words at all.
    case empty
    /// The first word is not `curl` (or a path ending in `/curl`).
    case notCurl(String)
    case unknownOption(String)
    case missingValue(option: String)
    /// `--max-time=5`: curl itself refuses the `=` form.
    case equalsInLongOption(option: String, value: String)
    case invalidValue(option: String, value: String, reason: String)
    /// An option curl knows but this model does not represent.
    case unsupported(option: String, reason: String)
    case noURL
    case multipleURLs(String, String)
    /// Two options that ask for different request kinds, as curl refuses them.
    case conflictingOptions(String, String)

    public var description: String {
        switch self {
        case .unterminatedQuote(let quote, let position):
            return "unterminated \(quote) quote starting at character \(position)"
        case .nulCharacter(let position):
            return "a NUL character (at character \(position)) can't be part of a command-line argument"
        case .invalidEscape(let position, let reason):
            return "invalid $'…' escape at character \(position): \(reason)"
        case .empty:
            return "empty command line: expected 'curl …'"
        case .notCurl(let word):
            return "not a curl command: it starts with '\(word)'"
        case .unknownOption(let option):
            return "unknown curl option \(option)"
        case .missingValue(let option):
            return "curl option \(option) needs a value"
        case .equalsInLongOption(let option, let value):
            return "curl does not accept '\(option)=\(value)': write '\(option) \(value)'"
        case .invalidValue(let option, let value, let reason):
            return "bad value '\(value)' for \(option): \(reason)"
        case .unsupported(let option, let reason):
            return "\(option) is not supported: \(reason)"
        case .noURL:
            return "no URL in the curl command"
        case .multipleURLs(let first, let second):
            return "more than one URL ('\(first)' and '\(second)'): only one request per command"
        case .conflictingOptions(let first, let second):
            return "\(first) and \(second) can't be combined: they ask for different request methods"
        }
    }

    public var errorDescription: String? { description }
}
