import DocumentTree
import Foundation
import FormIR

/// The JSON type of a submitted value, as conditions need it to coerce literals and pick keywords.
enum ValueShape: Equatable, Sendable {
    case string
    case integer
    case number
    case boolean
    /// Checkbox/signature `submitsValue`: the integers 0 and 1.
    case zeroOne
    /// radioControl `multiple`: an integer bitmask, or an override text.
    case bitmask
    /// Several option values.
    case array
    /// A value of no fixed JSON type (custom kinds, options of mixed types).
    case any

    /// The shape of `key` of `field` (choices take the type their option values share).
    init(key: SubmittedKey, field: Field) {
        switch key.valueType {
        case .string:
            if key.component == nil, !field.options.isEmpty {
                self = ValueShape.ofOptions(field.options)
            } else if field.kind.isCustom {
                self = .any
            } else {
                self = .string
            }
        case .integer, .unixTime: self = .integer
        case .number: self = .number
        case .boolean: self = .boolean
        case .zeroOne: self = .zeroOne
        case .bitmask: self = .bitmask
        case .array: self = .array
        case .dateComponent, .formattedDate, .isoDate: self = .string
        }
    }

    /// `string`, `integer` or `number` when every option value has that type.
    static func ofOptions(_ options: [Option]) -> ValueShape {
        let values = options.map(\.value)
        if values.allSatisfy({ $0.stringValue != nil }) { return .string }
        if values.allSatisfy({ if case .int = $0 { return true }; return false }) { return .integer }
        if values.allSatisfy({ $0.doubleValue != nil }) { return .number }
        return .any
    }

    var isNumeric: Bool { self == .integer || self == .number || self == .zeroOne || self == .bitmask }

    /// The `type` keyword's value, `nil` for `any` and `bitmask` (whose override texts are strings).
    var typeName: String? {
        switch self {
        case .string: "string"
        case .integer, .zeroOne: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .array: "array"
        case .bitmask, .any: nil
        }
    }

    /// `literal` as a value of this shape: numbers for numeric shapes (numeric strings are parsed),
    /// text for strings (numbers printed as the legacy app prints them), booleans for booleans.
    func coerce(_ literal: Literal) -> Node? {
        switch (self, literal) {
        case (_, .null): return nil
        case (.string, .string(let s)): return .string(s)
        case (.string, .number(let d)): return .string(Value.format(d))
        case (.string, .bool): return nil
        case (.boolean, .bool(let b)): return .bool(b)
        case (.boolean, .number(let d)) where d == 0 || d == 1: return .bool(d == 1)
        case (.boolean, .string(let s)):
            switch s.lowercased() {
            case "yes", "true", "1": return .bool(true)
            case "no", "false", "0": return .bool(false)
            default: return nil
            }
        case (.zeroOne, .bool(let b)): return .int(b ? 1 : 0)
        case (_, .number(let d)) where isNumeric || self == .any: return .number(d)
        case (.bitmask, .string(let s)), (.any, .string(let s)):
            if let d = Double(s) { return .number(d) }
            return .string(s)
        case (_, .string(let s)) where isNumeric:
            if let d = Double(s.trimmingCharacters(in: .whitespaces)) { return .number(d) }
            return nil
        case (.any, .bool(let b)): return .bool(b)
        default: return nil
        }
    }
}
