// Stand-in for the part of UIKit (and the ObjectiveC module) that generated XLForm code touches,
// so `swiftc -typecheck` can run on Linux. Declarations as Swift imports them from the iOS SDK.
@_exported import Foundation

open class UIViewController: NSObject {
    // UIViewController.h: - (instancetype)initWithNibName:(nullable NSString *)nibNameOrNil bundle:(nullable NSBundle *)nibBundleOrNil NS_DESIGNATED_INITIALIZER;
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    // UIViewController.h: - (nullable instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;
    public required init?(coder: NSCoder) { super.init() }
}

open class UITableViewCell: NSObject {
    // UITableViewCell.h: typedef NS_ENUM(NSInteger, UITableViewCellStyle)
    public enum CellStyle: Int {
        case `default` = 0, value1, value2, subtitle
    }
}

// objc.h: SEL, imported by the ObjectiveC module as `Selector`.
public struct Selector {
    public init(_ name: String) {}
}
