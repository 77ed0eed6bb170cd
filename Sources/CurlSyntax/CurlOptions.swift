/// The curl options this model understands. Anything else is refused by name, so a pasted command
/// never silently loses an option that would change the request.
enum CurlOption: Sendable {
    case data, dataRaw, dataBinary, dataURLEncode, json, form, formString
    case user, userAgent, cookie, referer, maxTime, url, request, header, output
    case get, location, insecure, head, compressed, globoff, silent, showError, verbose, include

    var takesValue: Bool {
        switch self {
        case .get, .location, .insecure, .head, .compressed, .globoff, .silent, .showError, .verbose, .include:
            return false
        default:
            return true
        }
    }

    /// Exact long names only: curl 7.x also took unambiguous prefixes (`--verb`), curl 8 does not.
    static let long: [String: CurlOption] = [
        "data": .data, "data-ascii": .data, "data-raw": .dataRaw, "data-binary": .dataBinary,
        "data-urlencode": .dataURLEncode, "json": .json, "form": .form, "form-string": .formString,
        "user": .user, "user-agent": .userAgent, "cookie": .cookie, "referer": .referer,
        "max-time": .maxTime, "url": .url, "request": .request, "header": .header, "output": .output,
        "get": .get, "location": .location, "insecure": .insecure, "head": .head,
        "compressed": .compressed, "globoff": .globoff, "silent": .silent, "show-error": .showError,
        "verbose": .verbose, "include": .include,
    ]

    static let short: [Character: CurlOption] = [
        "d": .data, "F": .form, "u": .user, "A": .userAgent, "b": .cookie, "e": .referer,
        "m": .maxTime, "X": .request, "H": .header, "o": .output,
        "G": .get, "L": .location, "k": .insecure, "I": .head, "g": .globoff,
        "s": .silent, "S": .showError, "v": .verbose, "i": .include,
    ]
}
