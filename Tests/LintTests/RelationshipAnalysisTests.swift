import Testing
@testable import FormConvKit
import FormIR
import Expressions

/// The relationship analysis on its own: conditions decided from the MM language's rules (equality on
/// one item with different values is exclusive, AND/OR/NOT combine as in logic, BT/LT are numeric),
/// and show/hide/skip/force states read from relationships.
@Suite struct LintRelationshipAnalysisTests {
    static func condition(_ text: String) throws -> NormalForm { NormalForm(try MMCondition.parse(text)) }
    static func sat(_ text: String) throws -> Satisfiability { Satisfiability.of(try condition(text)) }
    static func isSat(_ s: Satisfiability) -> Bool { if case .satisfiable = s { return true }; return false }
    static func isUndecided(_ s: Satisfiability) -> Bool { if case .undecided = s { return true }; return false }

    @Test(arguments: [
        "gender == \"Male\" AND gender == \"Female\"",
        "gender == \"Male\" AND gender != \"Male\"",
        "(method == \"bank\" OR method == \"cheque\") AND method == \"card\"",
        "age BT 18 AND age LT 10",
        "age BT 18 AND age == 15",
        "age BT 5 AND age LT 5",
        "(a == \"1\" OR a == \"2\") AND (a == \"3\" OR a == \"4\")",
    ])
    func contradictionsAreUnsatisfiable(_ text: String) throws {
        #expect(try Self.sat(text) == .unsatisfiable)
    }

    @Test(arguments: [
        "gender == \"Male\" AND country == \"CA\"",
        "(method == \"bank\" OR method == \"card\") AND method != \"bank\"",
        "(a == \"1\" OR b == \"2\") AND a == \"3\"",
        "age BT 18 AND age LT 30",
        "age BT 18 AND age == 20",
        "gender != \"Male\" AND gender != \"Female\"",
    ])
    func compatibleConditionsAreSatisfiable(_ text: String) throws {
        #expect(Self.isSat(try Self.sat(text)))
    }

    @Test func negationFollowsDeMorgan() throws {
        let either = try MMCondition.parse("a == \"1\" OR a == \"2\"")
        let notEither = NormalForm(either, negated: true)
        #expect(Satisfiability.of(notEither.and(try Self.condition("a == \"1\""))) == .unsatisfiable)
        #expect(Self.isSat(Satisfiability.of(notEither.and(try Self.condition("a == \"3\"")))))
        let both = try MMCondition.parse("a == \"1\" AND b == \"2\"")
        // NOT (a AND b) = NOT a OR NOT b: holds with a == 1 when b differs.
        #expect(Self.isSat(Satisfiability.of(NormalForm(both, negated: true).and(try Self.condition("a == \"1\"")))))
    }

    @Test func predicatesWithInBetweenAndCaseOptionsAreDecided() throws {
        func p(_ text: String) throws -> NormalForm { NormalForm(try Predicate.parse(text, dialect: .rowPredicate)) }
        #expect(Satisfiability.of(try p("$m IN {'bank', 'cheque'}").and(try p("$m == 'card'"))) == .unsatisfiable)
        #expect(Self.isSat(Satisfiability.of(try p("$m IN {'bank', 'cheque'}").and(try p("$m != 'bank'")))))
        #expect(Satisfiability.of(try p("$age BETWEEN {18, 30}").and(try p("$age > 40"))) == .unsatisfiable)
        #expect(Satisfiability.of(try p("$c ==[c] 'yes'").and(try p("$c != 'YES'"))) == .unsatisfiable)
        #expect(Self.isSat(Satisfiability.of(try p("$c == 'yes'").and(try p("$c != 'YES'")))))
    }

    @Test func undecidedConditionsSayWhy() throws {
        let twoItems = try Self.sat("email == repeatEmail AND email == \"a\"")
        guard case .undecided(let reason) = twoItems else { Issue.record("expected undecided, got \(twoItems)"); return }
        #expect(reason.contains("email"))
        let text = try Self.sat("code BT \"abc\"")
        #expect(Self.isUndecided(text))
        // A contradiction elsewhere decides even next to an undecided part.
        #expect(try Self.sat("email == repeatEmail AND gender == \"M\" AND gender == \"F\"") == .unsatisfiable)
    }

    @Test func expansionPastTheLimitIsUndecidedNotHuge() throws {
        let wide = (0..<10).map { "(x\($0) == \"a\" OR x\($0) == \"b\")" }.joined(separator: " AND ")
        let nf = try Self.condition(wide)
        #expect(nf.conjunctions.count <= NormalForm.limit)
        #expect(Self.isUndecided(Satisfiability.of(nf)))
    }

    // MARK: States from relationships

    static func mmRule(_ condition: String, _ target: RuleTarget, then: [Effect], else otherwise: [Effect] = [],
                       line: Int = 1) throws -> Rule {
        Rule(condition: try MMCondition.parse(condition), source: ConditionSource(dialect: .mmCondition, text: condition),
             target: target, then: then, otherwise: otherwise, location: SourceLocation(file: "f.xml", line: line, column: 1))
    }
    static func analysis(_ fields: [Field], rules: [Rule], sectionHidden: Bool = false) -> (RelationshipAnalysis, [LintChecks.FieldEntry]) {
        let form = Form(pages: [Page(id: "p", sections: [Section(id: "s", fields: fields, isHidden: sectionHidden)])], rules: rules)
        return (RelationshipAnalysis(form), LintChecks.listFields(form))
    }
    static let gender = Field(id: "gender", kind: .singleChoice, options: [Option(value: .string("M")), Option(value: .string("F"))],
                              validation: Validation(required: true))

    @Test func exclusiveVariantsNeverSubmitTogether() throws {
        let variants = ["M", "F"].map { Field(id: "title\($0)", kind: .text, isHidden: true, submission: Submission(key: "title")) }
        let rules = try ["M", "F"].map { try Self.mmRule("gender == \"\($0)\"", .field("title\($0)"), then: [.show], else: [.hide]) }
        let (a, e) = Self.analysis([Self.gender] + variants, rules: rules)
        #expect(Overlap.of(a.submitWays(e[1]), a.submitWays(e[2])) == .exclusive)
        #expect(a.canBeShown(e[1]))
    }

    @Test func untouchedOptionalChooserLeavesTheInitialStateOpen() throws {
        var optional = Self.gender
        optional.validation.required = false
        let variants = ["M", "F"].map { Field(id: "title\($0)", kind: .text, submission: Submission(key: "title")) }
        let rules = try ["M", "F"].map { try Self.mmRule("gender == \"\($0)\"", .field("title\($0)"), then: [.show], else: [.hide]) }
        let (a, e) = Self.analysis([optional] + variants, rules: rules)
        guard case .undecided(let reason) = Overlap.of(a.submitWays(e[1]), a.submitWays(e[2])) else {
            Issue.record("both are visible before gender is set: expected undecided"); return
        }
        #expect(reason.contains("'gender'"))
        // Written as a predicate (evaluated when the form opens) there is no initial state to reach.
        let predicateRules = rules.map { r -> Rule in var r = r; r.source?.dialect = .rowPredicate; return r }
        let (b, f) = Self.analysis([optional] + variants, rules: predicateRules)
        #expect(Overlap.of(b.submitWays(f[1]), b.submitWays(f[2])) == .exclusive)
    }

    @Test func aRequiredChooserThatCanBeHiddenMayStayUnset() throws {
        // Required only binds while shown: a chooser some relationship hides may never be set.
        let variants = ["M", "F"].map { Field(id: "title\($0)", kind: .text, submission: Submission(key: "title")) }
        var rules = try ["M", "F"].map { try Self.mmRule("gender == \"\($0)\"", .field("title\($0)"), then: [.show], else: [.hide]) }
        let (a, e) = Self.analysis([Self.gender] + variants, rules: rules)
        #expect(Overlap.of(a.submitWays(e[1]), a.submitWays(e[2])) == .exclusive)
        rules.append(try Self.mmRule("anonymous == \"YES\"", .field("gender"), then: [.hide], else: [.show]))
        let (b, f) = Self.analysis([Self.gender] + variants, rules: rules)
        guard case .undecided = Overlap.of(b.submitWays(f[1]), b.submitWays(f[2])) else {
            Issue.record("a hideable required chooser may stay unset: expected undecided"); return
        }
    }

    @Test func aShowWithoutElseStaysShown() throws {
        let item = Field(id: "extra", kind: .text, isHidden: true)
        let rule = try Self.mmRule("gender == \"M\"", .field("extra"), then: [.show], line: 12)
        let (a, e) = Self.analysis([Self.gender, item], rules: [rule])
        let always = [StateWay(.always)]
        guard case .undecided(let reason) = Overlap.of(a.shownWays(e[1]), [StateWay(try Self.condition("gender == \"F\""))]) else {
            Issue.record("expected the sticky show to be undecided"); return
        }
        #expect(reason.contains("line 12"))
        if case .together = Overlap.of(a.shownWays(e[1]), always) {} else { Issue.record("shown when gender == M") }
    }

    @Test func forceSkipAndSubmitFollowTheLanguageDocument() throws {
        // Hidden + forceSubmit submits; shown + skipSubmit does not; <force> and <skip> switch them.
        let forced = Field(id: "ref", kind: .text, isHidden: true, submission: Submission(force: true))
        let skipped = Field(id: "note", kind: .text, submission: Submission(skip: true))
        let label = Field(id: "intro", kind: .label)
        let (a, e) = Self.analysis([Self.gender, forced, skipped, label], rules: [
            try Self.mmRule("gender == \"M\"", .field("ref"), then: [.submission(.skip)], else: [.submission(.force)]),
            try Self.mmRule("gender == \"M\"", .field("note"), then: [.submission(.submit)]),
        ])
        let male = [StateWay(try Self.condition("gender == \"M\""))]
        #expect(Overlap.of(a.submitWays(e[1]), male) == .exclusive)
        if case .together = Overlap.of(a.submitWays(e[2]), male) {} else { Issue.record("<submit> clears skipSubmit") }
        #expect(a.submitWays(e[3]).isEmpty)
    }

    @Test func containersHideTheirItems() throws {
        let item = Field(id: "x", kind: .text, validation: Validation(required: true))
        let (a, e) = Self.analysis([item], rules: [], sectionHidden: true)
        let inHiddenGroup = a.canBeShown(e[0])
        #expect(!inHiddenGroup)
        let (b, f) = Self.analysis([Self.gender, item], rules: [try Self.mmRule("gender == \"M\" AND gender == \"F\"", .section("s"), then: [.show])],
                                   sectionHidden: true)
        let shown = b.canBeShown(f[1])
        #expect(!shown, "a show whose condition can never hold shows nothing")
        #expect(b.showingRules(f[1]).map(\.target) == [.section("s")], "the dead show is named in the finding")
    }

    @Test func aConditionThatDoesNotParseNeverFires() {
        // condition-syntax: "a condition that does not parse never evaluates"; no condition at all always applies.
        let item = Field(id: "promo", kind: .text, isHidden: true)
        let broken = Rule(condition: nil, source: ConditionSource(dialect: .mmCondition, text: "gender CONTAINS \"x\""),
                          target: .field("promo"), then: [.show])
        let (a, e) = Self.analysis([item], rules: [broken])
        let brokenShows = a.canBeShown(e[0])
        #expect(!brokenShows)
        let (b, f) = Self.analysis([item], rules: [Rule(condition: nil, target: .field("promo"), then: [.show])])
        let unconditionalShows = b.canBeShown(f[0])
        #expect(unconditionalShows)
    }

    @Test func conflictsNeedOverlappingShowAndHide() throws {
        let state = Field(id: "state", kind: .text, isHidden: true)
        let split = try ["US", "CA"].enumerated().map { i, c in
            try Self.mmRule("country == \"\(c)\"", .field("state"), then: [.show], else: [.hide], line: 10 + i)
        }
        let (a, _) = Self.analysis([state], rules: split)
        #expect(a.conflicts().map { $0.later.location?.line } == [11])
        let disjoint = [try Self.mmRule("country == \"US\"", .field("state"), then: [.show]),
                        try Self.mmRule("country == \"FR\"", .field("state"), then: [.hide])]
        #expect(Self.analysis([state], rules: disjoint).0.conflicts().isEmpty)
    }

    @Test func undecidedConditionsMakeUndecidedConflicts() throws {
        let state = Field(id: "state", kind: .text, isHidden: true)
        let rules = [try Self.mmRule("country == homeCountry", .field("state"), then: [.show]),
                     try Self.mmRule("country == \"FR\"", .field("state"), then: [.hide])]
        let conflicts = Self.analysis([state], rules: rules).0.conflicts()
        #expect(conflicts.count == 1)
        guard case .undecided(let reason)? = conflicts.first?.overlap else { Issue.record("\(conflicts)"); return }
        #expect(reason.contains("two items"))
    }

    /// `<skip>` sets skipSubmit, `<force>` clears it (language document): both applying is a conflict
    /// over submission, one relationship with both branches is not.
    @Test func skipAndForceUnderOverlappingConditionsConflict() throws {
        let city = Field(id: "city", kind: .text)
        let clash = [try Self.mmRule("sameAsHome == \"YES\"", .field("city"), then: [.submission(.skip)]),
                     try Self.mmRule("country == \"US\"", .field("city"), then: [.submission(.force)])]
        let conflicts = Self.analysis([city], rules: clash).0.conflicts()
        #expect(conflicts.map(\.property) == [.submission])
        let oneRule = [try Self.mmRule("sameAsHome == \"YES\"", .field("city"), then: [.submission(.skip)], else: [.submission(.force)])]
        #expect(Self.analysis([city], rules: oneRule).0.conflicts().isEmpty)
        let exclusive = [try Self.mmRule("sameAsHome == \"YES\"", .field("city"), then: [.submission(.skip)]),
                         try Self.mmRule("sameAsHome == \"NO\"", .field("city"), then: [.submission(.force)])]
        #expect(Self.analysis([city], rules: exclusive).0.conflicts().isEmpty)
    }
}
