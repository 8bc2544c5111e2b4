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
        // The message is written in one pass into a string of its size: the checks, then their regexes
        // (no list of stand-ins, no joined strings, no interpolation growing the text).
        let v = f.validation
        let length = v.minLength != nil && v.maxLength != nil ? "the length limits"
            : v.minLength != nil ? "the minimum length" : "the maximum length"
        var size = 80 + f.id.utf8.count + target.utf8.count + rules.utf8.count
        for r in regexes {
            switch r.origin {
            case .named(let n): size += 17 + n.rawValue.utf8.count + r.regex.utf8.count
            case .length: size += 7 + length.utf8.count + r.regex.utf8.count
            case .pattern: break
            }
        }
        var message = String()
        message.reserveCapacity(size)
        message += "'"
        message += f.id
        message += "': "
        message += target
        message += " has no validator for "
        var first = true
        for r in regexes {
            switch r.origin {
            case .named(let n):
                message += first ? "the " : " and the "
                message += n.rawValue
                message += " check"
            case .length:
                if !first { message += " and " }
                message += length
            case .pattern: continue
            }
            first = false
        }
        message += "; written as "
        message += rules
        message += " ("
        first = true
        for r in regexes {
            if case .pattern = r.origin { continue }
            if !first { message += ", " }
            message += r.regex
            first = false
        }
        message += ") that accept the same answers"
        let id = "\(idPrefix).validation-as-regex"
        switch site() {
        case .place(let p): diagnostics.add(.note, id, message, at: f.location, place: p)
        case .path(let s): diagnostics.note(id, message, at: f.location, path: s)
        }
    }
}
