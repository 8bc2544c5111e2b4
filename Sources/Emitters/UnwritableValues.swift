import Foundation
import FormIR
import DocumentTree

/// Values an encoding cannot hold, reported as losses instead of vanishing in the writer: property
/// lists have no null (`PlistWriter` drops it) and JSON has no NaN or infinity (`JSONWriter` writes
/// null). Emitters that build a `Node` tree pass each part of it with the source position of the IR
/// element it came from and the part's path in the output (a JSON pointer).
enum UnwritableValues {
    /// Reports every value under `node` that `syntax` cannot hold, at `location`.
    static func report(_ node: Node, path: String, syntax: DocumentSyntax, target: String,
                       at location: SourceLocation?, subject: String?, into diagnostics: inout Diagnostics) {
        var walk = Walk(base: path, syntax: syntax, target: target, location: location, subject: subject)
        walk.visit(node, into: &diagnostics)
    }

    /// One step below the reported node: an array index or a mapping key.
    enum Step: Equatable {
        case index(Int)
        case key(String)
    }

    /// `base` followed by `steps` as JSON pointer tokens (`/0`, `/a~1b`).
    static func pointer(_ base: String, _ steps: [Step]) -> String {
        var out = base
        for step in steps {
            switch step {
            case .index(let i): out += "/\(i)"
            case .key(let k): out += "/" + pointerEscaped(k)
            }
        }
        return out
    }

    /// The walk under one reported node: the steps taken so far, so a value's path is written only
    /// when it is reported.
    private struct Walk {
        let base: String
        let syntax: DocumentSyntax
        let target: String
        let location: SourceLocation?
        let subject: String?
        var steps: [Step] = []

        mutating func visit(_ node: Node, into diagnostics: inout Diagnostics) {
            switch node.kind {
            case .null where syntax == .plist:
                let path = UnwritableValues.pointer(base, steps)
                diagnostics.loss("value.null", target: target, "\(target) has no null; the value at \(path) is dropped",
                                 at: location, path: path, subject: subject)
            case .double(let d) where syntax == .json && !d.isFinite:
                let path = UnwritableValues.pointer(base, steps)
                diagnostics.loss("value.non-finite", target: target,
                                 "\(target) cannot hold \(d); the value at \(path) is written as null", at: location,
                                 path: path, subject: subject)
            case .array(let items):
                for (i, item) in items.enumerated() {
                    steps.append(.index(i))
                    visit(item, into: &diagnostics)
                    steps.removeLast()
                }
            case .mapping(let entries):
                for e in entries {
                    steps.append(.key(e.key))
                    visit(e.value, into: &diagnostics)
                    steps.removeLast()
                }
            default: break
            }
        }
    }

    /// One loss for the option values of the field `owner` that hold characters XML 1.0 cannot hold
    /// (control characters): an XML writer puts U+FFFD in their place, so choosing such an option
    /// submits another value than the source's. `values` are the values as written; `writtenAs` is the
    /// field's name in the output when the writer renamed it.
    static func reportOptionCharacters(_ values: [String], owner: String, writtenAs: String? = nil, target: String,
                                       at location: SourceLocation?, path: String?, into diagnostics: inout Diagnostics) {
        let changed = values.filter { XMLEscaping.escaped($0).replaced > 0 }
        guard let first = changed.first else { return }
        let what = changed.count == 1 ? "the option value \"\(visible(first))\" holds"
                                      : "\(changed.count) option values (\"\(visible(first))\", …) hold"
        diagnostics.loss("options.invalid-character", target: target,
                         "\(what) characters XML 1.0 cannot hold (control characters); \(target) writes each as U+FFFD, "
                         + "so choosing \(changed.count == 1 ? "it" : "one") in '\(owner)'"
                         + (writtenAs.map { $0 == owner ? "" : " (written as '\($0)')" } ?? "") + " submits a different value",
                         at: location, path: path, subject: owner)
    }

    /// `s` shortened, its control characters shown as `\u{1}` escapes.
    private static func visible(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0xFFFE || u.value == 0xFFFF {
                out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out.excerpt()
    }

    /// The option values an XLForm-like `selectorOptions` list holds: bare values, or `value` of an object.
    static func optionValues(in node: Node?) -> [String] {
        guard case .array(let items)? = node?.kind else { return [] }
        return items.compactMap { item in
            if case .string(let s) = item.kind { return s }
            if case .string(let s)? = item["value"]?.kind { return s }
            return nil
        }
    }

    /// A key as a JSON pointer token (RFC 6901: `~` is `~0`, `/` is `~1`).
    static func pointerEscaped(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
