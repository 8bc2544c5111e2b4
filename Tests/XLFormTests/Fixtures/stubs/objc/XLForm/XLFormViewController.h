// ONLY the API that generated code uses, copied from xmartlabs/XLForm XLForm/XL/Controllers/XLFormViewController.h.
#pragma once
#import <UIKit/UIKit.h>
#import "XLFormDescriptor.h"

@interface XLFormViewController : UIViewController

@property XLFormDescriptor * form;

-(instancetype)initWithCoder:(NSCoder *)aDecoder NS_DESIGNATED_INITIALIZER;
-(instancetype)initWithNibName:(NSString *)nibNameOrNil bundle:(NSBundle *)nibBundleOrNil NS_DESIGNATED_INITIALIZER;

@end
