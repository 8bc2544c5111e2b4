import DocumentTree
import FormIR

/// A field's parts: texts, options, validation, layout, style, formatting, actions, submission.
extension IRJSONEncoder {
    func texts(_ t: FieldTexts) -> IRJSONObject {
        var o = IRJSONObject()
        for (role, text) in t.all { o.add(role, self.text(text)) }
        return o
    }

    /// What the app supplies (`AppBinding`): `{"options": ":genders", "label": …, "enabled": …,
    /// "properties": {"backgroundColor": ":redColor"}, "cellClass": …}`.
    func appBinding(_ b: AppBinding) -> IRJSONObject {
        var o = IRJSONObject()
        o.string("options", b.options)
        o.string("label", b.label)
        o.string("enabled", b.enabled)
        if !b.properties.isEmpty {
            o.add("properties", .mapping(b.properties.keys.sorted().map { ($0, .string(b.properties[$0]!)) }))
        }
        o.string("cellClass", b.cellClass)
        return o
    }

    func option(_ option: Option) -> FittedNode {
        var o = IRJSONObject()
        o.add("value", value(option.value))
        o.add("label", option.label.map(text))
        o.string("image", option.image)
        o.add("extensions", extensions(option.extensions))
        o.add("at", at(option.location))
        return o.node
    }

    func optionRange(_ r: OptionRange) -> FittedNode {
        var o = IRJSONObject()
        o.int("lower", r.lower)
        o.int("upper", r.upper)
        o.string("order", r.order)
        return o.node
    }

    func validation(_ v: Validation) -> IRJSONObject {
        var o = IRJSONObject()
        o.flag("required", v.required)
        o.int("minLength", v.minLength)
        o.int("maxLength", v.maxLength)
        o.number("minValue", v.minValue)
        o.number("maxValue", v.maxValue)
        o.list("patterns", v.patterns) { p in
            var o = IRJSONObject()
            o.string("regex", p.regex)
            o.add("message", p.message.map(text))
            o.add("at", at(p.location))
            return o.node
        }
        o.list("named", v.named) { .string($0.rawValue) }
        o.list("predicates", v.predicates) { p in
            var o = IRJSONObject()
            o.add("condition", expression(p.condition))
            o.add("message", p.message.map(text))
            o.add("at", at(p.location))
            return o.node
        }
        o.list("comparisons", v.comparisons) { c in
            var o = IRJSONObject()
            o.string("otherField", c.otherField)
            o.string("relation", c.relation.rawValue)
            o.string("mode", c.mode?.rawValue)
            o.add("at", at(c.location))
            return o.node
        }
        o.int("minAge", v.minAge)
        o.int("maxAge", v.maxAge)
        o.int("minYear", v.minYear)
        o.int("maxYear", v.maxYear)
        o.string("minDate", v.minDate)
        o.string("maxDate", v.maxDate)
        o.int("minSelected", v.minSelected)
        o.int("maxSelected", v.maxSelected)
        o.add("requiredValue", v.requiredValue.map(value))
        return o
    }

    func layout(_ l: Layout) -> IRJSONObject {
        var o = IRJSONObject()
        o.string("position", l.position)
        o.number("size", l.size)
        o.number("sizeY", l.sizeY)
        o.number("width", l.width)
        o.number("height", l.height)
        o.int("columns", l.columns)
        o.bool("bleeds", l.bleeds)
        o.int("numberOfLines", l.numberOfLines)
        o.string("buttonPosition", l.buttonPosition)
        return o
    }

    func style(_ s: Style) -> IRJSONObject {
        var o = IRJSONObject()
        o.string("textColor", s.textColor)
        o.string("backgroundColor", s.backgroundColor)
        o.string("detailTextColor", s.detailTextColor)
        o.string("placeholderColor", s.placeholderColor)
        o.number("textSize", s.textSize)
        o.string("alignment", s.alignment)
        o.string("keyboard", s.keyboard)
        if !s.platformColors.isEmpty {
            o.add("platformColors", .mapping(s.platformColors.keys.sorted().map { ($0, .string(s.platformColors[$0]!)) }))
        }
        o.string("cssClass", s.cssClass)
        return o
    }

    func formatting(_ f: Formatting) -> IRJSONObject {
        var o = IRJSONObject()
        o.string("dateFormat", f.dateFormat)
        o.string("calendar", f.calendar)
        o.string("timeZone", f.timeZone)
        o.string("locale", f.locale)
        o.int("minuteInterval", f.minuteInterval)
        o.string("currencyStyle", f.currencyStyle)
        o.string("currencyLocale", f.currencyLocale)
        o.number("step", f.step)
        o.string("stepType", f.stepType)
        o.list("formatters", f.formatters, object)
        return o
    }

    /// `"notify"`, `"submit"`, or a one-key object named for the action.
    func action(_ a: Action) -> FittedNode {
        switch a {
        case .notify: return .string("notify")
        case .submit: return .string("submit")
        case .linksTo(let field): return Self.tagged("linksTo", .string(field))
        case .sumItems(let mode, let bounds, let fields, let autofill):
            var o = IRJSONObject()
            o.string("mode", mode)
            o.add("bounds", .array(bounds.map(Self.number)))
            o.add("fields", .array(fields.map(FittedNode.string)))
            o.bool("autofill", autofill)
            return Self.tagged("sumItems", o.node)
        case .navigate(let n):
            var o = IRJSONObject()
            o.string("viewControllerClass", n.viewControllerClass)
            o.string("storyboardId", n.storyboardId)
            o.string("nibName", n.nibName)
            o.string("segueIdentifier", n.segueIdentifier)
            o.string("presentation", n.presentation)
            return Self.tagged("navigate", o.node)
        case .openURL(let url): return Self.tagged("openURL", .string(url))
        case .targetAction(let target, let selector):
            var o = IRJSONObject()
            o.string("target", target)
            o.string("selector", selector)
            return Self.tagged("targetAction", o.node)
        case .client(let name, let argument):
            var o = IRJSONObject()
            o.string("name", name)
            o.string("argument", argument)
            return Self.tagged("client", o.node)
        }
    }

    func submission(_ s: Submission) -> IRJSONObject {
        var o = IRJSONObject()
        o.string("key", s.key)
        o.flag("skip", s.skip)
        o.flag("force", s.force)
        switch s.dateEncoding {
        case nil: break
        case .components?: o.add("dateEncoding", .string("components"))
        case .unix(let text)?: o.add("dateEncoding", Self.tagged("unix", .string(text)))
        case .formatted(let pattern)?: o.add("dateEncoding", Self.tagged("formatted", .string(pattern)))
        }
        o.string("prefix", s.prefix)
        o.string("posfix", s.posfix)
        o.bool("submitsValue", s.submitsValue)
        if let clone = s.partClone {
            o.add("partClone", .mapping([("count", .int(clone.count)), ("key", .string(clone.key))]))
        }
        o.list("overrides", s.overrides) { .mapping([("value", .string($0.value)), ("text", .string($0.text))]) }
        o.string("countryCode", s.countryCode)
        o.string("whenHidden", s.whenHidden?.rawValue)
        return o
    }
}
