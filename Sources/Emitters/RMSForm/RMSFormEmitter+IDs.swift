import FormIR

/// The field ids the RMSForm reader gives the cells of one descriptor as it is written (docs/rmsform.md,
/// "Field ids"): a cell's key path (qualified by a represented object other than `:self`), else its
/// `bindVariable`, else a generated `<kind><n>` counted over the cells that have neither, made unique
/// with `_2`, `_3`, …. The emitter asks before each cell so that a display cell keeps its id (as its
/// `bindVariable`) whenever the reader would otherwise make one up.
struct RMSReadBackIDs {
    private var taken: Set<String> = []
    private var generated = 0

    /// The kinds the reader gives the cell classes RMSTableViews ships (any other class is `custom.<Class>`).
    static let shippedKinds: [String: FieldKind] = [
        "RMSTextEntryCell": .text, "RMSSwitchCell": .boolean, "RMSArrayPickerCell": .singleChoice,
        "RMSDatePickerCell": .date, "RMSButtonCell": .button, "RMSTargetActionCell": .button,
        "RMSNavigationCell": .button, "RMSWebViewCell": .webView, "RMSFormCell": .label,
        "RMSRightDetailFormCell": .label, "RMSDataCell": .label,
    ]

    /// The stem of a generated id for a cell of class `className` (`secure`: a text entry cell with
    /// `secureTextEntry`, read as a password).
    static func stem(className: String, secure: Bool) -> String {
        if className == "RMSTextEntryCell" && secure { return FieldKind.password.rawValue }
        return shippedKinds[className]?.rawValue ?? className
    }

    /// Whether `id` can be a `bindVariable`: a key-value coding key (letters, digits, `_`; not starting
    /// with a digit), which the view controller can declare as a property.
    static func isBindable(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return id.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// Whether a cell already read back as `id`.
    func isTaken(_ id: String) -> Bool { taken.contains(id) }

    /// The id the reader would make up for the next cell with neither key path nor bind variable.
    func generatedID(stem: String) -> String { unique(stem + String(generated + 1)) }

    /// Records a cell the reader identifies by `base` (its key path or bind variable) and returns its id.
    mutating func claim(_ base: String) -> String {
        let id = unique(base)
        taken.insert(id)
        return id
    }

    /// Records a cell with neither key path nor bind variable and returns the id the reader makes up.
    mutating func claimGenerated(stem: String) -> String {
        generated += 1
        return claim(stem + String(generated))
    }

    private func unique(_ base: String) -> String {
        var id = base
        var n = 2
        while taken.contains(id) { id = "\(base)_\(n)"; n += 1 }
        return id
    }
}
