extension URITemplate {
    /// The eight expression types; their behaviour is the table in RFC 6570 Appendix A.
    enum Operator: Sendable {
        case simple, reserved, fragment, label, pathSegment, pathParameter, query, queryContinuation

        init?(_ scalar: Unicode.Scalar) {
            switch scalar {
            case "+": self = .reserved
            case "#": self = .fragment
            case ".": self = .label
            case "/": self = .pathSegment
            case ";": self = .pathParameter
            case "?": self = .query
            case "&": self = .queryContinuation
            default: return nil
            }
        }

        /// Emitted before the first defined variable.
        var first: String {
            switch self {
            case .simple, .reserved: ""
            case .fragment: "#"
            case .label: "."
            case .pathSegment: "/"
            case .pathParameter: ";"
            case .query: "?"
            case .queryContinuation: "&"
            }
        }

        /// Emitted between variables and between exploded members.
        var separator: UInt8 {
            switch self {
            case .simple, .reserved, .fragment: UInt8(ascii: ",")
            case .label: UInt8(ascii: ".")
            case .pathSegment: UInt8(ascii: "/")
            case .pathParameter: UInt8(ascii: ";")
            case .query, .queryContinuation: UInt8(ascii: "&")
            }
        }

        /// Whether values are written as `name=value`.
        var named: Bool { self == .pathParameter || self == .query || self == .queryContinuation }

        /// What follows the name of an empty value: `;x` but `?x=`.
        var ifEmpty: String { self == .pathParameter ? "" : "=" }

        var allowsReserved: Bool { self == .reserved || self == .fragment }
    }
}

extension URITemplate.Expression {
    /// RFC 6570 Appendix A, one variable at a time; undefined variables (missing, empty list or
    /// empty object) contribute nothing, not even a separator.
    func expand(_ values: [String: URITemplate.Value]) throws(URITemplateError) -> String {
        var out: [UInt8] = []
        var isFirst = true
        for spec in variables {
            guard let value = values[spec.name], !value.isUndefined else { continue }
            out.append(contentsOf: isFirst ? Array(op.first.utf8) : [op.separator])
            isFirst = false
            switch value {
            case .string(let text):
                appendNamed(spec.name, truncated(text, to: spec.prefix), to: &out)
            case .list(let items):
                try rejectPrefix(spec, kind: "list")
                if spec.explode {
                    for (index, item) in items.enumerated() {
                        if index > 0 { out.append(op.separator) }
                        if op.named { appendNamed(spec.name, item[...], to: &out) } else { encode(item[...], to: &out) }
                    }
                } else {
                    appendJoined(spec.name, items, to: &out)
                }
            case .object(let pairs):
                try rejectPrefix(spec, kind: "object")
                if spec.explode {
                    for (index, (key, item)) in pairs.enumerated() {
                        if index > 0 { out.append(op.separator) }
                        if op.named {
                            appendNamed(key, item[...], nameIsEncoded: false, to: &out)
                        } else {
                            encode(key[...], to: &out)
                            out.append(UInt8(ascii: "="))
                            encode(item[...], to: &out)
                        }
                    }
                } else {
                    appendJoined(spec.name, pairs.flatMap { [$0.0, $0.1] }, to: &out)
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The RFC defines prefixes for strings only, so a prefix on a composite value is an error.
    private func rejectPrefix(_ spec: URITemplate.VarSpec, kind: String) throws(URITemplateError) {
        guard let prefix = spec.prefix else { return }
        throw URITemplateError(
            position: spec.position,
            message: "prefix modifier ':\(prefix)' cannot be applied to \(kind) variable '\(spec.name)'")
    }

    /// `value` alone, or `name=value` / `name` + ifemp for named operators.
    private func appendNamed(_ name: String, _ value: Substring, nameIsEncoded: Bool = true, to out: inout [UInt8]) {
        if op.named {
            // Variable names are valid URI text already (varchars and pct-encoded); object keys are data.
            if nameIsEncoded { out.append(contentsOf: name.utf8) } else { encode(name[...], to: &out) }
            if value.isEmpty {
                out.append(contentsOf: op.ifEmpty.utf8)
                return
            }
            out.append(UInt8(ascii: "="))
        }
        encode(value, to: &out)
    }

    /// Unexploded composite: members joined by ",", as the value of `name` for named operators.
    private func appendJoined(_ name: String, _ members: [String], to out: inout [UInt8]) {
        var joined: [UInt8] = []
        for (index, member) in members.enumerated() {
            if index > 0 { joined.append(UInt8(ascii: ",")) }
            encode(member[...], to: &joined)
        }
        if op.named {
            out.append(contentsOf: name.utf8)
            out.append(contentsOf: joined.isEmpty ? Array(op.ifEmpty.utf8) : [UInt8(ascii: "=")])
        }
        out.append(contentsOf: joined)
    }

    private func encode(_ text: Substring, to out: inout [UInt8]) {
        URITemplate.Encoding.append(text, allowReserved: op.allowsReserved, to: &out)
    }

    /// The first `prefix` Unicode scalars, so a multi-byte character is never split.
    private func truncated(_ text: String, to prefix: Int?) -> Substring {
        guard let prefix else { return text[...] }
        let scalars = text.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: prefix, limitedBy: scalars.endIndex) ?? scalars.endIndex
        return Substring(scalars[..<end])
    }
}
