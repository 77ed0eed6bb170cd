/// Quotes arguments so any POSIX shell reads them back unchanged.
enum CurlShellQuoting {
    /// Bare when only safe characters; `'…'` (with `'\''` for a quote) normally; `$'…'` when the text
    /// holds control or invisible direction characters, so printing the command can't drive the
    /// terminal or hide text. `$'…'` is POSIX since 2024 and in bash, zsh and ksh for decades.
    static func quote(_ argument: String) -> String {
        let scalars = argument.unicodeScalars
        if !scalars.isEmpty && scalars.allSatisfy(isSafe) { return argument }
        if scalars.contains(where: needsEscape) { return ansiC(argument) }
        var quoted = "'"
        for scalar in scalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }

    static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        CurlText.isASCIILetter(scalar) || ("0"..."9").contains(scalar) || "_@%+=:,./-".unicodeScalars.contains(scalar)
    }

    /// Newline and tab read fine inside `'…'` (pretty JSON); other controls, C1 controls and
    /// bidirectional overrides do not.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func ansiC(_ argument: String) -> String {
        var quoted = "$'"
        for scalar in argument.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "'": quoted += "\\'"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where needsEscape(scalar):
                // Fixed width, so a following hex digit is never read as part of the escape.
                quoted += scalar.value < 0x80 ? "\\x" + hex(scalar.value, width: 2) : "\\u" + hex(scalar.value, width: 4)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }

    /// `printf '…'` writing `bytes` exactly (NUL and non-UTF-8 included), with POSIX octal escapes.
    static func printf(_ bytes: [UInt8]) -> String {
        var format = "printf '"
        for byte in bytes {
            let printable = byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\")
                && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "'")
            if printable {
                format.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                format += "\\" + String(repeating: "0", count: 3 - String(byte, radix: 8).count) + String(byte, radix: 8)
            }
        }
        return format + "'"
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
