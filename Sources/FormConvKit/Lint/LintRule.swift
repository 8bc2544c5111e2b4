import FormIR

/// A lint rule: a stable id, a default severity, documentation with a bad and a good example, and how
/// findings are produced — from the reader's own diagnostics (`readerIDs`), from a check of the IR, or both.
public struct LintRule: Sendable {
    /// Stable kebab-case id, used in output, `.formconv.yml` and suppression comments.
    public var id: String
    /// The severity the rule reports with unless `.formconv.yml` changes it.
    public var defaultSeverity: Severity
    /// One line: what the rule finds.
    public var summary: String
    /// Why it matters, for docs/rules.
    public var rationale: String
    /// Reader diagnostic ids this rule reports, matched on the part after the format namespace
    /// (`duplicate-name` matches `mmxml.duplicate-name` and `rowschema.duplicate-name`).
    public var readerIDs: [String]
    /// A file the rule reports on (docs/rules/ shows it; a test checks it is reported).
    public var bad: LintExample
    /// The same file fixed: the rule reports nothing on it.
    public var good: LintExample
    /// A check of the IR, run on every file that reads.
    public var check: (@Sendable (LintSubject) -> [LintFinding])?
    /// Real patterns that look like the problem and are not, on which the rule stays silent (each
    /// with `why`; docs/rules/ shows them, a test checks the rule is silent on them).
    public var silentOn: [LintExample] = []

    /// A rule with its id, default severity, texts, the reader ids it covers, its examples and its IR check.
    public init(id: String, severity: Severity, summary: String, rationale: String, readerIDs: [String] = [],
                bad: LintExample, good: LintExample, silentOn: [LintExample] = [],
                check: (@Sendable (LintSubject) -> [LintFinding])? = nil) {
        self.silentOn = silentOn
        self.id = id
        self.defaultSeverity = severity
        self.summary = summary
        self.rationale = rationale
        self.readerIDs = readerIDs
        self.bad = bad
        self.good = good
        self.check = check
    }
}

/// A small file showing a rule, in one of the formats formconv reads.
public struct LintExample: Sendable {
    /// The format the example is written in.
    public var format: FormatID
    /// The example's text, a complete file.
    public var text: String
    /// Linted with `--target` this format (for `conversion-loss`).
    public var target: FormatID?
    /// For an example the rule stays silent on: what the pattern is and why it is not the problem.
    public var why: String
    /// An example in `format`, linted with `--target target` when one is given; `why` for a silent one.
    public init(_ format: FormatID, _ text: String, target: FormatID? = nil, why: String = "") {
        self.why = why
        self.format = format
        self.text = text
        self.target = target
    }

    /// The file name the example is linted under (and shown with in docs).
    public var fileName: String {
        switch format {
        case .mmxml: "form.xml"
        case .yaml: "form.yaml"
        case .rmsform: "Descriptor.plist"
        case .rmsformJSON: "Descriptor.json"
        case .xlform: "form.xlform.json"
        case .shinobi: "form.shinobi.xml"
        default: "form.\(format.fileExtension)"
        }
    }
}

/// What an IR check looks at: the form and where it came from.
public struct LintSubject: Sendable {
    /// The form as the reader produced it.
    public var form: Form
    /// The file's path, as findings print it.
    public var file: String
    /// The format the file was read as.
    public var format: FormatID
    /// Ids of rules the reader already reported, so IR checks do not repeat them.
    public var readerRules: Set<String>
    /// IR paths of the items the reader renamed as repeated names (`duplicate-name`): they still submit
    /// under the first item's key, a defect already reported once, so key checks leave them out.
    public var renamedDuplicates: Set<String>
    /// Which languages every text must have (`missing-translation`, `stray-language`).
    public var translations = TranslationPolicy()
    /// Where every field is, in document order, listed once for all the checks (`LintChecks.fields`).
    let fieldList: [LintChecks.FieldEntry]
    /// Each field id's first position in `fieldList`: duplicate names, references and targets are
    /// looked up here instead of each check hashing every id again.
    let firstFieldIndex: [String: Int]
    /// Positions in `fieldList` of the fields whose id an earlier field has (`duplicate-name`), in order.
    let repeatedFields: [Int]
    /// The form's relationships analysed once for every check that reasons over them (key collisions,
    /// never-shown items, conflicts): building it indexes every relationship by target.
    let analysis: RelationshipAnalysis
    /// What the analysis answers for several rules, worked out once per file and only when one of
    /// those rules runs: items sharing submission keys (two key-collision rules), required items
    /// nothing can show (two required-item rules) and relationships contradicting each other (three
    /// conflict rules).
    private(set) var keyOverlaps: [LintChecks.KeyOverlap] = []
    private(set) var requiredNeverShown: [LintChecks.NeverShown] = []
    private(set) var conflicts: [RelationshipAnalysis.Conflict] = []
    /// The texts that name a language and the form's languages (`missing-translation`,
    /// `stray-language`), listed only when the form has several languages or some are declared.
    private(set) var taggedTexts = LintChecks.TaggedTexts()
    /// Whether the form's texts name two languages or more (`missing-translation`, `stray-language`;
    /// `false` when neither runs).
    let hasSeveralLanguages: Bool

    /// The subject of `form`; `runs` says which rules are on (the shared answers only those rules read
    /// are left empty when none of them runs).
    init(form: Form, file: String, format: FormatID, readerRules: Set<String>, renamedDuplicates: Set<String> = [],
         translations: TranslationPolicy = TranslationPolicy(), runs: (String) -> Bool = { _ in true }) {
        self.translations = translations
        self.form = form
        self.file = file
        self.format = format
        self.readerRules = readerRules
        self.renamedDuplicates = renamedDuplicates
        self.fieldList = LintChecks.listFields(form)
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(fieldList.count)
        var repeated: [Int] = []
        for (i, e) in fieldList.enumerated() {
            let id = form[e].id
            // One lookup for a new id (most are); a repeated one keeps its first position.
            if let first = firstIndex.updateValue(i, forKey: id) {
                firstIndex[id] = first
                repeated.append(i)
            }
        }
        self.firstFieldIndex = firstIndex
        self.repeatedFields = repeated
        self.analysis = RelationshipAnalysis(form)
        let translates = runs("missing-translation") || runs("stray-language")
        self.hasSeveralLanguages = translates && LintChecks.hasSeveralLanguages(form)
        if runs("submission-key-collision") || runs("possible-submission-key-collision") {
            keyOverlaps = LintChecks.keyOverlaps(self)
        }
        if runs("required-always-hidden") || runs("required-never-shown") {
            requiredNeverShown = LintChecks.requiredNeverShown(self)
        }
        if runs("conflicting-visibility") || runs("conflicting-submission") || runs("possible-relationship-conflict") {
            conflicts = analysis.conflicts()
        }
        if translates && (hasSeveralLanguages || !translations.declared.isEmpty) {
            taggedTexts = LintChecks.TaggedTexts(self)
        }
    }

    /// The field `e` points at, read in place from the form.
    subscript(_ e: LintChecks.FieldEntry) -> Field {
        _read { yield form[e] }
    }

    /// The IR path of the field `e` points at, built only for the fields a check reports.
    func path(_ e: LintChecks.FieldEntry) -> String {
        "/pages/\(e.page)/sections/\(e.section)/fields/\(form[e].id)"
    }
}

extension Form {
    /// The field a lint entry points at, read in place.
    subscript(_ e: LintChecks.FieldEntry) -> Field {
        _read { yield pages[e.page].sections[e.section].fields[e.index] }
    }
}

/// One problem an IR check found (the linter adds the rule id and severity).
public struct LintFinding: Sendable {
    /// What is wrong, in one sentence.
    public var message: String
    /// Where in the file, when the IR node kept its position.
    public var location: SourceLocation?
    /// The IR path of the node concerned (`/pages/0/sections/1/fields/2`).
    public var path: String?
    /// A finding saying `message` at `location`.
    public init(_ message: String, at location: SourceLocation?, path: String? = nil) {
        self.message = message
        self.location = location
        self.path = path
    }
}
