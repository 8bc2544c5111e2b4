/// What a field *is*, independent of any format. An open set: formats may add `custom.<Name>` kinds,
/// but readers map to the shared constants wherever one fits.
public struct FieldKind: OpenEnumeration {
    /// The name as the IR document spells it.
    public var rawValue: String
    /// The value named `rawValue`: any string, since the set is open.
    public init(rawValue: String) { self.rawValue = rawValue }

    // Text entry
    /// One line of text.
    public static let text = FieldKind("text")
    /// Text over several lines (a text view).
    public static let multiline = FieldKind("multiline")
    /// A person's name (capitalised words).
    public static let name = FieldKind("name")
    /// An email address.
    public static let email = FieldKind("email")
    /// A phone number.
    public static let phone = FieldKind("phone")
    /// A web address.
    public static let url = FieldKind("url")
    /// Text shown as dots.
    public static let password = FieldKind("password")
    /// A Twitter handle.
    public static let twitter = FieldKind("twitter")
    /// An account name (no autocorrection or capitalisation).
    public static let account = FieldKind("account")
    /// A postal code.
    public static let postalCode = FieldKind("postalCode")
    // Numbers
    /// A whole number.
    public static let integer = FieldKind("integer")
    /// A number with a fraction (decimal keypad).
    public static let decimal = FieldKind("decimal")
    /// A number of any form.
    public static let number = FieldKind("number")
    /// An amount of money.
    public static let currency = FieldKind("currency")
    /// A percentage.
    public static let percent = FieldKind("percent")
    // Dates
    /// A calendar date.
    public static let date = FieldKind("date")
    /// A time of day.
    public static let time = FieldKind("time")
    /// A date and a time of day.
    public static let dateTime = FieldKind("datetime")
    /// A duration (hours and minutes), as a countdown timer picks it.
    public static let countdown = FieldKind("countdown")
    // Choices and controls
    /// Yes or no (a switch or check box).
    public static let boolean = FieldKind("boolean")
    /// One option of several.
    public static let singleChoice = FieldKind("singleChoice")
    /// Any number of options of several.
    public static let multipleChoice = FieldKind("multipleChoice")
    /// A number picked on a slider.
    public static let slider = FieldKind("slider")
    /// A number changed by steps with − and + buttons.
    public static let stepper = FieldKind("stepper")
    // Capture
    /// A signature drawn by hand.
    public static let signature = FieldKind("signature")
    /// A photo taken or picked.
    public static let photo = FieldKind("photo")
    // Display
    /// An image shown, holding no value.
    public static let image = FieldKind("image")
    /// Text shown, holding no value.
    public static let label = FieldKind("label")
    /// Empty space between items.
    public static let spacer = FieldKind("spacer")
    /// A dividing line.
    public static let separator = FieldKind("separator")
    /// A button that runs actions.
    public static let button = FieldKind("button")
    /// A button that shows information (MM XML `infoButton`).
    public static let info = FieldKind("info")
    /// Web content shown in the form.
    public static let webView = FieldKind("webView")
    /// HTML text shown in the form.
    public static let html = FieldKind("html")
    // Composites
    /// A postal address: street lines, city, state, postal code, country.
    public static let address = FieldKind("address")
    /// Bank details checked against a bank directory (MM XML `ukBankPinger`, `frBankPinger`).
    public static let bankDetails = FieldKind("bankDetails")
    /// A geographic location.
    public static let location = FieldKind("location")
    // Computed and remote
    /// A value computed from other fields.
    public static let expression = FieldKind("expression")
    /// A value fetched from a remote query.
    public static let query = FieldKind("query")

    /// A kind that exists only in one app or format (`custom.RMSNamedColorPickerCell`).
    public static func custom(_ name: String) -> FieldKind { FieldKind("custom.\(name)") }
    /// Whether the kind is one of a single app or format (`custom.…`).
    public var isCustom: Bool { rawValue.hasPrefix("custom.") }

    /// Kinds that hold no user value (display only).
    public var isDisplayOnly: Bool {
        [.label, .spacer, .separator, .image, .info, .button, .webView, .html].contains(self)
    }
    /// Whether the user picks from options (single or multiple choice).
    public var isChoice: Bool { self == .singleChoice || self == .multipleChoice }
}

/// How a field is shown, where formats distinguish it: a single choice as a drop-down, segmented
/// control, radio grid, picker, pushed list, … An open set like `FieldKind`.
public struct Presentation: OpenEnumeration {
    /// The name as the IR document spells it.
    public var rawValue: String
    /// The value named `rawValue`: any string, since the set is open.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A drop-down list.
    public static let dropDown = Presentation("dropDown")
    /// A segmented control.
    public static let segmented = Presentation("segmented")
    /// Radio buttons.
    public static let radio = Presentation("radio")
    /// A picker wheel.
    public static let picker = Presentation("picker")
    /// A picker wheel shown inline, under the row.
    public static let pickerInline = Presentation("pickerInline")
    /// A read-only text field that opens a list to pick from (MM XML `valuePicker`).
    public static let valuePicker = Presentation("valuePicker")
    /// A grid of images to pick from.
    public static let imagePicker = Presentation("imagePicker")
    /// A list pushed on a new screen.
    public static let push = Presentation("push")
    /// A list in a popover.
    public static let popover = Presentation("popover")
    /// A list in an alert.
    public static let alert = Presentation("alert")
    /// A list in an action sheet.
    public static let actionSheet = Presentation("actionSheet")
    /// The selector's options to the left and right of the row (XLForm `selectorLeftRight`).
    public static let leftRight = Presentation("leftRight")
    /// Text with suggested values as the user types.
    public static let suggestion = Presentation("suggestion")
    /// Selected values shown as tokens.
    public static let token = Presentation("token")
    /// A date picker shown inline, under the row.
    public static let inline = Presentation("inline")
    /// A date picker in a pop-up.
    public static let popup = Presentation("popup")
    /// A check box.
    public static let checkbox = Presentation("checkbox")
    /// A switch (`switch`).
    public static let toggle = Presentation("switch")
    /// A label that wraps over several lines.
    public static let multilineLabel = Presentation("multilineLabel")
    /// An image loaded from a URL.
    public static let remote = Presentation("remote")
    /// An image bundled with the app.
    public static let local = Presentation("local")
    /// An image from a downloaded zip archive.
    public static let zip = Presentation("zip")
}
