extension FeatureScan {
    /// The walk of `forEachForeignExtension`: the form's own extensions, each page's (its sections'
    /// and fields' with it), the rules'.
    struct ForeignExtensionWalk {
        let keep: Set<String>

        init(keeping keep: Set<String>) { self.keep = keep }

        typealias Body = (_ key: String, _ value: Value, _ place: FeaturePlace, _ location: SourceLocation?) -> Void

        private func check(_ ext: Extensions, _ place: FeaturePlace, _ loc: SourceLocation?, _ body: Body) {
            for key in ext.keys.sorted() where !keep.contains(FeatureScan.namespace(of: key)) {
                body(key, ext[key]!, place, loc)
            }
        }

        func form(_ form: Form, _ body: Body) { check(form.extensions, .form, form.location, body) }

        func page(_ page: Page, index pi: Int, _ body: Body) {
            check(page.extensions, .page(pi), page.location, body)
            for (si, section) in page.sections.enumerated() {
                check(section.extensions, .section(page: pi, si), section.location, body)
                for fi in section.fields.indices where !section.fields[fi].extensions.isEmpty {
                    check(section.fields[fi].extensions, .field(page: pi, section: si, id: section.fields[fi].id),
                          section.fields[fi].location, body)
                }
            }
        }

        func rules(_ rules: [Rule], _ body: Body) {
            for (ri, rule) in rules.enumerated() { check(rule.extensions, .rule(ri), rule.location, body) }
        }
    }
}
