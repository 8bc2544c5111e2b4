// ONLY the validation API that generated code uses, copied from xmartlabs/XLForm.
#pragma once
#import <Foundation/Foundation.h>

@class XLFormRowDescriptor;

// XLForm/XL/Validation/XLFormValidationStatus.h
@interface XLFormValidationStatus : NSObject
@end

// XLForm/XL/Validation/XLFormValidatorProtocol.h
@protocol XLFormValidatorProtocol <NSObject>
@required
-(XLFormValidationStatus *)isValid:(XLFormRowDescriptor *)row;
@end

// XLForm/XL/Validation/XLFormValidator.h
@interface XLFormValidator : NSObject<XLFormValidatorProtocol>
+(XLFormValidator *)emailValidator;
@end

// XLForm/XL/Validation/XLFormRegexValidator.h
@interface XLFormRegexValidator : XLFormValidator
@property NSString *msg;
@property NSString *regex;
- (instancetype)initWithMsg:(NSString*)msg andRegexString:(NSString*)regex;
+ (XLFormRegexValidator *)formRegexValidatorWithMsg:(NSString *)msg regex:(NSString *)regex;
@end
