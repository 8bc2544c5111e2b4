import Testing
import FormIR
@testable import Emitters

/// The kind cache makes a row-type loss's message once for the kind: with any row id it is the
/// message the writer made for every row (`<target> cannot express the <what> ('<id>')`, then what
/// the row shows instead), and a kind without a loss has none.
@Suite struct RowSchemaKindCacheTests {
    static let kinds: [FieldKind] = [
        .text, .number, .integer, .date, .time, .boolean, .singleChoice, .multipleChoice, .slider, .button,
        .label, .signature, .address, .image, .custom("made.up"),
    ]
    static let presentations: [Presentation?] = [
        nil, .dropDown, .radio, .valuePicker, .imagePicker, .push, .picker, .popup, .toggle, .token, .multilineLabel,
    ]

    @Test func messageIsTheOneMadeForEachRow() {
        var cache = RowSchemaKind.Cache(target: "json")
        var losses = 0
        for kind in Self.kinds {
            for presentation in Self.presentations {
                for multiple in [false, true] {
                    for id in ["a", "item12", "x'y \"z\" é"] {
                        let field = Field(id: id, kind: kind, presentation: presentation, allowsMultiple: multiple)
                        let entry = cache.kind(of: field)
                        let row = RowSchemaKind.of(field)
                        guard let loss = row.loss else {
                            #expect(entry.lossMessage(id: id) == nil)
                            continue
                        }
                        losses += 1
                        let seen = row.seen.map { ": it is shown as \($0)" } ?? ""
                        #expect(entry.lossMessage(id: id) == "json cannot express the \(loss.message) ('\(id)')\(seen)")
                        #expect(entry.row.loss?.feature == loss.feature)
                    }
                }
            }
        }
        // Kinds with and without a shown-instead text are among them.
        #expect(losses > 50)
        #expect(cache.kind(of: Field(id: "r", kind: .singleChoice, presentation: .radio)).lossMessage(id: "r")
            == "json cannot express the radio presentation ('r'): it is shown as segmented buttons side by side in one line, not a list of radio buttons")
    }
}
