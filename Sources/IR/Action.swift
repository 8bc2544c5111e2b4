/// Something a field does besides holding a value.
public enum Action: Hashable, Codable, Sendable {
    /// Re-evaluate relationships when editing ends (MM `itemShouldNotify:`).
    case notify
    /// Require another field to be filled first (MM `linksTo::field`).
    case linksTo(field: String)
    /// The listed fields must add up (MM `SumItems:` + `actionArg`): `mode` `MAXMIN` or `EQ`,
    /// `bounds` the numbers (max,min or the exact sum), `autofill` the 4th argument.
    case sumItems(mode: String, bounds: [Double], fields: [String], autofill: Bool?)
    /// Show another screen (XLForm `action`, row-schema `push`/`modal`): any of the identifiers given.
    case navigate(Navigation)
    /// Submit the form (row-schema action `submit`).
    case submit
    /// Open a URL (row-schema `open_url`, RMSWebViewCell `URLString`).
    case openURL(String)
    /// Call a selector on a target (RMSTargetActionCell).
    case targetAction(target: String?, selector: String)
    /// An app-specific hard-coded function, kept by name (MM `UFUcreateSourceCode`), with its argument.
    case client(name: String, argument: String?)
}

/// The screen a navigation action presents.
public struct Navigation: Hashable, Codable, Sendable {
    /// The class of the view controller to show.
    public var viewControllerClass: String?
    /// The storyboard identifier of the screen.
    public var storyboardId: String?
    /// The nib the screen loads from.
    public var nibName: String?
    /// The segue to perform.
    public var segueIdentifier: String?
    /// `push`, `present`, `default`, `modal`, `detail`, `share`, `builtin`.
    public var presentation: String?
    /// A navigation to the screen these name; each is optional.
    public init(viewControllerClass: String? = nil, storyboardId: String? = nil, nibName: String? = nil,
                segueIdentifier: String? = nil, presentation: String? = nil) {
        self.viewControllerClass = viewControllerClass
        self.storyboardId = storyboardId
        self.nibName = nibName
        self.segueIdentifier = segueIdentifier
        self.presentation = presentation
    }
}
