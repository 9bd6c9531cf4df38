#include "CXMLReader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The types, constants and prototypes are libxml2's own, from its headers (Debian's libxml2-dev,
// found through libxml2/libxml, which Package.swift explains), not copies written by hand: the
// structures handed to libxml2 have the layout its headers give, and each function looked up has
// its prototype's type, so a libxml2 that differs from what this code assumes fails to compile
// instead of corrupting memory. (The library opened at run time is whichever libxml2.so.2 is
// installed; its soname is the promise that it matches headers of the same major version.)
// Nothing here calls a libxml2 function or reads a libxml2 variable by name, so the object refers
// to no libxml2 symbol and the executable does not need libxml2 to start: each is looked up with
// dlsym.
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

// libxml2 2.12 made the error handed to a structured error handler constant.
#if LIBXML_VERSION >= 21200
typedef const xmlError *reported_error;
#else
typedef xmlError *reported_error;
#endif

/// How deep elements may nest: outline exports items up to 500 levels deep, inside <opml> and
/// <body>. libxml2 allows 256 unless told XML_PARSE_HUGE, which also lifts its limits on the
/// size of names and texts, so that a huge attribute takes very long to read (Docs/performance.md,
/// "Start-up"); raising its `xmlParserMaxDepth` lifts the one limit alone.
static const unsigned int maximum_depth = 1024;

// Each pointer is named after the function it points to and has its type, from libxml2's
// prototype (`__typeof__` does not evaluate its operand, so the function is not referred to).
static struct {
    __typeof__(&xmlCreatePushParserCtxt) xmlCreatePushParserCtxt;
    __typeof__(&xmlCtxtUseOptions) xmlCtxtUseOptions;
    __typeof__(&xmlParseChunk) xmlParseChunk;
    __typeof__(&xmlStopParser) xmlStopParser;
    __typeof__(&xmlFreeParserCtxt) xmlFreeParserCtxt;
    __typeof__(&xmlSAX2GetLineNumber) xmlSAX2GetLineNumber;
    __typeof__(&xmlSAX2GetColumnNumber) xmlSAX2GetColumnNumber;
    __typeof__(&xmlSetStructuredErrorFunc) xmlSetStructuredErrorFunc;
    __typeof__(&xmlSetGenericErrorFunc) xmlSetGenericErrorFunc;
} libxml2;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_failure[200];

static void load_libxml2(void) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_failure, sizeof load_failure, "%s", dlerror());
        return;
    }
    struct {
        void **slot;
        const char *symbol;
    } wanted[] = {
// The slot and the symbol looked up for it come from one name, so they cannot disagree.
#define WANTED(function) {(void **)&libxml2.function, #function}
        WANTED(xmlCreatePushParserCtxt),
        WANTED(xmlCtxtUseOptions),
        WANTED(xmlParseChunk),
        WANTED(xmlStopParser),
        WANTED(xmlFreeParserCtxt),
        WANTED(xmlSAX2GetLineNumber),
        WANTED(xmlSAX2GetColumnNumber),
        WANTED(xmlSetStructuredErrorFunc),
        WANTED(xmlSetGenericErrorFunc),
#undef WANTED
    };
    for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++) {
        *wanted[i].slot = dlsym(library, wanted[i].symbol);
        if (*wanted[i].slot == NULL) {
            snprintf(load_failure, sizeof load_failure, "libxml2.so.2 has no %s", wanted[i].symbol);
            return;
        }
    }
    // A global of libxml2's, read by every parser; only this reader uses libxml2 in the process.
    __typeof__(&xmlParserMaxDepth) parser_max_depth = dlsym(library, "xmlParserMaxDepth");
    if (parser_max_depth != NULL && *parser_max_depth < maximum_depth) *parser_max_depth = maximum_depth;
}

/// One parse: the caller's callbacks and what went wrong.
typedef struct {
    xmlParserCtxtPtr parser;
    void *context;
    outline_xml_start_element start;
    outline_xml_end_element end;
    /// A callback refused an element.
    int stopped;
    /// The document is not well-formed, or declares a DTD.
    int failed;
    outline_xml_failure *failure;
    /// The element's name, `prefix:name` when it has a prefix; grown as needed.
    char *name;
    size_t name_size;
} parse_state;

static const char *element_name(parse_state *state, const xmlChar *local_name, const xmlChar *prefix) {
    size_t local_length = strlen((const char *)local_name);
    size_t prefix_length = prefix == NULL ? 0 : strlen((const char *)prefix) + 1;
    if (prefix_length == 0) return (const char *)local_name;
    if (state->name_size < prefix_length + local_length + 1) {
        char *grown = realloc(state->name, prefix_length + local_length + 1);
        if (grown == NULL) return (const char *)local_name;
        state->name = grown;
        state->name_size = prefix_length + local_length + 1;
    }
    snprintf(state->name, state->name_size, "%s:%s", (const char *)prefix, (const char *)local_name);
    return state->name;
}

/// `prefix:name`, or `name`, in a new string.
static char *qualified_name(const xmlChar *local_name, const xmlChar *prefix) {
    size_t size = strlen((const char *)local_name) + (prefix ? strlen((const char *)prefix) + 1 : 0) + 1;
    char *name = malloc(size);
    if (name == NULL) return NULL;
    if (prefix)
        snprintf(name, size, "%s:%s", (const char *)prefix, (const char *)local_name);
    else
        snprintf(name, size, "%s", (const char *)local_name);
    return name;
}

/// An attribute's value as SAX2 hands it over, in a new string. Without entity substitution,
/// libxml2 decodes character references and the predefined entities itself but writes an
/// ampersand, from `&amp;` or `&#38;`, as `&#38;`, leaving that to the SAX2 handler (here): so
/// every `&#38;` in the value stands for one `&`.
static char *decoded_value(const xmlChar *start, const xmlChar *end) {
    size_t length = (size_t)(end - start);
    char *value = malloc(length + 1);
    if (value == NULL) return NULL;
    size_t out = 0;
    for (size_t in = 0; in < length;) {
        if (length - in >= 5 && memcmp(start + in, "&#38;", 5) == 0) {
            value[out++] = '&';
            in += 5;
        } else {
            value[out++] = (char)start[in++];
        }
    }
    value[out] = '\0';
    return value;
}

/// Notes the first failure. Later callbacks are ignored; libxml2 itself passes nothing more to
/// them after an error that breaks well-formedness.
static void fail(parse_state *state, int code, int line, int column) {
    state->failed = 1;
    state->failure->code = code;
    state->failure->line = line;
    state->failure->column = column;
}

static void note_error(void *user_data, reported_error error) {
    parse_state *state = user_data;
    if (state->failed || state->stopped || error == NULL) return;
    outline_xml_failure *failure = state->failure;
    // Errors raised outside the parser (a failed encoding conversion) carry no position.
    int at_parser = error->line <= 0 && state->parser != NULL;
    fail(state, error->code, at_parser ? libxml2.xmlSAX2GetLineNumber(state->parser) : error->line,
         at_parser ? libxml2.xmlSAX2GetColumnNumber(state->parser) : error->int2);
    snprintf(failure->message, sizeof failure->message, "%s", error->message ? error->message : "");
    for (char *c = failure->message; *c; c++) {
        if (*c == '\n') *c = (c[1] == '\0') ? '\0' : ' ';
    }
}

/// A DOCTYPE: stopped as soon as it is named, before any declaration in it is read, so that no
/// entity is ever declared, let alone expanded. libxml2 has decoded the document by then, so
/// this holds in any encoding.
static void refuse_dtd(void *user_data, const xmlChar *name, const xmlChar *external_id,
                       const xmlChar *system_id) {
    (void)name;
    (void)external_id;
    (void)system_id;
    parse_state *state = user_data;
    if (!state->failed && !state->stopped)
        fail(state, OUTLINE_XML_DECLARES_DTD, libxml2.xmlSAX2GetLineNumber(state->parser), 0);
    // Stopped even after an earlier warning, which leaves the parser going. (Stopping is safe
    // from a SAX callback; from the error handler it is not: libxml2 2.9 may be switching
    // encodings then, and uses the input that stopping frees.)
    libxml2.xmlStopParser(state->parser);
}

/// An entity declaration: only inside a DTD, which is refused first; a second guard.
static void refuse_entity(void *user_data, const xmlChar *name, int type, const xmlChar *public_id,
                          const xmlChar *system_id, xmlChar *content) {
    (void)type;
    (void)public_id;
    (void)system_id;
    (void)content;
    refuse_dtd(user_data, name, NULL, NULL);
}

static void ignore_message(void *user_data, const char *message, ...) {
    (void)user_data;
    (void)message;
}

static void start_element(void *user_data, const xmlChar *local_name, const xmlChar *prefix,
                          const xmlChar *uri, int namespace_count, const xmlChar **namespaces,
                          int attribute_count, int defaulted_count, const xmlChar **attributes) {
    (void)uri;
    (void)namespace_count;
    (void)namespaces;
    (void)defaulted_count;
    parse_state *state = user_data;
    if (state->stopped || state->failed) {
        libxml2.xmlStopParser(state->parser);
        return;
    }
    // SAX2 gives each attribute as (name, prefix, URI, value start, value end).
    const char **pairs = calloc((size_t)attribute_count * 2 + 1, sizeof *pairs);
    if (pairs == NULL) {
        state->stopped = 1;
        libxml2.xmlStopParser(state->parser);
        return;
    }
    int kept = 0;
    for (int i = 0; i < attribute_count; i++) {
        const xmlChar **attribute = attributes + 5 * i;
        char *name = qualified_name(attribute[0], attribute[1]);
        char *value = decoded_value(attribute[3], attribute[4]);
        if (name == NULL || value == NULL) {
            // Out of memory: the document is not read at all rather than read without attributes.
            free(name);
            free(value);
            state->stopped = 1;
            break;
        }
        pairs[2 * kept] = name;
        pairs[2 * kept + 1] = value;
        kept++;
    }
    int line = libxml2.xmlSAX2GetLineNumber(state->parser);
    int column = libxml2.xmlSAX2GetColumnNumber(state->parser);
    if (state->stopped ||
        state->start(state->context, element_name(state, local_name, prefix), pairs, line, column) != 0) {
        state->stopped = 1;
        libxml2.xmlStopParser(state->parser);
    }
    for (int i = 0; i < 2 * kept; i++) free((void *)pairs[i]);
    free(pairs);
}

static void end_element(void *user_data, const xmlChar *local_name, const xmlChar *prefix, const xmlChar *uri) {
    (void)uri;
    parse_state *state = user_data;
    if (state->stopped || state->failed) return;
    state->end(state->context, element_name(state, local_name, prefix));
}

/// The most attributes a tag may have. libxml2 2.9 checks each attribute against all those
/// before it in the tag, so that the time grows with the square of their number
/// (Docs/performance.md, "Measurements behind the code"); an OPML element has a dozen.
static const int most_attributes = 10000;

/// The line of the first tag with more than `most_attributes` attributes, or 0. It counts `=`
/// between `<` and `>`, outside quotes, ignoring zero bytes: so it reads UTF-8, the other
/// encodings that keep ASCII's bytes (Latin-1, Shift_JIS, EUC and the like) and UTF-16 alike.
static int line_of_a_crowded_tag(const char *bytes, int length) {
    int line = 1, in_tag = 0, equals = 0;
    char quote = 0;
    for (int i = 0; i < length; i++) {
        char c = bytes[i];
        if (c == '\n') line++;
        if (quote != 0) {
            if (c == quote) quote = 0;
        } else if (c == '<') {
            in_tag = 1;
            equals = 0;
        } else if (in_tag && c == '>') {
            in_tag = 0;
        } else if (in_tag && (c == '"' || c == '\'')) {
            quote = c;
        } else if (in_tag && c == '=' && ++equals > most_attributes) {
            return line;
        }
    }
    return 0;
}

int outline_xml_parse(const char *bytes, int length, void *context, outline_xml_start_element start,
                      outline_xml_end_element end, outline_xml_failure *failure) {
    memset(failure, 0, sizeof *failure);
    int crowded = line_of_a_crowded_tag(bytes, length);
    if (crowded != 0) {
        failure->code = OUTLINE_XML_TOO_MANY_ATTRIBUTES;
        failure->line = crowded;
        return OUTLINE_XML_FAILED;
    }
    pthread_once(&load_once, load_libxml2);
    if (load_failure[0] != '\0') {
        snprintf(failure->message, sizeof failure->message, "%s", load_failure);
        return OUTLINE_XML_UNAVAILABLE;
    }
    parse_state state = {.context = context, .start = start, .end = end, .failure = failure};
    xmlSAXHandler handler = {
        .internalSubset = refuse_dtd,
        .entityDecl = refuse_entity,
        .initialized = XML_SAX2_MAGIC,
        .startElementNs = start_element,
        .endElementNs = end_element,
        .serror = note_error,
    };
    // Errors that libxml2 raises outside the parser (encodings) would go to standard error: they
    // come here instead. These handlers are libxml2's per-thread state; they are put back after.
    libxml2.xmlSetStructuredErrorFunc(&state, note_error);
    libxml2.xmlSetGenericErrorFunc(NULL, ignore_message);
    state.parser = libxml2.xmlCreatePushParserCtxt(&handler, &state, NULL, 0, NULL);
    if (state.parser == NULL) {
        libxml2.xmlSetStructuredErrorFunc(NULL, NULL);
        libxml2.xmlSetGenericErrorFunc(NULL, NULL);
        snprintf(failure->message, sizeof failure->message, "libxml2 could not start a parser");
        return OUTLINE_XML_UNAVAILABLE;
    }
    // BIG_LINES: lines past 65,535 keep their numbers.
    libxml2.xmlCtxtUseOptions(state.parser, XML_PARSE_NONET | XML_PARSE_BIG_LINES);
    // In pieces: given whole, a document past 10 MB meets libxml2's limit on how far it looks
    // ahead ("Huge input lookup"), which only XML_PARSE_HUGE lifts.
    const int piece = 256 * 1024;
    for (int offset = 0; offset < length && !state.failed && !state.stopped; offset += piece) {
        libxml2.xmlParseChunk(state.parser, bytes + offset, length - offset < piece ? length - offset : piece, 0);
    }
    if (!state.failed && !state.stopped) libxml2.xmlParseChunk(state.parser, NULL, 0, 1);
    libxml2.xmlFreeParserCtxt(state.parser);
    libxml2.xmlSetStructuredErrorFunc(NULL, NULL);
    libxml2.xmlSetGenericErrorFunc(NULL, NULL);
    free(state.name);
    if (state.stopped) return OUTLINE_XML_STOPPED;
    return state.failed ? OUTLINE_XML_FAILED : OUTLINE_XML_READ;
}
