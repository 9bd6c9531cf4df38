// Reads the elements of an XML document with libxml2, loaded when first needed.
//
// Only `outline import` of OPML reads XML. Linking libxml2 (as Foundation's XMLParser does) made
// every command load it, and the system's ICU with it, at start-up: about a millisecond of each
// command (Docs/performance.md, "Start-up"). Here libxml2 is opened with dlopen on the first
// document, and only the few calls the reader needs are looked up.
//
// The reader hands out element starts and ends, in document order. Entities are never
// substituted, no DTD is loaded and nothing is fetched from the network; the caller refuses
// documents that declare a DTD before they get here.
#ifndef OUTLINE_CXMLREADER_H
#define OUTLINE_CXMLREADER_H

#include <stddef.h>

/// A reader over one document in memory.
typedef struct outline_xml_reader outline_xml_reader;

/// What `outline_xml_next` found.
enum outline_xml_event {
    /// The document has no more elements.
    OUTLINE_XML_END_OF_DOCUMENT = 0,
    /// The start of an element: its name, attributes and line can be read.
    OUTLINE_XML_ELEMENT_START = 1,
    /// The end of an element (also given right after the start of an empty element).
    OUTLINE_XML_ELEMENT_END = 2,
    /// The document is not well-formed: `outline_xml_error` says where and why.
    OUTLINE_XML_FAILED = -1,
};

/// Opens a reader on `length` bytes, which must outlive it. Returns NULL when libxml2 cannot be
/// loaded, with the reason in `why` (at most `why_size` bytes, NUL-terminated).
outline_xml_reader *outline_xml_open(const char *bytes, int length, char *why, size_t why_size);

/// Steps to the next element start or end.
int outline_xml_next(outline_xml_reader *reader);

/// The current element's name; valid until the next step.
const char *outline_xml_name(outline_xml_reader *reader);

/// The value of the current element's attribute `name`, with character references decoded, or
/// NULL if it has none; valid until the next call on the reader. Only after an element start.
const char *outline_xml_attribute(outline_xml_reader *reader, const char *name);

/// The line on which the current element starts (1 is the first).
int outline_xml_line(outline_xml_reader *reader);

/// libxml2's code (`xmlParserErrors`), the line and the column of the first error.
void outline_xml_error(const outline_xml_reader *reader, int *code, int *line, int *column);

/// Frees the reader.
void outline_xml_close(outline_xml_reader *reader);

#endif
