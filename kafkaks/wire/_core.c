/* The compiled core of kafkaks: v2 records decoded straight into Arrow buffers.
 *
 * decode_records(payloads, counts, with_headers) reads counts[i] records from each uncompressed v2
 * record area payloads[i] (formats/kafka_record.ksy; every length a ZigZag varint, -1 for null):
 *
 *     length varint | attributes int8 | timestampDelta varlong | offsetDelta varint
 *     | keyLength varint | key | valueLength varint | value
 *     | headersCount varint | [headerKeyLength varint | headerKey | headerValueLength varint | headerValue]
 *
 * It returns None when there are no records, else (timestamp deltas, offset deltas, key, value,
 * headers): the deltas as int64 buffers, a binary column as (validity or None, offsets, data,
 * large: offsets are int64), headers (None unless asked for) as (list validity or None, int32 list
 * offsets, key column, value column). kafkaks.wire.columnar calls it, and kafkaks.wire.arrays turns the buffers into Arrow arrays.
 *
 * Acceptance is that of kafkaks.wire.records.decode_records, the readable reference (but for values
 * outside int64, which Arrow columns cannot hold): every record exactly fills its
 * declared length, the records exactly fill their area, every varint fits in 64 bits; anything else
 * raises kafkaks.errors.CorruptDataError. Every read is bounded by the record (or for the length,
 * the area) it belongs to, and the counts are checked against the bytes before anything is
 * allocated from them (a record takes at least MIN_RECORD_SIZE bytes).
 *
 * Two passes over the records, the GIL released: the first checks everything, writes the deltas
 * and sums the sizes of the variable-length columns; the second copies keys, values and headers
 * into buffers of exactly those sizes.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <structmember.h>

#include "_codecs.h"
#include "layout.h" /* generated from the specs by `make generate` (tools/layout.js) */

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <nmmintrin.h>
#define HAVE_SSE42_CRC 1
#endif

#if defined(__GNUC__)
#define FORCE_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define FORCE_INLINE static __forceinline
#else
#define FORCE_INLINE static inline
#endif

#define MIN_RECORD_SIZE 7 /* one byte each: length, attributes, deltas, key and value lengths, header count */
#define MISPLACED_END "Incorrect declared batch size: the records do not end where the batch does"

static PyObject *corrupt_data_error; /* kafkaks.errors.CorruptDataError */

/* Why a decode stopped: a message (printf format with up to two int64 arguments), or none. */
typedef struct {
    const char *format;
    long long first, second;
} Failure;

/* One binary column being filled: validity bits (when it has nulls), offsets, data. */
typedef struct {
    int64_t nulls, bytes, row;
    int large;
    PyObject *validity, *offsets, *data;
    uint8_t *validity_bits, *data_start, *data_at;
    char *offsets_at;
} Column;

/* The passes over the records: check them and sum the column sizes; copy them into the columns;
 * make them Python objects (record_tuples; with the GIL held); only check them, keeping nothing
 * (check_records). */
enum { PASS_CHECK, PASS_FILL, PASS_OBJECTS, PASS_COUNT };

typedef struct {
    int fill; /* the pass */
    int64_t row, headers, lists_without_headers;
    int64_t *timestamp_delta, *offset_delta;
    int32_t *list_offsets;
    uint8_t *list_validity;
    Column key, value, header_key, header_value;
    int with_headers;
    Failure failure;
    /* PASS_OBJECTS: the records made so far, and the parts of the current one */
    PyObject *records, *key_object, *value_object, *header_key_object, *header_list;
    int out_of_memory;
} State;

enum { VARINT_OK, VARINT_END, VARINT_WIDE };

/* One record area: its bytes (16 bytes an area; a Py_buffer each would be 80, calloc'ed a call). */
typedef struct {
    const uint8_t *at;
    Py_ssize_t size;
} Area;

/* A ZigZag varint or varlong at *at, not reading at or past end. */
FORCE_INLINE int read_varint(const uint8_t **at, const uint8_t *end, int64_t *value) {
    const uint8_t *p = *at;
    if (p < end && *p < 0x80) { /* one byte: most lengths and deltas */
        *at = p + 1;
        *value = (int64_t)(*p >> 1) ^ -(int64_t)(*p & 1);
        return VARINT_OK;
    }
    uint64_t raw = 0;
    for (int shift = 0;; shift += 7) {
        if (p >= end) return VARINT_END;
        uint8_t byte = *p++;
        if (shift == 63 && byte > 1) return VARINT_WIDE;
        raw |= (uint64_t)(byte & 0x7F) << shift;
        if (byte < 0x80) break;
    }
    *at = p;
    *value = (int64_t)(raw >> 1) ^ -(int64_t)(raw & 1);
    return VARINT_OK;
}

static int fail(State *s, const char *format, long long first, long long second) {
    s->failure.format = format;
    s->failure.first = first;
    s->failure.second = second;
    return -1;
}

#define RECORD_SIZE_FORMAT \
    "Invalid record size: expected to read %lld bytes in record payload, but instead read %lld"

/* A varint field of a record: a failure when it does not fit the record (or 64 bits). */
#define FIELD(value, length, body)                                                        \
    switch (read_varint(&p, record_end, &(value))) {                                      \
    case VARINT_WIDE: return fail(s, "varint does not fit in 64 bits", 0, 0);             \
    case VARINT_END: return fail(s, RECORD_SIZE_FORMAT, (length), record_end + 1 - (body)); \
    default: break;                                                                        \
    }

/* Sets the column's next entry to the `size` bytes at p (null when size < 0). */
/* bytes, or None for a negative size */
static PyObject *bytes_or_none(const uint8_t *p, int64_t size) {
    return size < 0 ? Py_NewRef(Py_None) : PyBytes_FromStringAndSize((const char *)p, (Py_ssize_t)size);
}

/* put() of PASS_OBJECTS: the field as a Python object of the current record. */
static void put_object(State *s, Column *column, const uint8_t *p, int64_t size) {
    if (s->out_of_memory) return;
    if (column == &s->key) {
        s->key_object = bytes_or_none(p, size);
        s->out_of_memory = !s->key_object;
    } else if (column == &s->value) {
        s->value_object = bytes_or_none(p, size);
        s->out_of_memory = !s->value_object;
    } else if (column == &s->header_key) { /* as the record API: UTF-8, U+FFFD where it is not */
        s->header_key_object = PyUnicode_DecodeUTF8((const char *)p, (Py_ssize_t)size, "replace");
        s->out_of_memory = !s->header_key_object;
    } else {
        PyObject *value = bytes_or_none(p, size), *pair = NULL;
        if (value) pair = PyTuple_Pack(2, s->header_key_object, value);
        Py_XDECREF(value);
        Py_CLEAR(s->header_key_object);
        if (!s->header_list) s->header_list = PyList_New(0);
        if (!pair || !s->header_list || PyList_Append(s->header_list, pair) < 0) s->out_of_memory = 1;
        Py_XDECREF(pair);
    }
}

/* At the end of a record in PASS_OBJECTS: its tuple, as kafkaks.wire.records.decode_records makes. */
static void put_record(State *s, int64_t timestamp_delta, int64_t offset_delta) {
    PyObject *headers = s->header_list ? s->header_list : PyList_New(0);
    s->header_list = NULL;
    if (s->out_of_memory || !headers) {
        s->out_of_memory = 1;
        Py_XDECREF(headers);
        return;
    }
    PyObject *record = Py_BuildValue("(LLNNN)", (long long)timestamp_delta, (long long)offset_delta,
                                     s->key_object, s->value_object, headers);
    s->key_object = s->value_object = NULL;
    if (!record) s->out_of_memory = 1;
    else PyList_SET_ITEM(s->records, s->row, record);
}

FORCE_INLINE void put(State *s, Column *column, const uint8_t *p, int64_t size, const int pass) {
    if (pass == PASS_COUNT) return;
    if (pass == PASS_OBJECTS) {
        put_object(s, column, p, size);
        return;
    }
    if (pass == PASS_CHECK) {
        if (size < 0) column->nulls++;
        else column->bytes += size;
        return;
    }
    int64_t row = column->row++;
    if (size >= 0) {
        memcpy(column->data_at, p, (size_t)size);
        column->data_at += size;
        if (column->validity_bits) column->validity_bits[row >> 3] |= (uint8_t)(1u << (row & 7));
    }
    int64_t end = column->data_at - column->data_start;
    if (column->large) ((int64_t *)column->offsets_at)[row + 1] = end;
    else ((int32_t *)column->offsets_at)[row + 1] = (int32_t)end;
}

/* The `count` records of one record area in the given pass; 0, or -1 with s->failure set. Inlined
 * with a constant pass into each case of decode_area, so no pass tests run per field. */
FORCE_INLINE int decode_area_in(State *s, const uint8_t *p, Py_ssize_t size, int64_t count, const int pass) {
    const uint8_t *end = p + size;
    for (int64_t index = 0; index < count; index++) {
        int64_t length, timestamp_delta, offset_delta, key_size, value_size, header_count;
        if (p >= end) return fail(s, MISPLACED_END, 0, 0);
        switch (read_varint(&p, end, &length)) {
        case VARINT_WIDE: return fail(s, "varint does not fit in 64 bits", 0, 0);
        case VARINT_END: return fail(s, MISPLACED_END, 0, 0);
        default: break;
        }
        if (length < 0) return fail(s, "Invalid negative record length", 0, 0);
        if (length > end - p) return fail(s, MISPLACED_END, 0, 0);
        const uint8_t *body = p, *record_end = p + length;
        if (length < 1) return fail(s, RECORD_SIZE_FORMAT, length, 1);
        p++; /* attributes (unused) */
        FIELD(timestamp_delta, length, body)
        FIELD(offset_delta, length, body)
        FIELD(key_size, length, body)
        if (key_size > record_end - p) return fail(s, "key length larger than its record", 0, 0);
        put(s, &s->key, p, key_size, pass);
        if (key_size > 0) p += key_size;
        FIELD(value_size, length, body)
        if (value_size > record_end - p) return fail(s, "value length larger than its record", 0, 0);
        put(s, &s->value, p, value_size, pass);
        if (value_size > 0) p += value_size;
        FIELD(header_count, length, body)
        if (header_count < 0) return fail(s, "Found invalid number of record headers", 0, 0);
        if (header_count > record_end - p) return fail(s, "header count larger than its record", 0, 0);
        for (int64_t h = 0; h < header_count; h++) {
            int64_t hkey_size, hvalue_size;
            FIELD(hkey_size, length, body)
            if (hkey_size < 0) return fail(s, "Invalid negative header key size", 0, 0);
            if (hkey_size > record_end - p) return fail(s, "header key larger than its record", 0, 0);
            if (s->with_headers) put(s, &s->header_key, p, hkey_size, pass);
            p += hkey_size;
            FIELD(hvalue_size, length, body)
            if (hvalue_size > record_end - p) return fail(s, "header value larger than its record", 0, 0);
            if (s->with_headers) put(s, &s->header_value, p, hvalue_size, pass);
            if (hvalue_size > 0) p += hvalue_size;
        }
        if (p != record_end) return fail(s, RECORD_SIZE_FORMAT, length, p - body);
        if (pass == PASS_COUNT) {
            /* checked: nothing kept */
        } else if (pass == PASS_OBJECTS) {
            put_record(s, timestamp_delta, offset_delta);
        } else if (pass == PASS_CHECK) {
            s->timestamp_delta[s->row] = timestamp_delta;
            s->offset_delta[s->row] = offset_delta;
            s->headers += header_count;
            if (!header_count) s->lists_without_headers++;
        } else if (s->with_headers) {
            s->headers += header_count;
            s->list_offsets[s->row + 1] = (int32_t)s->headers;
            if (s->list_validity && header_count) s->list_validity[s->row >> 3] |= (uint8_t)(1u << (s->row & 7));
        }
        s->row++;
    }
    return p == end ? 0 : fail(s, MISPLACED_END, 0, 0);
}

/* The `count` records of one record area in pass s->fill; 0, or -1 with s->failure set. */
static int decode_area(State *s, const uint8_t *p, Py_ssize_t size, int64_t count) {
    switch (s->fill) {
    case PASS_CHECK: return decode_area_in(s, p, size, count, PASS_CHECK);
    case PASS_FILL: return decode_area_in(s, p, size, count, PASS_FILL);
    case PASS_COUNT: return decode_area_in(s, p, size, count, PASS_COUNT);
    default: return decode_area_in(s, p, size, count, PASS_OBJECTS);
    }
}

static int decode_areas(State *s, const Area *areas, const int64_t *counts, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++) {
        if (decode_area(s, areas[i].at, areas[i].size, counts[i]) < 0) return -1;
    }
    return 0;
}

/* A buffer of `size` bytes, its bytes at *at: what `allocate(size)` returns, a writable buffer whose
 * memory stays put while it lives (a pyarrow Buffer from its memory pool, which keeps freed memory
 * for the next call, where a fresh bytes object would cost a page fault every 4 KiB). NULL with an
 * exception set when that fails. */
static PyObject *new_buffer(PyObject *allocate, int64_t size, void **at) {
    PyObject *buffer = PyObject_CallFunction(allocate, "L", (long long)size);
    Py_buffer view;
    if (!buffer || PyObject_GetBuffer(buffer, &view, PyBUF_WRITABLE) < 0) {
        Py_XDECREF(buffer);
        return NULL;
    }
    int short_of = view.len < size;
    *at = view.buf;
    PyBuffer_Release(&view); /* its memory stays where it is while the object lives */
    if (short_of) {
        Py_DECREF(buffer);
        PyErr_Format(PyExc_ValueError, "allocate(%lld) returned fewer bytes", (long long)size);
        return NULL;
    }
    return buffer;
}

/* A zero-filled buffer of `size` bytes. */
static PyObject *zeroed(PyObject *allocate, int64_t size, uint8_t **at) {
    PyObject *buffer = new_buffer(allocate, size, (void **)at);
    if (buffer) memset(*at, 0, (size_t)size);
    return buffer;
}

/* An offsets buffer of `entries` entries of `width` bytes, the first 0: the fill pass writes the others. */
static PyObject *offsets_buffer(PyObject *allocate, int64_t entries, int width, void **at) {
    PyObject *buffer = new_buffer(allocate, entries * width, at);
    if (buffer) memset(*at, 0, (size_t)width);
    return buffer;
}

/* Allocates a column of `rows` entries from the first pass's sums. */
static int column_alloc(Column *column, int64_t rows, PyObject *allocate) {
    column->large = column->bytes > INT32_MAX;
    if (!(column->data = new_buffer(allocate, column->bytes, (void **)&column->data_start)) ||
        !(column->offsets = offsets_buffer(allocate, rows + 1, column->large ? 8 : 4, (void **)&column->offsets_at)))
        return -1;
    column->data_at = column->data_start;
    if (column->nulls && !(column->validity = zeroed(allocate, (rows + 7) / 8, &column->validity_bits))) return -1;
    return 0;
}

static void column_clear(Column *column) {
    Py_CLEAR(column->validity);
    Py_CLEAR(column->offsets);
    Py_CLEAR(column->data);
}

/* (validity or None, offsets, data, large), stealing the column's references. */
static PyObject *column_tuple(Column *column) {
    PyObject *validity = column->validity ? column->validity : Py_NewRef(Py_None);
    PyObject *result = Py_BuildValue("(NNNO)", validity, column->offsets, column->data,
                                     column->large ? Py_True : Py_False);
    column->validity = column->offsets = column->data = NULL;
    return result;
}

/* The counts, checked against the bytes before any record is read. */
static int check_counts(const int64_t *counts, const Area *areas, Py_ssize_t n, int64_t *records) {
    int64_t lowest = 0, total = 0, bytes = 0;
    for (Py_ssize_t i = 0; i < n; i++) lowest = counts[i] < lowest ? counts[i] : lowest;
    if (lowest < 0) {
        PyErr_Format(corrupt_data_error, "Found invalid record count %lld in magic v2 batch", (long long)lowest);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (counts[i] > areas[i].size / MIN_RECORD_SIZE + 1) {
            PyErr_SetString(corrupt_data_error, "record count cannot fit in the batch's bytes");
            return -1;
        }
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (counts[i] == 0 && areas[i].size > 0) {
            PyErr_SetString(corrupt_data_error, MISPLACED_END);
            return -1;
        }
        total += counts[i];
        bytes += areas[i].size;
    }
    if (total && bytes < MIN_RECORD_SIZE) {
        PyErr_SetString(corrupt_data_error, "Incorrect declared batch size, premature EOF reached");
        return -1;
    }
    *records = total;
    return 0;
}

/* The records of the n areas as decode_records returns them, in buffers from `allocate`. */
static PyObject *decode(const Area *areas, const int64_t *counts, Py_ssize_t n, int with_headers, PyObject *allocate) {
    PyObject *result = NULL, *timestamp_delta = NULL, *offset_delta = NULL, *list_offsets = NULL;
    PyObject *list_validity = NULL;
    State s = {0};
    s.with_headers = with_headers;
    int64_t records;
    if (check_counts(counts, areas, n, &records) < 0) goto done;
    if (!records) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    if (!(timestamp_delta = new_buffer(allocate, records * 8, (void **)&s.timestamp_delta)) ||
        !(offset_delta = new_buffer(allocate, records * 8, (void **)&s.offset_delta)))
        goto done;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = decode_areas(&s, areas, counts, n);
    Py_END_ALLOW_THREADS
    if (status < 0) {
        PyErr_Format(corrupt_data_error, s.failure.format, s.failure.first, s.failure.second);
        goto done;
    }
    if (with_headers && s.headers > INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "more than 2**31 - 1 headers in one call");
        goto done;
    }
    if (column_alloc(&s.key, records, allocate) < 0 || column_alloc(&s.value, records, allocate) < 0) goto done;
    if (with_headers) {
        if (column_alloc(&s.header_key, s.headers, allocate) < 0 ||
            column_alloc(&s.header_value, s.headers, allocate) < 0)
            goto done;
        if (!(list_offsets = offsets_buffer(allocate, records + 1, 4, (void **)&s.list_offsets))) goto done;
        if (s.lists_without_headers && !(list_validity = zeroed(allocate, (records + 7) / 8, &s.list_validity)))
            goto done;
    }
    s.fill = PASS_FILL;
    s.row = s.headers = 0;
    Py_BEGIN_ALLOW_THREADS
    decode_areas(&s, areas, counts, n); /* the same bytes as the first pass: no failure */
    Py_END_ALLOW_THREADS
    PyObject *headers = Py_NewRef(Py_None);
    if (with_headers) {
        Py_DECREF(headers);
        headers = Py_BuildValue("(NNNN)", list_validity ? list_validity : Py_NewRef(Py_None), list_offsets,
                                column_tuple(&s.header_key), column_tuple(&s.header_value));
        list_validity = list_offsets = NULL;
    }
    result = Py_BuildValue("(NNNNN)", timestamp_delta, offset_delta, column_tuple(&s.key),
                           column_tuple(&s.value), headers);
    timestamp_delta = offset_delta = NULL;
done:
    Py_XDECREF(timestamp_delta);
    Py_XDECREF(offset_delta);
    Py_XDECREF(list_offsets);
    Py_XDECREF(list_validity);
    column_clear(&s.key);
    column_clear(&s.value);
    column_clear(&s.header_key);
    column_clear(&s.header_value);
    return result;
}

static PyObject *decode_records(PyObject *module, PyObject *args) {
    PyObject *payloads, *count_list, *allocate;
    int with_headers;
    if (!PyArg_ParseTuple(args, "OOpO", &payloads, &count_list, &with_headers, &allocate)) return NULL;
    PyObject *payload_seq = PySequence_Fast(payloads, "payloads must be a sequence");
    PyObject *count_seq = payload_seq ? PySequence_Fast(count_list, "counts must be a sequence") : NULL;
    if (!count_seq) {
        Py_XDECREF(payload_seq);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(payload_seq), held = 0;
    int64_t *counts = PyMem_Calloc((size_t)n + 1, sizeof(int64_t));
    Py_buffer *views = PyMem_Calloc((size_t)n + 1, sizeof(Py_buffer));
    Area *areas = PyMem_Calloc((size_t)n + 1, sizeof(Area));
    if (!counts || !views || !areas) {
        PyErr_NoMemory();
        goto done;
    }
    if (PySequence_Fast_GET_SIZE(count_seq) != n) {
        PyErr_SetString(PyExc_ValueError, "as many counts as payloads are needed");
        goto done;
    }
    for (; held < n; held++) {
        PyObject *count = PySequence_Fast_GET_ITEM(count_seq, held);
        counts[held] = PyLong_AsLongLong(count);
        if (counts[held] == -1 && PyErr_Occurred()) goto done;
        if (PyObject_GetBuffer(PySequence_Fast_GET_ITEM(payload_seq, held), &views[held], PyBUF_SIMPLE) < 0)
            goto done;
        areas[held] = (Area){views[held].buf, views[held].len};
    }
    result = decode(areas, counts, n, with_headers, allocate);
done:
    for (Py_ssize_t i = 0; i < held; i++) PyBuffer_Release(&views[i]);
    PyMem_Free(views);
    PyMem_Free(areas);
    PyMem_Free(counts);
    Py_DECREF(payload_seq);
    Py_DECREF(count_seq);
    return result;
}

/* decode_records over spans of one buffer: area i is buffer[starts[i]:ends[i]] (int64 arrays). */
static PyObject *decode_spans(PyObject *module, PyObject *args) {
    Py_buffer buffer, starts, ends, counts;
    int with_headers;
    PyObject *allocate;
    if (!PyArg_ParseTuple(args, "y*y*y*y*pO", &buffer, &starts, &ends, &counts, &with_headers, &allocate))
        return NULL;
    PyObject *result = NULL;
    Py_ssize_t n = counts.len / (Py_ssize_t)sizeof(int64_t);
    Area *areas = NULL;
    if (starts.len != counts.len || ends.len != counts.len || counts.len % (Py_ssize_t)sizeof(int64_t)) {
        PyErr_SetString(PyExc_ValueError, "starts, ends and counts must be int64 arrays of one length");
        goto done;
    }
    if (!(areas = PyMem_Malloc(((size_t)n + 1) * sizeof(Area)))) {
        PyErr_NoMemory();
        goto done;
    }
    const int64_t *start = starts.buf, *end = ends.buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (start[i] < 0 || start[i] > end[i] || end[i] > buffer.len) {
            PyErr_SetString(PyExc_ValueError, "a span lies outside the buffer");
            goto done;
        }
        areas[i] = (Area){(const uint8_t *)buffer.buf + start[i], (Py_ssize_t)(end[i] - start[i])};
    }
    result = decode(areas, counts.buf, n, with_headers, allocate);
done:
    PyMem_Free(areas);
    PyBuffer_Release(&buffer);
    PyBuffer_Release(&starts);
    PyBuffer_Release(&ends);
    PyBuffer_Release(&counts);
    return result;
}

/* The records of one uncompressed record area as Python tuples (timestamp delta, offset delta,
 * key, value, headers as a list of (str, bytes or None)): the same acceptance as decode_records,
 * checked over the whole area before any object is made. */
static PyObject *record_tuples(PyObject *module, PyObject *args) {
    Py_buffer area;
    long long count;
    if (!PyArg_ParseTuple(args, "y*L", &area, &count)) return NULL;
    PyObject *result = NULL;
    State s = {0};
    s.with_headers = 1;
    int64_t counts[1] = {count}, records;
    Area one = {area.buf, area.len};
    if (check_counts(counts, &one, 1, &records) < 0) goto done;
    s.timestamp_delta = PyMem_Malloc((size_t)(records + 1) * sizeof(int64_t));
    s.offset_delta = PyMem_Malloc((size_t)(records + 1) * sizeof(int64_t));
    if (!s.timestamp_delta || !s.offset_delta) {
        PyErr_NoMemory();
        goto done;
    }
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = decode_area(&s, area.buf, area.len, count);
    Py_END_ALLOW_THREADS
    if (status < 0) {
        PyErr_Format(corrupt_data_error, s.failure.format, s.failure.first, s.failure.second);
        goto done;
    }
    if (!(s.records = PyList_New((Py_ssize_t)records))) goto done;
    s.fill = PASS_OBJECTS;
    s.row = s.headers = 0;
    decode_area(&s, area.buf, area.len, count); /* the same bytes as the first pass: no failure */
    if (s.out_of_memory) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        goto done;
    }
    result = s.records;
    s.records = NULL;
done:
    Py_XDECREF(s.records);
    Py_XDECREF(s.key_object);
    Py_XDECREF(s.value_object);
    Py_XDECREF(s.header_key_object);
    Py_XDECREF(s.header_list);
    PyMem_Free(s.timestamp_delta);
    PyMem_Free(s.offset_delta);
    PyBuffer_Release(&area);
    return result;
}

/* Whether the `count` records of an uncompressed v2 record area decode, as record_tuples would
 * take them, without making anything: None, or CorruptDataError with record_tuples' message. */
static PyObject *check_records(PyObject *module, PyObject *args) {
    Py_buffer area;
    long long count;
    if (!PyArg_ParseTuple(args, "y*L", &area, &count)) return NULL;
    State s = {0};
    s.fill = PASS_COUNT;
    int64_t counts[1] = {count}, records;
    Area one = {area.buf, area.len};
    int status = check_counts(counts, &one, 1, &records);
    if (status == 0) {
        Py_BEGIN_ALLOW_THREADS
        status = decode_area(&s, area.buf, area.len, count);
        Py_END_ALLOW_THREADS
        if (status < 0) PyErr_Format(corrupt_data_error, s.failure.format, s.failure.first, s.failure.second);
    }
    PyBuffer_Release(&area);
    return status < 0 ? NULL : Py_NewRef(Py_None);
}

/* Where a record area of `count` records is cut into pieces of `rows` records, following only the
 * chain of record lengths (kafkaks.wire.records.split_records): (the end of each piece but the
 * last as int64s, whether the chain reached the last record and the area's end). Where it breaks,
 * the ends before the piece holding the break; the caller walks that piece to say why. */
static PyObject *piece_ends(PyObject *module, PyObject *args) {
    Py_buffer area;
    long long count, rows;
    if (!PyArg_ParseTuple(args, "y*LL", &area, &count, &rows)) return NULL;
    if (rows <= 0 || count < 0) {
        PyBuffer_Release(&area);
        PyErr_SetString(PyExc_ValueError, "piece_ends needs rows > 0 and count >= 0");
        return NULL;
    }
    /* a count that cannot fit (every record takes 7 bytes or more) allocates nothing: no piece */
    int fits = count <= area.len / MIN_RECORD_SIZE + 1;
    int64_t pieces = count > 0 && fits ? (count - 1) / rows : 0;
    PyObject *ends = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(pieces * (int64_t)sizeof(int64_t)));
    if (!ends) {
        PyBuffer_Release(&area);
        return NULL;
    }
    int64_t *end_at = (int64_t *)PyBytes_AS_STRING(ends), found = 0;
    int complete = fits;
    Py_BEGIN_ALLOW_THREADS
    const uint8_t *start = area.buf, *p = start, *end = start + area.len;
    for (int64_t index = 0; fits && index < count; index++) {
        if (index && index % rows == 0) end_at[found++] = p - start;
        int64_t size;
        if (p >= end || read_varint(&p, end, &size) != VARINT_OK) {
            complete = 0;
            break;
        }
        if (size > 0) {
            if (size > end - p) {
                complete = 0;
                break;
            }
            p += size;
        }
    }
    complete = complete && p == end;
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&area);
    if (found < pieces && _PyBytes_Resize(&ends, (Py_ssize_t)(found * (int64_t)sizeof(int64_t))) < 0) return NULL;
    return Py_BuildValue("(NO)", ends, complete ? Py_True : Py_False);
}

/* ---- CRC-32C (Castagnoli), the checksum of v2 batches (DefaultRecordBatch.computeChecksum) ---- */

static uint32_t crc_table[8][256]; /* slicing by 8, filled by crc_init */

static void crc_init(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? (c >> 1) ^ 0x82F63B78u : c >> 1;
        crc_table[0][n] = c;
    }
    for (uint32_t n = 0; n < 256; n++)
        for (int t = 1; t < 8; t++) crc_table[t][n] = (crc_table[t - 1][n] >> 8) ^ crc_table[0][crc_table[t - 1][n] & 0xFF];
}

/* The CRC-32C of size bytes at p, continuing from the CRC-32C `crc` of the bytes before them. */
static uint32_t crc_portable(uint32_t crc, const uint8_t *p, size_t size) {
    uint32_t c = ~crc;
    for (; size >= 8; p += 8, size -= 8) {
        uint32_t low = c ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        c = crc_table[7][low & 0xFF] ^ crc_table[6][(low >> 8) & 0xFF] ^ crc_table[5][(low >> 16) & 0xFF]
            ^ crc_table[4][low >> 24] ^ crc_table[3][p[4]] ^ crc_table[2][p[5]] ^ crc_table[1][p[6]]
            ^ crc_table[0][p[7]];
    }
    while (size--) c = (c >> 8) ^ crc_table[0][(c ^ *p++) & 0xFF];
    return ~c;
}

#ifdef HAVE_SSE42_CRC
/* The CPU's crc32 instruction takes 3 cycles and can start one a cycle: from LANE * 3 bytes on,
 * three lanes are computed side by side, then joined. Joining a lane's register value x to the
 * bytes after it multiplies x by x^(8 LANE) mod the polynomial (the CRC of LANE zero bytes from x,
 * linear in x): lane_shift, one table per byte of x, made by crc_init_lanes. */
#define LANE 4096
static uint32_t lane_shift[4][256];

__attribute__((target("sse4.2"))) static uint32_t zeros(uint32_t c, size_t size) {
    uint64_t c64 = c;
    for (size_t i = 0; i < size / 8; i++) c64 = _mm_crc32_u64(c64, 0);
    return (uint32_t)c64;
}

static void crc_init_lanes(void) {
    uint32_t basis[32];
    for (int bit = 0; bit < 32; bit++) basis[bit] = zeros(1u << bit, LANE);
    for (int k = 0; k < 4; k++)
        for (uint32_t byte = 0; byte < 256; byte++) {
            uint32_t v = 0;
            for (int bit = 0; bit < 8; bit++)
                if (byte >> bit & 1) v ^= basis[8 * k + bit];
            lane_shift[k][byte] = v;
        }
}

static inline uint32_t shift_lane(uint32_t c) {
    return lane_shift[0][c & 0xFF] ^ lane_shift[1][(c >> 8) & 0xFF] ^ lane_shift[2][(c >> 16) & 0xFF] ^
           lane_shift[3][c >> 24];
}

__attribute__((target("sse4.2"))) static uint32_t crc_sse42(uint32_t crc, const uint8_t *p, size_t size) {
    uint64_t c = ~crc;
    for (; size >= 3 * LANE; p += 3 * LANE, size -= 3 * LANE) {
        uint64_t c1 = 0, c2 = 0, word;
        for (size_t at = 0; at < LANE; at += 8) {
            memcpy(&word, p + at, 8);
            c = _mm_crc32_u64(c, word);
            memcpy(&word, p + LANE + at, 8);
            c1 = _mm_crc32_u64(c1, word);
            memcpy(&word, p + 2 * LANE + at, 8);
            c2 = _mm_crc32_u64(c2, word);
        }
        c = shift_lane(shift_lane((uint32_t)c) ^ (uint32_t)c1) ^ (uint32_t)c2;
    }
    for (; size >= 8; p += 8, size -= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        c = _mm_crc32_u64(c, word);
    }
    uint32_t c32 = (uint32_t)c;
    while (size--) c32 = _mm_crc32_u8(c32, *p++);
    return ~c32;
}
#endif

static uint32_t (*crc32c)(uint32_t, const uint8_t *, size_t) = crc_portable;

/* ---- The batch scan: runs of whole, valid v2 batches, their headers as columns ---- */

static inline int64_t be64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | p[i];
    return (int64_t)v;
}
static inline int32_t be32(const uint8_t *p) {
    return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]);
}
static inline int16_t be16(const uint8_t *p) { return (int16_t)((uint16_t)p[0] << 8 | p[1]); }

#define HEADER_FIELD(p, FIELD, read) read((p) + RECORD_BATCH_HEADER_##FIELD##_OFFSET)
#define V2_MIN_LENGTH (RECORD_BATCH_HEADER_SIZE - LOG_ENTRY_PREFIX_SIZE)

/* What scan_batches writes for each batch, an int64 each, in this order (SCAN_FIELDS). */
enum {
    F_POSITION, F_SIZE, F_BASE_OFFSET, F_PARTITION_LEADER_EPOCH, F_ATTRIBUTES, F_LAST_OFFSET_DELTA,
    F_BASE_TIMESTAMP, F_MAX_TIMESTAMP, F_PRODUCER_ID, F_PRODUCER_EPOCH, F_BASE_SEQUENCE, F_COUNT, F_CRC,
    F_CRC_VALID, N_FIELDS
};
static const char *const scan_fields[N_FIELDS] = {
    "position", "size", "base_offset", "partition_leader_epoch", "attributes", "last_offset_delta",
    "base_timestamp", "max_timestamp", "producer_id", "producer_epoch", "base_sequence", "count", "crc",
    "crc_valid",
};

/* Why a scan stopped (SCAN_STOPS): at the buffer's end; at an entry that does not fit in the rest
 * of the buffer; at one that is not a whole, valid v2 batch (the caller's careful path reads it);
 * after max_batches. */
enum { STOP_END, STOP_PARTIAL, STOP_OTHER, STOP_MAX };

typedef struct {
    const uint8_t *buf;
    Py_ssize_t len;
    int verify_crc;
    uint32_t codecs; /* bit n set: compression id n is known */
    Py_ssize_t max_batches;
    int64_t *out;
    Py_ssize_t count, consumed;
    int stop;
} Scan;

/* Each entry is framed as kafkaks.wire.batch.frame frames it, the owner of that rule
 * (FileLogInputStream: more than LOG_ENTRY_HEADER_SIZE bytes left, a length of at least
 * LEGACY_MESSAGE_V0_MIN_SIZE, the whole entry in the buffer): this copy is the one the scan's speed
 * needs, and tests/test_scan.py checks that it agrees with frame at every edge. An entry is then
 * taken only when it is a v2 batch at least as long as its header, of a known codec, whose CRC-32C
 * matches when verify_crc. */
static void scan(Scan *s) {
    Py_ssize_t at = 0;
    while (1) {
        if (s->count == s->max_batches) { s->stop = STOP_MAX; break; }
        Py_ssize_t left = s->len - at;
        if (left == 0) { s->stop = STOP_END; break; }
        if (left <= LOG_ENTRY_HEADER_SIZE) { s->stop = STOP_PARTIAL; break; }
        const uint8_t *p = s->buf + at;
        int64_t length = be32(p + LOG_ENTRY_PREFIX_LEN_BODY_OFFSET);
        if (length < LEGACY_MESSAGE_V0_MIN_SIZE) { s->stop = STOP_OTHER; break; }
        if (LOG_ENTRY_PREFIX_SIZE + length > left) { s->stop = STOP_PARTIAL; break; }
        if (p[LOG_ENTRY_HEADER_MAGIC_OFFSET] != 2 || length < V2_MIN_LENGTH) { s->stop = STOP_OTHER; break; }
        int64_t size = LOG_ENTRY_PREFIX_SIZE + length;
        int16_t attributes = HEADER_FIELD(p, ATTRIBUTES, be16);
        if (!(s->codecs >> (attributes & RECORD_BATCH_HEADER_COMPRESSION_MASK) & 1)) { s->stop = STOP_OTHER; break; }
        uint32_t stored = (uint32_t)HEADER_FIELD(p, CRC, be32);
        if (s->verify_crc &&
            crc32c(0, p + RECORD_BATCH_HEADER_ATTRIBUTES_OFFSET, (size_t)(size - RECORD_BATCH_HEADER_ATTRIBUTES_OFFSET)) != stored) {
            s->stop = STOP_OTHER;
            break;
        }
        int64_t *row = s->out + s->count * N_FIELDS;
        row[F_POSITION] = at;
        row[F_SIZE] = size;
        row[F_BASE_OFFSET] = HEADER_FIELD(p, BASE_OFFSET, be64);
        row[F_PARTITION_LEADER_EPOCH] = HEADER_FIELD(p, PARTITION_LEADER_EPOCH, be32);
        row[F_ATTRIBUTES] = attributes;
        row[F_LAST_OFFSET_DELTA] = HEADER_FIELD(p, LAST_OFFSET_DELTA, be32);
        row[F_BASE_TIMESTAMP] = HEADER_FIELD(p, BASE_TIMESTAMP, be64);
        row[F_MAX_TIMESTAMP] = HEADER_FIELD(p, MAX_TIMESTAMP, be64);
        row[F_PRODUCER_ID] = HEADER_FIELD(p, PRODUCER_ID, be64);
        row[F_PRODUCER_EPOCH] = HEADER_FIELD(p, PRODUCER_EPOCH, be16);
        row[F_BASE_SEQUENCE] = HEADER_FIELD(p, BASE_SEQUENCE, be32);
        row[F_COUNT] = HEADER_FIELD(p, NUM_RECORDS, be32);
        row[F_CRC] = stored;
        row[F_CRC_VALID] = s->verify_crc ? 1 : -1;
        s->count++;
        at += size;
    }
    s->consumed = at;
}

/* The log entries of v2 size or more that lie whole in the buffer, one after another from its
 * start: the scan takes no more batches than that. Sizing the fields by them, not by the most
 * headers the buffer could hold (4 times as much room for 1-record batches), keeps each call's
 * request the size of the last one's, which the allocator then hands out again from its heap
 * instead of mapping (and faulting in) fresh pages. */
static Py_ssize_t entries(const uint8_t *p, Py_ssize_t size) {
    Py_ssize_t count = 0, at = 0;
    while (size - at >= RECORD_BATCH_HEADER_SIZE) {
        int64_t length = be32(p + at + LOG_ENTRY_PREFIX_LEN_BODY_OFFSET);
        if (length < V2_MIN_LENGTH || length > size - at - LOG_ENTRY_PREFIX_SIZE) break;
        at += LOG_ENTRY_PREFIX_SIZE + length;
        count++;
    }
    return count;
}

static PyObject *scan_batches(PyObject *module, PyObject *args) {
    Py_buffer view;
    int verify_crc;
    unsigned long codecs;
    Py_ssize_t max_batches;
    if (!PyArg_ParseTuple(args, "y*pkn", &view, &verify_crc, &codecs, &max_batches)) return NULL;
    Py_ssize_t room = entries(view.buf, view.len) + 1; /* + 1: the scan stops where it would have */
    if (max_batches < 0 || max_batches > room) max_batches = room;
    PyObject *fields = PyBytes_FromStringAndSize(NULL, max_batches * N_FIELDS * (Py_ssize_t)sizeof(int64_t));
    if (!fields) {
        PyBuffer_Release(&view);
        return NULL;
    }
    Scan s = {view.buf, view.len, verify_crc, (uint32_t)codecs, max_batches, (int64_t *)PyBytes_AS_STRING(fields), 0, 0, 0};
    Py_BEGIN_ALLOW_THREADS
    scan(&s);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    if (_PyBytes_Resize(&fields, s.count * N_FIELDS * (Py_ssize_t)sizeof(int64_t)) < 0) return NULL;
    return Py_BuildValue("(nnNi)", s.count, s.consumed, fields, s.stop);
}

/* ---- Batch objects from scanned rows ----
 *
 * kafkaks.wire.batch.Batch is a class with __slots__; batch_class(Batch) finds the slots below
 * (each a member descriptor of an object slot) and scanned_batches fills fresh instances straight
 * from a scan's rows: what Batch.scanned does, without the interpreter's cost per attribute. */
enum {
    B_DATA, B_MAX_DECOMPRESSED, B_PATH, B_POSITION, B_SIZE, B_TOPIC, B_PARTITION, B_MAGIC, B_BASE_OFFSET,
    B_COUNT, B_PARTITION_LEADER_EPOCH, B_CRC, B_ATTRIBUTES, B_BASE_TIMESTAMP, B_MAX_TIMESTAMP,
    B_PRODUCER_ID, B_PRODUCER_EPOCH, B_BASE_SEQUENCE, B_LAST_OFFSET, B_COMPRESSION, B_TIMESTAMP_TYPE,
    B_LAST_SEQUENCE, B_CRC_VALID, N_SLOTS
};
static const char *const batch_slots[N_SLOTS] = {
    "_data", "_max_decompressed", "path", "position", "size", "topic", "partition", "magic", "_base_offset",
    "_count", "partition_leader_epoch", "crc", "attributes", "base_timestamp", "max_timestamp",
    "producer_id", "producer_epoch", "base_sequence", "last_offset", "compression", "timestamp_type",
    "last_sequence", "crc_valid",
};
static PyTypeObject *batch_type;
static Py_ssize_t slot_offsets[N_SLOTS];

static PyObject *batch_class(PyObject *module, PyObject *cls) {
    (void)module;
    if (!PyType_Check(cls)) {
        PyErr_SetString(PyExc_TypeError, "batch_class takes a class");
        return NULL;
    }
    Py_ssize_t offsets[N_SLOTS]; /* kept only when every slot is found */
    for (int i = 0; i < N_SLOTS; i++) {
        PyObject *descriptor = PyObject_GetAttrString(cls, batch_slots[i]);
        if (!descriptor) return NULL;
        int is_slot = Py_IS_TYPE(descriptor, &PyMemberDescr_Type) &&
                      ((PyMemberDescrObject *)descriptor)->d_member->type == T_OBJECT_EX;
        if (is_slot) offsets[i] = ((PyMemberDescrObject *)descriptor)->d_member->offset;
        Py_DECREF(descriptor);
        if (!is_slot) {
            PyErr_Format(PyExc_TypeError, "%s is not a slot of the class", batch_slots[i]);
            return NULL;
        }
    }
    memcpy(slot_offsets, offsets, sizeof offsets);
    Py_XSETREF(batch_type, (PyTypeObject *)Py_NewRef(cls));
    Py_RETURN_NONE;
}

/* DefaultRecordBatch.incrementSequence: sequences wrap past 2^31 - 1 to 0. */
static int64_t increment_sequence(int64_t sequence, int64_t increment) {
    return sequence > INT32_MAX - increment ? increment - (INT32_MAX - sequence) - 1 : sequence + increment;
}

/* scanned_batches(data, fields, first, stop, path, start, topic, partition, limit, codecs,
 * timestamp_types) -> [Batch]: rows first..stop of a scan of data (which starts at file position
 * start); codecs[id] is the Compression of a codec id, timestamp_types[bit] the TimestampType. */
static PyObject *scanned_batches(PyObject *module, PyObject *args) {
    (void)module;
    Py_buffer data, fields;
    Py_ssize_t first, stop;
    long long start;
    PyObject *path, *topic, *partition, *limit, *codecs, *timestamp_types;
    if (!PyArg_ParseTuple(args, "y*y*nnOLOOOO!O!", &data, &fields, &first, &stop, &path, &start, &topic,
                          &partition, &limit, &PyTuple_Type, &codecs, &PyTuple_Type, &timestamp_types))
        return NULL;
    PyObject *out = NULL;
    Py_ssize_t rows = fields.len / (Py_ssize_t)(N_FIELDS * sizeof(int64_t));
    if (!batch_type) {
        PyErr_SetString(PyExc_RuntimeError, "batch_class was not called");
        goto done;
    }
    if (first < 0 || stop > rows || first > stop || PyTuple_GET_SIZE(timestamp_types) != 2) {
        PyErr_SetString(PyExc_ValueError, "rows out of range");
        goto done;
    }
    if (!(out = PyList_New(stop - first))) goto done;
    for (Py_ssize_t i = first; i < stop; i++) {
        const int64_t *row = (const int64_t *)fields.buf + i * N_FIELDS;
        int64_t codec = row[F_ATTRIBUTES] & RECORD_BATCH_HEADER_COMPRESSION_MASK;
        if (row[F_POSITION] < 0 || row[F_SIZE] < 0 || row[F_POSITION] + row[F_SIZE] > data.len ||
            codec >= PyTuple_GET_SIZE(codecs) || PyTuple_GET_ITEM(codecs, codec) == Py_None) {
            PyErr_SetString(PyExc_ValueError, "a row that is not a scanned batch");
            Py_CLEAR(out);
            goto done;
        }
        PyObject *batch = batch_type->tp_alloc(batch_type, 0);
        if (!batch) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, i - first, batch);
        int64_t sequence = row[F_BASE_SEQUENCE];
        PyObject *values[N_SLOTS] = {
            [B_DATA] = PyBytes_FromStringAndSize((const char *)data.buf + row[F_POSITION], row[F_SIZE]),
            [B_MAX_DECOMPRESSED] = Py_NewRef(limit),
            [B_PATH] = Py_NewRef(path),
            [B_POSITION] = PyLong_FromLongLong(start + row[F_POSITION]),
            [B_SIZE] = PyLong_FromLongLong(row[F_SIZE]),
            [B_TOPIC] = Py_NewRef(topic),
            [B_PARTITION] = Py_NewRef(partition),
            [B_MAGIC] = PyLong_FromLong(2),
            [B_BASE_OFFSET] = PyLong_FromLongLong(row[F_BASE_OFFSET]),
            [B_COUNT] = PyLong_FromLongLong(row[F_COUNT]),
            [B_PARTITION_LEADER_EPOCH] = PyLong_FromLongLong(row[F_PARTITION_LEADER_EPOCH]),
            [B_CRC] = PyLong_FromLongLong(row[F_CRC]),
            [B_ATTRIBUTES] = PyLong_FromLongLong(row[F_ATTRIBUTES]),
            [B_BASE_TIMESTAMP] = PyLong_FromLongLong(row[F_BASE_TIMESTAMP]),
            [B_MAX_TIMESTAMP] = PyLong_FromLongLong(row[F_MAX_TIMESTAMP]),
            [B_PRODUCER_ID] = PyLong_FromLongLong(row[F_PRODUCER_ID]),
            [B_PRODUCER_EPOCH] = PyLong_FromLongLong(row[F_PRODUCER_EPOCH]),
            [B_BASE_SEQUENCE] = PyLong_FromLongLong(sequence),
            [B_LAST_OFFSET] = PyLong_FromLongLong(row[F_BASE_OFFSET] + row[F_LAST_OFFSET_DELTA]),
            [B_COMPRESSION] = Py_NewRef(PyTuple_GET_ITEM(codecs, codec)),
            [B_TIMESTAMP_TYPE] = Py_NewRef(PyTuple_GET_ITEM(
                timestamp_types, (row[F_ATTRIBUTES] & RECORD_BATCH_HEADER_TIMESTAMP_TYPE_MASK) != 0)),
            [B_LAST_SEQUENCE] =
                PyLong_FromLongLong(sequence == -1 ? -1 : increment_sequence(sequence, row[F_LAST_OFFSET_DELTA])),
            [B_CRC_VALID] = Py_NewRef(row[F_CRC_VALID] < 0 ? Py_None : row[F_CRC_VALID] ? Py_True : Py_False),
        };
        int failed = 0;
        for (int slot = 0; slot < N_SLOTS; slot++) {
            if (!values[slot]) failed = 1;
            *(PyObject **)((char *)batch + slot_offsets[slot]) = values[slot]; /* the slot takes the reference */
        }
        if (failed) {
            Py_CLEAR(out);
            goto done;
        }
    }
done:
    PyBuffer_Release(&data);
    PyBuffer_Release(&fields);
    return out;
}

static PyObject *crc32c_of(PyObject *module, PyObject *args) {
    Py_buffer view;
    unsigned long value = 0;
    int portable = 0;
    if (!PyArg_ParseTuple(args, "y*|kp", &view, &value, &portable)) return NULL;
    uint32_t (*compute)(uint32_t, const uint8_t *, size_t) = portable ? crc_portable : crc32c;
    uint32_t crc;
    Py_BEGIN_ALLOW_THREADS
    crc = compute((uint32_t)value, view.buf, (size_t)view.len);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    return PyLong_FromUnsignedLong(crc);
}

static PyMethodDef methods[] = {
    {"decode_records", decode_records, METH_VARARGS,
     "decode_records(payloads, counts, with_headers, allocate) -> None | (timestamp_delta, offset_delta, "
     "key, value, headers): the records of v2 record areas as Arrow buffers (see kafkaks.wire.columnar), each "
     "allocate(size) (a writable buffer, as pyarrow.allocate_buffer makes)."},
    {"record_tuples", record_tuples, METH_VARARGS,
     "record_tuples(area, count) -> [(timestamp_delta, offset_delta, key, value, headers)]: the records "
     "of an uncompressed v2 record area (see kafkaks.wire.records)."},
    {"check_records", check_records, METH_VARARGS,
     "check_records(area, count) -> None: whether the records of an uncompressed v2 record area decode as "
     "record_tuples takes them (CorruptDataError if not), keeping nothing."},
    {"piece_ends", piece_ends, METH_VARARGS,
     "piece_ends(area, count, rows) -> (ends, complete): where the record area is cut into pieces of rows "
     "records, by the record lengths alone (ends: int64s; see kafkaks.wire.records.split_records)."},
    {"decode_spans", decode_spans, METH_VARARGS,
     "decode_spans(buffer, starts, ends, counts, with_headers, allocate) -> decode_records of the record areas "
     "buffer[starts[i]:ends[i]] (starts, ends and counts: int64 arrays)."},
    {"scan_batches", scan_batches, METH_VARARGS,
     "scan_batches(buffer, verify_crc, codecs, max_batches) -> (count, consumed, fields, stop): the whole, "
     "valid v2 batches at the start of buffer, their SCAN_FIELDS as count rows of int64 (see "
     "kafkaks.wire.scan)."},
    {"lz4_frame", codecs_lz4_frame, METH_VARARGS,
     "lz4_frame(data, limit, check_header) -> bytes: a Kafka LZ4 frame decompressed (see kafkaks.wire.codecs)."},
    {"snappy", codecs_snappy, METH_VARARGS,
     "snappy(data, limit) -> bytes: a xerial snappy stream or raw block decompressed (see kafkaks.wire.codecs)."},
    {"decompress_spans", codecs_spans, METH_VARARGS,
     "decompress_spans(codec, buffer, starts, ends, limit, into) -> (data, starts, ends): many payloads of "
     "one codec into one buffer (the bytearray into, when not None), the GIL released."},
    {"gzip_load", codecs_gzip_load, METH_VARARGS,
     "gzip_load(name) -> bool: whether zlib could be opened under that name, for decompress_spans."},
    {"deflate_load", codecs_deflate_load, METH_VARARGS,
     "deflate_load(name) -> bool: whether libdeflate could be opened under that name, for decompress_spans."},
    {"zstd_load", codecs_zstd_load, METH_VARARGS,
     "zstd_load(name) -> whether the zstd library of that name was opened (for zstd)."},
    {"zstd", codecs_zstd, METH_VARARGS,
     "zstd(data, limit) -> bytes: zstd frames decompressed by the library zstd_load opened."},
    {"batch_class", batch_class, METH_O,
     "batch_class(Batch) -> None: the class scanned_batches makes (its slots are looked up once)."},
    {"scanned_batches", scanned_batches, METH_VARARGS,
     "scanned_batches(data, fields, first, stop, path, start, topic, partition, limit, codecs, "
     "timestamp_types) -> [Batch]: Batch objects of rows first..stop of a scan (see kafkaks.wire.scan)."},
    {"crc32c", crc32c_of, METH_VARARGS,
     "crc32c(data, value=0, portable=False) -> the CRC-32C of data, continuing the CRC-32C value of what came "
     "before (portable: with the table, not the CPU's instruction)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "kafkaks.wire._core",
    "The compiled core of kafkaks: v2 records decoded into Arrow buffers.", -1, methods,
};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *errors = PyImport_ImportModule("kafkaks.errors");
    if (!errors) return NULL;
    corrupt_data_error = PyObject_GetAttrString(errors, "CorruptDataError");
    int codecs = codecs_init(errors);
    Py_DECREF(errors);
    if (!corrupt_data_error || codecs < 0) return NULL;
    crc_init();
#ifdef HAVE_SSE42_CRC
    if (__builtin_cpu_supports("sse4.2")) {
        crc_init_lanes();
        crc32c = crc_sse42;
    }
#endif
    PyObject *module = PyModule_Create(&module_def);
    if (!module) return NULL;
    PyObject *names = PyTuple_New(N_FIELDS);
    if (!names) goto fail;
    for (int i = 0; i < N_FIELDS; i++) {
        PyObject *name = PyUnicode_FromString(scan_fields[i]);
        if (!name) {
            Py_DECREF(names);
            goto fail;
        }
        PyTuple_SET_ITEM(names, i, name);
    }
    if (PyModule_AddObject(module, "SCAN_FIELDS", names) < 0) {
        Py_DECREF(names);
        goto fail;
    }
    if (PyModule_AddIntConstant(module, "STOP_END", STOP_END) < 0 ||
        PyModule_AddIntConstant(module, "STOP_PARTIAL", STOP_PARTIAL) < 0 ||
        PyModule_AddIntConstant(module, "STOP_OTHER", STOP_OTHER) < 0 ||
        PyModule_AddIntConstant(module, "STOP_MAX", STOP_MAX) < 0)
        goto fail;
    return module;
fail:
    Py_DECREF(module);
    return NULL;
}
