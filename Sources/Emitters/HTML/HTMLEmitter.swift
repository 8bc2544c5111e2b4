import FormIR
import Lowering

/// Writes a self-contained HTML preview of a form (docs/html-preview.md): one file with inline CSS
/// and plain JavaScript that loads nothing from elsewhere. Pages are tabs, sections fieldsets; every
/// input is named by the key the legacy app submits (`SubmissionModel`, as `--to json-schema` types
/// it); relationships run live; validation runs on submit with the form's own messages; a panel shows
/// the payload and another lists every loss with its position in the input, as the diagnostics do.
public struct HTMLEmitter: FormEmitter {
    /// An emitter of a self-contained HTML preview; it takes no options.
    public init() {}

    /// The target id losses name (`html`).
    public var formatID: String { "html" }

    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> {
        [.formTitle, .formDisabled, .formLayout, .pages, .pageTitle, .sectionTitle, .sectionFooter, .hiddenPage,
         .hiddenSection, .localization, .label, .detailLabel, .inlineLabel, .placeholder, .missingMessage, .bodyText,
         .emptyText, .presentation, .defaultValue, .hidden, .disabled, .options, .optionLabels, .optionRange,
         .multipleSelection, .required, .length, .valueRange, .pattern, .patternMessage, .namedValidator,
         .predicateValidation, .comparison, .dateRestriction, .dateBounds, .selectionCount, .size, .columns,
         .colors, .textSize, .alignment, .keyboard, .actionNotify, .actionLinksTo, .actionSumItems, .actionSubmit,
         .actionOpenURL, .submitKey, .submitPolicy, .dateEncoding, .submitPrefix, .submitsValue, .partClone,
         .overrides, .ruleShowHideField, .ruleShowHideSection, .ruleShowHidePage, .ruleEnableDisable, .ruleEvaluate,
         .ruleCopy, .ruleSetOptions, .ruleSubmission, .ruleSetText, .ruleSetChecked, .ruleSetProperty, .ruleRequired,
         .ruleUnconditional, .requirementGroup, .fieldHiddenValue]
    }

    /// Writes `form` as a self-contained HTML preview; what it cannot hold is reported as losses in
    /// `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        let first = diagnostics.items.count
        LossCheck.report(form, supported: supportedFeatures, target: formatID, keepingExtensions: ["html"],
                         into: &diagnostics)
        var plans: [HTMLFieldPlan] = []
        let states = RuleStates(form: form)
        var sectionIndex = 0
        for (pi, page) in form.pages.enumerated() {
            for (si, section) in page.sections.enumerated() {
                for field in section.fields {
                    let submits = !SubmissionModel.submitsNothing(field)
                        && states.submitting(field, section: section, page: page).submitted != .false
                    plans.append(HTMLFieldPlan(field: field, index: plans.count, pageIndex: pi, sectionIndex: sectionIndex,
                                               path: "/pages/\(pi)/sections/\(si)/fields/\(field.id)", submits: submits))
                }
                sectionIndex += 1
            }
        }
        let texts = HTMLTextTable(locale: form.defaultLocale ?? options.locale ?? form.locales.first)
        var emission = HTMLEmission(form: form, plans: plans, target: formatID, texts: texts, diagnostics: diagnostics)
        emission.writeForm()
        let data = emission.runtimeData()
        diagnostics = emission.diagnostics
        let losses = diagnostics.items[first...].filter { $0.loss != nil }
        sink.write(emission.finish(data: data, losses: Array(losses)))
    }
}
