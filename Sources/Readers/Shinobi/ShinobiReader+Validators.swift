import FormIR

extension ShinobiReadContext {
    /// `validResult` spellings and the IR relation of each.
    static let relations: [String: FieldComparison.Relation] = [
        "SFormComparisonRuleEqual": .equal, "SFormComparisonRuleNotEqual": .notEqual,
        "SFormComparisonRuleGreaterThan": .greaterThan, "SFormComparisonRuleLessThan": .lessThan,
        "SFormComparisonRuleGreaterThanOrEqual": .greaterThanOrEqual,
        "SFormComparisonRuleLessThanOrEqual": .lessThanOrEqual,
    ]
    static let modes: [String: FieldComparison.Mode] = [
        "SFormTextComparisonModeTextValue": .text, "SFormTextComparisonModeNumberValue": .number,
    ]
    static let notEmptyValidators: Set<String> = [
        "textNotEmptyValidator", "choiceNotEmptyValidator", "pickerNotEmptyValidator", "dateNotEmptyValidator",
        "booleanTrueValidator",
    ]
    static let comparisonValidators: Set<String> = [
        "textComparisonValidator", "choiceComparisonValidator", "booleanComparisonValidator",
        "rangedNumberComparisonValidator", "dateComparisonValidator",
    ]

    /// Reads `<validators>` into `field.validation`; returns whether a not-empty validator was there.
    /// Not-empty validators and `booleanTrueValidator` mean "required"; `textEmailValidator` is the named
    /// validator `email`, `textNumericValidator` `numeric`, `booleanFalseValidator` `booleanFalse`.
    mutating func readValidators(_ e: ShinobiXMLElement, into field: inout Field) -> Bool {
        var notEmpty = false
        for v in e.children {
            switch v.name {
            case let n where Self.notEmptyValidators.contains(n):
                noChildren(v)
                notEmpty = true
            case "textEmailValidator":
                noChildren(v)
                field.validation.named.append(.email)
            case "textNumericValidator":
                noChildren(v)
                field.validation.named.append(.numeric)
            case "booleanFalseValidator":
                noChildren(v)
                field.validation.named.append(NamedValidator("booleanFalse"))
            case "textRegexValidator":
                guard let regex = v.child("regexString") else {
                    diagnostics.error("shinobi.missing-element", "<textRegexValidator> needs a <regexString>", at: v.location)
                    continue
                }
                for c in v.children where c.name != "regexString" { unknownElement(c, in: v.name) }
                field.validation.patterns.append(PatternRule(regex: regex.text, location: v.location))
            case let n where Self.comparisonValidators.contains(n):
                if let c = readComparison(v) { field.validation.comparisons.append(c) }
            default:
                unknownElement(v, in: "validators")
            }
        }
        // A length limit is written as the last regex (`RuleLowering`): read it back as the limit.
        if field.validation.minLength == nil, field.validation.maxLength == nil,
           let last = field.validation.patterns.last, let (min, max) = Self.lengthLimits(last.regex) {
            field.validation.patterns.removeLast()
            field.validation.minLength = min
            field.validation.maxLength = max
        }
        return notEmpty
    }

    /// The length limits a regex states when it is exactly `^[\s\S]{min,max}$` (or `{min,}`): the only
    /// way ShinobiForms checks a length, and how formconv writes a length limit (the last regex of a
    /// field); it accepts exactly the texts of that many characters, so it reads as the limit (a minimum
    /// of 0 is no minimum).
    static func lengthLimits(_ regex: String) -> (Int?, Int?)? {
        let prefix = "^[\\s\\S]{", suffix = "}$"
        guard regex.hasPrefix(prefix), regex.hasSuffix(suffix), regex.count > prefix.count + suffix.count else { return nil }
        let bounds = regex.dropFirst(prefix.count).dropLast(suffix.count).split(separator: ",", omittingEmptySubsequences: false)
        guard bounds.count == 2, bounds.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let min = Int(bounds[0]), bounds[1].isEmpty || Int(bounds[1]) != nil else { return nil }
        let max = bounds[1].isEmpty ? nil : Int(bounds[1])
        if let max, max < min { return nil }
        if min == 0, max == nil { return nil }
        return (min == 0 ? nil : min, max)
    }

    private mutating func noChildren(_ e: ShinobiXMLElement) {
        for c in e.children { unknownElement(c, in: e.name) }
    }

    private mutating func readComparison(_ v: ShinobiXMLElement) -> FieldComparison? {
        var other: String?
        var relation: FieldComparison.Relation?
        var mode: FieldComparison.Mode?
        for c in v.children {
            switch c.name {
            case "toCompare": other = c.trimmedText
            case "validResult":
                relation = Self.relations[c.trimmedText]
                if relation == nil {
                    diagnostics.error("shinobi.invalid-value", "validResult '\(c.trimmedText)' is not an SFormComparisonRule",
                                      at: c.location)
                }
            case "comparisonMode" where v.name == "textComparisonValidator":
                mode = Self.modes[c.trimmedText]
                if mode == nil {
                    diagnostics.error("shinobi.invalid-value",
                                      "comparisonMode '\(c.trimmedText)' is not an SFormTextComparisonMode", at: c.location)
                }
            default: unknownElement(c, in: v.name)
            }
        }
        guard let other, let relation else {
            if other == nil {
                diagnostics.error("shinobi.missing-element", "<\(v.name)> needs a <toCompare>", at: v.location)
            } else if v.child("validResult") == nil {
                diagnostics.error("shinobi.missing-element", "<\(v.name)> needs a <validResult>", at: v.location)
            }
            return nil
        }
        return FieldComparison(otherField: other, relation: relation, mode: mode, location: v.location)
    }
}
