import FormIR

/// Decodes `bplist00` binary property lists. Every offset, count and size is checked against the
/// input before it is used, so a hostile file fails with `plist.invalid` instead of reading out of
/// bounds, looping or allocating absurd amounts.
struct BinaryPlistDecoder {
    private let bytes: [UInt8]
    private let file: String
    private let limits: ParseLimits
    private let refSize: Int
    private let offsets: [Int]
    private let topObject: Int
    /// Objects live in `8..<objectsEnd` (the offset table follows them).
    private let objectsEnd: Int
    private var onPath: [Bool]
    private var decoded: [Int: (node: Node, count: Int)] = [:]
    private var produced = 0
    private let budget: Int
    var diagnostics = Diagnostics()

    private var here: SourceLocation { SourceLocation(file: file, line: 1, column: 1) }

    init(_ bytes: [UInt8], file: String, limits: ParseLimits) throws {
        self.bytes = bytes
        self.file = file
        self.limits = limits
        let at = SourceLocation(file: file, line: 1, column: 1)
        func invalid(_ m: String) -> ReadFailure { ReadFailure(id: "plist.invalid", "binary plist: " + m, at: at) }
        guard bytes.count >= 8, bytes[0..<8].elementsEqual("bplist00".utf8) else {
            throw invalid("unsupported version (only bplist00 is read)")
        }
        guard bytes.count >= 8 + 1 + 1 + 32 else { throw invalid("too short to hold a trailer") }
        let t = bytes.count - 32
        let offsetSize = Int(bytes[t + 6])
        refSize = Int(bytes[t + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else { throw invalid("invalid offset or reference size") }
        let count = Self.uint(bytes, at: t + 8, size: 8)
        let top = Self.uint(bytes, at: t + 16, size: 8)
        let tableOffset = Self.uint(bytes, at: t + 24, size: 8)
        guard count >= 1, count <= UInt64(bytes.count) else { throw invalid("object count \(count) is impossible for \(bytes.count) bytes") }
        guard top < count else { throw invalid("top object \(top) is not among the \(count) objects") }
        guard tableOffset >= 9, tableOffset <= UInt64(t),
              count <= (UInt64(t) - tableOffset) / UInt64(offsetSize) else {
            throw invalid("offset table lies outside the file")
        }
        let n = Int(count)
        objectsEnd = Int(tableOffset)
        var offsets: [Int] = []
        offsets.reserveCapacity(n)
        for k in 0..<n {
            let o = Self.uint(bytes, at: objectsEnd + k * offsetSize, size: offsetSize)
            guard o >= 8, o < tableOffset else { throw invalid("object \(k) starts outside the object area") }
            offsets.append(Int(o))
        }
        self.offsets = offsets
        topObject = Int(top)
        onPath = Array(repeating: false, count: n)
        // Every object once (its text by size), plus what sharing may add: `maxAliasNodes`.
        budget = n + objectsEnd / 64 + limits.maxAliasNodes
    }

    mutating func decode() throws -> Node { try object(topObject, depth: 0).node }

    private func invalid(_ m: String) -> ReadFailure { ReadFailure(id: "plist.invalid", "binary plist: " + m, at: here) }

    private static func uint(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var v: UInt64 = 0
        for k in 0..<size { v = v << 8 | UInt64(bytes[offset + k]) }
        return v
    }

    /// `size` bytes at `offset`, which must lie inside the object area.
    private func need(_ offset: Int, _ size: Int) throws {
        guard size >= 0, offset <= objectsEnd, size <= objectsEnd - offset else { throw invalid("object data runs past the object area") }
    }

    private mutating func object(_ ref: Int, depth: Int) throws -> (node: Node, count: Int) {
        guard ref < offsets.count else { throw invalid("reference \(ref) to a missing object") }
        if let done = decoded[ref] {
            produced += done.count
            guard produced <= budget else { throw invalid("shared objects expand beyond \(limits.maxAliasNodes) extra values") }
            return done
        }
        guard !onPath[ref] else { throw invalid("object \(ref) contains itself") }
        guard depth < limits.maxDepth else { throw ReadFailure(id: "plist.too-deep", PlistReader.Message.tooDeep(limits.maxDepth), at: here) }
        onPath[ref] = true
        defer { onPath[ref] = false }
        let o = offsets[ref]
        let marker = bytes[o]
        let info = Int(marker & 0x0F)
        var result: (node: Node, count: Int)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: result = (Node(.null, at: here), 1)
            case 0x08: result = (Node(.bool(false), at: here), 1)
            case 0x09: result = (Node(.bool(true), at: here), 1)
            default: throw invalid("unknown marker 0x\(String(marker, radix: 16)) in object \(ref)")
            }
        case 0x1: result = (Node(try integer(at: o), at: here), 1)
        case 0x2:
            try need(o + 1, 1 << info)
            switch info {
            case 2: result = (Node(.double(Double(Float(bitPattern: UInt32(Self.uint(bytes, at: o + 1, size: 4))))), at: here), 1)
            case 3: result = (Node(.double(Double(bitPattern: Self.uint(bytes, at: o + 1, size: 8))), at: here), 1)
            default: throw invalid("real of unsupported size in object \(ref)")
            }
        case 0x3:
            guard marker == 0x33 else { throw invalid("unknown marker 0x\(String(marker, radix: 16)) in object \(ref)") }
            try need(o + 1, 8)
            let seconds = Double(bitPattern: Self.uint(bytes, at: o + 1, size: 8))
            guard let iso = PlistDate.iso8601(sinceReferenceDate: seconds) else { throw invalid("date out of range in object \(ref)") }
            result = (Node(.date(iso), at: here), 1)
        case 0x4:
            let (start, n) = try length(at: o, unit: 1)
            result = (Node(.data(Array(bytes[start..<(start + n)])), at: here), Self.cost(bytes: n))
        case 0x5, 0x7:
            let (start, n) = try length(at: o, unit: 1)
            result = (Node(.string(String(decoding: bytes[start..<(start + n)], as: UTF8.self)), at: here), Self.cost(bytes: n))
        case 0x6:
            let (start, n) = try length(at: o, unit: 2)
            let units = (0..<n).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            result = (Node(.string(String(decoding: units, as: UTF16.self)), at: here), Self.cost(bytes: 2 * n))
        case 0x8:
            try need(o + 1, info + 1)
            let uid = Int(clamping: Self.uint(bytes, at: o + 1, size: info + 1))
            result = (Node(.mapping([(key: "CF$UID", keyLocation: here, value: Node(.int(uid), at: here))]), at: here), 2)
        case 0xA, 0xC:
            let (start, n) = try length(at: o, unit: refSize)
            var items: [Node] = []
            items.reserveCapacity(n)
            var count = 1
            for k in 0..<n {
                let child = try object(reference(at: start + k * refSize), depth: depth + 1)
                items.append(child.node)
                count += child.count
            }
            result = (Node(.array(items), at: here), count)
        case 0xD:
            let (start, n) = try length(at: o, unit: 2 * refSize)
            var entries: [(key: String, keyLocation: SourceLocation?, value: Node)] = []
            entries.reserveCapacity(n)
            var seen = Set<String>()
            var count = 1
            for k in 0..<n {
                let key = try object(reference(at: start + k * refSize), depth: depth + 1)
                guard let name = key.node.stringValue else { throw invalid("dictionary key in object \(ref) is not a string") }
                let value = try object(reference(at: start + (n + k) * refSize), depth: depth + 1)
                count += value.count
                guard seen.insert(name).inserted else {
                    diagnostics.error("plist.duplicate-key", "duplicate key '\(name)' in a binary dictionary; the first value is kept", at: here)
                    continue
                }
                entries.append((key: name, keyLocation: here, value: value.node))
            }
            result = (Node(.mapping(entries), at: here), count)
        default:
            throw invalid("unknown marker 0x\(String(marker, radix: 16)) in object \(ref)")
        }
        produced += result.count
        guard produced <= budget else { throw invalid("shared objects expand beyond \(limits.maxAliasNodes) extra values") }
        if marker >> 4 == 0xA || marker >> 4 == 0xC || marker >> 4 == 0xD { decoded[ref] = result }
        return result
    }

    /// What a string or data object costs against the budget: one node, and one more per 64 bytes, as
    /// YAML charges scalars. A string shared by every leaf of a tree of shared arrays is copied into each
    /// node: counting it as one value let 300 bytes of plist become hundreds of megabytes of text.
    private static func cost(bytes: Int) -> Int { 1 + bytes / 64 }

    private func reference(at offset: Int) -> Int { Int(clamping: Self.uint(bytes, at: offset, size: refSize)) }

    /// An integer object: 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes when it fits in `Int`.
    private func integer(at o: Int) throws -> Node.Kind {
        let marker = bytes[o]
        guard marker >> 4 == 0x1 else { throw invalid("expected an integer at byte \(o)") }
        let size = 1 << Int(marker & 0x0F)
        guard size <= 16 else { throw invalid("integer of unsupported size at byte \(o)") }
        try need(o + 1, size)
        if size == 16 {
            let high = Self.uint(bytes, at: o + 1, size: 8), low = Self.uint(bytes, at: o + 9, size: 8)
            if high == 0, low <= UInt64(Int.max) { return .int(Int(low)) }
            if high == UInt64.max, low > UInt64(Int.max) { return .int(Int(bitPattern: UInt(low))) }
            return .double(high == 0 ? Double(low) : -Double(~low &+ 1))
        }
        let v = Self.uint(bytes, at: o + 1, size: size)
        return .int(size == 8 ? Int(bitPattern: UInt(v)) : Int(v))
    }

    /// The start and element count of a variable-length object, checked to fit in the object area.
    private func length(at o: Int, unit: Int) throws -> (start: Int, count: Int) {
        let info = Int(bytes[o] & 0x0F)
        var start = o + 1
        var n = info
        if info == 0x0F {
            try need(o + 1, 1)
            guard case .int(let big) = try integer(at: o + 1), big >= 0 else { throw invalid("negative length at byte \(o)") }
            n = big
            start = o + 2 + (1 << Int(bytes[o + 1] & 0x0F))
        }
        guard n <= (objectsEnd - min(start, objectsEnd)) / max(unit, 1) else {
            throw invalid("length \(n) at byte \(o) runs past the object area")
        }
        try need(start, n * unit)
        return (start, n)
    }
}
