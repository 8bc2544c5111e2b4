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
        switch node.kind {
        case .null where syntax == .plist:
            diagnostics.loss("value.null", target: target, "\(target) has no null; the value at \(path) is dropped",
                             at: location, path: path, subject: subject)
        case .double(let d) where syntax == .json && !d.isFinite:
            diagnostics.loss("value.non-finite", target: target,
                             "\(target) cannot hold \(d); the value at \(path) is written as null", at: location, path: path,
                             subject: subject)
        case .array(let items):
            for (i, item) in items.enumerated() {
                report(item, path: "\(path)/\(i)", syntax: syntax, target: target, at: location, subject: subject, into: &diagnostics)
            }
        case .mapping(let entries):
            for e in entries {
                report(e.value, path: "\(path)/\(pointerEscaped(e.key))", syntax: syntax, target: target, at: location,
                       subject: subject, into: &diagnostics)
            }
        default: break
        }
    }

    /// A key as a JSON pointer token (RFC 6901: `~` is `~0`, `/` is `~1`).
    static func pointerEscaped(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
