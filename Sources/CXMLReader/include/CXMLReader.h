// Reads the elements of an XML document with libxml2, loaded when first needed.
//
// Only `outline import` of OPML reads XML. Linking libxml2 (as Foundation's XMLParser does) made
// every command load it, and the system's ICU with it, at start-up (Docs/performance.md,
// "Measurements behind the code"). Here libxml2 is opened with dlopen on the first document,
// and only the few calls the reader needs are looked up.
//
// The document is parsed as XMLParser parsed it: by libxml2's SAX2 push parser, element by
// element, so the caller sees each element's line and column as the parser reads it and can
// stop at the first element it refuses. A document that declares a DTD is refused as soon as the
// DTD is named, in whatever encoding it is written, so no entity is ever declared or expanded;
// nothing is fetched from the network. Warnings count as errors, as they did with XMLParser.
#ifndef OUTLINE_CXMLREADER_H
#define OUTLINE_CXMLREADER_H

#include <stddef.h>

/// Called at each element's start with its name (`prefix:name` when it has a prefix), its
/// attributes as name, value, name, value, ..., NULL (values with character references
/// decoded), and the parser's line and column. Returning non-zero stops the parse.
typedef int (*outline_xml_start_element)(
    void *context, const char *name, const char *const *attributes, int line, int column);

/// Called at each element's end (also right after the start of an empty element).
typedef void (*outline_xml_end_element)(void *context, const char *name);

/// Where and why the parse failed.
typedef struct {
    /// libxml2's code (`xmlParserErrors`), or one of the two below.
    int code;
    int line;
    int column;
    /// libxml2's own message, on one line.
    char message[200];
} outline_xml_failure;

/// The failure's code when the document declares a DTD (libxml2's own codes are below 10,000).
#define OUTLINE_XML_DECLARES_DTD 100000
/// The failure's code when a tag has more than 10,000 attributes, which libxml2 2.9 takes
/// minutes to check.
#define OUTLINE_XML_TOO_MANY_ATTRIBUTES 100001

/// What `outline_xml_parse` did.
enum outline_xml_outcome {
    /// The whole document was read.
    OUTLINE_XML_READ = 0,
    /// A callback returned non-zero.
    OUTLINE_XML_STOPPED = 1,
    /// The document is not well-formed: `failure` says where and why.
    OUTLINE_XML_FAILED = 2,
    /// libxml2 could not be loaded: `failure.message` says why.
    OUTLINE_XML_UNAVAILABLE = 3,
};

/// Parses `length` bytes, calling `start` and `end` for each element.
int outline_xml_parse(const char *bytes, int length, void *context, outline_xml_start_element start,
                      outline_xml_end_element end, outline_xml_failure *failure);

#endif
