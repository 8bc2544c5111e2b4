import Foundation
import FormIR
import DocumentTree
import Expressions

/// A `hidden`/`disabled` value: a fixed boolean or an NSPredicate format string.
enum XLFormCondition {
    case bool(Bool)
    case predicate(String, FormIR.Expression)
    /// A string that does not parse as a predicate (reported), kept verbatim.
    case unparsed(String)
}

extension XLFormDecoder {
    /// The entries of a mapping node by key; unknown keys are reported. `nil` (reported) for other nodes.
    mutating func object(_ node: Node, _ what: String, known: Set<String>) -> [String: Node]? {
        guard case .mapping(let entries) = node.kind else {
            invalid(node, "\(what) must be an object")
            return nil
        }
        var out: [String: Node] = [:]
        for e in entries {
            if !known.contains(e.key) {
                diagnostics.warning("xlform.unknown-key", "unknown key '\(e.key.excerpt())' in \(what) is ignored",
                                    at: e.keyLocation ?? e.value.location)
                continue
            }
            if out[e.key] != nil {
                diagnostics.warning("xlform.duplicate-key", "duplicate key '\(e.key)' in \(what); the first is used",
                                    at: e.keyLocation ?? e.value.location)
                continue
            }
            out[e.key] = e.value
        }
        return out
    }

    mutating func invalid(_ node: Node, _ message: String) {
        diagnostics.warning("xlform.invalid-value", message, at: node.location)
    }

    mutating func string(_ node: Node?, _ key: String) -> String? {
        guard let node else { return nil }
        switch node.kind {
        case .string(let s): return s
        case .null: return nil
        default: invalid(node, "'\(key)' must be a string"); return nil
        }
    }

    mutating func bool(_ node: Node?, _ key: String) -> Bool? {
        guard let node else { return nil }
        switch node.kind {
        case .bool(let b): return b
        case .int(let i) where i == 0 || i == 1: return i == 1
        default: invalid(node, "'\(key)' must be true or false"); return nil
        }
    }

    mutating func int(_ node: Node, _ key: String) -> Int? {
        switch node.kind {
        case .int(let i): return i
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
        default: invalid(node, "'\(key)' must be an integer"); return nil
        }
    }

    mutating func number(_ node: Node, _ key: String) -> Value? {
        switch node.kind {
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        default: invalid(node, "'\(key)' must be a number"); return nil
        }
    }

    /// `hidden`/`disabled`: a boolean, or a predicate string parsed in XLForm's dialect.
    mutating func condition(_ node: Node, _ key: String) -> XLFormCondition? {
        switch node.kind {
        case .bool(let b): return .bool(b)
        case .int(let i) where i == 0 || i == 1: return .bool(i == 1)
        case .string(let text):
            do throws(ExpressionError) {
                return .predicate(text, try Predicate.parse(text, dialect: .xlformPredicate))
            } catch {
                var at = node.location
                if let l = at {
                    at = SourceLocation(file: l.file, line: l.line, column: l.column + (syntax == .json ? 1 : 0) + error.column - 1)
                }
                diagnostics.error("xlform.invalid-predicate", "'\(key)' predicate \"\(text.excerpt())\": \(error.message)", at: at)
                return .unparsed(text)
            }
        default:
            invalid(node, "'\(key)' must be a boolean or a predicate string")
            return nil
        }
    }

    /// Any node as a value, keeping plist types (integer, real, boolean, date, data).
    func value(_ node: Node) -> Value { node.toValue() }

    /// A value that should be a date: plist dates stay dates; JSON has none, so ISO 8601 text becomes one.
    func dateValue(_ node: Node) -> Value {
        if case .string(let s) = node.kind, Self.isISODate(s) { return .date(s) }
        return value(node)
    }

    static func isISODate(_ s: String) -> Bool {
        let full = ISO8601DateFormatter()
        if full.date(from: s) != nil { return true }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if fractional.date(from: s) != nil { return true }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: s) != nil
    }
}
