import CLibXML2
import FormIR

/// Entity bookkeeping: declarations are recorded with their positions and their expanded size is
/// bounded when declared (the "billion laughs" fails at the declaration that crosses the limit);
/// references in content are recorded and their total expansion is bounded too.
extension XMLTreeBuilder {
    /// Records a declaration; `false` (and a failure) when its expansion is over the limit.
    func declare(name: UnsafePointer<xmlChar>, type: Int32, systemID: UnsafePointer<xmlChar>?,
                 content: UnsafeMutablePointer<xmlChar>?) -> Bool {
        guard failure == nil else { return false }
        let name = String(cString: name)
        let kind = xmlEntityType(rawValue: UInt32(type))
        let isParameter = kind == XML_INTERNAL_PARAMETER_ENTITY || kind == XML_EXTERNAL_PARAMETER_ENTITY
        let isInternal = kind == XML_INTERNAL_GENERAL_ENTITY || kind == XML_INTERNAL_PARAMETER_ENTITY
        let value = isInternal ? content.map { String(cString: $0) } ?? "" : nil
        let at = declarationPosition()
        declarations.append(XMLEntityDeclaration(name: name, value: value, systemID: systemID.map { String(cString: $0) },
                                                 isParameter: isParameter, line: at.line, column: at.column))
        guard let value else { return true }
        if kind == XML_INTERNAL_GENERAL_ENTITY, let content,
           let excess = XMLAttributeBound.firstExcess(in: UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))),
                                                      limit: limits.maxAttributes) {
            // libxml2 parses the replacement text at the first reference, start tags and all.
            fail(ReadFailure(id: ids.tooManyAttributes,
                             "entity '\(name.excerpt())' holds an element <\(excess.name.excerpt())> with more than \(limits.maxAttributes) attributes, the limit on one element",
                             at: location(at)))
            return false
        }
        var size = value.unicodeScalars.count
        for ref in Self.references(in: value) {
            if ref == name {
                fail(ReadFailure(id: ids.entityExpansion, "entity '\(name)' refers to itself", at: location(at)))
                return false
            }
            size += entitySizes[ref] ?? 0
            if size > limits.maxEntityExpansion { break }
        }
        if size > limits.maxEntityExpansion {
            fail(ReadFailure(id: ids.entityExpansion,
                             "entity '\(name)' expands to more than \(limits.maxEntityExpansion) characters; refusing to expand it",
                             at: location(at)))
            return false
        }
        if entitySizes[name] == nil { entitySizes[name] = size }
        return true
    }

    /// At the end of the internal subset (before any content): every declared entity's full expansion,
    /// references declared later and cycles included, is bounded.
    func checkDeclarations() {
        guard failure == nil, !declarations.isEmpty else { return }
        var values: [String: XMLEntityDeclaration] = [:]
        for d in declarations where values[d.name] == nil && d.value != nil { values[d.name] = d }
        var sizes: [String: Int] = [:]
        var open: Set<String> = []
        func size(_ name: String) -> Int? {
            if let s = sizes[name] { return s }
            guard let d = values[name], let value = d.value else { return 0 }
            if open.contains(name) {
                fail(ReadFailure(id: ids.entityExpansion, "entity '\(name)' refers to itself",
                                 at: SourceLocation(file: file, line: d.line, column: d.column)))
                return nil
            }
            open.insert(name)
            defer { open.remove(name) }
            var total = value.unicodeScalars.count
            for ref in Self.references(in: value) {
                guard let s = size(ref) else { return nil }
                total += s
                if total > limits.maxEntityExpansion {
                    fail(ReadFailure(id: ids.entityExpansion,
                                     "entity '\(name)' expands to more than \(limits.maxEntityExpansion) characters; refusing to expand it",
                                     at: SourceLocation(file: file, line: d.line, column: d.column)))
                    return nil
                }
            }
            sizes[name] = total
            return total
        }
        for d in declarations where d.value != nil {
            guard size(d.name) != nil else { return }
        }
        entitySizes = sizes
    }

    /// References to declared entities inside the attribute values of the start tag at `range`.
    func countAttributeReferences(_ range: Range<Int>) {
        var i = range.lowerBound
        while i < range.upperBound {
            if source[i] == UInt8(ascii: "&") {
                var j = i + 1
                while j < range.upperBound, source[j] != UInt8(ascii: ";"), j - i < 128 { j += 1 }
                if j < range.upperBound, source[j] == UInt8(ascii: ";") {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: source[(i + 1)..<j]), as: UTF8.self)
                    expanded += entitySizes[name] ?? 0
                    if expanded > limits.maxEntityExpansion {
                        let at = XMLPositionCursor.locate(i, in: source)
                        return fail(ReadFailure(id: ids.entityExpansion,
                                                "references to entity '\(name)' expand to more than \(limits.maxEntityExpansion) characters; refusing to expand them",
                                                at: location(at)))
                    }
                }
                i = j
            } else {
                i += 1
            }
        }
    }

    /// Records a reference to a declared entity in content (its `&`), bounding the total expansion.
    func reference(_ name: UnsafePointer<xmlChar>) {
        guard failure == nil, !source.isEmpty else { return }
        let name = String(cString: name)
        var amp = min(offset, source.count - 1)
        while amp > 0 && source[amp] != UInt8(ascii: "&") { amp -= 1 }
        let at = cursor.move(to: amp, in: source)
        references.append(XMLEntityReference(name: name, line: at.line, column: at.column))
        expanded += entitySizes[name] ?? 0
        if expanded > limits.maxEntityExpansion {
            fail(ReadFailure(id: ids.entityExpansion,
                             "references to entity '\(name)' expand to more than \(limits.maxEntityExpansion) characters; refusing to expand them",
                             at: location(at)))
        }
    }

    /// The `<!ENTITY` before the parser's position.
    private func declarationPosition() -> (line: Int, column: Int) {
        let needle = Array("<!ENTITY".utf8)
        var i = min(offset, source.count) - needle.count
        while i > 0 {
            if source[i] == needle[0], source[i + 1] == needle[1], Array(source[i..<(i + needle.count)]) == needle { break }
            i -= 1
        }
        return cursor.move(to: max(i, 0), in: source)
    }

    /// Names of the `&name;` and `%name;` references in replacement text.
    static func references(in value: String) -> [String] {
        var out: [String] = []
        var name: String?
        for c in value.unicodeScalars {
            if c == "&" || c == "%" { name = "" }
            else if c == ";" { if let n = name, !n.isEmpty, !n.hasPrefix("#") { out.append(n) }; name = nil }
            else if name != nil { name!.unicodeScalars.append(c) }
        }
        return out
    }
}
