import Testing
@testable import FormIR

/// A loss's subject read from the walk's place is the one `LossCheck.owner(of:in:)` reads from the
/// place's path: the field's id (its first `/`-separated part), the group or page by id or position,
/// what a rule acts on, or `form-level`.
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

    static var places: [FeaturePlace] {
        var out: [FeaturePlace] = [.form, .rule(0), .rule(1), .rule(2), .rule(3), .rule(9), .page(7), .section(page: 3, 4)]
        for (pi, page) in form.pages.enumerated() {
            out.append(.page(pi))
            for (si, section) in page.sections.enumerated() {
                out.append(.section(page: pi, si))
                out += section.fields.map { .field(page: pi, section: si, id: $0.id) }
            }
        }
        return out
    }

    @Test func subjectIsTheOneItsPathNames() {
        for place in Self.places {
            #expect(place.subject(in: Self.form) == LossCheck.owner(of: place.path, in: Self.form), "\(place.path)")
        }
    }

    @Test func pathsAreTheIRPaths() {
        #expect(FeaturePlace.form.path == "/")
        #expect(FeaturePlace.page(1).path == "/pages/1")
        #expect(FeaturePlace.section(page: 1, 2).path == "/pages/1/sections/2")
        #expect(FeaturePlace.field(page: 0, section: 1, id: "a/b").path == "/pages/0/sections/1/fields/a/b")
        #expect(FeaturePlace.rule(3).path == "/rules/3")
        #expect(FeaturePlace.field(page: 0, section: 0, id: "a/b").subject(in: Self.form) == "a")
        #expect(FeaturePlace.field(page: 0, section: 1, id: "").subject(in: Self.form) == "group '2'")
        #expect(FeaturePlace.rule(1).subject(in: Self.form) == "group 'g'")
    }
}
