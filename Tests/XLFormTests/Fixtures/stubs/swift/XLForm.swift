// Stand-in for XLForm as Swift imports it (`import XLForm`), declaring ONLY the API that generated code
// uses, copied from xmartlabs/XLForm's public headers. Each declaration names its header; the Swift
// spelling follows the Clang importer: factory methods matching the class name become initializers
// (+formRowDescriptorWithTag:rowType:title: → init(tag:rowType:title:)), `getter=isX` BOOL properties
// become `isX`, unannotated pointers become implicitly unwrapped optionals, NS_ENUM/NS_OPTIONS cases
// lose their type-name prefix, and +emailValidator loses the word its result type repeats.
import Foundation
import UIKit

// XLForm.h: extern NSString *const XLFormRowDescriptorType…;
public let XLFormRowDescriptorTypeAccount: String! = "account"
public let XLFormRowDescriptorTypeBooleanCheck: String! = "booleanCheck"
public let XLFormRowDescriptorTypeBooleanSwitch: String! = "booleanSwitch"
public let XLFormRowDescriptorTypeButton: String! = "button"
public let XLFormRowDescriptorTypeCountDownTimer: String! = "countDownTimer"
public let XLFormRowDescriptorTypeCountDownTimerInline: String! = "countDownTimerInline"
public let XLFormRowDescriptorTypeDate: String! = "date"
public let XLFormRowDescriptorTypeDateInline: String! = "dateInline"
public let XLFormRowDescriptorTypeDatePicker: String! = "datePicker"
public let XLFormRowDescriptorTypeDateTime: String! = "datetime"
public let XLFormRowDescriptorTypeDateTimeInline: String! = "datetimeInline"
public let XLFormRowDescriptorTypeDecimal: String! = "decimal"
public let XLFormRowDescriptorTypeEmail: String! = "email"
public let XLFormRowDescriptorTypeImage: String! = "image"
public let XLFormRowDescriptorTypeInfo: String! = "info"
public let XLFormRowDescriptorTypeInteger: String! = "integer"
public let XLFormRowDescriptorTypeMultipleSelector: String! = "multipleSelector"
public let XLFormRowDescriptorTypeMultipleSelectorPopover: String! = "multipleSelectorPopover"
public let XLFormRowDescriptorTypeName: String! = "name"
public let XLFormRowDescriptorTypeNumber: String! = "number"
public let XLFormRowDescriptorTypePassword: String! = "password"
public let XLFormRowDescriptorTypePhone: String! = "phone"
public let XLFormRowDescriptorTypePicker: String! = "picker"
public let XLFormRowDescriptorTypeSelectorActionSheet: String! = "selectorActionSheet"
public let XLFormRowDescriptorTypeSelectorAlertView: String! = "selectorAlertView"
public let XLFormRowDescriptorTypeSelectorLeftRight: String! = "selectorLeftRight"
public let XLFormRowDescriptorTypeSelectorPickerView: String! = "selectorPickerView"
public let XLFormRowDescriptorTypeSelectorPickerViewInline: String! = "selectorPickerViewInline"
public let XLFormRowDescriptorTypeSelectorPopover: String! = "selectorPopover"
public let XLFormRowDescriptorTypeSelectorPush: String! = "selectorPush"
public let XLFormRowDescriptorTypeSelectorSegmentedControl: String! = "selectorSegmentedControl"
public let XLFormRowDescriptorTypeSlider: String! = "slider"
public let XLFormRowDescriptorTypeStepCounter: String! = "stepCounter"
public let XLFormRowDescriptorTypeText: String! = "text"
public let XLFormRowDescriptorTypeTextView: String! = "textView"
public let XLFormRowDescriptorTypeTime: String! = "time"
public let XLFormRowDescriptorTypeTimeInline: String! = "timeInline"
public let XLFormRowDescriptorTypeTwitter: String! = "twitter"
public let XLFormRowDescriptorTypeURL: String! = "url"
public let XLFormRowDescriptorTypeZipCode: String! = "zipCode"

// XLFormDescriptor.h: typedef NS_OPTIONS(NSUInteger, XLFormRowNavigationOptions)
public struct XLFormRowNavigationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
}

// XLFormDescriptor.h: @interface XLFormDescriptor : NSObject
open class XLFormDescriptor: NSObject {
    // @property (readonly, nullable) NSString * title;
    public private(set) var title: String?
    // @property (nonatomic) BOOL endEditingTableViewOnScroll; assignFirstResponderOnShow; addAsteriskToRequiredRowsTitle;
    public var endEditingTableViewOnScroll = false
    public var assignFirstResponderOnShow = false
    public var addAsteriskToRequiredRowsTitle = false
    // @property (getter=isDisabled) BOOL disabled;
    public var isDisabled = false
    // @property (nonatomic) XLFormRowNavigationOptions rowNavigationOptions;
    public var rowNavigationOptions = XLFormRowNavigationOptions(rawValue: 0)
    // +(nonnull instancetype)formDescriptorWithTitle:(nullable NSString *)title;
    public init(title: String?) { self.title = title }
    // -(void)addFormSection:(nonnull XLFormSectionDescriptor *)formSection;
    open func addFormSection(_ formSection: XLFormSectionDescriptor) {}
}

// XLFormSectionDescriptor.h: typedef NS_OPTIONS(NSUInteger, XLFormSectionOptions)
public struct XLFormSectionOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let canInsert = XLFormSectionOptions(rawValue: 1 << 0)
    public static let canDelete = XLFormSectionOptions(rawValue: 1 << 1)
    public static let canReorder = XLFormSectionOptions(rawValue: 1 << 2)
}

// XLFormSectionDescriptor.h: typedef NS_ENUM(NSUInteger, XLFormSectionInsertMode)
public enum XLFormSectionInsertMode: UInt, Sendable {
    case lastRow = 0
    case button = 2
}

// XLFormSectionDescriptor.h: @interface XLFormSectionDescriptor : NSObject
open class XLFormSectionDescriptor: NSObject {
    // @property (nonatomic, nullable) NSString * title; footerTitle; multivaluedTag
    public var title: String?
    public var footerTitle: String?
    public var multivaluedTag: String?
    // @property (nullable) XLFormRowDescriptor * multivaluedRowTemplate;
    public var multivaluedRowTemplate: XLFormRowDescriptor?
    // @property (nonnull) id hidden;
    public var hidden: Any = false
    // +(nonnull instancetype)formSection;
    open class func formSection() -> Self { self.init() }
    // +(nonnull instancetype)formSectionWithTitle:(nullable NSString *)title;
    open class func formSection(withTitle title: String?) -> Self { self.init() }
    // +(nonnull instancetype)formSectionWithTitle:(nullable NSString *)title sectionOptions:(XLFormSectionOptions)sectionOptions;
    open class func formSection(withTitle title: String?, sectionOptions: XLFormSectionOptions) -> Self { self.init() }
    // +(nonnull instancetype)formSectionWithTitle:(nullable NSString *)title sectionOptions:(XLFormSectionOptions)sectionOptions sectionInsertMode:(XLFormSectionInsertMode)sectionInsertMode;
    open class func formSection(withTitle title: String?, sectionOptions: XLFormSectionOptions,
                                sectionInsertMode: XLFormSectionInsertMode) -> Self { self.init() }
    // -(void)addFormRow:(nonnull XLFormRowDescriptor *)formRow;
    open func addFormRow(_ formRow: XLFormRowDescriptor) {}
    public required override init() {}
}

// XLFormRowDescriptor.h: typedef NS_ENUM(NSUInteger, XLFormPresentationMode)
public enum XLFormPresentationMode: UInt, Sendable {
    case `default` = 0, push, present
}

// XLFormRowDescriptor.h: @interface XLFormRowDescriptor : NSObject
open class XLFormRowDescriptor: NSObject {
    public var cellClass: Any?                                  // @property (nonatomic, nullable, strong) id cellClass;
    public var tag: String?                                     // @property (nonatomic, nullable, copy, readwrite) NSString * tag;
    public private(set) var rowType: String                     // @property (nonatomic, nonnull, copy, readonly) NSString * rowType;
    public var title: String?                                   // @property (nonatomic, nullable, copy) NSString * title;
    public var value: Any?                                      // @property (nonatomic, nullable, strong) id value;
    public var valueTransformer: AnyClass?                      // @property (nonatomic, nullable, strong) Class valueTransformer;
    public var cellStyle = UITableViewCell.CellStyle.default    // @property (nonatomic, assign) UITableViewCellStyle cellStyle;
    public var height: CGFloat = 0                              // @property (nonatomic, assign) CGFloat height;
    // @property (nonatomic, readonly, nonnull, strong) NSMutableDictionary * cellConfig; (and the three others)
    public let cellConfig = NSMutableDictionary()
    public let cellConfigForSelector = NSMutableDictionary()
    public let cellConfigIfDisabled = NSMutableDictionary()
    public let cellConfigAtConfigure = NSMutableDictionary()
    public var disabled: Any = false                            // @property (nonatomic, nonnull, strong) id disabled;
    public var hidden: Any = false                              // @property (nonatomic, nonnull, strong) id hidden;
    public var isRequired = false                               // @property (getter=isRequired, nonatomic, assign) BOOL required;
    public var action = XLFormAction()                          // @property (nonatomic, nonnull, strong) XLFormAction * action;
    public var requireMsg: String?                              // @property (nonatomic, nullable, copy) NSString *requireMsg;
    public var noValueDisplayText: String?                      // @property (nonatomic, nullable, copy) NSString * noValueDisplayText;
    public var selectorTitle: String?                           // @property (nonatomic, nullable, copy) NSString * selectorTitle;
    public var selectorOptions: [Any]?                          // @property (nonatomic, nullable, strong) NSArray * selectorOptions;
    // +(nonnull instancetype)formRowDescriptorWithTag:(nullable NSString *)tag rowType:(nonnull NSString *)rowType;
    public convenience init(tag: String?, rowType: String) { self.init(tag: tag, rowType: rowType, title: nil) }
    // -(nonnull instancetype)initWithTag:(nullable NSString *)tag rowType:(nonnull NSString *)rowType title:(nullable NSString *)title;
    public init(tag: String?, rowType: String, title: String?) { self.rowType = rowType }
    // -(void)addValidator:(nonnull id<XLFormValidatorProtocol>)validator;
    open func addValidator(_ validator: XLFormValidatorProtocol) {}
}

// XLFormRowDescriptor.h: @interface XLFormAction : NSObject
open class XLFormAction: NSObject {
    public var viewControllerClass: AnyClass?                    // @property (nullable, nonatomic) Class viewControllerClass;
    public var viewControllerStoryboardId: String?               // @property (nullable, nonatomic, copy) NSString * viewControllerStoryboardId;
    public var viewControllerNibName: String?                    // @property (nullable, nonatomic, copy) NSString * viewControllerNibName;
    public var viewControllerPresentationMode = XLFormPresentationMode.default // @property (nonatomic, assign) XLFormPresentationMode viewControllerPresentationMode;
    public var formSelector: Selector?                           // @property (nullable, nonatomic) SEL formSelector;
    public var formSegueIdentifier: String?                      // @property (nullable, nonatomic, copy) NSString * formSegueIdentifier;
}

// XLFormOptionsObject.h: @interface XLFormOptionsObject : NSObject <XLFormOptionObject,NSCoding>
open class XLFormOptionsObject: NSObject {
    // +(XLFormOptionsObject *)formOptionsObjectWithValue:(id)value displayText:(NSString *)displayText;
    public init!(value: Any!, displayText: String!) {}
}

// XLFormValidationStatus.h
open class XLFormValidationStatus: NSObject {}

// XLFormValidatorProtocol.h: @protocol XLFormValidatorProtocol <NSObject>
public protocol XLFormValidatorProtocol: NSObjectProtocol {
    // -(XLFormValidationStatus *)isValid:(XLFormRowDescriptor *)row;
    func isValid(_ row: XLFormRowDescriptor!) -> XLFormValidationStatus!
}

// XLFormValidator.h: @interface XLFormValidator : NSObject<XLFormValidatorProtocol>
open class XLFormValidator: NSObject, XLFormValidatorProtocol {
    // +(XLFormValidator *)emailValidator;
    open class func email() -> XLFormValidator! { XLFormValidator() }
    open func isValid(_ row: XLFormRowDescriptor!) -> XLFormValidationStatus! { nil }
}

// XLFormRegexValidator.h: @interface XLFormRegexValidator : XLFormValidator
open class XLFormRegexValidator: XLFormValidator {
    // - (instancetype)initWithMsg:(NSString*)msg andRegexString:(NSString*)regex;
    public init!(msg: String!, andRegexString regex: String!) {}
}

// XLFormViewController.h: @interface XLFormViewController : UIViewController<…>
open class XLFormViewController: UIViewController {
    // @property XLFormDescriptor * form;
    public var form: XLFormDescriptor!
    // -(instancetype)initWithNibName:(NSString *)nibNameOrNil bundle:(NSBundle *)nibBundleOrNil NS_DESIGNATED_INITIALIZER;
    // -(instancetype)initWithCoder:(NSCoder *)aDecoder NS_DESIGNATED_INITIALIZER;
    // (unannotated overrides inherit UIViewController's nullability, so Swift sees the same initializers)
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    public required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }
}
