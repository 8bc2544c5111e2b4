import FormIR
import DocumentTree

extension SurveyJSDecoder {
    /// One question as a field, or `nil` when it cannot be one. `chain` holds the visibility of
    /// enclosing panels that no section carries for it.
    mutating func question(_ node: Node, chain: [Visibility]) -> Field? {
        let type = questionType(node)
        let name = questionName(node, type: type)
        let owner = "'\(name)'"
        checkProperties(node, allowed: SurveyJSProperties.byType[type] ?? SurveyJSProperties.byType["question"] ?? [], owner: "the \(type) question \(owner)")
        var f = Field(id: name, kind: .text, location: node.location)
        kind(of: node, type: type, into: &f)
        if f.kind == .boolean { booleanNames.insert(name.lowercased()) }
        if f.kind.isDisplayOnly {
            if type == "html" { htmlDisplay(node, owner: owner, into: &f) }
        } else {
            f.texts.label = text(node["title"], owner: owner)
        }
        f.texts.detail = text(node["description"], owner: owner, key: "description")
        f.texts.placeholder = text(node["placeholder"] ?? node["placeHolder"], owner: owner, key: "placeholder")
        f.texts.missingMessage = text(node["requiredErrorText"], owner: owner, key: "requiredErrorText")
        if flag(node["readOnly"], owner: owner, key: "readOnly") == true { f.isDisabled = true }
        // A required yes/no question in SurveyJS accepts either answer; the IR's required yes/no must be
        // yes. The SurveyJS meaning is kept for SurveyJS only (other formats report the extension).
        if flag(node["isRequired"], owner: owner, key: "isRequired") == true {
            if f.kind == .boolean { f.extensions["surveyjs.isRequired"] = .bool(true) } else { f.validation.required = true }
        }
        if let n = node["clearIfInvisible"] { f.submission.whenHidden = hiddenValuePolicy(n, key: "clearIfInvisible", owner: owner) }
        // Visibility: enclosing panels' conditions, then the question's own.
        var visibility = chain
        if flag(node["visible"], owner: owner, key: "visible") == false { visibility.append(.never) }
        if let c = condition(node["visibleIf"], key: "visibleIf", owner: owner) { visibility.append(.when(c)) }
        if visibility.contains(.never) { f.isHidden = true } else {
            let cs = visibility.compactMap { v -> ParsedCondition? in if case .when(let c) = v { return c }; return nil }
            if !cs.isEmpty { pending.append(PendingRule(target: .field(name), purpose: .visible, conditions: cs, owner: owner)) }
        }
        if let c = condition(node["enableIf"], key: "enableIf", owner: owner) {
            pending.append(PendingRule(target: .field(name), purpose: .enable, conditions: [c], owner: owner))
        }
        if let c = condition(node["requiredIf"], key: "requiredIf", owner: owner) {
            if f.kind == .boolean { f.extensions["surveyjs.requiredIf"] = .string(c.text) } else {
                pending.append(PendingRule(target: .field(name), purpose: .required, conditions: [c], owner: owner))
            }
        }
        choices(node, type: type, into: &f)
        defaults(node, owner: owner, into: &f)
        validators(node, type: type, owner: owner, into: &f)
        computed(node, owner: owner, target: name)
        for (key, why) in Self.uncarried {
            if let n = node[key], n.boolValue != false, n.arrayValue?.isEmpty != true, n.stringValue?.isEmpty != true {
                notCarried(key, of: owner, why, at: n)
            }
        }
        return f
    }

    /// Question properties with a behaviour the IR has no home for, and what is lost.
    static let uncarried: [(String, String)] = [
        ("choicesByUrl", "the choices loaded from a web service are not read; only the listed choices are kept"),
        ("choicesFromQuestion", "the choices copied from another question are not read"),
        ("choicesVisibleIf", "a condition over {item} is not an IR condition; every choice stays shown"),
        ("choicesEnableIf", "a condition over {item} is not an IR condition; every choice stays enabled"),
        ("valueName", "the answer is stored under the question's name instead"),
        ("resetValueIf", "the IR has no condition that clears an answer"),
        ("showOtherItem", "the 'Other' choice and its comment box are dropped"), ("hasOther", "the 'Other' choice and its comment box are dropped"),
        ("showNoneItem", "the 'None' choice is dropped"), ("hasNone", "the 'None' choice is dropped"),
        ("showCommentArea", "the comment box is dropped"), ("hasComment", "the comment box is dropped"),
        ("maskType", "the input mask is dropped"), ("maskSettings", "the input mask is dropped"),
        ("minValueExpression", "a computed bound is not an IR bound"), ("maxValueExpression", "a computed bound is not an IR bound"),
        ("correctAnswer", "quiz scoring is dropped"), ("templateElements", "the questions of each dynamic panel are not read"),
        ("columns", "matrix columns are not read"), ("rows", "matrix rows are not read"),
    ]

    /// The lower-cased `type`; a missing or unknown type is read as `text` and reported.
    private mutating func questionType(_ node: Node) -> String {
        guard let raw = node["type"]?.stringValue, !raw.isEmpty else {
            diagnostics.warning("surveyjs.missing-type", "an element has no 'type'; survey-core cannot create it; read as a text question",
                                at: node.location)
            return "text"
        }
        let type = raw.lowercased()
        guard Self.questionTypes.contains(type) else {
            let hint = Suggest.closest(to: type, in: Self.questionTypes.sorted()).map { "; did you mean '\($0)'?" } ?? ""
            diagnostics.warning("surveyjs.unknown-type", "'\(raw)' is not a SurveyJS question type; read as a text question\(hint)",
                                at: node["type"]?.location)
            return "text"
        }
        return type
    }

    static let questionTypes: Set<String> = [
        "text", "comment", "radiogroup", "checkbox", "dropdown", "tagbox", "boolean", "rating", "ranking", "imagepicker",
        "html", "image", "expression", "file", "signaturepad", "multipletext", "matrix", "matrixdropdown", "matrixdynamic",
        "paneldynamic", "buttongroup", "slider", "empty",
    ]

    /// The question's name; an empty, missing or repeated name is reported and replaced by a unique one.
    private mutating func questionName(_ node: Node, type: String) -> String {
        let raw = node["name"]?.stringValue ?? ""
        var name = raw.trimmingCharacters(in: .whitespaces)
        if name.isEmpty {
            name = unique("question\(questionNames.count + 1)")
            diagnostics.warning("surveyjs.missing-name",
                                "a \(type) question has \(node["name"] == nil ? "no name" : "an empty name"); survey-core stores its answer under no key; read as '\(name)'",
                                at: node["name"]?.location ?? node.location)
        } else if let first = questionNames[name.lowercased()] {
            let renamed = unique(name)
            diagnostics.warning("surveyjs.duplicate-name",
                                "another question is named '\(first)'; survey-core gives both one answer; this one is read as '\(renamed)' and conditions read the first",
                                at: node["name"]?.location ?? node.location)
            name = renamed
        } else if raw != name {
            diagnostics.warning("surveyjs.name-spaces", "the name '\(raw)' has spaces around it; read as '\(name)'", at: node["name"]?.location)
        }
        questionNames[name.lowercased()] = name
        return name
    }

    private func unique(_ base: String) -> String {
        var n = 2
        var name = base
        while questionNames[name.lowercased()] != nil || containerNames.contains(name) { name = "\(base)_\(n)"; n += 1 }
        return name
    }

    /// The composite kind whose submitted parts are exactly `items`, in order.
    static func compositeKind(items: [String]) -> FieldKind? {
        guard !items.isEmpty else { return nil }
        for kind in [FieldKind.address, .bankDetails, .location] {
            let parts = SubmissionModel.keys(for: Field(id: "f", kind: kind)).compactMap { $0.component == "partClone" ? nil : $0.component }
            if parts == items { return kind }
        }
        return nil
    }

    /// Kind and presentation by question type; types with no IR home are reported by name.
    private mutating func kind(of node: Node, type: String, into f: inout Field) {
        let owner = "'\(f.id)'"
        func lose(_ what: String) {
            diagnostics.warning("surveyjs.not-carried", "the \(type) question \(owner) \(what)", at: node.location)
        }
        switch type {
        case "text":
            let input = node["inputType"]?.stringValue?.lowercased() ?? "text"
            switch input {
            case "text": f.kind = .text
            case "email": f.kind = .email
            case "tel": f.kind = .phone
            case "url": f.kind = .url
            case "password": f.kind = .password
            case "number", "range": f.kind = .number
            case "date": f.kind = .date
            case "time": f.kind = .time
            case "datetime-local", "datetime": f.kind = .dateTime
            default:
                f.kind = .text
                lose("has inputType '\(input)', which the IR has no kind for; read as plain text")
            }
            if let n = number(node["maxLength"], owner: owner, key: "maxLength"), n > 0 { f.validation.maxLength = Int(n) }
            if f.kind == .number {
                f.validation.minValue = number(node["min"], owner: owner, key: "min")
                f.validation.maxValue = number(node["max"], owner: owner, key: "max")
                // A number input with a step is how the SurveyJS writer spells a stepper.
                if let s = number(node["step"], owner: owner, key: "step") { f.formatting.step = s; f.kind = .stepper }
            }
        case "comment":
            f.kind = .multiline
            if let n = number(node["maxLength"], owner: owner, key: "maxLength"), n > 0 { f.validation.maxLength = Int(n) }
        case "radiogroup", "buttongroup": f.kind = .singleChoice; f.presentation = .radio
        case "dropdown": f.kind = .singleChoice; f.presentation = .dropDown
        case "checkbox": f.kind = .multipleChoice; f.allowsMultiple = true
        case "tagbox": f.kind = .multipleChoice; f.allowsMultiple = true; f.presentation = .token
        case "ranking":
            f.kind = .multipleChoice; f.allowsMultiple = true
            lose("orders every choice; the IR holds it as a multiple choice, so the order is lost")
        case "imagepicker":
            let multi = flag(node["multiSelect"], owner: owner, key: "multiSelect") == true
            f.kind = multi ? .multipleChoice : .singleChoice
            f.allowsMultiple = multi
            f.presentation = .imagePicker
        case "boolean": f.kind = .boolean
        case "rating":
            f.kind = .singleChoice; f.presentation = .segmented
        case "slider":
            f.kind = .slider
            f.validation.minValue = number(node["min"], owner: owner, key: "min") ?? 0
            f.validation.maxValue = number(node["max"], owner: owner, key: "max") ?? 100
            if let s = number(node["step"], owner: owner, key: "step") { f.formatting.step = s }
        case "html": f.kind = .html
        case "image":
            f.kind = .image
            if let link = node["imageLink"]?.stringValue { f.defaultValue = .string(link) }
        case "empty": f.kind = .spacer
        case "expression":
            f.kind = .expression
            if let e = node["expression"] {
                notCarried("expression", of: owner, "the IR holds no formula for a computed question; it is read without its value", at: e)
            }
        case "file":
            f.kind = .photo
            let accepted = node["acceptedTypes"]?.stringValue ?? ""
            if !accepted.hasPrefix("image/") { lose("accepts \(accepted.isEmpty ? "any file" : accepted); the IR holds a photo only") }
        case "signaturepad": f.kind = .signature
        case "multipletext":
            let items = (node["items"]?.arrayValue ?? []).map { $0["name"]?.stringValue ?? $0.stringValue ?? "" }
            if let composite = Self.compositeKind(items: items) {
                f.kind = composite  // the parts of an address, bank details or location, as the SurveyJS writer lists them
            } else {
                f.kind = .custom("surveyjs.multipletext")
                lose("has several text items; the IR has no multiple-text kind, so other formats get one field of no fixed type")
            }
        default:  // matrix, matrixdropdown, matrixdynamic, paneldynamic
            f.kind = .custom("surveyjs.\(type)")
            lose("has no IR kind; other formats get one field of no fixed type in its place")
        }
        if let n = node["colCount"]?.intValue, n > 0 { f.layout.columns = n }
    }
}
