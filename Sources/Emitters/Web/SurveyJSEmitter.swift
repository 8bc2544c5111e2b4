import DocumentTree
import FormIR

/// Writes one SurveyJS survey JSON (survey-core 3.x): pages as `pages`, groups as `panel`s, fields as
/// questions by kind, choices as `{value, text}`, texts in several languages as locale maps, required
/// and validators, and relationships as `visibleIf` / `enableIf` / `requiredIf` expressions and `setValueIf` /
/// `setValueExpression` (evaluate, copy, check/uncheck) in SurveyJS's expression language. Option sets a relationship
/// switches become choices with their own `visibleIf`. What SurveyJS cannot say is reported as a loss:
/// the generic `LossCheck` features, `condition` (a condition with no SurveyJS expression), and
/// `kind.<kind>` (a field kind with no question type, written as the nearest one).
public struct SurveyJSEmitter: FormEmitter {
    /// An emitter of a SurveyJS survey JSON; it takes no options.
    public init() {}

    /// The target id losses name (`surveyjs`).
    public var formatID: String { "surveyjs" }

    /// The IR features this output holds; `LossCheck` reports the others as losses.
    public var supportedFeatures: Set<Feature> {
        [.formTitle, .pages, .pageTitle, .sectionTitle, .hiddenPage, .hiddenSection, .localization, .label,
         .detailLabel, .placeholder, .missingMessage, .bodyText, .presentation, .defaultValue, .hidden, .disabled,
         .options, .optionLabels, .optionImages, .optionRange, .multipleSelection, .required, .length, .valueRange,
         .pattern, .patternMessage, .namedValidator, .selectionCount, .columns, .ruleShowHideField,
         .ruleShowHideSection, .ruleShowHidePage, .ruleEnableDisable, .ruleEvaluate, .ruleCopy, .ruleSetOptions,
         .ruleSetChecked, .ruleSetProperty, .ruleRequired,
         .ruleUnconditional, .requirementGroup, .fieldHiddenValue]
    }

    /// Writes `form` as a SurveyJS survey JSON; what it cannot hold is reported as losses in `diagnostics`.
    public func emit<Sink: OutputSink>(_ form: Form, options: EmitOptions, into sink: inout Sink,
                                       diagnostics: inout Diagnostics) throws {
        LossCheck.report(form, supported: supportedFeatures, target: formatID, keepingExtensions: ["surveyjs"],
                         into: &diagnostics)
        SurveyJSBraceTexts.report(form, target: formatID, into: &diagnostics)
        var writer = SurveyJSWriter(WebEmitContext(form: form, locales: WebLocales(form: form, requested: options.locale),
                                                   target: formatID))
        let survey = writer.survey()
        diagnostics.append(contentsOf: writer.diagnostics.items)
        sink.write(JSONWriter.write(survey))
    }
}
