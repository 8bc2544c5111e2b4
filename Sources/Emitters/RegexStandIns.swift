import FormIR
import Lowering

/// Checks a target has no validator for (named validations, length limits), written as regex rules
/// that accept the same answers: the output reads back with patterns in their place, so each field
/// with such rules gets one note saying which checks became which regexes.
enum RegexStandIns {
    /// The `<idPrefix>.validation-as-regex` note for the stand-ins among `regexes` (those that are
    /// not the field's own patterns); `rules` names what the target writes (`regex validators`).
    /// `path` is evaluated only for a note.
    static func report(_ regexes: [LoweredRule], _ f: Field, target: String, idPrefix: String, rules: String,
                       path: @autoclosure () -> String, into diagnostics: inout Diagnostics) {
        report(regexes, f, target: target, idPrefix: idPrefix, rules: rules, site: .path(path()), into: &diagnostics)
    }

    /// `report` at `site`: at a place, the note's path is made only when read.
    static func report(_ regexes: [LoweredRule], _ f: Field, target: String, idPrefix: String, rules: String,
                       site: @autoclosure () -> FindingSite, into diagnostics: inout Diagnostics) {
        // Most fields have none: nothing is built for them.
        guard regexes.contains(where: { if case .pattern = $0.origin { false } else { true } }) else { return }
        let v = f.validation
        let standIns: [(String, String)] = regexes.compactMap { r in
            switch r.origin {
            case .named(let n): ("the \(n.rawValue) check", r.regex)
            case .length:
                (v.minLength != nil && v.maxLength != nil ? "the length limits" : v.minLength != nil ? "the minimum length" : "the maximum length", r.regex)
            case .pattern: nil
            }
        }
        let what = standIns.map(\.0).joined(separator: " and "), texts = standIns.map(\.1).joined(separator: ", ")
        let id = "\(idPrefix).validation-as-regex"
        let message = "'\(f.id)': \(target) has no validator for \(what); written as \(rules) (\(texts)) that accept the same answers"
        switch site() {
        case .place(let p): diagnostics.add(.note, id, message, at: f.location, place: p)
        case .path(let s): diagnostics.note(id, message, at: f.location, path: s)
        }
    }
}
