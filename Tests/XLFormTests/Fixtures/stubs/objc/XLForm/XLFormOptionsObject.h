// ONLY the API that generated code uses, copied from xmartlabs/XLForm XLForm/XL/Controllers/XLFormOptionsObject.h.
#pragma once
#import "XLFormRowDescriptor.h"

@interface XLFormOptionsObject : NSObject

+(XLFormOptionsObject *)formOptionsObjectWithValue:(id)value displayText:(NSString *)displayText;

@end
