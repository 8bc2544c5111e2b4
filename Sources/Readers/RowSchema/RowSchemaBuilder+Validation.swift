import Foundation
import FormIR
import DocumentTree
import Expressions

/// Predicates, validation rules and formatters.
extension RowSchemaBuilder {
    /// Where the text of a string value starts: one past the opening quote for quoted scalars.
    func textStart(_ node: Node) -> SourceLocation? {
        guard var l = node.location else { return nil }
        if quotedStrings || node.isQuoted { l.column += 1 }
        return l
    }

    /// Parses a predicate string; a syntax error is reported at its column inside the string.
    mutating func predicate(_ e: RowEntry, text: String, path: String) -> (FormIR.Expression, ConditionSource)? {
        let start = textStart(e.value)
        do {
            let expression = try Expressions.Predicate.parse(text, dialect: .rowPredicate)
            return (expression, ConditionSource(dialect: .rowPredicate, text: text, location: start))
        } catch {
            let at = location(in: e.value, scalarOffset: max(error.column, 1) - 1)
            diagnostics.error(RowSchemaDiagnostic.predicateSyntax,
                              "predicate in '\(e.key)' is not valid: \(error.message)", at: at ?? e.location, path: path)
            return nil
        }
    }

    /// `rules`: an array of `{regexp|predicate, message}` objects.
    /// The predicates the writer makes of a value range and of comparisons with other rows, read back
    /// as those (`liftRangeAndComparisons`) on rows that are not sliders or steppers.
    mutating func validationRules(_ e: RowEntry, into validation: inout Validation, ranged: Bool, path: String) {
        let before = validation.predicates.count
        readRules(e, into: &validation, path: path)
        if !ranged, validation.minValue == nil, validation.maxValue == nil, validation.comparisons.isEmpty {
            Self.liftRangeAndComparisons(from: before, of: &validation)
        }
    }

    private mutating func readRules(_ e: RowEntry, into validation: inout Validation, path: String) {
        guard let items = array(e, path: path) else { return }
        for (i, node) in items.enumerated() {
            let rulePath = "\(path)/rules/\(i)"
            guard case .mapping = node.kind else {
                diagnostics.error(RowSchemaDiagnostic.typeMismatch,
                                  "rule \(i + 1) must be an object, found \(Self.describe(node))", at: node.location, path: rulePath)
                continue
            }
            var message: LocalizedText?
            var regexp: (String, RowEntry)?
            var predicateEntry: (String, RowEntry)?
            for r in Self.entries(node) {
                switch r.key {
                case "message": if let s = string(r, path: rulePath) { message = LocalizedText(s) }
                case "regexp": if let s = string(r, path: rulePath) { regexp = (s, r) }
                case "predicate", "predicate ": if let s = string(r, path: rulePath) { predicateEntry = (s, r) }
                default:
                    diagnostics.warning(RowSchemaDiagnostic.unknownKey, "unknown rule key '\(r.key.excerpt())' (ignored)",
                                        at: r.location, path: rulePath)
                }
            }
            if regexp == nil && predicateEntry == nil {
                diagnostics.error(RowSchemaDiagnostic.missingKey, "rule \(i + 1) has neither 'regexp' nor 'predicate'",
                                  at: node.location, path: rulePath)
            }
            if let (pattern, r) = regexp {
                if (try? NSRegularExpression(pattern: pattern)) == nil {
                    diagnostics.error(RowSchemaDiagnostic.invalidRegexp, "'regexp' /\(pattern)/ is not a valid regular expression",
                                      at: textStart(r.value) ?? r.location, path: rulePath)
                }
                validation.patterns.append(PatternRule(regex: pattern, message: message, location: r.location))
            }
            if let (text, r) = predicateEntry, let (condition, _) = predicate(r, text: text, path: rulePath) {
                validation.predicates.append(PredicateRule(condition: condition, message: message, location: r.location))
            }
        }
    }

    static let relations: [ComparisonOperator: FieldComparison.Relation] = [
        .equal: .equal, .notEqual: .notEqual, .greater: .greaterThan, .less: .lessThan,
        .greaterOrEqual: .greaterThanOrEqual, .lessOrEqual: .lessThanOrEqual,
    ]

    /// The writer puts a row's own predicates first, then `SELF >= min`, `SELF <= max` and the
    /// comparisons `SELF op $other`, all without a message (docs/row-schema.md, "Validation →
    /// `rules`"). The longest such tail of the predicates read from `start` on becomes `minValue`,
    /// `maxValue` and `comparisons`; what is before it stays predicates, so writing the row again
    /// gives the same rules in the same order.
    static func liftRangeAndComparisons(from start: Int, of v: inout Validation) {
        let p = v.predicates
        var cut = p.count
        var comparisons: [FieldComparison] = []
        while cut > start, p[cut - 1].message == nil, case .compare(.selfValue, let op, .field(let ref), let o) = p[cut - 1].condition,
              ref.property == .value, o == StringOptions(), let relation = relations[op] {
            comparisons.insert(FieldComparison(otherField: ref.id, relation: relation, location: p[cut - 1].location), at: 0)
            cut -= 1
        }
        func bound(_ wanted: ComparisonOperator) -> Double? {
            guard cut > start, p[cut - 1].message == nil,
                  case .compare(.selfValue, let op, .literal(.number(let n)), let o) = p[cut - 1].condition,
                  op == wanted, o == StringOptions(), n.isFinite else { return nil }
            cut -= 1
            return n
        }
        let max = bound(.lessOrEqual), min = bound(.greaterOrEqual)
        guard cut < p.count else { return }
        v.predicates.removeSubrange(cut...)
        v.minValue = min
        v.maxValue = max
        v.comparisons = comparisons
    }

    /// `formatter`: an array of formatter objects, each kept as a dictionary of its keys.
    mutating func formatters(_ e: RowEntry, into formatting: inout Formatting, path: String) {
        guard let items = array(e, path: path) else { return }
        for (i, node) in items.enumerated() {
            let fpath = "\(path)/formatter/\(i)"
            guard case .mapping = node.kind else {
                diagnostics.error(RowSchemaDiagnostic.typeMismatch,
                                  "formatter \(i + 1) must be an object, found \(Self.describe(node))", at: node.location, path: fpath)
                continue
            }
            var dict: [String: Value] = [:]
            var hasType = false
            for f in Self.entries(node) {
                switch f.key {
                case "type":
                    hasType = true
                    if let t = choice(f, RowSchemaTypes.formatterTypes, path: fpath) { dict["type"] = .string(t) }
                case "number.rounding_mode":
                    if let s = choice(f, RowSchemaTypes.roundingModes, path: fpath) { dict[f.key] = .string(s) }
                case _ where RowSchemaTypes.numberFormatterKeys.contains(f.key) || RowSchemaTypes.dateFormatterKeys.contains(f.key):
                    switch f.value.kind {
                    case .string, .int, .double: dict[f.key] = Self.value(f.value)
                    default: mismatch(f, expected: "a string", path: fpath)
                    }
                default:
                    diagnostics.warning(RowSchemaDiagnostic.unknownKey, "unknown formatter key '\(f.key.excerpt())' (kept for round trips)",
                                        at: f.location, path: fpath)
                    dict[f.key] = Self.value(f.value)
                }
            }
            if !hasType {
                diagnostics.error(RowSchemaDiagnostic.missingKey, "formatter \(i + 1) has no 'type'", at: node.location, path: fpath)
            }
            formatting.formatters.append(dict)
        }
    }
}
