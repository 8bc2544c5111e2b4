/// The catalogue of IR features a form may use. Each emitter declares the subset it writes; `LossCheck`
/// reports every use of the rest as a loss (`loss.<rawValue>`). The feature matrix in docs/ is generated
/// from these declarations.
public enum Feature: String, CaseIterable, Codable, Sendable, Comparable {
    // Structure
    case formTitle = "form.title"
    case formDisabled = "form.disabled"
    case formLayout = "form.layout"
    case pages = "structure.pages"
    case pageTitle = "structure.page-title"
    case sectionTitle = "structure.section-title"
    case sectionFooter = "structure.section-footer"
    case hiddenPage = "structure.hidden-page"
    case hiddenSection = "structure.hidden-section"
    case dynamicSection = "structure.dynamic-section"
    case sectionStyle = "structure.section-style"
    case validationGroups = "structure.validation-groups"
    // Texts
    case localization = "text.localization"
    case label = "text.label"
    case detailLabel = "text.detail"
    case inlineLabel = "text.inline-label"
    case placeholder = "text.placeholder"
    case missingMessage = "text.missing-message"
    case bodyText = "text.body"
    case emptyText = "text.empty"
    case selectorTitle = "text.selector-title"
    // Field basics
    case customKind = "field.custom-kind"
    case presentation = "field.presentation"
    case defaultValue = "field.default-value"
    case hidden = "field.hidden"
    case disabled = "field.disabled"
    // Options
    case options = "options"
    case optionLabels = "options.labels"
    case optionImages = "options.images"
    case optionRange = "options.range"
    case multipleSelection = "options.multiple"
    // Validation
    case required = "validation.required"
    case length = "validation.length"
    case valueRange = "validation.value-range"
    case pattern = "validation.pattern"
    case patternMessage = "validation.pattern-message"
    case namedValidator = "validation.named"
    case predicateValidation = "validation.predicate"
    case comparison = "validation.comparison"
    case dateRestriction = "validation.date-restriction"
    case dateBounds = "validation.date-bounds"
    case selectionCount = "validation.selection-count"
    case requiredValue = "validation.required-value"
    /// At least one of a set of fields must be answered (`Form.requirementGroups`, MM XML `required="a|b"`).
    case requirementGroup = "validation.at-least-one-of"
    /// Whether a required field is required while hidden (`HiddenFieldRules.validatesHidden`), for a form
    /// whose required fields can hide: reported by `HiddenFieldCheck` against the target engine's rule.
    case requiredWhileHidden = "validation.required-while-hidden"
    // Layout, style, formatting
    case position = "layout.position"
    case size = "layout.size"
    case columns = "layout.columns"
    case bleeds = "layout.bleeds"
    case lines = "layout.lines"
    case buttonPosition = "layout.button-position"
    case colors = "style.colors"
    /// Form item colours and page background colours (MM XML `requireditemcolor`, page `bgcolor`).
    case formColors = "style.form-colors"
    case textSize = "style.text-size"
    case alignment = "style.alignment"
    case keyboard = "style.keyboard"
    case cssClass = "style.class"
    case formatting = "formatting"
    // Actions
    case actionNotify = "action.notify"
    case actionLinksTo = "action.links-to"
    case actionSumItems = "action.sum-items"
    case actionNavigate = "action.navigate"
    case actionSubmit = "action.submit"
    case actionOpenURL = "action.open-url"
    case actionTargetAction = "action.target-action"
    case actionClient = "action.client"
    // Submission model
    case submitKey = "submission.key"
    case submitPolicy = "submission.policy"
    case dateEncoding = "submission.date-encoding"
    case submitPrefix = "submission.prefix"
    case submitsValue = "submission.submits-value"
    case partClone = "submission.part-clone"
    case overrides = "submission.overrides"
    case countryCode = "submission.country-code"
    /// What happens to hidden fields' answers (`HiddenFieldRules.values`), for a form whose fields can
    /// hide: reported by `HiddenFieldCheck` against the target engine's policy.
    case hiddenValues = "submission.hidden-values"
    /// A field's own hidden-value policy (`Submission.whenHidden`, SurveyJS `clearIfInvisible`).
    case fieldHiddenValue = "submission.when-hidden"
    // Relationships
    case ruleShowHideField = "relationship.show-hide"
    case ruleShowHideSection = "relationship.show-hide-section"
    case ruleShowHidePage = "relationship.show-hide-page"
    case ruleEnableDisable = "relationship.enable-disable"
    case ruleEvaluate = "relationship.evaluate"
    case ruleCopy = "relationship.copy"
    case ruleSetOptions = "relationship.set-options"
    case ruleSubmission = "relationship.submission"
    case ruleSetText = "relationship.set-text"
    case ruleSetChecked = "relationship.set-checked"
    case ruleSetProperty = "relationship.set-property"
    /// A rule making its target required or optional (`setProperty("required", …)`; MM XML `<required>`
    /// in a relationship, SurveyJS `requiredIf`).
    case ruleRequired = "relationship.required"
    case ruleUnconditional = "relationship.unconditional"
    /// A relationship whose object or condition names no field, section or page of the form (an MM XML
    /// form the old engine ran; kept as written where the target can carry it).
    case ruleUnresolved = "relationship.unresolved"
    // What the app supplies at run time (`AppBinding`)
    /// Options the app gives at run time (RMSForm `choices: ":genders"`).
    case appOptions = "app.options"
    /// A label or section header the app gives at run time (RMSForm `labelText: ":saveLabel"`).
    case appLabel = "app.label"
    /// Whether a field or section can be used, decided by the app (RMSForm `enabled: ":canEdit"`).
    case appEnabled = "app.enabled"
    /// Another property the app gives at run time (RMSForm `backgroundColor: ":redColor"`).
    case appProperty = "app.property"
    /// The app's own cell class drawing the row (XLForm `cellClass`).
    case appCellClass = "app.cell-class"
    // Format-specific data kept from another format
    case foreignExtension = "extension"

    /// Orders features by name.
    public static func < (a: Feature, b: Feature) -> Bool { a.rawValue < b.rawValue }

    /// The feature's position in `allCases` (its declaration order): a case of an enumeration without
    /// payloads is stored as that number, so no table is read.
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// Same feature, same case: compared by case, not by the raw value's text (which
    /// `RawRepresentable`'s default compares).
    public static func == (a: Feature, b: Feature) -> Bool { a.ordinal == b.ordinal }

    /// Hashes the case, not the raw value's text (`RawRepresentable`'s default): a `Set<Feature>`
    /// lookup, which the loss report makes for each part of each field, hashes one word.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// One line for docs and messages.
    public var summary: String {
        String(rawValue.map { $0 == "." || $0 == "-" ? " " : $0 })
    }
}

/// One place where a form uses a feature.
public struct FeatureUse: Hashable, Sendable {
    /// The feature used.
    public var feature: Feature
    /// The IR path of the node using it.
    public var path: String
    /// Where in the source, when known.
    public var location: SourceLocation?
    /// What exactly is used, for the message (`position upper_left`, `evaluate a+b`).
    public var detail: String
    /// A use of `feature` at IR `path`, described by `detail`.
    public init(feature: Feature, path: String, location: SourceLocation?, detail: String) {
        self.feature = feature
        self.path = path
        self.location = location
        self.detail = detail
    }
}
