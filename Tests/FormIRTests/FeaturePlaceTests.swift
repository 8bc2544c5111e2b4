import Testing
@testable import FormIR

/// A place's IR path and what a loss there is about (docs/ir.md: the field's id, a group or page by id
/// or position, what a relationship acts on, or `form-level`), and the path read back into its place.
@Suite struct FeaturePlaceTests {
    static let form = Form(
        pages: [
            Page(id: "p", sections: [
                Section(id: "g", fields: [Field(id: "email", kind: .email), Field(id: "a/b", kind: .text),
                                          Field(id: "", kind: .text), Field(id: "/x", kind: .text)]),
                Section(fields: [Field(id: "", kind: .text)]),
            ]),
            Page(sections: [Section(id: "", fields: [])]),
        ],
        rules: [Rule(condition: nil, target: .field("email"), then: [.show]),
                Rule(condition: nil, target: .section("g"), then: [.hide]),
                Rule(condition: nil, target: .page("p"), then: [.hide]),
                Rule(condition: nil, target: .form, then: [.disable])])

    /// Each place, its path, its subject in `form` and without a form.
    static let expected: [(place: FeaturePlace, path: String, subject: String, alone: String)] = [
        (.form, "/", "form-level", "form-level"),
        (.page(0), "/pages/0", "page 'p'", "page '1'"),
        (.page(1), "/pages/1", "page '2'", "page '2'"),
        (.page(7), "/pages/7", "page '8'", "page '8'"),
        (.section(page: 0, 0), "/pages/0/sections/0", "group 'g'", "group '1'"),
        (.section(page: 0, 1), "/pages/0/sections/1", "group '2'", "group '2'"),
        (.section(page: 1, 0), "/pages/1/sections/0", "group ''", "group '1'"),
        (.section(page: 3, 4), "/pages/3/sections/4", "group '5'", "group '5'"),
        (.template(page: 0, section: 0), "/pages/0/sections/0/dynamic/template", "group 'g'", "group '1'"),
        (.field(page: 0, section: 0, id: "email"), "/pages/0/sections/0/fields/email", "email", "email"),
        // An id holding `/`: its first part; an empty id: its group.
        (.field(page: 0, section: 0, id: "a/b"), "/pages/0/sections/0/fields/a/b", "a", "a"),
        (.field(page: 0, section: 0, id: "/x"), "/pages/0/sections/0/fields//x", "x", "x"),
        (.field(page: 0, section: 0, id: ""), "/pages/0/sections/0/fields/", "group 'g'", "group '1'"),
        (.field(page: 0, section: 1, id: ""), "/pages/0/sections/1/fields/", "group '2'", "group '2'"),
        (.rule(0), "/rules/0", "email", "relationship 1"),
        (.rule(1), "/rules/1", "group 'g'", "relationship 2"),
        (.rule(2), "/rules/2", "page 'p'", "relationship 3"),
        (.rule(3), "/rules/3", "form-level", "relationship 4"),
        (.rule(9), "/rules/9", "relationship 10", "relationship 10"),
    ]

    @Test func pathsAndSubjects() {
        for e in Self.expected {
            #expect(e.place.path == e.path)
            #expect(e.place.subject(in: Self.form) == e.subject, "\(e.path)")
            #expect(e.place.subject(in: nil) == e.alone, "\(e.path)")
        }
    }

    @Test func everyPathReadsBackAsItsPlace() {
        for e in Self.expected { #expect(FeaturePlace(path: e.path) == e.place, "\(e.path)") }
        for (pi, page) in Self.form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                for f in section.fields {
                    let place = FeaturePlace.field(page: pi, section: si, id: f.id)
                    #expect(FeaturePlace(path: place.path) == place, "\(place.path)")
                }
            }
        }
    }

    /// A path below a place names that place; a path that is no IR path names the form.
    @Test func pathsBelowAPlaceAndOthers() {
        let cases: [(String, FeaturePlace)] = [
            ("/pages/0/sections/1/dynamic", .section(page: 0, 1)),
            ("/pages/0/sections/1/dynamic/insert", .section(page: 0, 1)),
            ("/pages/0/sections/1/options/2", .section(page: 0, 1)),
            ("/pages/0/sections/1/fields", .field(page: 0, section: 1, id: "")),
            ("/pages/2/title", .page(2)),
            ("/pages/2/sections/x", .page(2)),
            ("/rules/4/then/0", .rule(4)),
            ("//pages//0", .page(0)),
            ("pages/0", .page(0)),
            ("/rules/x", .form),
            ("/pages/x/sections/0", .form),
            ("/formSections/0/formRows/3", .form),
            ("/properties/email", .form),
            ("", .form),
        ]
        for (path, place) in cases { #expect(FeaturePlace(path: path) == place, "\(path)") }
    }

    /// A loss given only a path names what the path's place is about, without the form.
    @Test func aLossWithAPathOnlyNamesItsPlace() {
        var d = Diagnostics()
        d.loss("x", target: "json", "lost", path: "/pages/0/sections/1/fields/email/options/2")
        d.loss("x", target: "json", "lost", path: "/pages/0/sections/1")
        d.loss("x", target: "json", "lost", path: "/rules/2")
        d.loss("x", target: "json", "lost")
        d.loss("x", target: "json", "lost", place: .rule(1), in: Self.form)
        #expect(d.items.map(\.message) == ["email: lost", "group '2': lost", "relationship 3: lost", "form-level: lost",
                                           "group 'g': lost"])
        #expect(d.items.map(\.path) == ["/pages/0/sections/1/fields/email/options/2", "/pages/0/sections/1", "/rules/2", nil,
                                        "/rules/1"])
    }
}
