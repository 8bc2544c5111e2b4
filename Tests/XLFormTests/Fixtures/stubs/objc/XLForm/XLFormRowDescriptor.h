// ONLY the API that generated code uses, copied from xmartlabs/XLForm XLForm/XL/Descriptors/XLFormRowDescriptor.h.
#pragma once
#import <UIKit/UIKit.h>
#import "XLFormValidation.h"

@class XLFormAction;

typedef NS_ENUM(NSUInteger, XLFormPresentationMode) {
    XLFormPresentationModeDefault = 0,
    XLFormPresentationModePush,
    XLFormPresentationModePresent
};

@interface XLFormRowDescriptor : NSObject

@property (nonatomic, nullable, strong) id cellClass;
@property (nonatomic, nullable, copy  , readwrite) NSString * tag;
@property (nonatomic, nonnull , copy  , readonly) NSString * rowType;
@property (nonatomic, nullable, copy  ) NSString * title;
@property (nonatomic, nullable, strong) id value;
@property (nonatomic, nullable, strong) Class valueTransformer;
@property (nonatomic, assign  ) UITableViewCellStyle cellStyle;
@property (nonatomic, assign  ) CGFloat height;

@property (nonatomic, readonly, nonnull, strong) NSMutableDictionary * cellConfig;
@property (nonatomic, readonly, nonnull, strong) NSMutableDictionary * cellConfigForSelector;
@property (nonatomic, readonly, nonnull, strong) NSMutableDictionary * cellConfigIfDisabled;
@property (nonatomic, readonly, nonnull, strong) NSMutableDictionary * cellConfigAtConfigure;

@property (nonatomic, nonnull, strong) id disabled;
-(BOOL)isDisabled;

@property (nonatomic, nonnull, strong) id hidden;
-(BOOL)isHidden;

@property (getter=isRequired, nonatomic, assign) BOOL required;

@property (nonatomic, nonnull, strong) XLFormAction * action;

+(nonnull instancetype)formRowDescriptorWithTag:(nullable NSString *)tag rowType:(nonnull NSString *)rowType;
+(nonnull instancetype)formRowDescriptorWithTag:(nullable NSString *)tag rowType:(nonnull NSString *)rowType title:(nullable NSString *)title;
-(nonnull instancetype)initWithTag:(nullable NSString *)tag rowType:(nonnull NSString *)rowType title:(nullable NSString *)title;

@property (nonatomic, nullable, copy) NSString *requireMsg;
-(void)addValidator:(nonnull id<XLFormValidatorProtocol>)validator;

@property (nonatomic, nullable, copy) NSString * noValueDisplayText;
@property (nonatomic, nullable, copy) NSString * selectorTitle;
@property (nonatomic, nullable, strong) NSArray * selectorOptions;

@end

@interface XLFormAction : NSObject

@property (nullable, nonatomic) Class viewControllerClass;
@property (nullable, nonatomic, copy) NSString * viewControllerStoryboardId;
@property (nullable, nonatomic, copy) NSString * viewControllerNibName;

@property (nonatomic, assign) XLFormPresentationMode viewControllerPresentationMode;

@property (nullable, nonatomic) SEL formSelector;
@property (nullable, nonatomic, copy) NSString * formSegueIdentifier;

@end
