// Stand-in for the part of Foundation that generated XLForm code touches (object literals, NSDate,
// NSData, NSNull, NSClassFromString, NSSelectorFromString), so `clang -fsyntax-only` runs without an SDK.
#pragma once
#pragma clang assume_nonnull begin
typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#define nil ((id)0)
typedef unsigned long NSUInteger;
typedef long NSInteger;
typedef double NSTimeInterval;
typedef double CGFloat;
#define NS_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
#define NS_OPTIONS(_type, _name) enum _name : _type _name; enum _name : _type
#define NS_DESIGNATED_INITIALIZER __attribute__((objc_designated_initializer))

@protocol NSObject
@end
@protocol NSCopying
@end
__attribute__((objc_root_class))
@interface NSObject <NSObject>
+ (instancetype)alloc;
- (instancetype)init;
@end
@interface NSString : NSObject <NSCopying>
@end
@interface NSNumber : NSObject <NSCopying>
+ (NSNumber *)numberWithBool:(BOOL)value;
+ (NSNumber *)numberWithInt:(int)value;
+ (NSNumber *)numberWithLong:(long)value;
+ (NSNumber *)numberWithLongLong:(long long)value;
+ (NSNumber *)numberWithDouble:(double)value;
@end
@interface NSArray : NSObject
+ (instancetype)arrayWithObjects:(const id _Nonnull [_Nonnull])objects count:(NSUInteger)cnt;
@end
@interface NSDictionary : NSObject
+ (instancetype)dictionaryWithObjects:(const id _Nonnull [_Nonnull])objects forKeys:(const id <NSCopying> _Nonnull [_Nonnull])keys count:(NSUInteger)cnt;
@end
@interface NSMutableDictionary : NSDictionary
- (void)setObject:(id)anObject forKey:(id <NSCopying>)aKey;
@end
@interface NSNull : NSObject
+ (NSNull *)null;
@end
@interface NSDate : NSObject
+ (instancetype)date;
+ (instancetype)dateWithTimeIntervalSince1970:(NSTimeInterval)secs;
@end
@interface NSData : NSObject
- (nullable instancetype)initWithBase64EncodedString:(NSString *)base64String options:(NSUInteger)options;
@end
@interface NSCoder : NSObject
@end
@interface NSBundle : NSObject
@end
Class _Nullable NSClassFromString(NSString *aClassName);
SEL NSSelectorFromString(NSString *aSelectorName);
#pragma clang assume_nonnull end
