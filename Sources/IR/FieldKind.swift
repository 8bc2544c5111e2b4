/// What a field *is*, independent of any format. An open set: formats may add `custom.<Name>` kinds,
/// but readers map to the shared constants wherever one fits.
public struct FieldKind: OpenEnumeration {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    // Text entry
    public static let text = FieldKind("text")
    public static let multiline = FieldKind("multiline")
    public static let name = FieldKind("name")
    public static let email = FieldKind("email")
    public static let phone = FieldKind("phone")
    public static let url = FieldKind("url")
    public static let password = FieldKind("password")
    public static let twitter = FieldKind("twitter")
    public static let account = FieldKind("account")
    public static let postalCode = FieldKind("postalCode")
    // Numbers
    public static let integer = FieldKind("integer")
    public static let decimal = FieldKind("decimal")
    public static let number = FieldKind("number")
    public static let currency = FieldKind("currency")
    public static let percent = FieldKind("percent")
    // Dates
    public static let date = FieldKind("date")
    public static let time = FieldKind("time")
    public static let dateTime = FieldKind("datetime")
    public static let countdown = FieldKind("countdown")
    // Choices and controls
    public static let boolean = FieldKind("boolean")
    public static let singleChoice = FieldKind("singleChoice")
    public static let multipleChoice = FieldKind("multipleChoice")
    public static let slider = FieldKind("slider")
    public static let stepper = FieldKind("stepper")
    // Capture
    public static let signature = FieldKind("signature")
    public static let photo = FieldKind("photo")
    // Display
    public static let image = FieldKind("image")
    public static let label = FieldKind("label")
    public static let spacer = FieldKind("spacer")
    public static let separator = FieldKind("separator")
    public static let button = FieldKind("button")
    public static let info = FieldKind("info")
    public static let webView = FieldKind("webView")
    public static let html = FieldKind("html")
    // Composites
    public static let address = FieldKind("address")
    public static let bankDetails = FieldKind("bankDetails")
    public static let location = FieldKind("location")
    // Computed and remote
    public static let expression = FieldKind("expression")
    public static let query = FieldKind("query")

    /// A kind that exists only in one app or format (`custom.RMSNamedColorPickerCell`).
    public static func custom(_ name: String) -> FieldKind { FieldKind("custom.\(name)") }
    public var isCustom: Bool { rawValue.hasPrefix("custom.") }

    /// Kinds that hold no user value (display only).
    public var isDisplayOnly: Bool {
        [.label, .spacer, .separator, .image, .info, .button, .webView, .html].contains(self)
    }
    public var isChoice: Bool { self == .singleChoice || self == .multipleChoice }
}

/// How a field is shown, where formats distinguish it: a single choice as a drop-down, segmented
/// control, radio grid, picker, pushed list, … An open set like `FieldKind`.
public struct Presentation: OpenEnumeration {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let dropDown = Presentation("dropDown")
    public static let segmented = Presentation("segmented")
    public static let radio = Presentation("radio")
    public static let picker = Presentation("picker")
    public static let pickerInline = Presentation("pickerInline")
    public static let valuePicker = Presentation("valuePicker")
    public static let imagePicker = Presentation("imagePicker")
    public static let push = Presentation("push")
    public static let popover = Presentation("popover")
    public static let alert = Presentation("alert")
    public static let actionSheet = Presentation("actionSheet")
    public static let leftRight = Presentation("leftRight")
    public static let suggestion = Presentation("suggestion")
    public static let token = Presentation("token")
    public static let inline = Presentation("inline")
    public static let popup = Presentation("popup")
    public static let checkbox = Presentation("checkbox")
    public static let toggle = Presentation("switch")
    public static let multilineLabel = Presentation("multilineLabel")
    public static let remote = Presentation("remote")
    public static let local = Presentation("local")
    public static let zip = Presentation("zip")
}
