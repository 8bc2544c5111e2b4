import Foundation
import FormIR

/// The IR checks behind the lint rules. Each takes the subject and returns findings; the linter adds
/// rule id, severity, config and suppressions.
enum LintChecks {
    /// Where a field is in the form (its page, section and position: indices, not a copy of the
    /// field), and whether its container hides it. The checks read the field in place from the form
    /// (`LintSubject`'s and `RelationshipAnalysis`'s subscripts).
    struct FieldEntry: Sendable {
        let page: Int
        let section: Int
        let index: Int
        let containerHidden: Bool
        /// What several checks ask of the field's validation, read once when the list is made: a
        /// check passes over the fields it has nothing to say about without reading them.
        let required: Bool
        /// It has regular expressions (`invalid-regex`).
        let hasPatterns: Bool
        /// It has predicates or comparisons naming other items (`unknown-reference`).
        let hasReferences: Bool
        /// It sets both ends of some range (`min-greater-than-max`).
        let hasRanges: Bool

        init(page: Int, section: Int, index: Int, containerHidden: Bool, validation v: Validation) {
            self.page = page
            self.section = section
            self.index = index
            self.containerHidden = containerHidden
            required = v.required
            hasPatterns = !v.patterns.isEmpty
            hasReferences = !v.predicates.isEmpty || !v.comparisons.isEmpty
            hasRanges = (v.minLength != nil && v.maxLength != nil) || (v.minValue != nil && v.maxValue != nil)
                || (v.minSelected != nil && v.maxSelected != nil) || (v.minAge != nil && v.maxAge != nil)
                || (v.minYear != nil && v.maxYear != nil) || (v.minDate != nil && v.maxDate != nil)
        }
    }

    /// Every field in document order, with whether its container hides it.
    static func listFields(_ form: Form) -> [FieldEntry] {
        var out: [FieldEntry] = []
        out.reserveCapacity(form.fieldCount)
        for (pi, p) in form.pages.enumerated() {
            for (si, s) in p.sections.enumerated() {
                let hidden = p.isHidden || s.isHidden
                for fi in s.fields.indices {
                    out.append(FieldEntry(page: pi, section: si, index: fi, containerHidden: hidden,
                                          validation: s.fields[fi].validation))
                }
            }
        }
        return out
    }

    /// The subject's fields, listed once per subject.
    static func fields(_ s: LintSubject) -> [FieldEntry] { s.fieldList }

    @Sendable static func duplicateNames(_ s: LintSubject) -> [LintFinding] {
        guard !s.readerRules.contains("duplicate-name") else { return [] }
        var out: [LintFinding] = []
        for i in s.repeatedFields {
            let e = s.fieldList[i]
            let f = s[e]
            if let firstIndex = s.firstFieldIndex[f.id] {
                let at = s[s.fieldList[firstIndex]].location.map { " (first at \($0.line):\($0.column))" } ?? ""
                out.append(LintFinding("'\(f.id)' is defined twice\(at)", at: f.location, path: s.path(e)))
            }
        }
        return out
    }

    static func targetExists(_ t: RuleTarget, in s: LintSubject) -> Bool {
        let form = s.form
        switch t {
        case .field(let id): return s.firstFieldIndex[id] != nil
        case .section(let id): return form.pages.contains { $0.sections.contains { $0.id == id } }
        case .page(let id): return form.pages.contains { $0.id == id }
        case .form: return true
        }
    }

    @Sendable static func missingTargets(_ s: LintSubject) -> [LintFinding] {
        guard !s.readerRules.contains("missing-target") else { return [] }
        return s.form.rules.enumerated().compactMap { i, r in
            targetExists(r.target, in: s) ? nil
                : LintFinding("the relationship's target \(r.target) does not exist", at: r.location, path: "/rules/\(i)")
        }
    }

    @Sendable static func unknownReferences(_ s: LintSubject) -> [LintFinding] {
        var out = requirementListReferences(s)
        guard !s.readerRules.contains("unknown-reference") else { return out }
        let ids = s.firstFieldIndex
        for (i, r) in s.form.rules.enumerated() {
            for name in r.condition?.referencedFields ?? [] where ids[name] == nil {
                out.append(LintFinding("the condition names '\(name)', which is not an item of this form",
                                       at: r.source?.location ?? r.location, path: "/rules/\(i)"))
            }
        }
        for e in fields(s) where e.hasReferences {
            let f = s[e]
            let validation = f.validation
            for p in validation.predicates {
                for name in p.condition.referencedFields where ids[name] == nil {
                    out.append(LintFinding("the predicate names '\(name)', which is not an item of this form",
                                           at: p.location ?? f.location, path: s.path(e)))
                }
            }
            for c in validation.comparisons where ids[c.otherField] == nil {
                out.append(LintFinding("'\(f.id)' is compared with '\(c.otherField)', which is not an item of this form",
                                       at: c.location ?? f.location, path: s.path(e)))
            }
        }
        return out
    }

    @Sendable static func emptyOptions(_ s: LintSubject) -> [LintFinding] {
        let filled = Set(s.form.rules.filter { r in
            r.eitherBranchContains { if case .setOptions = $0 { return true }; return false }
        }.compactMap { r -> String? in if case .field(let id) = r.target { return id }; return nil })
        return fields(s).compactMap { e in
            // Read in place: only an empty choice field is copied out for the rest of the checks.
            guard s[e].kind.isChoice, s[e].options.isEmpty else { return nil }
            let f = s[e]
            guard f.optionRange == nil, !filled.contains(f.id),
                  !optionsComeFromElsewhere(f), !isCarrier(e, s) else { return nil }
            return LintFinding("'\(f.id)' offers no options to choose from", at: f.location, path: s.path(e))
        }
    }

    /// A hidden item whose value a relationship sets (`<copy>`, `<evaluate>`): a carrier that submits
    /// another item's answer under its own key. Nobody picks from it, so it needs no options.
    static func isCarrier(_ e: FieldEntry, _ s: LintSubject) -> Bool {
        (s[e].isHidden || e.containerHidden) && s.analysis.isSetByRelationship(s[e].id)
    }

    /// Options the IR does not list itself: per-column picker options (ShinobiForms) or choices the app
    /// supplies through a substitution reference (RMSForm `choices: ":languages"`).
    static func optionsComeFromElsewhere(_ f: Field) -> Bool {
        func hasReference(_ v: Value) -> Bool {
            switch v {
            case .reference: return true
            case .array(let a): return a.contains(where: hasReference)
            case .object(let o): return o.values.contains(where: hasReference)
            default: return false
            }
        }
        return f.extensions["shinobi.pickerComponents"] != nil || f.extensions.values.contains(where: hasReference)
    }

    @Sendable static func duplicateOptionValues(_ s: LintSubject) -> [LintFinding] {
        var out: [LintFinding] = []
        // One set for the whole form, emptied for each field: its storage is allocated once. The
        // options are read in place.
        var seen = Set<Value>()
        for e in fields(s) where s[e].options.count > 1 {
            seen.removeAll(keepingCapacity: true)
            for o in s[e].options.indices where !seen.insert(s[e].options[o].value).inserted {
                let option = s[e].options[o]
                out.append(LintFinding("'\(s[e].id)' has two options with the value '\(option.value.displayText)'",
                                       at: option.location ?? s[e].location, path: s.path(e)))
            }
        }
        return out
    }

    @Sendable static func invalidRegexes(_ s: LintSubject) -> [LintFinding] {
        var out: [LintFinding] = []
        for e in fields(s) where e.hasPatterns {
            for p in s[e].validation.patterns where !RegexCheck.compiles(p.regex) {
                out.append(LintFinding("the regular expression '\(p.regex)' of '\(s[e].id)' does not compile",
                                       at: p.location ?? s[e].location, path: s.path(e)))
            }
        }
        return out
    }

    @Sendable static func minGreaterThanMax(_ s: LintSubject) -> [LintFinding] {
        var out: [LintFinding] = []
        for e in fields(s) where e.hasRanges {
            let f = s[e]
            let v = f.validation
            func check<T: Comparable>(_ what: String, _ lo: T?, _ hi: T?, _ show: (T) -> String) {
                if let lo, let hi, lo > hi {
                    out.append(LintFinding("'\(f.id)': minimum \(what) \(show(lo)) is greater than maximum \(show(hi))",
                                           at: f.location, path: s.path(e)))
                }
            }
            check("length", v.minLength, v.maxLength, String.init)
            check("value", v.minValue, v.maxValue, Value.format)
            check("required items", v.minSelected, v.maxSelected, String.init)
            check("age", v.minAge, v.maxAge, String.init)
            check("year restriction", v.minYear, v.maxYear, String.init)
            check("date", v.minDate, v.maxDate, { $0 })
        }
        return out
    }

    @Sendable static func substitutionReferences(_ s: LintSubject) -> [LintFinding] {
        var out: [LintFinding] = []
        func refs(_ v: Value, into names: inout [String]) {
            switch v {
            case .reference(let r) where r != ":self": if !names.contains(r) { names.append(r) }
            case .array(let a): a.forEach { refs($0, into: &names) }
            case .object(let o): o.keys.sorted().forEach { refs(o[$0]!, into: &names) }
            default: break
            }
        }
        func report(_ names: [String], _ what: @autoclosure () -> String, _ loc: SourceLocation?,
                    _ path: @autoclosure () -> String) {
            for n in names {
                out.append(LintFinding("\(what()) uses the substitution reference '\(n)': the app must supply it",
                                       at: loc, path: path()))
            }
        }
        // Names in order: extension values by sorted key, then the default value, then option values.
        func names(_ ext: Extensions) -> [String] {
            var names: [String] = []
            if !ext.isEmpty { for k in ext.keys.sorted() { refs(ext[k]!, into: &names) } }
            return names
        }
        for (pi, p) in s.form.pages.enumerated() {
            for (si, sec) in p.sections.enumerated() {
                report(names(sec.extensions), "section \(sec.id ?? String(si))", sec.location, "/pages/\(pi)/sections/\(si)")
            }
        }
        // Each field read in place: most have nothing to report.
        for e in fields(s) {
            var found = names(s[e].extensions)
            if let d = s[e].defaultValue { refs(d, into: &found) }
            for o in s[e].options.indices { refs(s[e].options[o].value, into: &found) }
            report(found, "'\(s[e].id)'", s[e].location, s.path(e))
        }
        return out
    }
}
