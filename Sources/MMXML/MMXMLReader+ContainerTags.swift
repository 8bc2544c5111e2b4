import FormIR

/// The language's form, page and group vocabulary beyond the structure: colours (IR `Color`s:
/// `requireditemcolor`, `optionalitemcolor` ⇒ `Form.requiredItemColor`, `optionalItemColor`, page `bgcolor` ⇒ `Page.backgroundColor`),
/// and what has no IR property, kept as documented `mmxml.<name>` extensions (docs/mmxml.md) that the
/// emitter writes back in place: page `leftPageMargin`, `rightPageMargin`, `pdfInfo`; attributes
/// `charityName`, `presentationStyle`, `forceReceipt`, group `number`.
extension ReadSession {
    /// A tag holding a colour (`#RRGGBB` or a name `Color` knows) into `color`; a value that is no
    /// colour, or a second such tag, is kept as written and reported.
    func readColor(_ e: MMElement, into color: inout Color?, extensions: inout Extensions, path: String, owner: String) {
        guard color == nil else {
            return keepTag(e, in: &extensions, path: path, owner: owner, id: "mmxml.repeated-tag",
                           message: "\(owner) already has a <\(e.name)>; this one is kept but does not count")
        }
        guard let c = Color(e.text) else {
            return keepTag(e, in: &extensions, path: path, owner: owner, id: "mmxml.invalid-value",
                           message: "<\(e.name)> of \(owner): '\(e.text)' is not a colour (#RRGGBB or a name MM XML knows); kept as written")
        }
        color = c
    }

    /// A tag holding a number (a page margin): `mmxml.<tag>`, as written.
    func keepNumber(_ e: MMElement, in extensions: inout Extensions, path: String, owner: String) {
        guard Self.double(e.text) != nil else {
            return keepTag(e, in: &extensions, path: path, owner: owner, id: "mmxml.invalid-value",
                           message: "<\(e.name)> of \(owner): '\(e.text)' is not a number; kept as written")
        }
        keepValue(.string(e.text), of: e, in: &extensions, path: path, owner: owner)
    }

    /// A whole element (`pdfInfo`): `mmxml.<tag>`, as `ReadSession.preserved` keeps elements.
    func keepElement(_ e: MMElement, in extensions: inout Extensions, path: String, owner: String) {
        keepValue(Self.preserved(e), of: e, in: &extensions, path: path, owner: owner)
    }

    /// `mmxml.<e.name>` = `value`; a second such tag is kept as written and reported.
    private func keepValue(_ value: Value, of e: MMElement, in extensions: inout Extensions, path: String, owner: String) {
        let key = "mmxml.\(e.name)"
        guard extensions[key] == nil else {
            return keepTag(e, in: &extensions, path: path, owner: owner, id: "mmxml.repeated-tag",
                           message: "\(owner) already has a <\(e.name)>; this one is kept but does not count")
        }
        extensions[key] = value
    }

    /// A container attribute of the language without an IR property (`forceReceipt`, group `number`,
    /// `charityName`, `presentationStyle`): `mmxml.<name>`; `false` when `a` is none of them.
    func keepContainerAttribute(_ a: MMElement.Attribute, on tag: String, in extensions: inout Extensions, path: String) -> Bool {
        switch (tag, a.name) {
        case ("page", "forceReceipt"), ("group", "forceReceipt"):
            if let b = bool(a, in: &extensions, path: path, owner: "<\(tag)>") { extensions["mmxml.forceReceipt"] = .bool(b) }
        case ("group", "number"):
            if a.value.count != 1 || !("1"..."9").contains(a.value) {
                warning("mmxml.invalid-value", "group number '\(a.value)' is not a digit 1–9; kept as written", at: a.location, path: path)
            }
            extensions["mmxml.number"] = .string(a.value)
        case ("form", "charityName"), ("form", "presentationStyle"):
            extensions["mmxml.\(a.name)"] = .string(a.value)
        default:
            return false
        }
        return true
    }
}
