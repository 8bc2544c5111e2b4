import FormIR
import Lowering

extension DiffCollector {
    /// Every difference between two matched fields.
    mutating func compareField(_ o: FieldSite, _ n: FieldSite) {
        let of = o.field, nf = n.field
        let ol = of.location, nl = nf.location
        let name = n.name
        if o.name != n.name {
            if o.holdsValue {
                add("field.renamed", .breaking, name, old: o.name, new: n.name,
                    "field '\(o.name)' was renamed to '\(n.name)': answers submitted under '\(o.name)' no longer arrive there", ol, nl)
            } else {
                add("decoration.renamed", .info, name, old: o.name, new: n.name,
                    "\(nf.kind.rawValue) '\(o.name)' was renamed to '\(n.name)'", ol, nl)
            }
        }
        if sectionMap[o.section] != n.section {
            add("field.moved", .info, name, old: "\(o.page)/\(o.section)", new: "\(n.page)/\(n.section)",
                "field '\(name)' moved from \(o.section) to \(n.section)", ol, nl)
        }
        compareKind(o, n)
        if o.holdsValue { compareSubmission(o, n) }
        // A field that now holds another class of value (a check box become a choice) changed as a
        // whole: its options are part of `field.kind-changed`.
        if valueClass(of) == valueClass(nf) { compareOptions(of, nf, name) }
        compareValidation(of.validation, nf.validation, name, kinds: (of.kind, nf.kind), ol, nl)
        if defaultText(of) != defaultText(nf) {
            add("default.changed", .warning, name, old: of.defaultValue?.displayText, new: nf.defaultValue?.displayText,
                "the default of '\(name)' changed from \(shown(of.defaultValue)) to \(shown(nf.defaultValue))", ol, nl)
        }
        if of.isHidden != nf.isHidden && !(oldRuled.contains(of.id) && newRuled.contains(nf.id)) {
            // A hidden field submits only when forced: hiding one may stop its value arriving.
            let stops = SubmissionModel.isSubmitted(of) && !SubmissionModel.isSubmitted(nf)
            add("visibility.changed", stops ? .breaking : .warning, name, old: of.isHidden ? "hidden" : "shown",
                new: nf.isHidden ? "hidden" : "shown",
                "'\(name)' now starts \(nf.isHidden ? "hidden" : "shown")" + (stops ? " and is no longer submitted" : ""), ol, nl)
        }
        // A field of a read-only form is read-only whatever its own flag (docs/ir.md, `Form.isDisabled`):
        // its own flag changing there (a target writing the form's state on every field) changes
        // nothing the person sees; the form's own change is the form's (`compareForm`).
        let wasDisabled = of.isDisabled || old.isDisabled, isDisabled = nf.isDisabled || new.isDisabled
        if of.isDisabled != nf.isDisabled && wasDisabled != isDisabled {
            add("editable.changed", .warning, name, old: of.isDisabled ? "read-only" : "editable",
                new: nf.isDisabled ? "read-only" : "editable", "'\(name)' is now \(nf.isDisabled ? "read-only" : "editable")", ol, nl)
        }
        if of.actions != nf.actions {
            add("actions.changed", .warning, name, old: "\(of.actions.count) action(s)", new: "\(nf.actions.count) action(s)",
                "what '\(name)' does when tapped or changed is different", ol, nl)
        }
        if Self.isDisplayItem(of), Self.isDisplayItem(nf) {
            compareTexts(Self.shownTexts(of), Self.shownTexts(nf), owner: name, ol, nl)
        } else {
            compareTexts(of.texts.all, nf.texts.all, owner: name, ol, nl)
        }
        // No presentation means the format's default control: a target that names its default is no change.
        if let op = of.presentation, let np = nf.presentation, op != np, valueType(of) == valueType(nf) {
            add("presentation.changed", .info, name, old: of.presentation?.rawValue, new: nf.presentation?.rawValue,
                "'\(name)' is shown as \(np.rawValue) instead of \(op.rawValue)", ol, nl)
        }
        if of.layout != nf.layout {
            add("layout.changed", .info, name, "the position or size of '\(name)' changed", ol, nl)
        }
        if of.style != nf.style {
            add("style.changed", .info, name, "the colours, text size or alignment of '\(name)' changed", ol, nl)
        }
        if of.formatting != nf.formatting {
            add("formatting.changed", .info, name, "how '\(name)' displays its value changed", ol, nl)
        }
    }

    /// A label or info item: it shows one text, its body where other fields show a label
    /// (`FieldMatching.Profile`).
    static func isDisplayItem(_ f: Field) -> Bool { f.kind == .label || f.kind == .info }

    /// A display item's texts by role, its body compared as its label when it has no label: the same
    /// text in the same place, whichever role a format gives it (an MM XML label item's `<text>`, a
    /// row-schema label row's `title`, an XLForm info row's title).
    static func shownTexts(_ f: Field) -> [(role: String, text: LocalizedText)] {
        let texts = f.texts.all
        guard f.texts.label == nil, let body = f.texts.body else { return texts }
        return [("label", body)] + texts.filter { $0.role != "body" }
    }

    /// The kind, and the type of the value submitted.
    mutating func compareKind(_ o: FieldSite, _ n: FieldSite) {
        let of = o.field, nf = n.field
        let oldType = valueType(of), newType = valueType(nf)
        let kindChanged = effectiveKind(of) != effectiveKind(nf) || of.allowsMultiple != nf.allowsMultiple
        guard kindChanged || oldType != newType else { return }
        let oldKind = of.kind.rawValue + (of.allowsMultiple && !of.kind.isChoice ? " (multiple)" : ""),
            newKind = nf.kind.rawValue + (nf.allowsMultiple && !nf.kind.isChoice ? " (multiple)" : "")
        if oldType != newType && o.holdsValue {
            let what = kindChanged ? "'\(n.name)' changed from \(oldKind) to \(newKind)" : "'\(n.name)' is submitted differently"
            add(kindChanged ? "field.kind-changed" : "value.type-changed", .breaking, n.name,
                old: kindChanged ? oldKind : oldType, new: kindChanged ? newKind : newType,
                "\(what): the value is sent as \(newType), no longer as \(oldType)", of.location, nf.location)
        } else if kindChanged {
            add("field.kind-changed", o.holdsValue ? .warning : .info, n.name, old: oldKind, new: newKind,
                "'\(n.name)' changed from \(oldKind) to \(newKind); the value is still sent as \(newType)", of.location, nf.location)
        }
    }

    /// Keys other than the field's own (date components, address parts, part clones), and whether
    /// the field submits at all.
    mutating func compareSubmission(_ o: FieldSite, _ n: FieldSite) {
        let of = o.field, nf = n.field
        // Component keys of a value whose type changed (an ISO date now sent as day, month and year)
        // are part of that change (`value.type-changed`, `field.kind-changed`).
        let typeChanged = valueType(of) != valueType(nf)
        let oldKeys = SubmissionModel.keys(for: of).filter { $0.component != nil && !(typeChanged && $0.component != "partClone") },
            newKeys = SubmissionModel.keys(for: nf).filter { $0.component != nil && !(typeChanged && $0.component != "partClone") }
        let newByComponent = Dictionary(newKeys.map { ($0.component!, $0.key) }, uniquingKeysWith: { a, _ in a })
        let oldComponents = Set(oldKeys.map { $0.component! })
        // One change per kind of key change, however many components it touches (a new prefix
        // renames the day, month and year keys at once).
        var renamed: [(String, String)] = [], removed: [String] = []
        for k in oldKeys {
            if let key = newByComponent[k.component!] {
                if key != k.key { renamed.append((k.key, key)) }
            } else {
                removed.append(k.key)
            }
        }
        let added = newKeys.filter { !oldComponents.contains($0.component!) }.map(\.key)
        if !renamed.isEmpty {
            let was = renamed.map(\.0).joined(separator: ", "), now = renamed.map(\.1).joined(separator: ", ")
            add("key.renamed", .breaking, n.name, old: was, new: now,
                "'\(n.name)' submits \(now), no longer \(was)", of.location, nf.location)
        }
        if !removed.isEmpty {
            add("key.removed", .breaking, n.name, old: removed.joined(separator: ", "),
                "'\(n.name)' no longer submits \(removed.joined(separator: ", "))", of.location, nf.location)
        }
        if !added.isEmpty {
            add("key.added", .warning, n.name, new: added.joined(separator: ", "),
                "'\(n.name)' also submits \(added.joined(separator: ", "))", of.location, nf.location)
        }
        let was = SubmissionModel.isSubmitted(of), now = SubmissionModel.isSubmitted(nf)
        if of.isHidden != nf.isHidden { return }  // part of `visibility.changed`
        if was && !now {
            add("submission.stopped", .breaking, n.name, old: "submitted", new: "not submitted",
                "'\(n.name)' is no longer submitted in its initial state", of.location, nf.location)
        } else if !was && now {
            add("submission.started", .warning, n.name, old: "not submitted", new: "submitted",
                "'\(n.name)' is now submitted in its initial state", of.location, nf.location)
        }
    }

    /// Options matched by value (as text: `1` and `"1"` submit the same), then values that changed
    /// under the same label (renumbered), then what is left: removed or added.
    mutating func compareOptions(_ of: Field, _ nf: Field, _ name: String) {
        let oldOptions = shownOptions(of, oldStates), newOptions = shownOptions(nf, newStates)
        guard oldOptions != newOptions else { return }
        let ol = of.location, nl = nf.location
        let newByValue = Dictionary(newOptions.enumerated().map { ($1.value.displayText, $0) }, uniquingKeysWith: { a, _ in a })
        let oldValues = Set(oldOptions.map(\.value.displayText))
        var oldOnly: [Option] = []
        var commonOld: [String] = []
        for o in oldOptions {
            let v = o.value.displayText
            guard let j = newByValue[v] else { oldOnly.append(o); continue }
            commonOld.append(v)
            let n = newOptions[j]
            // An option without a label shows its value.
            compareTexts([("label", o.label ?? LocalizedText(v))], [("label", n.label ?? LocalizedText(v))],
                         owner: "\(name) option '\(v)'", field: name, o.location ?? ol, n.location ?? nl, id: "option.relabelled")
        }
        var newOnly = newOptions.filter { !oldValues.contains($0.value.displayText) }
        for o in oldOnly {
            let label = normalized(o.label?.defaultText ?? "")
            if !label.isEmpty, let k = newOnly.firstIndex(where: { normalized($0.label?.defaultText ?? "") == label }) {
                let n = newOnly.remove(at: k)
                add("option.value-renamed", .breaking, name, old: o.value.displayText, new: n.value.displayText,
                    "option '\(o.label?.defaultText ?? "")' of '\(name)' submits '\(n.value.displayText)', no longer '\(o.value.displayText)'",
                    o.location ?? ol, n.location ?? nl)
            } else {
                add("option.value-removed", .breaking, name, old: o.value.displayText,
                    "option '\(o.value.displayText)' of '\(name)' was removed: answers holding it are no longer accepted",
                    o.location ?? ol, nl)
            }
        }
        for n in newOnly {
            add("option.value-added", .warning, name, new: n.value.displayText,
                "option '\(n.value.displayText)' of '\(name)' was added", ol, n.location ?? nl)
        }
        let commonSet = Set(commonOld)
        let commonNew = newOptions.map(\.value.displayText).filter { commonSet.contains($0) }
        if commonOld != commonNew {
            let bitmask: Bool
            if case .bitmask = SubmissionModel.keys(for: nf).first?.valueType { bitmask = true } else { bitmask = false }
            add("option.reordered", bitmask ? .breaking : .info, name, old: commonOld.joined(separator: ", "),
                new: commonNew.joined(separator: ", "),
                bitmask ? "the options of '\(name)' were reordered: the submitted bitmask counts them by position, so its values change meaning"
                        : "the options of '\(name)' were reordered", ol, nl)
        }
    }

    /// A field's options (those of its range listed when it has none); for a field whose options rules
    /// switch, every option it shows in some state (`RuleStates.shownOptions`): the options a person can
    /// choose and an answer can hold. Which set shows when is compared with the rules (`optionFacts`).
    func shownOptions(_ f: Field, _ states: RuleStates) -> [Option] {
        states.hasOptionRules(f) ? states.shownOptions(f) : RuleStates.ownOptions(f)
    }

    /// Texts by role and locale: a changed text, a translation added or removed.
    mutating func compareTexts(_ old: [(role: String, text: LocalizedText)], _ new: [(role: String, text: LocalizedText)],
                               owner: String, field: String? = nil, _ ol: SourceLocation?, _ nl: SourceLocation?,
                               id: String = "text.changed") {
        let field = field ?? owner
        let newByRole = Dictionary(new.map { ($0.role, $0.text) }, uniquingKeysWith: { a, _ in a })
        let oldRoles = Set(old.map(\.role))
        for (role, ot) in old {
            guard let nt = newByRole[role] else {
                add(id, .info, field, old: ot.defaultText, "the \(role) of '\(owner)' was removed", ol, nl)
                continue
            }
            compareText(ot, nt, role: role, owner: owner, field: field, ol, nl, id: id)
        }
        for (role, nt) in new where !oldRoles.contains(role) {
            add(id, .info, field, new: nt.defaultText, "'\(owner)' gained a \(role): \"\(nt.defaultText ?? "")\"", ol, nl)
        }
    }

    /// One text in every locale: the default text first, then each translation.
    mutating func compareText(_ ot: LocalizedText, _ nt: LocalizedText, role: String, owner: String, field: String,
                              _ ol: SourceLocation?, _ nl: SourceLocation?, id: String = "text.changed") {
        guard ot != nt else { return }
        if ot.defaultText != nt.defaultText {
            add(id, .info, field, old: ot.defaultText, new: nt.defaultText,
                "the \(role) of '\(owner)' changed from \"\(ot.defaultText ?? "")\" to \"\(nt.defaultText ?? "")\"", ol, nl)
        }
        let oldLocales = Set(ot.locales.map { $0.lowercased() }), newLocales = Set(nt.locales.map { $0.lowercased() })
        // A text given with and without a language is the same text when it is the only one.
        guard ot.entries.count > 1 || nt.entries.count > 1 else { return }
        for locale in ot.locales where !newLocales.contains(locale.lowercased()) {
            add("translation.removed", .info, field, old: locale, "the \(locale) \(role) of '\(owner)' was removed", ol, nl)
        }
        for locale in nt.locales where !oldLocales.contains(locale.lowercased()) {
            add("translation.added", .info, field, new: locale, "'\(owner)' gained a \(locale) \(role)", ol, nl)
        }
        for locale in ot.locales where newLocales.contains(locale.lowercased()) {
            let a = ot.text(for: locale), b = nt.text(for: locale)
            if a != b && !(a == ot.defaultText && b == nt.defaultText) {
                add(id, .info, field, old: a, new: b,
                    "the \(locale) \(role) of '\(owner)' changed from \"\(a ?? "")\" to \"\(b ?? "")\"", ol, nl)
            }
        }
    }
}

/// How the field's own value is submitted (`integer`, `string`, `bitmask`, …), from the submission model.
func valueType(_ f: Field) -> String {
    guard let k = SubmissionModel.keys(for: f).first else { return "nothing" }
    switch k.valueType {
    case .string: return "text"
    case .integer: return "an integer"
    case .number: return "a number"
    case .boolean: return "a boolean"
    case .zeroOne: return "0 or 1"
    case .bitmask: return "a bitmask of options"
    case .array: return "a list of options"
    case .dateComponent: return "day, month and year numbers"
    case .unixTime: return "a Unix time"
    case .formattedDate(let p): return "a date formatted \(p)"
    case .isoDate: return "an ISO 8601 date"
    }
}

/// A value for messages: quoted text, or `nothing`.
func shown(_ v: Value?) -> String { v.map { "'\($0.displayText)'" } ?? "nothing" }

/// The kind as the answers see it: an e-mail field is a text field checked as an e-mail address.
func effectiveKind(_ f: Field) -> FieldKind {
    if f.kind == .text && f.validation.named.contains(.email) { return .email }
    return f.kind
}

/// The default as text; a date's default given as a Unix time (MM XML `defaultDate`) as its ISO date.
func defaultText(_ f: Field) -> String? {
    guard let v = f.defaultValue else { return nil }
    if [.date, .dateTime].contains(f.kind), let t = v.intValue ?? v.stringValue.flatMap({ Int($0) }) {
        let days = t >= 0 ? t / 86400 : (t - 86399) / 86400
        let seconds = t - days * 86400
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097, yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9, y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let date = "\(y)-\(two(m))-\(two(d))"
        return seconds == 0 ? date : date + "T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z"
    }
    return v.displayText
}
