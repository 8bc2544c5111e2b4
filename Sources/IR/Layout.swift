/// Where and how large a field is drawn. All optional: most formats lay out rows themselves.
public struct Layout: Hashable, Codable, Sendable {
    /// MM XML 9-grid position: `center`, `upper_left`, `upper_center`, …, `center_left`.
    public var position: String?
    /// Width in points (MM `<size>`).
    public var size: Double?
    /// Height in points (MM `<sizeY>`).
    public var sizeY: Double?
    /// Image/signature width and height (MM `<width>`, `<height>`).
    public var width: Double?
    /// Image or signature height.
    public var height: Double?
    /// Buttons per row of a radio grid (MM `<columns>`).
    public var columns: Int?
    /// MM `bleeds` (defaults to YES in MM XML).
    public var bleeds: Bool?
    /// The most lines a label may wrap over (MM XML `numberOfLines`).
    public var numberOfLines: Int?
    /// Picker DONE button position (MM `buttonPosition`, normalised: `up_left`, `up_right`, `low_right`, `low_left`).
    public var buttonPosition: String?

    /// A layout; each value left out is unset.
    public init(position: String? = nil, size: Double? = nil, sizeY: Double? = nil, width: Double? = nil,
                height: Double? = nil, columns: Int? = nil, bleeds: Bool? = nil, numberOfLines: Int? = nil,
                buttonPosition: String? = nil) {
        self.position = position
        self.size = size
        self.sizeY = sizeY
        self.width = width
        self.height = height
        self.columns = columns
        self.bleeds = bleeds
        self.numberOfLines = numberOfLines
        self.buttonPosition = buttonPosition
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { self == Layout() }
}

/// Colors, text size and alignment. Colors are kept as written (`#FF0000`, `red`).
public struct Style: Hashable, Codable, Sendable {
    /// The text colour, as written.
    public var textColor: String?
    /// The background colour, as written.
    public var backgroundColor: String?
    /// The detail text's colour, as written.
    public var detailTextColor: String?
    /// The placeholder's colour, as written.
    public var placeholderColor: String?
    /// The text size, in points.
    public var textSize: Double?
    /// `left`, `center` or `right`.
    public var alignment: String?
    /// Keyboard type (MM `keyboardtype`).
    public var keyboard: String?
    /// Platform-specific variants (row schema `color.text.ios`): `"ios.textColor": "#…"`.
    public var platformColors: [String: String]
    /// A CSS class name (row schema revision `class`).
    public var cssClass: String?

    /// A style; each value left out is unset.
    public init(textColor: String? = nil, backgroundColor: String? = nil, detailTextColor: String? = nil,
                placeholderColor: String? = nil, textSize: Double? = nil, alignment: String? = nil,
                keyboard: String? = nil, platformColors: [String: String] = [:], cssClass: String? = nil) {
        self.textColor = textColor
        self.backgroundColor = backgroundColor
        self.detailTextColor = detailTextColor
        self.placeholderColor = placeholderColor
        self.textSize = textSize
        self.alignment = alignment
        self.keyboard = keyboard
        self.platformColors = platformColors
        self.cssClass = cssClass
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { self == Style() }
}

/// How a value is displayed or formatted (row-schema formatters, date display, MM date formatting).
public struct Formatting: Hashable, Codable, Sendable {
    /// Display/format pattern (MM dateField `<formatting>`, row `date.format`).
    public var dateFormat: String?
    /// `date.calendar`, `date.timezone`, `date.locale`.
    public var calendar: String?
    /// The time zone dates are shown in (`date.timezone`).
    public var timeZone: String?
    /// The locale dates are shown in (`date.locale`).
    public var locale: String?
    /// Minute interval of a time picker.
    public var minuteInterval: Int?
    /// Currency display (`symbol`, `iso`, `accounting`, `plural`) and its locale.
    public var currencyStyle: String?
    /// The locale currency amounts are shown in.
    public var currencyLocale: String?
    /// Stepper/slider step and whether it shows fractions (`integer`/`float`).
    public var step: Double?
    /// Whether the stepper or slider shows fractions: `integer` or `float`.
    public var stepType: String?
    /// Formatter objects (row schema `formatter`): each a dictionary of its keys (`type`, `number.format`, …).
    public var formatters: [[String: Value]]

    /// A formatting; each value left out is unset.
    public init(dateFormat: String? = nil, calendar: String? = nil, timeZone: String? = nil, locale: String? = nil,
                minuteInterval: Int? = nil, currencyStyle: String? = nil, currencyLocale: String? = nil,
                step: Double? = nil, stepType: String? = nil, formatters: [[String: Value]] = []) {
        self.dateFormat = dateFormat
        self.calendar = calendar
        self.timeZone = timeZone
        self.locale = locale
        self.minuteInterval = minuteInterval
        self.currencyStyle = currencyStyle
        self.currencyLocale = currencyLocale
        self.step = step
        self.stepType = stepType
        self.formatters = formatters
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { self == Formatting() }
}
