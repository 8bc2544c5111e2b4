extension FeatureScan {
    /// `forEachForeignExtension` a part at a time: the form's own extensions, a page's (its sections'
    /// and fields' with it), the rules'. Called for each part in that order, it calls `body` as the
    /// whole walk does.
    struct ForeignExtensionWalk {
        let keep: Set<String>
        /// The same few keys recur on node after node: the last ones' verdicts are kept (a key's
        /// namespace and its hashed lookup in `keep` cost some 1,300 instructions).
        private var recent: [(key: String, foreign: Bool)] = []

        init(keeping keep: Set<String>) { self.keep = keep }

        typealias Body = (_ key: String, _ path: String, _ location: SourceLocation?) -> Void

        private mutating func isForeign(_ key: String) -> Bool {
            for i in recent.indices where recent[i].key == key { return recent[i].foreign }
            let foreign = !keep.contains(FeatureScan.namespace(of: key))
            if recent.count == 8 { recent.removeFirst() }
            recent.append((key, foreign))
            return foreign
        }

        private mutating func check(_ ext: Extensions, _ path: () -> String, _ loc: SourceLocation?, _ body: Body) {
            guard !ext.isEmpty else { return }
            var nodePath: String?
            for key in ext.keys.sorted() where isForeign(key) {
                if nodePath == nil { nodePath = path() }
                body(key, nodePath!, loc)
            }
        }

        mutating func form(_ form: Form, _ body: Body) { check(form.extensions, { "/" }, form.location, body) }

        mutating func page(_ page: Page, index pi: Int, _ body: Body) {
            check(page.extensions, { "/pages/\(pi)" }, page.location, body)
            for si in page.sections.indices {
                check(page.sections[si].extensions, { "/pages/\(pi)/sections/\(si)" }, page.sections[si].location, body)
                page.sections[si].fields.withUnsafeBufferPointer { fields in
                    for fi in fields.indices where !fields[fi].extensions.isEmpty {
                        check(fields[fi].extensions, { "/pages/\(pi)/sections/\(si)/fields/\(fields[fi].id)" },
                              fields[fi].location, body)
                    }
                }
            }
        }

        mutating func rules(_ rules: [Rule], _ body: Body) {
            for ri in rules.indices { check(rules[ri].extensions, { "/rules/\(ri)" }, rules[ri].location, body) }
        }
    }
}
