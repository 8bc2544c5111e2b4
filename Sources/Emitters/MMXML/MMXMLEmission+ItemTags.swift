import FormIR

/// Style, validation, submission and action tags of an `<item>`.
extension MMXMLEmission {
    func style(_ f: Field, into n: inout MMXMLNode, path: String) {
        let s = f.style
        n.add("textColor", s.textColor)
        n.add("bgcolor", s.backgroundColor)
        n.add("textSize", s.textSize.map(Value.format))
        n.add("align", s.alignment)
        n.add("keyboardtype", s.keyboard)
        if s.detailTextColor != nil || s.placeholderColor != nil || !s.platformColors.isEmpty {
            loss(Feature.colors.rawValue, "MM XML has text and background colors only; the other colors of '\(f.id)' are left out",
                 at: f.location, path: path)
        }
    }

    func validation(_ f: Field, type: String, into n: inout MMXMLNode, path: String) {
        let v = f.validation
        n.add("minlength", v.minLength.map(String.init))
        n.add("maxlength", v.maxLength.map(String.init))
        n.add("minValue", v.minValue.map(Value.format))
        n.add("maxValue", v.maxValue.map(Value.format))
        if type == "addressField" {
            n.add("validation", f.extensions["mmxml.addressValidation"]?.stringValue)
            n.add("validationService", f.extensions["mmxml.validationService"]?.stringValue)
            if !v.named.isEmpty {
                loss(Feature.namedValidator.rawValue, "an addressField's <validation> names its validation service; the validators of '\(f.id)' are left out",
                     at: f.location, path: path)
            }
        } else {
            var named = v.named
            if type == "textField", let needed = MMXMLEmission.kindValidation(f) {
                named.insert(needed, at: 0)
                diagnostics.note("mmxml.kind-validation",
                                 "\(f.id): MM XML has no \(f.kind.rawValue) item; it is written as a textField with <validation>\(needed.rawValue)</validation>, "
                                 + "so the app refuses to submit \(MMXMLEmission.refused(needed))",
                                 at: f.location, path: path)
            }
            for name in named { n.add("validation", name.rawValue) }
        }
        if let first = v.patterns.first {
            n.add("regex", first.regex)
            n.children += textNodes("regexmessage", first.message)
            if v.patterns.count > 1 {
                loss(Feature.pattern.rawValue, "MM XML holds one regex per item; \(v.patterns.count - 1) more of '\(f.id)' are left out",
                     at: v.patterns[1].location ?? f.location, path: path)
            }
        } else if let m = MMXMLEmission.localizedText(f.extensions["mmxml.regexmessage"]) {
            n.children += textNodes("regexmessage", m)
        }
        let repeats = v.named.contains(NamedValidator("repeat"))
        for c in v.comparisons where !(repeats && c.relation == .equal) {
            loss(Feature.comparison.rawValue, "MM XML compares fields only through 'repeat' validation; '\(f.id)' \(c.relation.rawValue) '\(c.otherField)' is left out",
                 at: c.location ?? f.location, path: path)
        }
    }

    func submission(_ f: Field, into n: inout MMXMLNode, path: String) {
        let s = f.submission
        n.add("prefix", s.prefix)
        n.add("posfix", s.posfix)
        switch s.dateEncoding {
        case .unix(let text)?: n.children.append(MMXMLNode("unix", text: text))
        case .formatted(let pattern)?: n.add("string", pattern)
        case .components?: break
        case nil:
            // A dateField without <unix> or <string> submits day, month and year keys (found by
            // `formconv diff`'s migration sign-off test: this change went unannounced).
            if [.date, .dateTime, .time, .countdown].contains(f.kind) {
                loss(Feature.dateEncoding.rawValue,
                     "MM XML submits '\(f.id)' as day, month and year keys, no longer as one ISO 8601 date",
                     at: f.location, path: path)
            }
        }
        n.add("submitName", s.key)
        if let pc = s.partClone { n.add("partClone", "\(pc.count)::\(pc.key)") }
    }

    func actionNodes(_ actions: [Action]) -> [MMXMLNode] {
        var out: [MMXMLNode] = []
        for a in actions {
            switch a {
            case .notify: out.append(MMXMLNode("action", text: "itemShouldNotify:"))
            case .linksTo(let target): out.append(MMXMLNode("action", text: "linksTo::\(target)"))
            case .sumItems(let mode, let bounds, let fields, let autofill):
                out.append(MMXMLNode("action", text: "SumItems:"))
                var arg = "\(mode)::\(bounds.map(Value.format).joined(separator: ","))::\(fields.joined(separator: ","))"
                if let autofill { arg += autofill ? "::YES" : "::NO" }
                out.append(MMXMLNode("actionArg", text: arg))
            case .client(let name, let argument):
                out.append(MMXMLNode("action", text: name))
                if let argument { out.append(MMXMLNode("actionArg", text: argument)) }
            case .navigate, .submit, .openURL, .targetAction:
                continue // reported by LossCheck
            }
        }
        return out
    }
}
