#include "CXMLReader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libxml2's own declarations are not included, so that building needs no libxml2 headers; these
// are the parts of its stable C interface (2.9 and later) that the reader uses.
typedef unsigned char xml_char;
typedef void *xml_text_reader;

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

enum {
    XML_NODE_ELEMENT = 1,
    XML_NODE_END_ELEMENT = 15,
    XML_LEVEL_ERROR = 2,  // XML_ERR_ERROR: warnings (1) are not failures
    XML_PARSE_NONET = 1 << 11,
    // Lifts libxml2's limit of 256 nested elements: outline exports items up to 500 levels deep.
    XML_PARSE_HUGE = 1 << 19,
};

static struct {
    xml_text_reader (*reader_for_memory)(const char *, int, const char *, const char *, int);
    void (*free_reader)(xml_text_reader);
    int (*read)(xml_text_reader);
    int (*node_type)(xml_text_reader);
    int (*is_empty_element)(xml_text_reader);
    const xml_char *(*const_name)(xml_text_reader);
    int (*move_to_attribute)(xml_text_reader, const xml_char *);
    const xml_char *(*const_value)(xml_text_reader);
    int (*move_to_element)(xml_text_reader);
    void *(*current_node)(xml_text_reader);
    long (*node_line)(void *);
    void (*set_structured_error_handler)(xml_text_reader, xml_structured_error_handler, void *);
} libxml2;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_failure[256];

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
        {(void **)&libxml2.reader_for_memory, "xmlReaderForMemory"},
        {(void **)&libxml2.free_reader, "xmlFreeTextReader"},
        {(void **)&libxml2.read, "xmlTextReaderRead"},
        {(void **)&libxml2.node_type, "xmlTextReaderNodeType"},
        {(void **)&libxml2.is_empty_element, "xmlTextReaderIsEmptyElement"},
        {(void **)&libxml2.const_name, "xmlTextReaderConstName"},
        {(void **)&libxml2.move_to_attribute, "xmlTextReaderMoveToAttribute"},
        {(void **)&libxml2.const_value, "xmlTextReaderConstValue"},
        {(void **)&libxml2.move_to_element, "xmlTextReaderMoveToElement"},
        {(void **)&libxml2.current_node, "xmlTextReaderCurrentNode"},
        {(void **)&libxml2.node_line, "xmlGetLineNo"},
        {(void **)&libxml2.set_structured_error_handler, "xmlTextReaderSetStructuredErrorHandler"},
    };
    for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++) {
        *wanted[i].slot = dlsym(library, wanted[i].symbol);
        if (*wanted[i].slot == NULL) {
            snprintf(load_failure, sizeof load_failure, "libxml2.so.2 has no %s", wanted[i].symbol);
            return;
        }
    }
}

struct outline_xml_reader {
    xml_text_reader reader;
    /// The start of an empty element was given; its end comes next, without reading.
    int end_pending;
    int failed;
    int error_code, error_line, error_column;
};

static void note_error(void *user_data, xml_error *error) {
    outline_xml_reader *reader = user_data;
    if (reader->failed || error == NULL || error->level < XML_LEVEL_ERROR) return;
    reader->failed = 1;
    reader->error_code = error->code;
    reader->error_line = error->line;
    reader->error_column = error->int2;
}

outline_xml_reader *outline_xml_open(const char *bytes, int length, char *why, size_t why_size) {
    pthread_once(&load_once, load_libxml2);
    if (load_failure[0] != '\0') {
        snprintf(why, why_size, "%s", load_failure);
        return NULL;
    }
    outline_xml_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    reader->reader = libxml2.reader_for_memory(bytes, length, NULL, NULL, XML_PARSE_NONET | XML_PARSE_HUGE);
    if (reader->reader == NULL) {
        free(reader);
        snprintf(why, why_size, "libxml2 could not start reading");
        return NULL;
    }
    libxml2.set_structured_error_handler(reader->reader, note_error, reader);
    return reader;
}

int outline_xml_next(outline_xml_reader *reader) {
    if (reader->end_pending) {
        reader->end_pending = 0;
        return OUTLINE_XML_ELEMENT_END;
    }
    for (;;) {
        int status = libxml2.read(reader->reader);
        if (reader->failed || status < 0) {
            if (!reader->failed) {
                reader->failed = 1;
                reader->error_code = 1;  // XML_ERR_INTERNAL_ERROR: libxml2 said nothing more
            }
            return OUTLINE_XML_FAILED;
        }
        if (status == 0) return OUTLINE_XML_END_OF_DOCUMENT;
        switch (libxml2.node_type(reader->reader)) {
        case XML_NODE_ELEMENT:
            reader->end_pending = libxml2.is_empty_element(reader->reader) == 1;
            return OUTLINE_XML_ELEMENT_START;
        case XML_NODE_END_ELEMENT:
            return OUTLINE_XML_ELEMENT_END;
        default:
            continue;
        }
    }
}

const char *outline_xml_name(outline_xml_reader *reader) {
    return (const char *)libxml2.const_name(reader->reader);
}

const char *outline_xml_attribute(outline_xml_reader *reader, const char *name) {
    if (libxml2.move_to_attribute(reader->reader, (const xml_char *)name) != 1) return NULL;
    const char *value = (const char *)libxml2.const_value(reader->reader);
    libxml2.move_to_element(reader->reader);
    return value;
}

int outline_xml_line(outline_xml_reader *reader) {
    void *node = libxml2.current_node(reader->reader);
    return node == NULL ? 0 : (int)libxml2.node_line(node);
}

void outline_xml_error(const outline_xml_reader *reader, int *code, int *line, int *column) {
    *code = reader->error_code;
    *line = reader->error_line;
    *column = reader->error_column;
}

void outline_xml_close(outline_xml_reader *reader) {
    if (reader == NULL) return;
    libxml2.free_reader(reader->reader);
    free(reader);
}
