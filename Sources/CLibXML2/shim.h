// libxml2's API as formconv uses it (SAX2 parsing from memory).
//
// Debian's libxml2 is built with ICU, so <libxml/encoding.h> would include the system's
// <unicode/ucnv.h>; Foundation on Linux ships its own ICU module (_FoundationICU) with a different
// `UErrorCode`, and Clang refuses the two definitions when a Swift file sees both modules. formconv never
// touches libxml2's ICU converters (inputs reach libxml2 as UTF-8), so the ICU part of the headers is
// switched off before they are read. Only pointers to xmlCharEncodingHandler cross into Swift, so its
// ICU-only trailing fields do not matter.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/entities.h>
