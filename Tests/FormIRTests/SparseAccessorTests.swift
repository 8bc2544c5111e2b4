import Testing
import FormIR

/// The inlinable accessors of a `Sparse` part (`$part.isSet`, `$part.read`) and of a field's rare
/// texts say what the part itself says: `isSet` is `part != emptyPart` for a part never set, set, and
/// set then changed back to empty (which keeps its allocation), and a read hands out the part's value.
@Suite struct SparseAccessorTests {
    /// Each `Sparse` part of a field: whether `isSet` agrees with `!= emptyPart`, and `read` with the part.
    static func agree(_ f: Field) -> [String] {
        func check<T>(_ name: String, _ part: Sparse<T>, _ value: T) -> String? {
            let ok = part.isSet == (value != T.emptyPart) && part.read { $0 } == value && part.wrappedValue == value
            return ok ? nil : name
        }
        return [check("optionRange", f.$optionRange, f.optionRange),
                check("defaultValue", f.$defaultValue, f.defaultValue),
                check("validation", f.$validation, f.validation),
                check("layout", f.$layout, f.layout),
                check("style", f.$style, f.style),
                check("formatting", f.$formatting, f.formatting),
                check("submission", f.$submission, f.submission),
                check("appBinding", f.$appBinding, f.appBinding)].compactMap { $0 }
    }

    /// Every part set to something not empty.
    static func setAll(_ f: inout Field) {
        f.optionRange = OptionRange(lower: 1, upper: 3)
        f.defaultValue = .string("x")
        f.validation.required = true
        f.layout.columns = 2
        f.style.textColor = "red"
        f.formatting.step = 0.5
        f.submission.overrides.append(Submission.Override(value: "v", text: "t"))
        f.appBinding.cellClass = "Cell"
    }

    /// Every part changed back to empty, in place.
    static func emptyAll(_ f: inout Field) {
        f.optionRange = nil
        f.defaultValue = nil
        f.validation.required = false
        f.layout.columns = nil
        f.style.textColor = nil
        f.formatting.step = nil
        f.submission.overrides.removeAll()
        f.appBinding.cellClass = nil
    }

    @Test func isSetAgreesWithTheEmptyPart() {
        var f = Field(id: "a", kind: .text)
        #expect(Self.agree(f).isEmpty, "never set")
        #expect(!f.$layout.isSet && !f.$optionRange.isSet && !f.$appBinding.isSet)
        Self.setAll(&f)
        #expect(Self.agree(f).isEmpty, "set")
        #expect(f.$layout.isSet && f.$optionRange.isSet && f.$defaultValue.isSet && f.$appBinding.isSet)
        let copy = f
        Self.emptyAll(&f)
        #expect(Self.agree(f).isEmpty, "set, then changed back to empty")
        #expect(!f.$layout.isSet && !f.$style.isSet && !f.$formatting.isSet && !f.$submission.isSet)
        #expect(Self.agree(copy).isEmpty && copy.$style.isSet, "a copy keeps its own parts")
    }

    @Test func partsSetThroughTheInitializerAreSet() {
        var layout = Layout()
        layout.width = 10
        let f = Field(id: "a", kind: .text, optionRange: OptionRange(lower: 0, upper: 1), layout: layout)
        #expect(Self.agree(f).isEmpty)
        #expect(f.$layout.isSet && f.$optionRange.isSet && !f.$style.isSet)
        #expect(Self.agree(Field(id: "b", kind: .text, layout: Layout(), style: Style())).isEmpty)
    }

    @Test func rareTextsReadWhatWasWritten() {
        var t = FieldTexts(label: "L")
        #expect(t.detail == nil && t.inlineLabel == nil && t.placeholder == nil && t.body == nil
                && t.emptyText == nil && t.selectorTitle == nil)
        t.placeholder = "p"
        t.selectorTitle = "s"
        #expect(t.placeholder == "p" && t.selectorTitle == "s" && t.detail == nil && t.body == nil)
        let all = FieldTexts(label: "L", detail: "d", inlineLabel: "i", placeholder: "p", missingMessage: "m",
                             body: "b", emptyText: "e", selectorTitle: "s")
        #expect(all.all.map(\.role) == ["label", "detail", "inlineLabel", "placeholder", "missingMessage", "body",
                                        "emptyText", "selectorTitle"])
        #expect(all.detail == "d" && all.inlineLabel == "i" && all.body == "b" && all.emptyText == "e")
        t.placeholder = nil
        t.selectorTitle = nil
        #expect(t == FieldTexts(label: "L"), "texts changed back to none compare as never set")
    }
}
