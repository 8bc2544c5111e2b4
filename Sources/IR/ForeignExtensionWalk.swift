extension FeatureScan {
    /// The walk of `forEachForeignExtension`: the form's own extensions, each page's (its sections'
    /// and fields' with it), the rules'.
    struct ForeignExtensionWalk {
        /// The namespaces kept, as a list: a node has few keys and a walk few namespaces to keep, so
        /// each key's namespace is compared with each, not hashed.
        let keep: [String]

        init(keeping keep: Set<String>) { self.keep = Array(keep) }

        typealias Body = (_ key: String, _ namespace: String, _ value: Value, _ place: FeaturePlace,
                          _ location: SourceLocation?) -> Void

        /// Each key's namespace is made once, for the test and for `body`.
        private func check(_ ext: Extensions, _ place: FeaturePlace, _ loc: SourceLocation?, _ body: Body) {
            guard !ext.isEmpty else { return }
            for (key, value) in ext.sorted(by: { $0.key < $1.key }) {
                let namespace = FeatureScan.namespace(of: key)
                if !keep.contains(namespace) { body(key, namespace, value, place, loc) }
            }
        }

        func form(_ form: Form, _ body: Body) { check(form.extensions, .form, form.location, body) }

        func page(_ page: Page, index pi: Int, _ body: Body) {
            check(page.extensions, .page(pi), page.location, body)
            for si in page.sections.indices {
                check(page.sections[si].extensions, .section(page: pi, si), page.sections[si].location, body)
                for fi in page.sections[si].fields.indices where !page.sections[si].fields[fi].extensions.isEmpty {
                    let field = FeaturePlace.field(page: pi, section: si, id: page.sections[si].fields[fi].id)
                    check(page.sections[si].fields[fi].extensions, field, page.sections[si].fields[fi].location, body)
                }
            }
        }

        func rules(_ rules: [Rule], _ body: Body) {
            for ri in rules.indices where !rules[ri].extensions.isEmpty {
                check(rules[ri].extensions, .rule(ri), rules[ri].location, body)
            }
        }
    }
}
