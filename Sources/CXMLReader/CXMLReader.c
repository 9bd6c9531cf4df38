#include "CXMLReader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libxml2's own declarations are not included, so that building needs no libxml2 headers; these
// are the parts of its stable C interface (2.9 and later) that the reader uses.
typedef unsigned char xml_char;
typedef void *xml_parser_context;

/// libxml2's `xmlError`, whose layout has been the same since 2.6.
typedef struct {
    int domain;
    int code;
    char *message;
    int level;
    char *file;
    int line;
    char *str1;
    char *str2;
    char *str3;
    int int1;
    int int2;
    void *context;
    void *node;
} xml_error;

typedef void (*xml_structured_error_handler)(void *user_data, xml_error *error);
typedef void (*xml_generic_error_handler)(void *user_data, const char *message, ...);
typedef void (*xml_start_element_ns)(void *user_data, const xml_char *local_name, const xml_char *prefix,
                                     const xml_char *uri, int namespace_count, const xml_char **namespaces,
                                     int attribute_count, int defaulted_count, const xml_char **attributes);
typedef void (*xml_end_element_ns)(void *user_data, const xml_char *local_name, const xml_char *prefix,
                                   const xml_char *uri);

typedef void (*xml_internal_subset)(void *user_data, const xml_char *name, const xml_char *external_id,
                                    const xml_char *system_id);
typedef void (*xml_entity_decl)(void *user_data, const xml_char *name, int type, const xml_char *public_id,
                                const xml_char *system_id, xml_char *content);

/// libxml2's `xmlSAXHandler`: 27 SAX1 callbacks, of which the reader sets two, then the SAX2 part.
typedef struct {
    xml_internal_subset internal_subset;
    void *sax1_between[5];
    xml_entity_decl entity_decl;
    void *sax1_after[20];
    unsigned int initialized;
    void *private_data;
    xml_start_element_ns start_element_ns;
    xml_end_element_ns end_element_ns;
    xml_structured_error_handler structured_error;
} xml_sax_handler;

enum {
    XML_SAX2_MAGIC = 0xDEEDBEAF,
    XML_PARSE_NONET = 1 << 11,
    // Lines past 65,535 keep their numbers.
    XML_PARSE_BIG_LINES = 1 << 22,
};

/// How deep elements may nest: outline exports items up to 500 levels deep, inside <opml> and
/// <body>. libxml2 allows 256 unless told XML_PARSE_HUGE, which also lifts its limits on the
/// size of names and texts, and makes a 12 MB attribute take half a minute; raising its
/// `xmlParserMaxDepth` lifts the one limit alone.
static const unsigned int maximum_depth = 1024;

static struct {
    xml_parser_context (*create_push_parser)(xml_sax_handler *, void *, const char *, int, const char *);
    int (*use_options)(xml_parser_context, int);
    int (*parse_chunk)(xml_parser_context, const char *, int, int);
    void (*stop_parser)(xml_parser_context);
    void (*free_parser)(xml_parser_context);
    int (*line_number)(void *);
    int (*column_number)(void *);
    void (*set_structured_error_handler)(void *, xml_structured_error_handler);
    void (*set_generic_error_handler)(void *, xml_generic_error_handler);
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
        {(void **)&libxml2.create_push_parser, "xmlCreatePushParserCtxt"},
        {(void **)&libxml2.use_options, "xmlCtxtUseOptions"},
        {(void **)&libxml2.parse_chunk, "xmlParseChunk"},
        {(void **)&libxml2.stop_parser, "xmlStopParser"},
        {(void **)&libxml2.free_parser, "xmlFreeParserCtxt"},
        {(void **)&libxml2.line_number, "xmlSAX2GetLineNumber"},
        {(void **)&libxml2.column_number, "xmlSAX2GetColumnNumber"},
        {(void **)&libxml2.set_structured_error_handler, "xmlSetStructuredErrorFunc"},
        {(void **)&libxml2.set_generic_error_handler, "xmlSetGenericErrorFunc"},
    };
    for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++) {
        *wanted[i].slot = dlsym(library, wanted[i].symbol);
        if (*wanted[i].slot == NULL) {
            snprintf(load_failure, sizeof load_failure, "libxml2.so.2 has no %s", wanted[i].symbol);
            return;
        }
    }
    // A global of libxml2's, read by every parser; only this reader uses libxml2 in the process.
    unsigned int *parser_max_depth = dlsym(library, "xmlParserMaxDepth");
    if (parser_max_depth != NULL && *parser_max_depth < maximum_depth) *parser_max_depth = maximum_depth;
}

/// One parse: the caller's callbacks and what went wrong.
typedef struct {
    xml_parser_context parser;
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

static const char *element_name(parse_state *state, const xml_char *local_name, const xml_char *prefix) {
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
static char *qualified_name(const xml_char *local_name, const xml_char *prefix) {
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
static char *decoded_value(const xml_char *start, const xml_char *end) {
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

static void note_error(void *user_data, xml_error *error) {
    parse_state *state = user_data;
    if (state->failed || state->stopped || error == NULL) return;
    outline_xml_failure *failure = state->failure;
    // Errors raised outside the parser (a failed encoding conversion) carry no position.
    int at_parser = error->line <= 0 && state->parser != NULL;
    fail(state, error->code, at_parser ? libxml2.line_number(state->parser) : error->line,
         at_parser ? libxml2.column_number(state->parser) : error->int2);
    snprintf(failure->message, sizeof failure->message, "%s", error->message ? error->message : "");
    for (char *c = failure->message; *c; c++) {
        if (*c == '\n') *c = (c[1] == '\0') ? '\0' : ' ';
    }
}

/// A DOCTYPE: stopped as soon as it is named, before any declaration in it is read, so that no
/// entity is ever declared, let alone expanded. libxml2 has decoded the document by then, so
/// this holds in any encoding.
static void refuse_dtd(void *user_data, const xml_char *name, const xml_char *external_id,
                       const xml_char *system_id) {
    (void)name;
    (void)external_id;
    (void)system_id;
    parse_state *state = user_data;
    if (!state->failed && !state->stopped) fail(state, OUTLINE_XML_DECLARES_DTD, libxml2.line_number(state->parser), 0);
    // Stopped even after an earlier warning, which leaves the parser going. (Stopping is safe
    // from a SAX callback; from the error handler it is not: libxml2 2.9 may be switching
    // encodings then, and uses the input that stopping frees.)
    libxml2.stop_parser(state->parser);
}

/// An entity declaration: only inside a DTD, which is refused first; a second guard.
static void refuse_entity(void *user_data, const xml_char *name, int type, const xml_char *public_id,
                          const xml_char *system_id, xml_char *content) {
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

static void start_element(void *user_data, const xml_char *local_name, const xml_char *prefix,
                          const xml_char *uri, int namespace_count, const xml_char **namespaces,
                          int attribute_count, int defaulted_count, const xml_char **attributes) {
    (void)uri;
    (void)namespace_count;
    (void)namespaces;
    (void)defaulted_count;
    parse_state *state = user_data;
    if (state->stopped || state->failed) {
        libxml2.stop_parser(state->parser);
        return;
    }
    // SAX2 gives each attribute as (name, prefix, URI, value start, value end).
    const char **pairs = calloc((size_t)attribute_count * 2 + 1, sizeof *pairs);
    if (pairs == NULL) {
        state->stopped = 1;
        libxml2.stop_parser(state->parser);
        return;
    }
    int kept = 0;
    for (int i = 0; i < attribute_count; i++) {
        const xml_char **attribute = attributes + 5 * i;
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
    int line = libxml2.line_number(state->parser);
    int column = libxml2.column_number(state->parser);
    if (state->stopped ||
        state->start(state->context, element_name(state, local_name, prefix), pairs, line, column) != 0) {
        state->stopped = 1;
        libxml2.stop_parser(state->parser);
    }
    for (int i = 0; i < 2 * kept; i++) free((void *)pairs[i]);
    free(pairs);
}

static void end_element(void *user_data, const xml_char *local_name, const xml_char *prefix, const xml_char *uri) {
    (void)uri;
    parse_state *state = user_data;
    if (state->stopped || state->failed) return;
    state->end(state->context, element_name(state, local_name, prefix));
}

/// The most attributes a tag may have. libxml2 2.9 checks each attribute against all those
/// before it in the tag, so that 200,000 attributes take minutes; an OPML element has a dozen.
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
    xml_sax_handler handler = {
        .internal_subset = refuse_dtd,
        .entity_decl = refuse_entity,
        .initialized = XML_SAX2_MAGIC,
        .start_element_ns = start_element,
        .end_element_ns = end_element,
        .structured_error = note_error,
    };
    // Errors that libxml2 raises outside the parser (encodings) would go to standard error: they
    // come here instead. These handlers are libxml2's per-thread state; they are put back after.
    libxml2.set_structured_error_handler(&state, note_error);
    libxml2.set_generic_error_handler(NULL, ignore_message);
    state.parser = libxml2.create_push_parser(&handler, &state, NULL, 0, NULL);
    if (state.parser == NULL) {
        libxml2.set_structured_error_handler(NULL, NULL);
        libxml2.set_generic_error_handler(NULL, NULL);
        snprintf(failure->message, sizeof failure->message, "libxml2 could not start a parser");
        return OUTLINE_XML_UNAVAILABLE;
    }
    libxml2.use_options(state.parser, XML_PARSE_NONET | XML_PARSE_BIG_LINES);
    // In pieces: given whole, a document past 10 MB meets libxml2's limit on how far it looks
    // ahead ("Huge input lookup"), which only XML_PARSE_HUGE lifts.
    const int piece = 256 * 1024;
    for (int offset = 0; offset < length && !state.failed && !state.stopped; offset += piece) {
        libxml2.parse_chunk(state.parser, bytes + offset, length - offset < piece ? length - offset : piece, 0);
    }
    if (!state.failed && !state.stopped) libxml2.parse_chunk(state.parser, NULL, 0, 1);
    libxml2.free_parser(state.parser);
    libxml2.set_structured_error_handler(NULL, NULL);
    libxml2.set_generic_error_handler(NULL, NULL);
    free(state.name);
    if (state.stopped) return OUTLINE_XML_STOPPED;
    return state.failed ? OUTLINE_XML_FAILED : OUTLINE_XML_READ;
}
