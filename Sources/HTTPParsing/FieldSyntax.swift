/// RFC 9110 syntax for what goes on the wire: methods and header names are tokens, header
/// values hold no control character. One place, so the client, the profile reader and the
/// saved-request reader refuse the same inputs with the same words.
public enum FieldSyntax {
    /// RFC 9110 §5.6.2 `tchar`.
    public static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// The same for one Unicode scalar (a name typed in the TUI, checked as it is typed).
    public static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isTokenByte(UInt8(scalar.value))
    }

    /// Whether a scalar may stand in a field value: anything but CR, LF, NUL, the other C0
    /// controls except tab, and DEL (a CR or LF would split the header: request smuggling).
    /// Non-ASCII text is allowed; it goes out as UTF-8.
    public static func isFieldValueScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x09 || (scalar.value >= 0x20 && scalar.value != 0x7F)
    }

    /// A method or a header name: one or more token bytes.
    public static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    /// A field value may hold visible characters, spaces and tabs, never CR, LF, NUL or other controls.
    public static func isFieldValue(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy(isFieldValueScalar)
    }

    /// Why a header field cannot go on the wire (a name that is not a token, a value with CR,
    /// LF or another control character), or nil when it can.
    public static func headerProblem(name: String, value: String) -> String? {
        if !isToken(name) {
            return "invalid header name \(name.debugDescription): only letters, digits and !#$%&'*+-.^_`|~ are allowed"
        }
        if !isFieldValue(value) {
            return "invalid value for header \(name): it contains a control character (CR, LF, NUL, ...)"
        }
        return nil
    }
}
