/// YAML 1.2 core schema resolution of plain scalars, and the explicit core tags.
enum YAMLScalarResolver {
    static let tagPrefix = "tag:yaml.org,2002:"
    /// The tags formconv accepts; anything else is `yaml.unknown-tag`.
    static let coreTags: Set<String> = ["str", "int", "float", "bool", "null", "seq", "map"].reduce(into: []) {
        $0.insert(tagPrefix + $1)
    }

    /// The node kind of a plain (unquoted, untagged) scalar.
    static func resolvePlain(_ s: String) -> Node.Kind {
        if let k = resolveNull(s) ?? resolveBool(s) ?? resolveInt(s) ?? resolveFloat(s) { return k }
        return .string(s)
    }

    static func resolveNull(_ s: String) -> Node.Kind? {
        switch s {
        case "", "~", "null", "Null", "NULL": return .null
        default: return nil
        }
    }

    static func resolveBool(_ s: String) -> Node.Kind? {
        switch s {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: return nil
        }
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`; decimal integers too large for `Int` become doubles.
    static func resolveInt(_ s: String) -> Node.Kind? {
        let u = Array(s.utf8)
        guard !u.isEmpty else { return nil }
        if u.count > 2, u[0] == UInt8(ascii: "0"), u[1] == UInt8(ascii: "o") || u[1] == UInt8(ascii: "x") {
            let radix = u[1] == UInt8(ascii: "o") ? 8 : 16
            guard let v = Int(String(decoding: u[2...], as: UTF8.self), radix: radix),
                  u[2...].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else { return nil }
            return .int(v)
        }
        var digits = u[...]
        if u[0] == UInt8(ascii: "+") || u[0] == UInt8(ascii: "-") { digits = u[1...] }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if let v = Int(s) { return .int(v) }
        return Double(s).map { .double($0) }
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?.inf`, `.nan` (three spellings each).
    static func resolveFloat(_ s: String) -> Node.Kind? {
        switch s {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        let u = Array(s.utf8)
        var i = 0
        if i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
        let isDigit = { (b: UInt8) in b >= 0x30 && b <= 0x39 }
        var intDigits = 0, fracDigits = 0
        while i < u.count, isDigit(u[i]) { i += 1; intDigits += 1 }
        if i < u.count, u[i] == UInt8(ascii: ".") {
            i += 1
            while i < u.count, isDigit(u[i]) { i += 1; fracDigits += 1 }
        }
        guard intDigits > 0 || fracDigits > 0 else { return nil }
        if i < u.count, u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E") {
            i += 1
            if i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") { i += 1 }
            var expDigits = 0
            while i < u.count, isDigit(u[i]) { i += 1; expDigits += 1 }
            guard expDigits > 0 else { return nil }
        }
        guard i == u.count else { return nil }
        return Double(s).map { .double($0) }
    }

    /// Resolves a scalar with an explicit core tag; `nil` when the text is not a value of that tag.
    static func resolveTagged(_ s: String, tag: String) -> Node.Kind? {
        switch tag {
        case tagPrefix + "str": return .string(s)
        case tagPrefix + "null": return resolveNull(s)
        case tagPrefix + "bool": return resolveBool(s)
        case tagPrefix + "int": return resolveInt(s).flatMap { if case .int = $0 { return $0 }; return nil }
        case tagPrefix + "float":
            if let f = resolveFloat(s) { return f }
            if case .int(let i)? = resolveInt(s) { return .double(Double(i)) }
            return nil
        default: return nil
        }
    }

    /// Whether a string written plain would read back as something other than that string, under
    /// the YAML 1.2 core schema or the YAML 1.1 rules PyYAML and older tools apply
    /// (`yes`/`no`/`on`/`off`, timestamps, sexagesimal and underscored numbers, `=`, `<<`).
    static func needsQuoting(_ s: String) -> Bool {
        guard let first = s.utf8.first else { return true }
        if case .string = resolvePlain(s) {} else { return true }
        switch s.lowercased() {
        case "y", "n", "yes", "no", "on", "off", "=", "<<", "~", "null", "true", "false": return true
        default: break
        }
        // Anything starting like a number (digits, sign, dot) may be a 1.1 int, float or timestamp.
        if (first >= 0x30 && first <= 0x39) || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
            || first == UInt8(ascii: ".") { return true }
        return false
    }
}
