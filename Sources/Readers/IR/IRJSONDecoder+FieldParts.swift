import DocumentTree
import FormIR

/// A field's parts: texts, options, validation, layout, style, formatting, actions, submission.
extension IRJSONDecoder {
    func texts(_ e: IRJSONElement) throws -> FieldTexts {
        try object(e) { m in
            FieldTexts(label: try m.optional("label").map(text), detail: try m.optional("detail").map(text),
                       inlineLabel: try m.optional("inlineLabel").map(text), placeholder: try m.optional("placeholder").map(text),
                       missingMessage: try m.optional("missingMessage").map(text), body: try m.optional("body").map(text),
                       emptyText: try m.optional("emptyText").map(text), selectorTitle: try m.optional("selectorTitle").map(text))
        }
    }

    /// `{"options": ":genders", "label": …, "enabled": …, "properties": {…}, "cellClass": …}`.
    func appBinding(_ e: IRJSONElement) throws -> AppBinding {
        try object(e) { m in
            var properties: [String: String] = [:]
            if let p = m.optional("properties") {
                guard case .mapping(let entries) = p.node.kind else { throw p.expected("an object") }
                for entry in entries where properties[entry.key] == nil {
                    properties[entry.key] = try p.child(entry.key, entry.value).string()
                }
            }
            return AppBinding(options: try m.string("options"), label: try m.string("label"), enabled: try m.string("enabled"),
                              properties: properties, cellClass: try m.string("cellClass"))
        }
    }

    func option(_ e: IRJSONElement) throws -> Option {
        try object(e) { m in
            Option(value: try value(try m.required("value")), label: try m.optional("label").map(text),
                   image: try m.string("image"), extensions: try extensions(&m), location: try at(&m))
        }
    }

    func optionRange(_ e: IRJSONElement) throws -> OptionRange {
        try object(e) { m in
            OptionRange(lower: try m.required("lower").int(), upper: try m.required("upper").int(), order: try m.string("order"))
        }
    }

    func validation(_ e: IRJSONElement) throws -> Validation {
        try object(e) { m in
            Validation(
                required: try m.flag("required"), minLength: try m.int("minLength"), maxLength: try m.int("maxLength"),
                minValue: try m.number("minValue"), maxValue: try m.number("maxValue"),
                patterns: try m.list("patterns") { p in
                    try object(p) { m in
                        PatternRule(regex: try m.required("regex").string(), message: try m.optional("message").map(text),
                                    location: try at(&m))
                    }
                },
                named: try m.list("named") { NamedValidator(try $0.string()) },
                predicates: try m.list("predicates") { p in
                    try object(p) { m in
                        PredicateRule(condition: try expression(try m.required("condition")),
                                      message: try m.optional("message").map(text), location: try at(&m))
                    }
                },
                comparisons: try m.list("comparisons") { c in
                    try object(c) { m in
                        FieldComparison(otherField: try m.required("otherField").string(),
                                        relation: try m.required("relation").choice(FieldComparison.Relation.self, "relation"),
                                        mode: try m.optional("mode")?.choice(FieldComparison.Mode.self, "comparison mode"),
                                        location: try at(&m))
                    }
                },
                minAge: try m.int("minAge"), maxAge: try m.int("maxAge"), minYear: try m.int("minYear"),
                maxYear: try m.int("maxYear"), minDate: try m.string("minDate"), maxDate: try m.string("maxDate"),
                minSelected: try m.int("minSelected"), maxSelected: try m.int("maxSelected"),
                requiredValue: try m.optional("requiredValue").map(value))
        }
    }

    func layout(_ e: IRJSONElement) throws -> Layout {
        try object(e) { m in
            Layout(position: try m.string("position"), size: try m.number("size"), sizeY: try m.number("sizeY"),
                   width: try m.number("width"), height: try m.number("height"), columns: try m.int("columns"),
                   bleeds: try m.bool("bleeds"), numberOfLines: try m.int("numberOfLines"),
                   buttonPosition: try m.string("buttonPosition"))
        }
    }

    func style(_ e: IRJSONElement) throws -> Style {
        try object(e) { m in
            var colors: [String: String] = [:]
            if let c = m.optional("platformColors") {
                try object(c) { colorMembers in
                    for key in colorMembers.keys where colors[key] == nil { colors[key] = try colorMembers.required(key).string() }
                }
            }
            return Style(textColor: try m.string("textColor"), backgroundColor: try m.string("backgroundColor"),
                         detailTextColor: try m.string("detailTextColor"), placeholderColor: try m.string("placeholderColor"),
                         textSize: try m.number("textSize"), alignment: try m.string("alignment"), keyboard: try m.string("keyboard"),
                         platformColors: colors, cssClass: try m.string("cssClass"))
        }
    }

    func formatting(_ e: IRJSONElement) throws -> Formatting {
        try object(e) { m in
            Formatting(dateFormat: try m.string("dateFormat"), calendar: try m.string("calendar"),
                       timeZone: try m.string("timeZone"), locale: try m.string("locale"),
                       minuteInterval: try m.int("minuteInterval"), currencyStyle: try m.string("currencyStyle"),
                       currencyLocale: try m.string("currencyLocale"), step: try m.number("step"),
                       stepType: try m.string("stepType"), formatters: try m.list("formatters", values))
        }
    }

    /// `"notify"`, `"submit"`, or a one-key object named for the action.
    func action(_ e: IRJSONElement) throws -> Action {
        if case .string(let name) = e.node.kind {
            switch name {
            case "notify": return .notify
            case "submit": return .submit
            default: throw e.unknown("action", name)
            }
        }
        let (name, content) = try e.tagged("an action")
        switch name {
        case "linksTo": return .linksTo(field: try content.string())
        case "sumItems":
            return try object(content) { m in
                .sumItems(mode: try m.required("mode").string(), bounds: try m.list("bounds") { try $0.number() },
                          fields: try m.list("fields") { try $0.string() }, autofill: try m.bool("autofill"))
            }
        case "navigate":
            return try object(content) { m in
                .navigate(Navigation(viewControllerClass: try m.string("viewControllerClass"),
                                     storyboardId: try m.string("storyboardId"), nibName: try m.string("nibName"),
                                     segueIdentifier: try m.string("segueIdentifier"), presentation: try m.string("presentation")))
            }
        case "openURL": return .openURL(try content.string())
        case "targetAction":
            return try object(content) { m in
                .targetAction(target: try m.string("target"), selector: try m.required("selector").string())
            }
        case "client":
            return try object(content) { m in
                .client(name: try m.required("name").string(), argument: try m.string("argument"))
            }
        default: throw e.unknown("action", name)
        }
    }

    func submission(_ e: IRJSONElement) throws -> Submission {
        try object(e) { m in
            Submission(key: try m.string("key"), skip: try m.flag("skip"), force: try m.flag("force"),
                       dateEncoding: try m.optional("dateEncoding").map(dateEncoding), prefix: try m.string("prefix"),
                       posfix: try m.string("posfix"), submitsValue: try m.bool("submitsValue"),
                       partClone: try m.optional("partClone").map { c in
                           try object(c) { m in
                               Submission.PartClone(count: try m.required("count").int(), key: try m.required("key").string())
                           }
                       },
                       overrides: try m.list("overrides") { o in
                           try object(o) { m in
                               Submission.Override(value: try m.required("value").string(), text: try m.required("text").string())
                           }
                       },
                       countryCode: try m.string("countryCode"),
                       whenHidden: try m.optional("whenHidden").map(hiddenValuePolicy))
        }
    }

    /// `"components"`, `{"unix": text}` or `{"formatted": pattern}`.
    func dateEncoding(_ e: IRJSONElement) throws -> Submission.DateEncoding {
        if case .string(let name) = e.node.kind {
            guard name == "components" else { throw e.unknown("date encoding", name) }
            return .components
        }
        let (name, content) = try e.tagged("a date encoding")
        switch name {
        case "unix": return .unix(try content.string())
        case "formatted": return .formatted(try content.string())
        default: throw e.unknown("date encoding", name)
        }
    }
}
