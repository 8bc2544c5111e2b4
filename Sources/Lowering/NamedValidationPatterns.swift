import FormIR

/// MM XML's named validations as patterns over the submitted text, in the syntax ECMA-262 and ICU
/// (NSRegularExpression, NSPredicate `MATCHES`) share, so one table serves every target. Each pattern
/// accepts the empty string (an optional field submits empty text) and is written to accept at least
/// everything the legacy app's check accepts: where the app's wording is loose ("punctuation",
/// "western letters"), the pattern is the lenient reading (for example `letters` is "no digits").
/// Use it through `RuleLowering`.
package enum NamedValidationPatterns {
    /// Letters of western languages: ASCII, Latin-1 and Latin Extended-A/B.
    package static let westernLetters = "A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F"
    /// ASCII punctuation and symbols.
    package static let asciiPunctuation = "!-/:-@\\[-`{-~"

    /// What a named validation becomes on a string value.
    package enum Translation: Equatable {
        /// A pattern (ECMA-262 and ICU alike).
        case pattern(String)
        /// `email`: targets with an e-mail check of their own use it; the others use `emailPattern`.
        case email
        /// Accepts every text: nothing to write.
        case anything
        /// No pattern states it; the reason is reported as a loss.
        case inexpressible(String)
    }

    package static func translation(of v: NamedValidator) -> Translation {
        switch v.rawValue {
        case "none": return .anything
        case "lettersOnly": return .pattern("^[\(westernLetters)]*$")
        case "letters", "names": return .pattern("^[^0-9]*$")
        case "numericOnly": return .pattern("^[0-9]*$")
        case "numericWithPeriods": return .pattern("^[0-9.]*$")
        case "numeric", "numbers": return .pattern("^[^\(westernLetters)]*$")
        case "lettersNumericOnly": return .pattern("^[\(westernLetters)0-9]*$")
        case "lettersNumeric", "namesNumeric": return .anything
        case "alphaOnly": return .pattern("^[A-Za-z]*$")
        case "alpha": return .pattern("^[A-Za-z\\s\(asciiPunctuation)]*$")
        case "alphanumericOnly": return .pattern("^[A-Za-z0-9]*$")
        case "plain": return .pattern("^[A-Za-z ]*$")
        case "alphanumeric": return .pattern("^[A-Za-z0-9\\s\(asciiPunctuation)]*$")
        case "intlphonenumber": return .pattern("^[0-9()+\\-. ]*$")
        case "usphonenumber":
            return .pattern("^(?:(?:\\+?1[ .\\-]?)?(?:\\([0-9]{3}\\)|[0-9]{3})[ .\\-]?[0-9]{3}[ .\\-]?[0-9]{4})?$")
        case "email": return .email
        case "day": return .pattern("^(?:0?[1-9]|[12][0-9]|3[01])?$")
        case "month": return .pattern("^(?:0?[1-9]|1[0-2])?$")
        case "year": return .pattern("^(?:19[0-9]{2}|20[0-9]{2}|2100)?$")
        case "canadianPostalCode": return .pattern("^(?:[A-Za-z][0-9][A-Za-z] ?[0-9][A-Za-z][0-9])?$")
        case "usPostalCode": return .pattern("^(?:[0-9]{5}(?:-?[0-9]{4})?)?$")
        case "creditcard", "luhn":
            return .inexpressible("the Luhn checksum of \(v.rawValue) is no regular expression")
        case "repeat":
            return .inexpressible("repeat (equal to another item) is no regular expression")
        default:
            return .inexpressible("the validation '\(v.rawValue)' is unknown to formconv")
        }
    }

    /// An e-mail address: one `@` with text around it and a dot in the domain (or empty).
    package static let emailPattern = "^(?:[^@\\s]+@[^@\\s]+\\.[^@\\s]+)?$"

    /// The numeric range a named validation implies on a number value (`day` 1–31, `month` 1–12,
    /// `year` 1900–2100), or `nil`.
    package static func numericRange(of v: NamedValidator) -> (Double, Double)? {
        switch v.rawValue {
        case "day": (1, 31)
        case "month": (1, 12)
        case "year": (1900, 2100)
        default: nil
        }
    }
}
