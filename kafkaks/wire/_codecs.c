/* Kafka's LZ4 and snappy payloads decompressed in C: the framings and block formats of
 * kafkaks/wire/codecs.py (its docstring describes them), with the same acceptance, the same cap
 * and the same error texts. A call costs well under a microsecond for the small payloads of
 * batches of one record, where the Python framing code cost 6 to 10. codecs.py keeps the Python
 * path for a tree without the compiled core; tests/test_codecs.py checks both give the same.
 *
 * LZ4 blocks are decoded as the reference LZ4_decompress_safe does with a destination of the
 * frame's block size (lz4-java's safe decompressor, Kafka's reader, too): the same end-of-block
 * rules (the last sequence is literals only and ends the input; a match may not end within the
 * last LASTLITERALS bytes of the destination), offsets within the block (blocks are independent),
 * except that a match of offset 0 is damage here, as the block format says, where the reference
 * decoder copies whatever its destination held (python-lz4, the Python path, does so too).
 * Snappy blocks as the format description says (github.com/google/snappy, format_description.txt):
 * a varint length, then literals and copies that must fill exactly that length.
 *
 * Every read is checked against the input's end and every write against the output's capacity;
 * outputs grow only as the cap allows (an LZ4 block at most its declared block size, snappy
 * blocks by their declared lengths, summed and checked before anything is allocated).
 *
 * Each decompressor writes into a Sink (a bytes object grown as needed, or a caller's bytearray)
 * and needs no GIL: a call for one payload returns the sink's bytes; decompress_spans decompresses
 * a whole run of payloads into one sink with the GIL released (taken back only to grow it), so
 * another thread decodes meanwhile.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_codecs.h"

static PyObject *decompression_error, *limit_error; /* kafkaks.errors.Decompression(Limit)Error */

int codecs_init(PyObject *errors) {
    decompression_error = PyObject_GetAttrString(errors, "DecompressionError");
    limit_error = PyObject_GetAttrString(errors, "DecompressionLimitError");
    return decompression_error && limit_error ? 0 : -1;
}

static PyObject *fail(const char *message) {
    PyErr_SetString(decompression_error, message);
    return NULL;
}

static PyObject *over(long long limit) {
    PyErr_Format(limit_error, "payload decompresses to more than %lld bytes", limit);
    return NULL;
}

/* Why a decompression stopped: a DecompressionError message, the cap passed, or no memory. */
typedef struct {
    const char *error;
    char text[160]; /* a formatted message: error points here */
    int over_limit, no_memory;
} Why;

static int stop(Why *why, const char *error) {
    why->error = error;
    return -1;
}

/* Where decompressors write, `capacity` bytes at `base`, the first `used` written: a bytes object
 * of ours, or the caller's bytearray (`reused`: written from its start, grown but never cut back,
 * and pinned by `pin` so that nothing else resizes it meanwhile). While `released` holds the thread
 * state (the GIL released), growing takes the GIL back for a moment. */
typedef struct {
    PyObject *buffer;
    uint8_t *base;
    size_t used, capacity;
    Py_buffer pin;
    int reused;
    PyThreadState *released;
} Sink;

static inline uint8_t *sink_at(const Sink *sink, size_t position) { return sink->base + position; }

/* The sink's buffer made `size` bytes long (the GIL held): 0, or -1 with an exception set. */
static int sink_resize(Sink *sink, size_t size) {
    if (!sink->reused) {
        if (sink->buffer ? _PyBytes_Resize(&sink->buffer, (Py_ssize_t)size) < 0
                         : !(sink->buffer = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)size)))
            return -1;
        sink->base = (uint8_t *)PyBytes_AS_STRING(sink->buffer);
        return 0;
    }
    PyBuffer_Release(&sink->pin);
    int resized = PyByteArray_Resize(sink->buffer, (Py_ssize_t)size);
    if (PyObject_GetBuffer(sink->buffer, &sink->pin, PyBUF_WRITABLE) < 0) return -1;
    sink->base = sink->pin.buf;
    return resized;
}

/* Room for `more` bytes after `used`: doubling, but to no more than `most` bytes after it. */
static int sink_reserve(Sink *sink, size_t more, size_t most, Why *why) {
    if (sink->buffer && sink->capacity - sink->used >= more) return 0;
    size_t want = 2 * sink->capacity, floor = sink->used + more, ceiling = sink->used + (most > more ? most : more);
    if (want < floor) want = floor;
    if (want > ceiling) want = ceiling;
    if (want > PY_SSIZE_T_MAX) {
        why->no_memory = 1;
        return -1;
    }
    if (sink->released) PyEval_RestoreThread(sink->released);
    int grown = sink_resize(sink, want) == 0;
    if (!grown) PyErr_Clear(); /* raised when the call ends (sink_result) */
    if (sink->released) sink->released = PyEval_SaveThread();
    if (!grown) {
        why->no_memory = 1;
        return -1;
    }
    sink->capacity = want;
    return 0;
}

/* What the sink holds (the GIL held): our bytes, cut to what was written, or the caller's bytearray
 * as long as it grew; or NULL, the exception for `why` set. */
static PyObject *sink_result(Sink *sink, int status, const Why *why, long long limit) {
    PyObject *buffer = sink->buffer;
    sink->buffer = NULL;
    PyBuffer_Release(&sink->pin);
    if (status < 0) {
        Py_XDECREF(buffer);
        if (why->no_memory) return PyErr_NoMemory();
        return why->over_limit ? over(limit) : fail(why->error);
    }
    if (!buffer) return PyBytes_FromStringAndSize(NULL, 0);
    if (!sink->reused && _PyBytes_Resize(&buffer, (Py_ssize_t)sink->used) < 0) return NULL;
    return buffer;
}

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

/* Copy n bytes from offset bytes back in the output to op, where `room` bytes may be written:
 * 16 bytes at a time when the two are at least 16 apart (each piece read is written already) and
 * the room allows the last piece to run past n (what it writes there is overwritten later, or
 * lies past the output's end); else whole when they do not overlap, 8 bytes at a time when they
 * are at least 8 apart, byte by byte (a run repeating a short pattern). */
static inline void copy_match(uint8_t *op, size_t offset, size_t n, size_t room) {
    const uint8_t *from = op - offset;
    size_t i = 0;
    if (offset >= 16 && room >= n + 15) {
        for (; i < n; i += 16) memcpy(op + i, from + i, 16);
        return;
    }
    if (offset >= n) {
        memcpy(op, from, n);
        return;
    }
    if (offset >= 8)
        for (; i + 8 <= n; i += 8) memcpy(op + i, from + i, 8);
    for (; i < n; i++) op[i] = from[i];
}

/* Copy n literal bytes from ip to op: a fixed 16 bytes when n is at most that and both sides have
 * 16 bytes of room (a copy of constant size, no library call), else exactly n. */
static inline void copy_literals(uint8_t *op, const uint8_t *ip, size_t n, size_t in_room, size_t out_room) {
    if (n <= 16 && in_room >= 16 && out_room >= 16) memcpy(op, ip, 16);
    else memcpy(op, ip, n);
}

/* ---- LZ4 ---- */

#define LZ4_MAGIC 0x184D2204u
#define LZ4_STORED 0x80000000u
#define LZ4_BLOCK_CHECKSUM 0x10
#define LZ4_CONTENT_SIZE 0x08
#define LZ4_CONTENT_CHECKSUM 0x04
#define LZ4_PREMATURE "lz4: Stream ended prematurely"
#define MINMATCH 4
#define LASTLITERALS 5
#define MFLIMIT 12

#define P1 2654435761u
#define P2 2246822519u
#define P3 3266489917u
#define P4 668265263u
#define P5 374761393u

static uint32_t rotl32(uint32_t x, int bits) { return x << bits | x >> (32 - bits); }

/* XXH32, seed 0, of fewer than 16 bytes (a frame descriptor). */
static uint32_t xxh32_short(const uint8_t *p, size_t n) {
    uint32_t h = P5 + (uint32_t)n;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) h = rotl32(h + le32(p + i) * P3, 17) * P4;
    for (; i < n; i++) h = rotl32(h + p[i] * P5, 11) * P1;
    h = (h ^ h >> 15) * P2;
    h = (h ^ h >> 13) * P3;
    return h ^ h >> 16;
}

/* One block into out[0..capacity): the bytes written, or -1 when it is not a valid block. */
static Py_ssize_t lz4_block(const uint8_t *in, size_t size, uint8_t *out, size_t capacity) {
    const uint8_t *ip = in, *iend = in + size;
    uint8_t *op = out, *oend = out + capacity;
    if (size == 0) return -1;
    for (;;) {
        unsigned token = *ip++;
        size_t length = token >> 4;
        if (length == 15) {
            unsigned byte;
            do {
                if (ip >= iend) return -1;
                byte = *ip++;
                length += byte;
            } while (byte == 255);
        }
        if (length > (size_t)(iend - ip) || length > (size_t)(oend - op)) return -1;
        if ((size_t)(oend - op) - length < MFLIMIT || (size_t)(iend - ip) - length < 2 + 1 + LASTLITERALS) {
            /* the last literals: they must end the input */
            if ((size_t)(iend - ip) != length) return -1;
            memcpy(op, ip, length);
            return op + length - out;
        }
        copy_literals(op, ip, length, (size_t)(iend - ip), (size_t)(oend - op));
        op += length;
        ip += length;
        size_t offset = ip[0] | (size_t)ip[1] << 8;
        ip += 2;
        if (offset == 0 || offset > (size_t)(op - out)) return -1;
        length = token & 15;
        if (length == 15) {
            unsigned byte;
            do {
                if (ip >= iend - LASTLITERALS) return -1;
                byte = *ip++;
                length += byte;
            } while (byte == 255);
        }
        length += MINMATCH;
        if (length > (size_t)(oend - op) || (size_t)(oend - op) - length < LASTLITERALS) return -1;
        copy_match(op, offset, length, (size_t)(oend - op));
        op += length;
    }
}

/* A Kafka LZ4 frame appended to the sink, its header checksum checked when check_header (magic 1
 * and up); each compressed block is decoded in place, into room for the frame's block size. */
static int lz4_into(Sink *out, const uint8_t *data, size_t size, long long limit, int check_header, Why *why) {
    if (size < 7) return stop(why, LZ4_PREMATURE);
    unsigned flg = data[4], bd = data[5];
    if (le32(data) != LZ4_MAGIC) return stop(why, "lz4: Stream unsupported (invalid magic bytes)");
    if (flg >> 6 != 1 || !(flg & 0x20) || (flg & 0x03) || (bd & 0x8F) || bd >> 4 < 4 || bd >> 4 > 7) {
        snprintf(why->text, sizeof why->text, "lz4: unsupported frame descriptor FLG 0x%02x BD 0x%02x", flg, bd);
        return stop(why, why->text);
    }
    size_t max_block = (size_t)1 << (2 * (bd >> 4) + 8);
    size_t hc_pos = flg & LZ4_CONTENT_SIZE ? 14 : 6;
    if (size <= hc_pos) return stop(why, LZ4_PREMATURE);
    if (check_header && data[hc_pos] != ((xxh32_short(data + 4, hc_pos - 4) >> 8) & 0xFF))
        return stop(why, "lz4: Stream frame descriptor corrupted");
    size_t trailer = flg & LZ4_BLOCK_CHECKSUM ? 4 : 0, start = out->used, cap = (size_t)limit + 1;
    size_t pos = hc_pos + 1;
    for (;;) {
        if (size < pos + 4) return stop(why, LZ4_PREMATURE);
        uint32_t word = le32(data + pos), block = word & ~LZ4_STORED;
        pos += 4;
        if (block == 0) { /* end mark */
            if ((flg & LZ4_CONTENT_CHECKSUM) && size < pos + 4) return stop(why, LZ4_PREMATURE);
            return 0;
        }
        if (block > max_block) {
            snprintf(why->text, sizeof why->text, "lz4: Block size %u exceeded max: %zu", block, max_block);
            return stop(why, why->text);
        }
        if (size < pos + block + trailer) return stop(why, LZ4_PREMATURE);
        size_t room = word & LZ4_STORED ? block : max_block;
        if (sink_reserve(out, room, cap - (out->used - start) + max_block, why) < 0) return -1;
        if (word & LZ4_STORED) {
            memcpy(sink_at(out, out->used), data + pos, block);
            out->used += block;
        } else {
            Py_ssize_t written = lz4_block(data + pos, block, sink_at(out, out->used), max_block);
            if (written < 0)
                return stop(why, "lz4: Decompression failed: corrupt input or insufficient space in destination buffer");
            out->used += (size_t)written;
        }
        if (out->used - start > (size_t)limit) {
            why->over_limit = 1;
            return -1;
        }
        pos += block + trailer;
    }
}

/* A Kafka LZ4 frame decompressed (the GIL held). */
static PyObject *lz4_frame(const uint8_t *data, size_t size, long long limit, int check_header) {
    Sink out = {0};
    Why why = {0};
    int status = lz4_into(&out, data, size, limit, check_header, &why);
    return sink_result(&out, status, &why, limit);
}

PyObject *codecs_lz4_frame(PyObject *module, PyObject *args) {
    (void)module;
    Py_buffer view;
    long long limit;
    int check_header;
    if (!PyArg_ParseTuple(args, "y*Lp", &view, &limit, &check_header)) return NULL;
    PyObject *out = lz4_frame(view.buf, (size_t)view.len, limit, check_header);
    PyBuffer_Release(&view);
    return out;
}

/* ---- snappy ---- */

static const uint8_t XERIAL_MAGIC[8] = {0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0};
#define XERIAL_HEADER_SIZE 16

/* The length a raw block declares (its varint prefix, at most 32 bits) and where its elements
 * start; -1 when the varint is cut short or too long. */
static int64_t snappy_length(const uint8_t *in, size_t size, size_t *start) {
    uint64_t value = 0;
    for (size_t i = 0; i < 5 && i < size; i++) {
        value |= (uint64_t)(in[i] & 0x7F) << (7 * i);
        if (!(in[i] & 0x80)) {
            if (value > UINT32_MAX) return -1;
            *start = i + 1;
            return (int64_t)value;
        }
    }
    return -1;
}

/* The elements of a raw block from in[0..size) into exactly out[0..length): 0, or -1. */
static int snappy_block(const uint8_t *in, size_t size, uint8_t *out, size_t length) {
    const uint8_t *ip = in, *iend = in + size;
    uint8_t *op = out, *oend = out + length;
    while (ip < iend) {
        unsigned tag = *ip++;
        size_t n, offset;
        switch (tag & 3) {
        case 0: /* literal */
            n = tag >> 2;
            if (n >= 60) {
                size_t bytes = n - 59;
                if ((size_t)(iend - ip) < bytes) return -1;
                n = 0;
                for (size_t i = 0; i < bytes; i++) n |= (size_t)ip[i] << (8 * i);
                ip += bytes;
            }
            n += 1;
            if (n > (size_t)(iend - ip) || n > (size_t)(oend - op)) return -1;
            copy_literals(op, ip, n, (size_t)(iend - ip), (size_t)(oend - op));
            op += n;
            ip += n;
            continue;
        case 1: /* copy, 1-byte offset */
            if (ip >= iend) return -1;
            n = 4 + ((tag >> 2) & 7);
            offset = (size_t)(tag >> 5) << 8 | *ip++;
            break;
        case 2: /* copy, 2-byte offset */
            if ((size_t)(iend - ip) < 2) return -1;
            n = 1 + (tag >> 2);
            offset = ip[0] | (size_t)ip[1] << 8;
            ip += 2;
            break;
        default: /* copy, 4-byte offset */
            if ((size_t)(iend - ip) < 4) return -1;
            n = 1 + (tag >> 2);
            offset = le32(ip);
            ip += 4;
            break;
        }
        if (offset == 0 || offset > (size_t)(op - out) || n > (size_t)(oend - op)) return -1;
        copy_match(op, offset, n, (size_t)(oend - op));
        op += n;
    }
    return op == oend ? 0 : -1;
}

#define SNAPPY_CORRUPT "snappy: corrupt input"

/* A xerial stream (or several, concatenated), or one raw block, appended to the sink. */
static int snappy_into(Sink *out, const uint8_t *data, size_t size, long long limit, Why *why) {
    size_t pos = 0, start;
    int framed = size >= 8 && memcmp(data, XERIAL_MAGIC, 8) == 0;
    if (!framed) {
        int64_t length = snappy_length(data, size, &start);
        if (length < 0) return stop(why, SNAPPY_CORRUPT);
        if (length > limit) {
            why->over_limit = 1;
            return -1;
        }
        if (sink_reserve(out, (size_t)length, (size_t)length, why) < 0) return -1;
        if (snappy_block(data + start, size - start, sink_at(out, out->used), (size_t)length) < 0)
            return stop(why, SNAPPY_CORRUPT);
        out->used += (size_t)length;
        return 0;
    }
    /* First the chunks' declared sizes, checked against the cap; then each block in its place. */
    int64_t total = 0;
    for (int pass = 0; pass < 2; pass++) {
        int64_t at = 0;
        for (pos = 0; pos < size;) {
            if (size - pos >= 8 && memcmp(data + pos, XERIAL_MAGIC, 8) == 0) {
                if (size < pos + XERIAL_HEADER_SIZE) return stop(why, "snappy: stream header cut short");
                pos += XERIAL_HEADER_SIZE;
                continue;
            }
            if (size < pos + 4) return stop(why, "snappy: chunk length cut short");
            int32_t chunk = (int32_t)((uint32_t)data[pos] << 24 | data[pos + 1] << 16 | data[pos + 2] << 8 | data[pos + 3]);
            if (chunk < 0 || size - pos - 4 < (size_t)chunk) {
                snprintf(why->text, sizeof why->text, "snappy: chunk of %d bytes at %zu does not fit the payload",
                         chunk, pos);
                return stop(why, why->text);
            }
            int64_t length = snappy_length(data + pos + 4, (size_t)chunk, &start);
            if (length < 0) return stop(why, SNAPPY_CORRUPT);
            if (pass == 0) {
                total += length;
                if (total > limit) {
                    why->over_limit = 1;
                    return -1;
                }
            } else if (snappy_block(data + pos + 4 + start, (size_t)chunk - start, sink_at(out, out->used + (size_t)at),
                                    (size_t)length) < 0) {
                return stop(why, SNAPPY_CORRUPT);
            }
            at += length;
            pos += 4 + (size_t)chunk;
        }
        if (pass == 0 && sink_reserve(out, (size_t)total, (size_t)total, why) < 0) return -1;
    }
    out->used += (size_t)total;
    return 0;
}

/* A snappy payload decompressed (the GIL held). */
static PyObject *snappy(const uint8_t *data, size_t size, long long limit) {
    Sink out = {0};
    Why why = {0};
    int status = snappy_into(&out, data, size, limit, &why);
    return sink_result(&out, status, &why, limit);
}

typedef PyObject *(*Decompressor)(const uint8_t *data, size_t size, long long limit);

/* The method for one payload: (data, limit) -> bytes. */
static PyObject *one_payload(PyObject *args, Decompressor decompress) {
    Py_buffer view;
    long long limit;
    if (!PyArg_ParseTuple(args, "y*L", &view, &limit)) return NULL;
    PyObject *out = decompress(view.buf, (size_t)view.len, limit);
    PyBuffer_Release(&view);
    return out;
}

/* snappy(data, limit) -> bytes */
PyObject *codecs_snappy(PyObject *module, PyObject *args) {
    (void)module;
    return one_payload(args, snappy);
}

/* ---- zstd, through the system's libzstd ----
 *
 * zstd is too large a format to decode here: the machine's libzstd is opened at run time
 * (zstd_load, with the names codecs.py tries), no header or library is needed to build, and
 * without one codecs.py decompresses with the zstandard package. Only the stable streaming API
 * is used, declared here as zstd.h declares it.
 */
#ifdef _WIN32
#include <windows.h>
#define OPEN_LIBRARY(name) ((void *)LoadLibraryA(name))
#define FIND_SYMBOL(library, name) ((void *)GetProcAddress((HMODULE)(library), name))
#define CLOSE_LIBRARY(library) FreeLibrary((HMODULE)(library))
#else
#include <dlfcn.h>
#define OPEN_LIBRARY(name) dlopen(name, RTLD_NOW | RTLD_LOCAL)
#define FIND_SYMBOL(library, name) dlsym(library, name)
#define CLOSE_LIBRARY(library) dlclose(library)
#endif

/* How a *_load(name) call starts: 1 with the library opened under that name, or 0 with what the
 * call returns (True: loaded already; False: no library of that name; NULL: a wrong argument). */
static int open_library(PyObject *args, int loaded, void **library, PyObject **answer) {
    const char *name;
    *answer = NULL;
    if (!PyArg_ParseTuple(args, "s", &name)) return 0;
    if (!loaded && (*library = OPEN_LIBRARY(name))) return 1;
    *answer = Py_NewRef(loaded ? Py_True : Py_False);
    return 0;
}

/* How a *_load call ends when the library lacks what is needed: closed, its `size` bytes of
 * functions at `functions` cleared, False. */
static PyObject *refuse_library(void *library, void *functions, size_t size) {
    CLOSE_LIBRARY(library);
    memset(functions, 0, size);
    Py_RETURN_FALSE;
}

#define ZSTD_KEPT 4 /* contexts kept for later calls, at most */

typedef struct {
    const void *src;
    size_t size, pos;
} ZstdIn;
typedef struct {
    void *dst;
    size_t size, pos;
} ZstdOut;

static struct {
    void *(*create)(void);
    size_t (*free)(void *);
    size_t (*decompress)(void *, ZstdOut *, ZstdIn *);
    size_t (*reset)(void *, int);
    unsigned (*is_error)(size_t);
    const char *(*error_name)(size_t);
    unsigned long long (*content_size)(const void *, size_t);
    /* Contexts (ZSTD_DCtx) that calls have finished with, for the next ones: a new one costs its
     * allocation and page faults. Taken and given back with the GIL held. */
    void *kept[ZSTD_KEPT];
    int kept_count;
} zstd;

/* A context to decompress with (the GIL held): a kept one, or a new one; NULL when out of memory. */
static void *zstd_take(void) { return zstd.kept_count ? zstd.kept[--zstd.kept_count] : zstd.create(); }

/* A context back (the GIL held): kept, or freed when enough are. */
static void zstd_give(void *context) {
    if (zstd.kept_count < ZSTD_KEPT) zstd.kept[zstd.kept_count++] = context;
    else zstd.free(context);
}

#define ZSTD_RESET_SESSION_ONLY 1
#define ZSTD_CONTENTSIZE_ERROR (0ULL - 2) /* ZSTD_CONTENTSIZE_UNKNOWN is 0ULL - 1: above this too */
#define ZSTD_WITHOUT_GIL 65536 /* larger payloads are decompressed with the GIL released */

/* zstd_load(name) -> whether libzstd could be opened under that name (and has what is needed) */
PyObject *codecs_zstd_load(PyObject *module, PyObject *args) {
    (void)module;
    void *library;
    PyObject *answer;
    if (!open_library(args, zstd.create != 0, &library, &answer)) return answer;
    *(void **)&zstd.create = FIND_SYMBOL(library, "ZSTD_createDCtx");
    *(void **)&zstd.free = FIND_SYMBOL(library, "ZSTD_freeDCtx");
    *(void **)&zstd.decompress = FIND_SYMBOL(library, "ZSTD_decompressStream");
    *(void **)&zstd.reset = FIND_SYMBOL(library, "ZSTD_DCtx_reset");
    *(void **)&zstd.is_error = FIND_SYMBOL(library, "ZSTD_isError");
    *(void **)&zstd.error_name = FIND_SYMBOL(library, "ZSTD_getErrorName");
    *(void **)&zstd.content_size = FIND_SYMBOL(library, "ZSTD_getFrameContentSize");
    if (!zstd.create || !zstd.free || !zstd.decompress || !zstd.reset || !zstd.is_error || !zstd.error_name ||
        !zstd.content_size || !(zstd.kept[0] = zstd.create()))
        return refuse_library(library, &zstd, sizeof zstd);
    zstd.kept_count = 1;
    Py_RETURN_TRUE; /* the library stays open for the life of the process */
}

/* One or more zstd frames appended to the sink, with `context` (a ZSTD_DCtx). */
static int zstd_into(Sink *out, void *context, const uint8_t *data, size_t size, long long limit, Why *why) {
    zstd.reset(context, ZSTD_RESET_SESSION_ONLY);
    if (size == 0) return stop(why, "zstd: stream ended prematurely");
    size_t ceiling = (unsigned long long)limit < SIZE_MAX - 1 ? (size_t)limit + 1 : SIZE_MAX - 1;
    size_t first = size < ceiling / 4 ? 4 * size + 64 : ceiling, start = out->used;
    if (sink_reserve(out, first, ceiling, why) < 0) return -1;
    ZstdIn in = {data, size, 0};
    ZstdOut to = {NULL, 0, 0};
    /* Each frame's declared content size, checked when it ends: libzstd 1.5's streaming decoder
     * checks it only when the frame fits the output buffer in one go. */
    unsigned long long declared = zstd.content_size(in.src, in.size);
    size_t frame_start = 0;
    for (;;) {
        to.dst = sink_at(out, start);
        to.size = out->capacity - start < ceiling ? out->capacity - start : ceiling;
        size_t result = zstd.decompress(context, &to, &in);
        out->used = start + to.pos;
        if (zstd.is_error(result)) {
            snprintf(why->text, sizeof why->text, "zstd: %s", zstd.error_name(result));
            return stop(why, why->text);
        }
        if ((long long)to.pos > limit) { /* over the cap */
            why->over_limit = 1;
            return -1;
        }
        if (result == 0) { /* a frame ended */
            if (declared < ZSTD_CONTENTSIZE_ERROR && to.pos - frame_start != declared) {
                snprintf(why->text, sizeof why->text, "zstd: a frame declares %llu bytes, %zu decoded", declared,
                         to.pos - frame_start);
                return stop(why, why->text);
            }
            if (in.pos == in.size) return 0; /* the last frame ended with the input */
            declared = zstd.content_size((const char *)in.src + in.pos, in.size - in.pos);
            frame_start = to.pos;
            continue;
        }
        if (to.pos == to.size) { /* the output is full: grow it */
            if (sink_reserve(out, 1, ceiling - to.pos, why) < 0) return -1;
        } else if (in.pos == in.size) { /* room to write, nothing left to read: cut short */
            return stop(why, "zstd: stream ended prematurely");
        }
    }
}

/* One or more zstd frames decompressed (after zstd_load), with a context of the call's own (see
 * zstd_take): larger payloads with the GIL released, others with it held. */
static PyObject *zstd_frames(const uint8_t *data, size_t size, long long limit) {
    if (!zstd.create) {
        PyErr_SetString(PyExc_RuntimeError, "zstd: libzstd is not loaded");
        return NULL;
    }
    Sink out = {0};
    Why why = {0};
    int status;
    void *context = zstd_take();
    if (!context) return PyErr_NoMemory();
    if (size > ZSTD_WITHOUT_GIL) {
        out.released = PyEval_SaveThread();
        status = zstd_into(&out, context, data, size, limit, &why);
        PyEval_RestoreThread(out.released);
    } else {
        status = zstd_into(&out, context, data, size, limit, &why);
    }
    zstd_give(context);
    return sink_result(&out, status, &why, limit);
}

/* zstd(data, limit) -> bytes */
PyObject *codecs_zstd(PyObject *module, PyObject *args) {
    (void)module;
    return one_payload(args, zstd_frames);
}

/* ---- gzip, through the system's zlib ----
 *
 * For runs of small gzip payloads only (see codecs.in_one_call): the Python path's ISA-L inflates
 * large ones about twice as fast, but costs microseconds a call. zlib is opened at run time like
 * libzstd (gzip_load), its stable z_stream declared here as zlib.h declares it.
 */
typedef struct {
    const uint8_t *next_in;
    unsigned avail_in;
    unsigned long total_in;
    uint8_t *next_out;
    unsigned avail_out;
    unsigned long total_out;
    const char *msg;
    void *state, *zalloc, *zfree, *opaque;
    int data_type;
    unsigned long adler, reserved;
} ZStream;

static struct {
    int (*init)(ZStream *, int, const char *, int); /* inflateInit2_ */
    int (*inflate)(ZStream *, int);
    int (*reset)(ZStream *);
    int (*end)(ZStream *); /* inflateEnd */
    const char *version;
    int ready;
} zlib;

#define Z_STREAM_END 1
#define Z_BUF_ERROR (-5)
#define GZIP_WINDOW_BITS 31 /* 15, plus 16: a gzip wrapper */
#define GZIP_PREMATURE "gzip: stream ended prematurely"

/* gzip_load(name) -> whether zlib could be opened under that name (and has what is needed) */
PyObject *codecs_gzip_load(PyObject *module, PyObject *args) {
    (void)module;
    void *library;
    PyObject *answer;
    if (!open_library(args, zlib.ready != 0, &library, &answer)) return answer;
    const char *(*version)(void);
    *(void **)&version = FIND_SYMBOL(library, "zlibVersion");
    *(void **)&zlib.init = FIND_SYMBOL(library, "inflateInit2_");
    *(void **)&zlib.inflate = FIND_SYMBOL(library, "inflate");
    *(void **)&zlib.reset = FIND_SYMBOL(library, "inflateReset");
    *(void **)&zlib.end = FIND_SYMBOL(library, "inflateEnd");
    ZStream probe = {0}; /* an inflater made and ended: this zlib takes our z_stream */
    if (!version || !zlib.init || !zlib.inflate || !zlib.reset || !zlib.end ||
        zlib.init(&probe, GZIP_WINDOW_BITS, zlib.version = version(), (int)sizeof(ZStream)) != 0)
        return refuse_library(library, &zlib, sizeof zlib);
    zlib.end(&probe);
    zlib.ready = 1;
    Py_RETURN_TRUE; /* the library stays open for the life of the process */
}

/* One or more gzip members appended to the sink, with the inflater z; bytes after the last member
 * that do not start another are ignored, as java.util.zip.GZIPInputStream (Kafka's reader) ignores them. */
static int zlib_into(Sink *out, ZStream *z, const uint8_t *data, size_t size, long long limit, Why *why) {
    if (size > UINT32_MAX) return stop(why, "gzip: payload over 4 GiB"); /* a v2 batch is under 2 GiB */
    size_t ceiling = (unsigned long long)limit < SIZE_MAX - 1 ? (size_t)limit + 1 : SIZE_MAX - 1;
    size_t first = size < ceiling / 4 ? 4 * size + 64 : ceiling, start = out->used, pos = 0;
    if (sink_reserve(out, first, ceiling, why) < 0) return -1;
    for (;;) { /* one member per turn */
        zlib.reset(z);
        z->next_in = data + pos;
        z->avail_in = (unsigned)(size - pos);
        int result = 0;
        while (result != Z_STREAM_END) {
            size_t used = out->used - start;
            if (used > (size_t)limit) {
                why->over_limit = 1;
                return -1;
            }
            if (out->used == out->capacity && sink_reserve(out, 1, ceiling - used, why) < 0) return -1;
            size_t room = out->capacity - out->used;
            if (room > ceiling - used) room = ceiling - used; /* up to one byte over the cap */
            if (room > UINT32_MAX) room = UINT32_MAX;
            z->next_out = sink_at(out, out->used);
            z->avail_out = (unsigned)room;
            result = zlib.inflate(z, 0);
            out->used += room - z->avail_out;
            if (result == Z_BUF_ERROR && z->avail_out > 0) /* room to write, nothing left to read */
                return stop(why, GZIP_PREMATURE);
            if (result < 0 && result != Z_BUF_ERROR) {
                snprintf(why->text, sizeof why->text, "gzip: %s", z->msg ? z->msg : "invalid data");
                return stop(why, why->text);
            }
        }
        if (out->used - start > (size_t)limit) {
            why->over_limit = 1;
            return -1;
        }
        pos = (size_t)(z->next_in - data);
        if (size - pos < 2 || data[pos] != 0x1f || data[pos + 1] != 0x8b) return 0;
    }
}

/* ---- gzip, through the system's libdeflate, when it is there ----
 *
 * libdeflate inflates a whole member into a buffer it is given, without zlib's streaming state:
 * about as fast as ISA-L on large payloads and a third faster than zlib on small ones, so runs of
 * gzip payloads of any size go to decompress_spans once it is opened (deflate_load, like
 * libzstd). What it does not read to the end, zlib reads again from the payload's start
 * (zlib_into), so every failure (damage, a payload over the cap, a header CRC, which libdeflate
 * skips) is zlib's, with zlib's message, as one call for the payload reports it. Output that
 * libdeflate accepts has passed the member's CRC-32 and length check.
 */
static struct {
    void *(*create)(void);                                                          /* libdeflate_alloc_decompressor */
    void (*free)(void *);                                                           /* libdeflate_free_decompressor */
    int (*gunzip)(void *, const void *, size_t, void *, size_t, size_t *, size_t *); /* libdeflate_gzip_decompress_ex */
} deflate;

#define DEFLATE_SUCCESS 0
#define DEFLATE_INSUFFICIENT_SPACE 3
#define DEFLATE_MAX_RATIO 1032 /* deflate's densest: 258 bytes from a 2-bit code */
#define GZIP_FHCRC 0x02        /* a header CRC-16 follows the header: zlib checks it, libdeflate skips it */
#define GZIP_MIN_MEMBER 18     /* a 10-byte header, an empty deflate block, the 8-byte trailer */
#define ZLIB_READS (-2)        /* deflate_into: the payload is left to zlib */

/* deflate_load(name) -> whether libdeflate could be opened under that name (and has what is needed) */
PyObject *codecs_deflate_load(PyObject *module, PyObject *args) {
    (void)module;
    void *library;
    PyObject *answer;
    if (!open_library(args, deflate.gunzip != 0, &library, &answer)) return answer;
    *(void **)&deflate.create = FIND_SYMBOL(library, "libdeflate_alloc_decompressor");
    *(void **)&deflate.free = FIND_SYMBOL(library, "libdeflate_free_decompressor");
    *(void **)&deflate.gunzip = FIND_SYMBOL(library, "libdeflate_gzip_decompress_ex");
    if (!deflate.create || !deflate.free || !deflate.gunzip)
        return refuse_library(library, &deflate, sizeof deflate);
    Py_RETURN_TRUE; /* the library stays open for the life of the process */
}

/* The gzip members of a payload appended to the sink by libdeflate's decompressor d, as zlib_into
 * reads them; ZLIB_READS, the sink as it was, for anything but members read to their end within
 * the cap. Each member is given room for the size the payload's trailer declares (bounded by
 * deflate's densest ratio and the cap), and twice as much again while that is short. */
static int deflate_into(Sink *out, void *d, const uint8_t *data, size_t size, long long limit, Why *why) {
    size_t ceiling = (unsigned long long)limit < SIZE_MAX - 1 ? (size_t)limit + 1 : SIZE_MAX - 1;
    size_t start = out->used, pos = 0;
    for (;;) { /* one member per turn */
        size_t rest = size - pos, used = out->used - start;
        if (rest < GZIP_MIN_MEMBER || data[pos + 3] & GZIP_FHCRC) break;
        size_t densest = rest < (SIZE_MAX - 64) / DEFLATE_MAX_RATIO ? rest * DEFLATE_MAX_RATIO + 64 : SIZE_MAX;
        size_t most = ceiling - used < densest ? ceiling - used : densest, want = le32(data + size - 4);
        if (want < 64) want = 64;
        if (want > most) want = most;
        int result;
        size_t read, written;
        for (;;) {
            if (sink_reserve(out, want, most, why) < 0) return -1;
            size_t room = out->capacity - out->used < most ? out->capacity - out->used : most;
            result = deflate.gunzip(d, data + pos, rest, sink_at(out, out->used), room, &read, &written);
            if (result != DEFLATE_INSUFFICIENT_SPACE || room == most) break;
            want = room < most / 2 ? 2 * room : most;
        }
        if (result != DEFLATE_SUCCESS || used + written > (size_t)limit) break;
        out->used += written;
        pos += read;
        if (size - pos < 2 || data[pos] != 0x1f || data[pos + 1] != 0x8b) return 0;
    }
    out->used = start;
    return ZLIB_READS;
}

/* A gzip payload appended to the sink: by libdeflate's decompressor when there is one, else (and
 * for whatever it leaves) by zlib's inflater z. */
static int gzip_into(Sink *out, void *deflater, ZStream *z, const uint8_t *data, size_t size, long long limit,
                       Why *why) {
    if (deflater) {
        int status = deflate_into(out, deflater, data, size, limit, why);
        if (status != ZLIB_READS) return status;
    }
    return zlib_into(out, z, data, size, limit, why);
}

/* ---- many payloads in one call ---- */

/* spans(codec, buffer, starts, ends, limit, into) -> (data, starts, ends): each payload
 * buffer[starts[i]:ends[i]] (int64 arrays) decompressed into data[starts[i]:ends[i]] (the returned
 * int64 arrays, as bytes; data is the bytearray `into`, written from its start and grown as needed,
 * when it is not None: a buffer used again and again costs no page faults), codec "gzip" (after gzip_load), "lz4" (Kafka's LZ4 frame, header
 * checksum checked), "snappy" or "zstd" (after zstd_load), each capped at `limit` bytes; the first
 * payload that does not decompress raises, as one call for it would. The payloads are decompressed
 * with the GIL released (zstd and gzip with a context of the call's own, a kept one for zstd; gzip
 * by libdeflate when deflate_load has opened it). */
PyObject *codecs_spans(PyObject *module, PyObject *args) {
    (void)module;
    const char *codec;
    Py_buffer buffer, starts, ends;
    long long limit;
    PyObject *into;
    if (!PyArg_ParseTuple(args, "sy*y*y*LO", &codec, &buffer, &starts, &ends, &limit, &into)) return NULL;
    PyObject *result = NULL, *out_starts = NULL, *out_ends = NULL;
    Sink out = {0};
    Why why = {0};
    void *context = NULL, *deflater = NULL;
    ZStream inflater;
    int inflating = 0, status = 0;
    enum { GZIP, LZ4, SNAPPY, ZSTD } kind;
    if (strcmp(codec, "gzip") == 0) {
        kind = GZIP;
    } else if (strcmp(codec, "lz4") == 0) {
        kind = LZ4;
    } else if (strcmp(codec, "snappy") == 0) {
        kind = SNAPPY;
    } else if (strcmp(codec, "zstd") == 0) {
        kind = ZSTD;
    } else {
        PyErr_Format(PyExc_ValueError, "spans: codec %s is not gzip, lz4, snappy or zstd", codec);
        goto done;
    }
    if (starts.len != ends.len || starts.len % (Py_ssize_t)sizeof(int64_t)) {
        PyErr_SetString(PyExc_ValueError, "starts and ends must be int64 arrays of one length");
        goto done;
    }
    Py_ssize_t n = starts.len / (Py_ssize_t)sizeof(int64_t);
    const int64_t *start = starts.buf, *end = ends.buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (start[i] < 0 || start[i] > end[i] || end[i] > buffer.len) {
            PyErr_SetString(PyExc_ValueError, "a span lies outside the buffer");
            goto done;
        }
    }
    if (into != Py_None) {
        if (!PyByteArray_Check(into)) {
            PyErr_SetString(PyExc_TypeError, "into must be a bytearray or None");
            goto done;
        }
        if (((PyByteArrayObject *)into)->ob_exports > 0) { /* it could not grow */
            PyErr_SetString(PyExc_BufferError, "into is exported (a memoryview of it is alive)");
            goto done;
        }
        if (PyObject_GetBuffer(into, &out.pin, PyBUF_WRITABLE) < 0) goto done;
        out.buffer = Py_NewRef(into);
        out.reused = 1;
        out.base = out.pin.buf;
        out.capacity = (size_t)out.pin.len;
    }
    if ((kind == ZSTD && !zstd.create) || (kind == GZIP && !zlib.ready)) {
        PyErr_Format(PyExc_RuntimeError, "%s: the library is not loaded", codec);
        goto done;
    }
    if (!(out_starts = PyBytes_FromStringAndSize(NULL, starts.len)) ||
        !(out_ends = PyBytes_FromStringAndSize(NULL, starts.len)))
        goto done;
    if (kind == ZSTD && !(context = zstd_take())) {
        PyErr_NoMemory();
        goto done;
    }
    if (kind == GZIP) {
        memset(&inflater, 0, sizeof inflater);
        if (zlib.init(&inflater, GZIP_WINDOW_BITS, zlib.version, (int)sizeof(ZStream)) != 0) {
            PyErr_NoMemory();
            goto done;
        }
        inflating = 1;
        if (deflate.create && !(deflater = deflate.create())) {
            PyErr_NoMemory();
            goto done;
        }
    }
    int64_t *at = (int64_t *)PyBytes_AS_STRING(out_starts), *to = (int64_t *)PyBytes_AS_STRING(out_ends);
    out.released = PyEval_SaveThread();
    for (Py_ssize_t i = 0; i < n && status == 0; i++) {
        const uint8_t *data = (const uint8_t *)buffer.buf + start[i];
        size_t size = (size_t)(end[i] - start[i]);
        at[i] = (int64_t)out.used;
        status = kind == GZIP     ? gzip_into(&out, deflater, &inflater, data, size, limit, &why)
                 : kind == LZ4    ? lz4_into(&out, data, size, limit, 1, &why)
                 : kind == SNAPPY ? snappy_into(&out, data, size, limit, &why)
                                  : zstd_into(&out, context, data, size, limit, &why);
        to[i] = (int64_t)out.used;
    }
    PyEval_RestoreThread(out.released);
    out.released = NULL;
    PyObject *data = sink_result(&out, status, &why, limit);
    if (data) result = Py_BuildValue("(NOO)", data, out_starts, out_ends);
done:
    if (context) zstd_give(context);
    if (inflating) zlib.end(&inflater);
    if (deflater) deflate.free(deflater);
    PyBuffer_Release(&out.pin);
    Py_XDECREF(out.buffer);
    Py_XDECREF(out_starts);
    Py_XDECREF(out_ends);
    PyBuffer_Release(&buffer);
    PyBuffer_Release(&starts);
    PyBuffer_Release(&ends);
    return result;
}
