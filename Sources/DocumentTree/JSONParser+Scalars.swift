import FormIR

/// Strings, numbers and UTF-8 validation for `JSONParser`.
extension JSONParser {
    /// Parses a string starting at the opening quote; leaves `i` after the closing quote.
    mutating func parseString() throws -> String {
        i += 1
        let start = i
        // Fast path: no escapes. Validate and find the closing quote.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw syntaxError(JSONReader.Message.controlCharacter) }
            if b < 0x80 { i += 1 } else { i += try validUTF8Length() }
        }
        guard i < bytes.count else { throw syntaxError(JSONReader.Message.unterminatedString) }
        // Slow path: copy into the scratch buffer, decoding escapes.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") {
                try parseEscape()
            } else if b < 0x20 {
                throw syntaxError(JSONReader.Message.controlCharacter)
            } else if b < 0x80 {
                scratch.append(b); i += 1
            } else {
                let n = try validUTF8Length()
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + n)]))
                i += n
            }
        }
        throw syntaxError(JSONReader.Message.unterminatedString)
    }

    private mutating func parseEscape() throws {
        let escapeStart = location()
        guard i + 1 < bytes.count else { throw syntaxError(JSONReader.Message.unterminatedString) }
        let c = bytes[i + 1]
        i += 2
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(c)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(at: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    let save = i
                    i += 2
                    let low = try hex4(at: escapeStart)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        i = save
                        scalar = 0xFFFD
                        diagnostics.warning("json.lone-surrogate", JSONReader.Message.loneSurrogate, at: escapeStart)
                    }
                } else {
                    scalar = 0xFFFD
                    diagnostics.warning("json.lone-surrogate", JSONReader.Message.loneSurrogate, at: escapeStart)
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
                diagnostics.warning("json.lone-surrogate", JSONReader.Message.loneSurrogate, at: escapeStart)
            }
            appendScalar(scalar)
        default:
            throw failure(JSONReader.Message.badEscape, at: escapeStart)
        }
    }

    private mutating func hex4(at escapeStart: SourceLocation) throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw failure(JSONReader.Message.badUnicodeEscape, at: escapeStart) }
        var v: UInt32 = 0
        for k in 0..<4 {
            let b = bytes[i + k]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw failure(JSONReader.Message.badUnicodeEscape, at: escapeStart)
            }
            v = v << 4 | UInt32(d)
        }
        i += 4
        return v
    }

    private mutating func appendScalar(_ v: UInt32) {
        switch v {
        case 0..<0x80: scratch.append(UInt8(v))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (v >> 6))); scratch.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (v >> 12))); scratch.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (v & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (v >> 18))); scratch.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((v >> 6) & 0x3F))); scratch.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// Length of the well-formed UTF-8 sequence at `i` (a non-ASCII lead byte), or a `json.invalid-utf8` failure.
    mutating func validUTF8Length() throws -> Int {
        if let n = JSONParser.utf8SequenceLength(bytes, at: i) { return n }
        throw failure(JSONReader.Message.invalidUTF8, at: location(), id: "json.invalid-utf8")
    }

    /// Length of the well-formed UTF-8 sequence starting at `i` (RFC 3629: no overlongs, no surrogates).
    static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let b0 = bytes[i]
        func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i + k < bytes.count && bytes[i + k] >= lo && bytes[i + k] <= hi
        }
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : nil
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }

    /// Parses a number per RFC 8259; integers that fit become `.int`, everything else `.double`.
    mutating func parseNumber() throws -> Node.Kind {
        let start = i
        var negative = false
        if bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw syntaxError(JSONReader.Message.badNumber) }
        var isInteger = true
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) { throw syntaxError(JSONReader.Message.badNumber) }
        } else {
            while i < bytes.count, isDigit(bytes[i]) {
                let (m, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(UInt64(bytes[i] - UInt8(ascii: "0")))
                if o1 || o2 { overflow = true }
                magnitude = s
                i += 1
            }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw syntaxError(JSONReader.Message.badNumber) }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw syntaxError(JSONReader.Message.badNumber) }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if isInteger && !overflow {
            if negative, magnitude <= UInt64(Int.max) + 1 {
                return .int(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude))
            }
            if !negative, magnitude <= UInt64(Int.max) { return .int(Int(magnitude)) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let d = Double(text) else { throw failure(JSONReader.Message.badNumber, at: position.location(at: start, in: bytes)) }
        // 1e999 parses as infinity, which no format formconv writes as JSON can carry back.
        guard d.isFinite else {
            throw failure(JSONReader.Message.numberOutOfRange(text), at: position.location(at: start, in: bytes), id: "json.number-range")
        }
        return .double(d)
    }

    @inline(__always) private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
