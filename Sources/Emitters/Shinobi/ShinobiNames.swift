/// XML NCNames for ShinobiForms field names: checking, deterministic sanitising, unique assignment.
enum ShinobiNames {
    /// XML 1.0 (fifth edition) NameStartChar, without `:`.
    static func isStart(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF: return true
        default: return false
        }
    }

    /// XML 1.0 (fifth edition) NameChar, without `:`.
    static func isName(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return isStart(s)
        }
    }

    static func isNCName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isStart(first) else { return false }
        return name.unicodeScalars.allSatisfy(isName)
    }

    /// Every character that may not appear becomes `_`; a name that cannot start with its first
    /// character gets a leading `_`; the empty name becomes `_`.
    static func sanitize(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        for s in name.unicodeScalars { out.append(isName(s) ? s : "_") }
        var result = String(out)
        if let first = result.unicodeScalars.first, !isStart(first) { result = "_" + result }
        return result.isEmpty ? "_" : result
    }

    /// One NCName per id, in order: valid ids keep their name (the first holder of a repeated id keeps
    /// it); the others are sanitised and suffixed `_2`, `_3`, … until unique among all names.
    static func assign(_ ids: [String]) -> [String] {
        var taken = Set(ids.filter(isNCName))
        var given = Set<String>()
        var out: [String] = []
        for id in ids {
            if isNCName(id) && !given.contains(id) {
                given.insert(id)
                out.append(id)
                continue
            }
            let base = sanitize(id)
            var candidate = base
            var n = 2
            while taken.contains(candidate) || given.contains(candidate) {
                candidate = "\(base)_\(n)"
                n += 1
            }
            taken.insert(candidate)
            given.insert(candidate)
            out.append(candidate)
        }
        return out
    }
}
