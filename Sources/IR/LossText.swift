/// Where words are written: a `String` (a message read as text) or UTF-8 bytes (a printed line), so
/// a loss's message is written straight where it is read, never kept beside its parts.
protocol TextOut {
    /// Appends `piece`.
    static func += (text: inout Self, piece: String)
}

extension String: TextOut {}

extension Array: TextOut where Element == UInt8 {
    /// Appends the UTF-8 bytes of `piece`.
    static func += (bytes: inout [UInt8], piece: String) { bytes.appendUTF8(piece) }
}

/// A use's words as a loss keeps them (`UseWords.stored`): the value the walk made, written when the
/// message is read.
enum LossWords: Sendable {
    /// Words given as one string.
    case text(String)
    /// Set words around ids the IR holds (`Words`).
    case words(Words)
    /// A page that loses its page break (`PageBreakWords`).
    indirect case pageBreak(PageBreakWords)
    /// Translations a node's texts lose (`LostTranslations.Detail`).
    indirect case translations(LostTranslations.Detail)

    /// About as many UTF-8 bytes as `write(to:)` writes.
    var utf8Count: Int {
        switch self {
        case .text(let s): s.utf8.count
        case .words(let w): w.utf8Count
        case .pageBreak(let w): w.utf8Count
        case .translations(let w): w.utf8Count
        }
    }

    /// Appends the words to `out`.
    func write<Out: TextOut>(to out: inout Out) {
        switch self {
        case .text(let s): out += s
        case .words(let w): w.write(to: &out)
        case .pageBreak(let w): w.write(to: &out)
        case .translations(let w): w.write(to: &out)
        }
    }
}

/// What a loss says after its subject, unwritten: the message a reporter gave, or the parts the loss
/// report's words are made of (the target's name is the loss's own). Whether the message is the text
/// alone or `<subject>: ` and the text is decided by the case, never by reading the written text: only
/// a reporter's message can already name its subject (`whole`, told once when the loss is made); a
/// text written from words starts with the target's name (`cannotExpress`, `noPlaceFor`) or with the
/// use's own words (`instead`: `the options come from the app…`), never with a subject.
enum LossText: Sendable {
    /// `<subject>: ` and the message as given (`Diagnostics.loss` with a message).
    case given(String)
    /// The message as given, which already starts `<subject>: ` (as `String.hasPrefix` tells).
    case whole(String)
    /// `<target> cannot express the <words>`: a feature use the target lacks (`LossSink`).
    case cannotExpress(LossWords)
    /// `<words>; <instead>`: what the target does instead of an app-supplied part (`AppBinding.instead`).
    indirect case instead(LossWords, String)
    /// `<target> has no place for <keys>, data only <namespace> reads`: a foreign extension (`LossCheck`).
    case noPlaceFor(keys: String, namespace: String)

    /// A reporter's `message` about `subject`: `whole` when it already starts `<subject>: `, else `given`.
    init(message: String, about subject: String) {
        self = message.hasPrefix(subject + ": ") ? .whole(message) : .given(message)
    }

    /// Whether the message is the text alone, its subject not written before it.
    var namesSubject: Bool {
        if case .whole = self { return true }
        return false
    }

    /// About as many UTF-8 bytes as `write(to:target:)` writes.
    func utf8Count(target: String) -> Int {
        switch self {
        case .given(let m), .whole(let m): m.utf8.count
        case .cannotExpress(let w): target.utf8.count + 20 + w.utf8Count
        case .instead(let w, let instead): w.utf8Count + 2 + instead.utf8.count
        case .noPlaceFor(let keys, let namespace): target.utf8.count + keys.utf8.count + namespace.utf8.count + 36
        }
    }

    /// Appends the text to `out`, naming `target` where the words do.
    func write<Out: TextOut>(to out: inout Out, target: String) {
        switch self {
        case .given(let m), .whole(let m):
            out += m
        case .cannotExpress(let w):
            out += target
            out += " cannot express the "
            w.write(to: &out)
        case .instead(let w, let instead):
            w.write(to: &out)
            out += "; "
            out += instead
        case .noPlaceFor(let keys, let namespace):
            out += target
            out += " has no place for "
            out += keys
            out += ", data only "
            out += namespace
            out += " reads"
        }
    }
}

/// A loss diagnostic's parts: its message is written from them when read (`Diagnostic.message`, the
/// printed line, coding), never stored beside them. The feature is not kept beside the id: it is the
/// id without `loss.` (`feature`), read only when the `Loss` is.
struct LossParts: Sendable {
    /// `loss.<feature>` (for a `Feature`, its `lossID`, one string for the run).
    let id: String
    let target: String
    var location: SourceLocation?
    var place: DiagnosticPlace
    /// What the loss concerns, named first in its message.
    let subject: String
    let text: LossText
    var severity: Severity

    /// The feature id: the id after `loss.`.
    var feature: String { String(Substring(id.utf8.dropFirst(Self.idPrefix.utf8.count))) }

    /// What every loss id starts with.
    static let idPrefix = "loss."

    /// `<subject>: <text>`, or the text alone when it names its subject (`LossText.namesSubject`).
    func writeMessage(to out: inout [UInt8]) {
        if !text.namesSubject {
            out += subject
            out += ": "
        }
        text.write(to: &out, target: target)
    }

    /// The message as a string.
    var message: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(subject.utf8.count + 2 + text.utf8Count(target: target))
        writeMessage(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
