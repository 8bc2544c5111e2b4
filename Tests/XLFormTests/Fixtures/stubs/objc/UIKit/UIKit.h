// Stand-in for the part of UIKit that XLForm's headers and generated code touch.
#pragma once
#import <Foundation/Foundation.h>

#pragma clang assume_nonnull begin
// UIViewController.h
@interface UIViewController : NSObject
- (instancetype)initWithNibName:(nullable NSString *)nibNameOrNil bundle:(nullable NSBundle *)nibBundleOrNil NS_DESIGNATED_INITIALIZER;
- (nullable instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;
@end

// UITableViewCell.h
typedef NS_ENUM(NSInteger, UITableViewCellStyle) {
    UITableViewCellStyleDefault,
    UITableViewCellStyleValue1,
    UITableViewCellStyleValue2,
    UITableViewCellStyleSubtitle
};
#pragma clang assume_nonnull end
