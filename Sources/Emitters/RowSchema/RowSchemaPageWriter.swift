import FormIR
import DocumentTree

/// The row schema as JSON for a form written a page at a time, whose pages are never all in memory
/// at once (formconv's conversion of a large MM XML form): the document's start and end
/// (`RowSchemaDocumentStream`), each page's sections and what they lose (`page`), and the loss
/// report's form-level and rule parts (`formLevelLosses`, `ruleLosses`).
///
/// The bytes and diagnostics, put together in the order `RowSchemaEmitter` makes them, are the
/// emitter's for the whole form: the report's form-level uses, each page's `report`, the rules' uses,
/// the foreign extensions of the form, of each page and of the rules; then the states' diagnostics
/// (`init`), each page's `rows`, and the document end's. The form's fields must all have different ids.
public struct RowSchemaPageWriter: Sendable {
    /// The form without its pages: its title, flags, layout, extensions and rules.
    let form: Form
    let locale: String?
    let states: RowSchemaStates
    let parts: LossCheck.Parts
    static let target = "json"
    static let keptNamespaces: Set<String> = ["rowschema"]

    /// A section's rows and where they are found by a rule: its page's id and its own.
    public struct SectionShape: Sendable {
        public var page: String?
        public var section: String?
        public var rows: Int
        public init(page: String?, section: String?, rows: Int) {
            self.page = page
            self.section = section
            self.rows = rows
        }
    }

    /// `form` without its pages; `ids` every field's id at its ordinal (all different), `rowCount` how
    /// many there are, `sections` the shape of every section in order. `diagnostics` gets what the rows'
    /// states found (relationships whose target is not in the form or whose condition rows cannot say).
    public init(form: Form, ids: RowIDTable, rowCount: Int, sections: [SectionShape], locale: String?,
                diagnostics: inout Diagnostics) {
        self.form = form
        self.locale = locale
        let emitter = RowSchemaEmitter(syntax: .json)
        parts = LossCheck.Parts(supported: emitter.supportedFeatures, target: Self.target)
        states = RowSchemaStates(ids: ids, rowCount: rowCount,
                                 sections: sections.map { .init(page: $0.page, section: $0.section, rows: $0.rows) },
                                 rules: form.rules, target: Self.target, diagnostics: &diagnostics)
    }

    /// What one page gives.
    public struct PageOutput: Sendable {
        /// Its section objects, each after its `,` when one comes before it: values of the document's
        /// `sections` array.
        public var bytes: [UInt8]
        /// The loss report's uses in the page.
        public var report: Diagnostics
        /// The report's foreign extensions of the page.
        public var extensions: Diagnostics
        /// What writing its rows found.
        public var rows: Diagnostics
        /// The locales its texts name (`Form.locales` of the page).
        public var locales: [String]
    }

    /// Page `index`, whose first section is the form's `firstSection`-th and first field its `firstOrdinal`-th.
    public func page(_ page: Page, index pi: Int, firstSection: Int, firstOrdinal: Int) -> PageOutput {
        var report = Diagnostics(), extensions = Diagnostics()
        parts.page(page, index: pi, into: &report)
        var foreign = ForeignExtensionLosses(supported: parts.supported, target: Self.target, keeping: Self.keptNamespaces)
        foreign.page(page, index: pi, into: &extensions)
        var flags: [UInt8] = []
        for si in page.sections.indices {
            let containerHidden = page.isHidden || page.sections[si].isHidden
            for field in page.sections[si].fields {
                flags.append(RowSchemaStates.flags(field, containerHidden: containerHidden, formDisabled: form.isDisabled))
            }
        }
        var writer = RowSchemaDocumentWriter(form: form, target: Self.target, locale: locale,
                                             states: states.overlaying(first: firstOrdinal, flags: flags))
        var out = RowSchemaOutput(JSONStreamWriter(pretty: true, capacity: RowSchemaEmitter.jsonCapacity(rows: flags.count),
                                                   continuingAtDepth: 2, afterValues: firstSection > 0))
        var ordinal = firstOrdinal
        for si in page.sections.indices {
            writer.section(page.sections[si], firstOrdinal: ordinal, path: "/pages/\(pi)/sections/\(si)", into: &out)
            ordinal += page.sections[si].fields.count
        }
        return PageOutput(bytes: out.sink.takeBytes(), report: report, extensions: extensions, rows: writer.diagnostics,
                          locales: Form(pages: [page]).locales)
    }

    /// The loss report's first part: the form's own uses, given the locales of all its texts (sorted)
    /// and how many pages it has.
    public func formLevelLosses(locales: [String], pages: Int) -> Diagnostics {
        var d = Diagnostics()
        parts.formLevel(form, locales: locales, explicitPages: pages, into: &d)
        return d
    }

    /// The report's uses in the rules, then its foreign extensions of the form: what comes between the
    /// pages' uses and their extensions.
    public func ruleLossesAndFormExtensions() -> Diagnostics {
        var d = Diagnostics()
        parts.rules(form.rules, into: &d)
        var foreign = ForeignExtensionLosses(supported: parts.supported, target: Self.target, keeping: Self.keptNamespaces)
        foreign.form(form, into: &d)
        return d
    }

    /// The report's foreign extensions of the rules: its last part.
    public func ruleExtensionLosses() -> Diagnostics {
        var d = Diagnostics()
        var foreign = ForeignExtensionLosses(supported: parts.supported, target: Self.target, keeping: Self.keptNamespaces)
        foreign.rules(form.rules, into: &d)
        return d
    }

    /// The document's start and end, written by one writer.
    public func document() -> RowSchemaDocumentStream { RowSchemaDocumentStream(self) }
}

/// The start of a row-schema document written a page at a time (up to the open `sections` array) and,
/// once every page's sections are out, its end.
public final class RowSchemaDocumentStream {
    private var writer: RowSchemaDocumentWriter
    private var out = RowSchemaOutput(JSONStreamWriter(pretty: true))

    init(_ pages: RowSchemaPageWriter) {
        writer = RowSchemaDocumentWriter(form: pages.form, target: RowSchemaPageWriter.target, locale: pages.locale,
                                         states: pages.states)
    }

    /// The document up to its open `sections` array.
    public func head() -> [UInt8] {
        writer.documentHead(into: &out)
        return out.sink.takeBytes()
    }

    /// The rest, after `sections` sections written elsewhere: the array closed, the form's extensions,
    /// the object closed, the final new line; and what writing them found.
    public func tail(afterSections sections: Int) -> (bytes: [UInt8], diagnostics: Diagnostics) {
        if sections > 0 { out.sink.noteValuesWrittenElsewhere() }
        writer.diagnostics = Diagnostics()
        writer.documentTail(into: &out)
        return (out.sink.finish(), writer.diagnostics)
    }
}
