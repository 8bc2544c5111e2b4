import FormIR

/// A light scan of the raw document that finds what `XMLParser` does not report exactly: the position
/// of every start tag's `<`, the order and position of its attributes, where its content starts, the
/// entity declarations of the internal DTD subset and the custom entity references in content.
/// Start tags are listed in document order, which is the order of `XMLParser`'s start-element callbacks.
struct SourceMap {
    struct Tag {
        var name: String
        var line: Int
        var column: Int
        /// Attribute names with the line and column of each name, in source order.
        var attributes: [(name: String, line: Int, column: Int)]
        /// Scalar index just after the start tag's `>` (equal to the end for `<x/>`).
        var contentStart: Int
        var contentLine: Int
        var contentColumn: Int
    }

    /// An entity declared in the internal subset: its replacement text (`nil` for external entities).
    struct EntityDeclaration {
        var name: String
        var value: String?
        var line: Int
        var column: Int
    }

    let scalars: [Unicode.Scalar]
    private(set) var tags: [Tag] = []
    private(set) var entities: [EntityDeclaration] = []
    /// References to entities other than the five predefined ones and character references, outside the DTD.
    private(set) var entityReferences: [(name: String, line: Int, column: Int)] = []

    init(text: String) {
        scalars = Array(text.unicodeScalars)
        scan()
    }

    // MARK: Scanning

    private mutating func scan() {
        var cursor = Cursor(scalars: scalars)
        while !cursor.atEnd {
            let c = cursor.peek()
            if c == "<" {
                if cursor.hasPrefix("<!--") { cursor.skip(past: "-->") }
                else if cursor.hasPrefix("<![CDATA[") { cursor.skip(past: "]]>") }
                else if cursor.hasPrefix("<?") { cursor.skip(past: "?>") }
                else if cursor.hasPrefix("<!DOCTYPE") { scanDoctype(&cursor) }
                else if cursor.hasPrefix("</") { cursor.skip(past: ">") }
                else { scanStartTag(&cursor) }
            } else if c == "&" {
                let (line, column) = (cursor.line, cursor.column)
                cursor.advance()
                var name = ""
                while !cursor.atEnd, cursor.peek() != ";", name.unicodeScalars.count < 64, !Cursor.isSpace(cursor.peek()) {
                    name.unicodeScalars.append(cursor.peek()); cursor.advance()
                }
                if !name.hasPrefix("#"), !["lt", "gt", "amp", "quot", "apos"].contains(name) {
                    entityReferences.append((name, line, column))
                }
            } else {
                cursor.advance()
            }
        }
    }

    private mutating func scanStartTag(_ cursor: inout Cursor) {
        let (line, column) = (cursor.line, cursor.column)
        cursor.advance()
        let name = cursor.readName()
        guard !name.isEmpty else { return }
        var attributes: [(String, Int, Int)] = []
        while !cursor.atEnd {
            let c = cursor.peek()
            if c == ">" { cursor.advance(); break }
            if c == "/" && cursor.hasPrefix("/>") { cursor.advance(); cursor.advance(); break }
            if c == "\"" || c == "'" {
                cursor.advance()
                while !cursor.atEnd, cursor.peek() != c { cursor.advance() }
                cursor.advance()
            } else if Cursor.isNameStart(c) {
                let (l, col) = (cursor.line, cursor.column)
                attributes.append((cursor.readName(), l, col))
            } else {
                cursor.advance()
            }
        }
        tags.append(Tag(name: name, line: line, column: column, attributes: attributes,
                        contentStart: cursor.index, contentLine: cursor.line, contentColumn: cursor.column))
    }

    private mutating func scanDoctype(_ cursor: inout Cursor) {
        var depth = 0
        while !cursor.atEnd {
            let c = cursor.peek()
            if c == "[" { depth += 1; cursor.advance() }
            else if c == "]" { depth -= 1; cursor.advance() }
            else if c == ">" && depth <= 0 { cursor.advance(); return }
            else if c == "\"" || c == "'" {
                cursor.advance()
                while !cursor.atEnd, cursor.peek() != c { cursor.advance() }
                cursor.advance()
            } else if cursor.hasPrefix("<!--") { cursor.skip(past: "-->") }
            else if cursor.hasPrefix("<!ENTITY") { scanEntity(&cursor) }
            else { cursor.advance() }
        }
    }

    private mutating func scanEntity(_ cursor: inout Cursor) {
        let (line, column) = (cursor.line, cursor.column)
        for _ in 0..<8 { cursor.advance() }
        cursor.skipSpaces()
        let isParameter = cursor.peekIs("%")
        if isParameter { cursor.advance(); cursor.skipSpaces() }
        let name = cursor.readName()
        cursor.skipSpaces()
        var value: String?
        if cursor.peekIs("\"") || cursor.peekIs("'") {
            let q = cursor.peek()
            cursor.advance()
            var v = String.UnicodeScalarView()
            while !cursor.atEnd, cursor.peek() != q { v.append(cursor.peek()); cursor.advance() }
            cursor.advance()
            value = String(v)
        }
        while !cursor.atEnd, cursor.peek() != ">" {
            if cursor.peek() == "\"" || cursor.peek() == "'" {
                let q = cursor.peek()
                cursor.advance()
                while !cursor.atEnd, cursor.peek() != q { cursor.advance() }
            }
            cursor.advance()
        }
        cursor.advance()
        if !isParameter { entities.append(EntityDeclaration(name: name, value: value, line: line, column: column)) }
    }

    // MARK: Content positions

    /// The file position of the scalar at `offset` in the decoded character data of the element whose
    /// start tag is `tagIndex`: walks the raw content, counting entity and character references as one
    /// scalar, CDATA content one for one, skipping comments, and `\r\n` as one newline.
    func contentPosition(tagIndex: Int, decodedOffset offset: Int) -> (line: Int, column: Int)? {
        guard tags.indices.contains(tagIndex) else { return nil }
        let tag = tags[tagIndex]
        var cursor = Cursor(scalars: scalars, index: tag.contentStart, line: tag.contentLine, column: tag.contentColumn)
        var decoded = 0
        var inCDATA = false
        while !cursor.atEnd {
            if inCDATA {
                if cursor.hasPrefix("]]>") { inCDATA = false; for _ in 0..<3 { cursor.advance() }; continue }
            } else if cursor.hasPrefix("<![CDATA[") {
                for _ in 0..<9 { cursor.advance() }
                inCDATA = true
                continue
            } else if cursor.hasPrefix("<!--") {
                cursor.skip(past: "-->"); continue
            } else if cursor.hasPrefix("<?") {
                cursor.skip(past: "?>"); continue
            } else if cursor.peekIs("<") {
                break
            }
            if decoded == offset { return (cursor.line, cursor.column) }
            if !inCDATA && cursor.peekIs("&") {
                var name = ""
                let here = (cursor.line, cursor.column)
                cursor.advance()
                while !cursor.atEnd, cursor.peek() != ";", !cursor.peekIs("<") { name.unicodeScalars.append(cursor.peek()); cursor.advance() }
                cursor.advance()
                let predefined = name.hasPrefix("#") || ["lt", "gt", "amp", "quot", "apos"].contains(name)
                if predefined { decoded += 1 } else if decoded == offset { return here }
                continue
            }
            if cursor.hasPrefix("\r\n") { cursor.advance() }
            cursor.advance()
            decoded += 1
        }
        return decoded == offset ? (cursor.line, cursor.column) : nil
    }
}

/// A position in the scalar array with its 1-based line and column.
struct Cursor {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1
    var column = 1

    init(scalars: [Unicode.Scalar], index: Int = 0, line: Int = 1, column: Int = 1) {
        self.scalars = scalars
        self.index = index
        self.line = line
        self.column = column
    }

    var atEnd: Bool { index >= scalars.count }
    func peek() -> Unicode.Scalar { scalars[index] }
    func peekIs(_ c: Unicode.Scalar) -> Bool { !atEnd && scalars[index] == c }

    func hasPrefix(_ s: String) -> Bool {
        var i = index
        for c in s.unicodeScalars {
            guard i < scalars.count, scalars[i] == c else { return false }
            i += 1
        }
        return true
    }

    mutating func advance() {
        guard !atEnd else { return }
        let c = scalars[index]
        index += 1
        if c == "\n" || (c == "\r" && !peekIs("\n")) { line += 1; column = 1 }
        else if c != "\r" { column += 1 }
    }

    mutating func skip(past end: String) {
        while !atEnd && !hasPrefix(end) { advance() }
        for _ in end.unicodeScalars { advance() }
    }

    mutating func skipSpaces() { while !atEnd, Cursor.isSpace(peek()) { advance() } }

    mutating func readName() -> String {
        var s = String.UnicodeScalarView()
        while !atEnd, Cursor.isNameChar(peek()) { s.append(peek()); advance() }
        return String(s)
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == ":" || (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || c.value >= 0xC0
    }
    static func isNameChar(_ c: Unicode.Scalar) -> Bool {
        isNameStart(c) || c == "-" || c == "." || (c >= "0" && c <= "9") || c.value == 0xB7
    }
}
