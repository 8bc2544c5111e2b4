extension ElementTreeBuilder.State {
    /// Appends what the builder of a document's second half built (`XMLTreeReader+Halves.swift`): its
    /// root's children after this root's, its root's character data after this root's. Its root, a
    /// repetition of this one's start tag, goes. Name numbers, attribute and text offsets are renumbered;
    /// positions are already the document's. The result is the document the one-thread parse builds,
    /// but for where texts stand in `bytes`.
    mutating func append(secondHalf tail: Self) {
        guard tail.elements.count > 1 else { return appendRootText(of: tail) }
        let names = tail.names.strings.map { name in
            Array(name.utf8).withUnsafeBufferPointer { self.names.intern($0) }
        }
        // The second root's attributes come first in its arrays.
        let rootAttributes = Int(tail.elements[1].firstAttribute)
        let attributeShift = Int32(attributes.count - rootAttributes)
        let elementShift = Int32(elements.count - 1)
        let byteShift = UInt32(bytes.count)
        bytes.append(contentsOf: tail.bytes)
        attributes.reserveCapacity(attributes.count + tail.attributes.count - rootAttributes)
        for var a in tail.attributes[rootAttributes...] {
            a.name = names[Int(a.name)]
            a.valueStart += byteShift
            attributes.append(a)
        }
        elements.reserveCapacity(elements.count + tail.elements.count - 1)
        for var e in tail.elements[1...] {
            e.name = names[Int(e.name)]
            e.firstAttribute += attributeShift
            e.end += elementShift
            if e.textCount > 0 { e.textStart += byteShift }
            elements.append(e)
        }
        elements[0].end = Int32(elements.count)
        appendRootText(of: tail)
    }

    /// Makes the root's text this root's followed by `tail`'s root's.
    private mutating func appendRootText(of tail: Self) {
        let more = Int(tail.elements[0].textCount)
        guard more > 0 else { return }
        let own = Int(elements[0].textStart)..<(Int(elements[0].textStart) + Int(elements[0].textCount))
        let ownText = Array(bytes[own])  // a copy: appending a slice of `bytes` to itself would copy all of it
        let start = bytes.count
        bytes.append(contentsOf: ownText)
        let tailStart = Int(tail.elements[0].textStart)
        bytes.append(contentsOf: tail.bytes[tailStart..<(tailStart + more)])
        elements[0].textStart = UInt32(start)
        elements[0].textCount = UInt32(bytes.count - start)
    }
}
