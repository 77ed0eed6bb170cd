import Foundation

/// Parses one `Set-Cookie` header value per RFC 6265 §5.2, leaving the storage rules of §5.3
/// (domain, path defaults, expiry caps) to `CookieJar`. Works on UTF-8 bytes: the grammar is
/// byte-oriented, and Swift's grapheme clusters would glue "\r\n" into one character.
enum CookieParser {
    struct Parsed: Equatable {
        var name: String
        var value: String
        /// The last Expires attribute that parsed as a cookie-date.
        var expires: Date?
        /// The last valid Max-Age attribute in seconds, saturated far beyond any cap.
        var maxAge: Int64?
        /// The last non-empty Domain attribute, lowercased, leading dot stripped.
        var domain: String?
        /// The last Path attribute; nil when absent or when the last one was not absolute,
        /// both of which mean the default-path (§5.2.4).
        var path: String?
        var secure = false
        var httpOnly = false
        var sameSite: CookieSameSite?
    }

    /// Longer attribute values are ignored (RFC 6265bis §5.6), bounding what a cookie can hold.
    static let maxAttributeValueBytes = 1024

    static func parse(_ header: String) throws(CookieRejection.Reason) -> Parsed {
        guard header.utf8.count <= CookieJar.maxHeaderBytes else { throw .headerTooLong }
        let bytes = Array(header.utf8)
        let pairEnd = bytes.firstIndex(of: semicolon) ?? bytes.endIndex
        let pair = bytes[..<pairEnd]
        guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { throw .missingEquals }
        let name = trim(pair[..<equals])
        let value = trim(pair[(equals + 1)...])
        if let problem = problem(name: name, value: value) { throw problem }
        var parsed = Parsed(name: string(name), value: string(value))
        var start = pairEnd
        while start < bytes.endIndex {  // bytes[start] is a ";"
            let end = bytes[(start + 1)...].firstIndex(of: semicolon) ?? bytes.endIndex
            apply(bytes[(start + 1)..<end], to: &parsed)
            start = end
        }
        return parsed
    }

    /// Why a name and value cannot be stored, or nil when they can. Shared with decoding.
    static func problem(name: String, value: String) -> CookieRejection.Reason? {
        problem(name: ArraySlice(name.utf8), value: ArraySlice(value.utf8))
    }

    private static func problem(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) -> CookieRejection.Reason? {
        if name.isEmpty { return .emptyName }
        if name.contains(where: isControl) || value.contains(where: isControl) { return .invalidCharacter }
        // Parsing cannot produce these, but a hand-edited file can, and they would garble the Cookie header.
        if name.contains(semicolon) || value.contains(semicolon) || name.contains(UInt8(ascii: "=")) { return .invalidCharacter }
        if name.count + value.count > CookieJar.maxNameValueBytes { return .nameValueTooLong }
        return nil
    }

    /// One cookie-av (§5.2 steps 1-6 of the attribute loop); unknown attributes are ignored.
    private static func apply(_ av: ArraySlice<UInt8>, to parsed: inout Parsed) {
        let equals = av.firstIndex(of: UInt8(ascii: "="))
        let key = trim(av[..<(equals ?? av.endIndex)])
        let value = equals.map { trim(av[($0 + 1)...]) } ?? []
        guard value.count <= maxAttributeValueBytes else { return }
        if matches(key, "expires") {
            if let date = CookieDate.parse(value) { parsed.expires = date }
        } else if matches(key, "max-age") {
            if let seconds = maxAge(value) { parsed.maxAge = seconds }
        } else if matches(key, "domain") {
            // An empty Domain is ignored rather than meaning "host-only" (§5.2.3).
            var domain = value
            if domain.first == UInt8(ascii: ".") { domain = domain.dropFirst() }
            if !domain.isEmpty { parsed.domain = CookieDomain.canonical(string(domain)) }
        } else if matches(key, "path") {
            parsed.path = value.first == UInt8(ascii: "/") ? string(value) : nil
        } else if matches(key, "secure") {
            parsed.secure = true
        } else if matches(key, "httponly") {
            parsed.httpOnly = true
        } else if matches(key, "samesite") {
            parsed.sameSite = CookieSameSite.allCases.first { matches(value, $0.rawValue.lowercased()) }
        }
    }

    /// Max-Age (§5.2.2): an optional "-" and digits only, else the attribute is ignored.
    private static func maxAge(_ value: ArraySlice<UInt8>) -> Int64? {
        let negative = value.first == UInt8(ascii: "-")
        let digits = negative ? value.dropFirst() : value
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        var seconds: Int64 = 0
        for digit in digits {  // saturate: anything past a century is capped anyway
            seconds = min(seconds * 10 + Int64(digit - UInt8(ascii: "0")), 1 << 40)
        }
        return negative ? -seconds : seconds
    }

    // MARK: Bytes

    private static let semicolon = UInt8(ascii: ";")

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// CTL except HTAB (RFC 6265bis §5.6 step 3).
    private static func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }

    /// Strips WSP, i.e. space and tab only (§5.2).
    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }),
              let last = bytes.lastIndex(where: { !isBlank($0) }) else { return [] }
        return bytes[first...last]
    }

    /// ASCII case-insensitive comparison with a lowercase literal.
    private static func matches(_ bytes: ArraySlice<UInt8>, _ lowercase: String) -> Bool {
        bytes.count == lowercase.utf8.count && zip(bytes, lowercase.utf8).allSatisfy { CookieDomain.lower($0) == $1 }
    }

    /// Slices end at ASCII bytes of a valid String, so they are valid UTF-8 themselves.
    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
