import Testing
import FormIR
import FormConvKit

/// `FormDiff` matches sections and pages by name, by where their fields went, by title, then by
/// position among those no matched field places (docs/diff.md, "How fields are matched"): a section a
/// format names itself (MM XML `group1`, SurveyJS `page1panel1`) is the same empty section, while a
/// section the person sees appear or disappear is still reported, and what they see of a pair found
/// by position (its title) is still compared.
@Suite struct DiffImplicitSectionTests {
    func ids(_ old: Form, _ new: Form) -> [String] {
        FormDiff.compare(old, new).changes.map { "\($0.field) \($0.id)" }.sorted()
    }

    let name = Field(id: "name", kind: .text)
    let age = Field(id: "age", kind: .integer)

    @Test func anEmptySectionNamedByTheWriterIsTheSameSection() {
        // An XLForm form: one implicit page, a section with a field, an empty section without tag.
        let old = Form(pages: [Page(sections: [Section(title: "About", fields: [name]), Section()], isImplicit: true)])
        // Its MM XML read-back: the page and the empty group carry generated names.
        let new = Form(pages: [Page(id: "page1", sections: [Section(id: "group1", title: "About", fields: [name]),
                                                            Section(id: "group2")])])
        #expect(ids(old, new).isEmpty)
    }

    @Test func anEmptyFormsGeneratedPageAndGroupAreTheSame() {
        // An RMSForm with one empty section, and its MM XML read-back (`<page name="page1"><group name="group1"/>`).
        let old = Form(pages: [Page(sections: [Section()], isImplicit: true)])
        let new = Form(pages: [Page(id: "page1", sections: [Section(id: "group1")])])
        #expect(ids(old, new).isEmpty)
        // The SurveyJS read-back names the panel after its page.
        let survey = Form(pages: [Page(id: "page1", sections: [Section(id: "page1panel1")])])
        #expect(ids(old, survey).isEmpty)
    }

    @Test func aSectionWhoseIdIsNotKeptIsFoundByItsTitle() {
        // MM XML `<group name="extra" title="Extra"/>` read back from XLForm (no section id), after
        // an untitled empty section that takes the first place.
        let old = Form(pages: [Page(sections: [Section(id: "main", fields: [name]), Section(id: "extra", title: "Extra")],
                                    isImplicit: true)])
        let new = Form(pages: [Page(sections: [Section(fields: [name]), Section(), Section(title: "Extra")], isImplicit: true)])
        #expect(ids(old, new) == ["page 1 section 2 section.added"])
    }

    @Test func aTitledSectionThatAppearsOrDisappearsIsStillReported() {
        let old = Form(pages: [Page(sections: [Section(id: "main", fields: [name])], isImplicit: true)])
        let new = Form(pages: [Page(sections: [Section(id: "main", fields: [name]), Section(id: "extras", title: "Extras")],
                                    isImplicit: true)])
        #expect(ids(old, new) == ["extras section.added"])
        #expect(ids(new, old) == ["extras section.removed"])
    }

    @Test func aPairFoundByPositionStillComparesItsTitle() {
        // MM XML `<group name="a" title="Extras"/>` written where the section keeps neither id nor title.
        let old = Form(pages: [Page(sections: [Section(id: "main", fields: [name]), Section(id: "a", title: "Extras")],
                                    isImplicit: true)])
        let untitled = Form(pages: [Page(sections: [Section(id: "main", fields: [name]), Section()], isImplicit: true)])
        #expect(ids(old, untitled) == ["a text.changed"])
    }

    @Test func twoEmptySectionsWithTheirOwnNamesStayTwo() {
        // A page with its group "Extras" replaced by another page with its group "Review" (both
        // holding only decorations that do not match): removed and added, never one retitled section.
        let old = Form(pages: [Page(id: "main", sections: [Section(id: "about", fields: [name])]),
                               Page(id: "extrasPage", sections: [Section(id: "extras", title: "Extras")])])
        let new = Form(pages: [Page(id: "main", sections: [Section(id: "about", fields: [name])]),
                               Page(id: "reviewPage", sections: [Section(id: "review", title: "Review")])])
        #expect(ids(old, new) == ["extras section.removed", "extrasPage page.removed", "review section.added", "reviewPage page.added"])
        let renamed = Form(pages: [Page(sections: [Section(id: "main", fields: [name]), Section(id: "b", title: "More")],
                                        isImplicit: true)])
        let titled = Form(pages: [Page(sections: [Section(id: "main", fields: [name]), Section(id: "a", title: "Extras")],
                                       isImplicit: true)])
        #expect(ids(titled, renamed) == ["a section.removed", "b section.added"])
    }

    @Test func aSectionWhoseFieldsWentElsewhereIsNotPairedByPosition() {
        // `age` moved into `main`; the new empty section is not `rest` renamed.
        let old = Form(pages: [Page(sections: [Section(id: "main", fields: [name]), Section(id: "rest", fields: [age])],
                                    isImplicit: true)])
        let new = Form(pages: [Page(sections: [Section(id: "main", fields: [name, age]), Section(id: "later")],
                                    isImplicit: true)])
        let changes = ids(old, new)
        #expect(changes.contains("rest section.removed"))
        #expect(changes.contains("later section.added"))
        #expect(changes.contains("age field.moved"))
    }

    @Test func anEmptySectionOfAMergedPageMovesWithTheMerge() {
        // MM XML pages merged into one ShinobiForms page: the empty group of the second page is
        // written as an untitled section after the first page's.
        let old = Form(pages: [Page(id: "first", sections: [Section(id: "main", fields: [name])]),
                               Page(id: "second", sections: [Section()])])
        let new = Form(pages: [Page(sections: [Section(fields: [name]), Section()], isImplicit: true)])
        let changes = ids(old, new)
        #expect(!changes.contains { $0.hasSuffix("section.added") || $0.hasSuffix("section.removed") })
        #expect(changes.contains("second section 1 section.moved"))
        #expect(changes.contains("second page.removed"))
    }

    @Test func anEmptyXLFormSectionReadsBackAsTheSameSection() throws {
        let xlform = #"{"formSections": [{"title": "About", "formRows": [{"tag": "name", "rowType": "text", "title": "Name"}]}, {}]}"#
        for target: FormatID in [.mmxml, .surveyjs] {
            let result = Converter.convert(InputDocument(name: "in.xlform.json", bytes: Array(xlform.utf8)), from: .xlform, to: target)
            let source = try #require(result.form)
            let bytes = try #require(result.output, "xlform → \(target)")
            var back = Diagnostics()
            let read = try #require(Converter.read(InputDocument(name: "back." + target.fileExtension, bytes: bytes),
                                                   as: target, diagnostics: &back))
            #expect(read.pages.flatMap(\.sections).count == 2, "\(target)")
            let structural = FormDiff.compare(source, read).changes.filter { $0.id.hasPrefix("section.") || $0.id.hasPrefix("page.") }
            #expect(structural.isEmpty, "\(target): \(structural.map(\.message))")
        }
    }
}
