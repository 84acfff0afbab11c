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

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

/* Copy n bytes from offset bytes back in the output to op: whole when the two do not overlap,
 * 8 bytes at a time when they are at least 8 apart (each piece read is written already), else
 * byte by byte (a run repeating a short pattern). */
static inline void copy_match(uint8_t *op, size_t offset, size_t n) {
    const uint8_t *from = op - offset;
    size_t i = 0;
    if (offset >= n) {
        memcpy(op, from, n);
        return;
    }
    if (offset >= 8)
        for (; i + 8 <= n; i += 8) memcpy(op + i, from + i, 8);
    for (; i < n; i++) op[i] = from[i];
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
        memcpy(op, ip, length);
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
        copy_match(op, offset, length);
        op += length;
    }
}

/* Where blocks are decoded (the GIL is held throughout): as large as the largest block size met. */
static uint8_t *scratch;
static size_t scratch_size;

/* A Kafka LZ4 frame decompressed, its header checksum checked when check_header (magic 1 and up). */
static PyObject *lz4_frame(const uint8_t *data, size_t size, long long limit, int check_header) {
    size_t pos;
    PyObject *out = NULL;
    const char *error = NULL;
    int over_limit = 0;
    char message[96];
    if (size < 7) {
        error = LZ4_PREMATURE;
        goto done;
    }
    unsigned flg = data[4], bd = data[5];
    if (le32(data) != LZ4_MAGIC) {
        error = "lz4: Stream unsupported (invalid magic bytes)";
        goto done;
    }
    if (flg >> 6 != 1 || !(flg & 0x20) || (flg & 0x03) || (bd & 0x8F) || bd >> 4 < 4 || bd >> 4 > 7) {
        snprintf(message, sizeof message, "lz4: unsupported frame descriptor FLG 0x%02x BD 0x%02x", flg, bd);
        error = message;
        goto done;
    }
    size_t max_block = (size_t)1 << (2 * (bd >> 4) + 8);
    size_t hc_pos = flg & LZ4_CONTENT_SIZE ? 14 : 6;
    if (size <= hc_pos) {
        error = LZ4_PREMATURE;
        goto done;
    }
    if (check_header && data[hc_pos] != ((xxh32_short(data + 4, hc_pos - 4) >> 8) & 0xFF)) {
        error = "lz4: Stream frame descriptor corrupted";
        goto done;
    }
    size_t trailer = flg & LZ4_BLOCK_CHECKSUM ? 4 : 0, used = 0, allocated = 0;
    pos = hc_pos + 1;
    for (;;) {
        if (size < pos + 4) {
            error = LZ4_PREMATURE;
            goto done;
        }
        uint32_t word = le32(data + pos), block = word & ~LZ4_STORED;
        pos += 4;
        if (block == 0) { /* end mark */
            if ((flg & LZ4_CONTENT_CHECKSUM) && size < pos + 4) error = LZ4_PREMATURE;
            goto done;
        }
        if (block > max_block) {
            snprintf(message, sizeof message, "lz4: Block size %u exceeded max: %zu", block, max_block);
            error = message;
            goto done;
        }
        if (size < pos + block + trailer) {
            error = LZ4_PREMATURE;
            goto done;
        }
        const uint8_t *from = data + pos;
        size_t length = block;
        if (!(word & LZ4_STORED)) { /* decoded into the scratch buffer, then appended: out stays tight */
            if (max_block > scratch_size) {
                uint8_t *bigger = PyMem_Realloc(scratch, max_block);
                if (!bigger) {
                    PyErr_NoMemory();
                    goto done;
                }
                scratch = bigger;
                scratch_size = max_block;
            }
            Py_ssize_t written = lz4_block(data + pos, block, scratch, max_block);
            if (written < 0) {
                error = "lz4: Decompression failed: corrupt input or insufficient space in destination buffer";
                goto done;
            }
            from = scratch;
            length = (size_t)written;
        }
        if (used + length > allocated) {
            size_t want = used + length > 2 * allocated ? used + length : 2 * allocated;
            if (!out) {
                out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)want);
                if (!out) goto done;
            } else if (_PyBytes_Resize(&out, (Py_ssize_t)want) < 0) {
                goto done; /* out was freed */
            }
            allocated = want;
        }
        memcpy(PyBytes_AS_STRING(out) + used, from, length);
        used += length;
        if ((long long)used > limit) {
            over_limit = 1;
            goto done;
        }
        pos += block + trailer;
    }
done:
    if (error || over_limit || PyErr_Occurred()) {
        Py_XDECREF(out);
        if (PyErr_Occurred()) return NULL;
        return error ? fail(error) : over(limit);
    }
    if (!out) return PyBytes_FromStringAndSize(NULL, 0);
    if (_PyBytes_Resize(&out, (Py_ssize_t)used) < 0) return NULL;
    return out;
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
            memcpy(op, ip, n);
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
        copy_match(op, offset, n);
        op += n;
    }
    return op == oend ? 0 : -1;
}

#define SNAPPY_CORRUPT "snappy: corrupt input"

/* A xerial stream (or several, concatenated), or one raw block, decompressed. */
static PyObject *snappy(const uint8_t *data, size_t size, long long limit) {
    size_t pos = 0, start;
    PyObject *out = NULL;
    const char *error = NULL;
    char message[96];
    int64_t total = 0;
    int framed = size >= 8 && memcmp(data, XERIAL_MAGIC, 8) == 0;
    if (!framed) {
        int64_t length = snappy_length(data, size, &start);
        if (length < 0) {
            error = SNAPPY_CORRUPT;
        } else if (length > limit) {
            return over(limit);
        } else if ((out = PyBytes_FromStringAndSize(NULL, length)) != NULL &&
                   snappy_block(data + start, size - start, (uint8_t *)PyBytes_AS_STRING(out), (size_t)length) < 0) {
            error = SNAPPY_CORRUPT;
        }
        goto done;
    }
    /* First the chunks' declared sizes, checked against the cap; then each block in its place. */
    for (int pass = 0; pass < 2; pass++) {
        int64_t at = 0;
        for (pos = 0; pos < size;) {
            if (size - pos >= 8 && memcmp(data + pos, XERIAL_MAGIC, 8) == 0) {
                if (size < pos + XERIAL_HEADER_SIZE) {
                    error = "snappy: stream header cut short";
                    goto done;
                }
                pos += XERIAL_HEADER_SIZE;
                continue;
            }
            if (size < pos + 4) {
                error = "snappy: chunk length cut short";
                goto done;
            }
            int32_t chunk = (int32_t)((uint32_t)data[pos] << 24 | data[pos + 1] << 16 | data[pos + 2] << 8 | data[pos + 3]);
            if (chunk < 0 || size - pos - 4 < (size_t)chunk) {
                snprintf(message, sizeof message, "snappy: chunk of %d bytes at %zu does not fit the payload", chunk, pos);
                error = message;
                goto done;
            }
            int64_t length = snappy_length(data + pos + 4, (size_t)chunk, &start);
            if (length < 0) {
                error = SNAPPY_CORRUPT;
                goto done;
            }
            if (pass == 0) {
                total += length;
                if (total > limit) {
                    return over(limit);
                }
            } else if (snappy_block(data + pos + 4 + start, (size_t)chunk - start,
                                    (uint8_t *)PyBytes_AS_STRING(out) + at, (size_t)length) < 0) {
                error = SNAPPY_CORRUPT;
                goto done;
            }
            at += length;
            pos += 4 + (size_t)chunk;
        }
        if (pass == 0 && !(out = PyBytes_FromStringAndSize(NULL, total))) goto done;
    }
done:
    if (error || PyErr_Occurred()) {
        Py_XDECREF(out);
        return PyErr_Occurred() ? NULL : fail(error);
    }
    return out;
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
    void *context; /* reused while the GIL is held */
} zstd;

#define ZSTD_RESET_SESSION_ONLY 1
#define ZSTD_CONTENTSIZE_ERROR (0ULL - 2) /* ZSTD_CONTENTSIZE_UNKNOWN is 0ULL - 1: above this too */
#define ZSTD_WITHOUT_GIL 65536 /* larger payloads are decompressed with the GIL released */

/* zstd_load(name) -> whether libzstd could be opened under that name (and has what is needed) */
PyObject *codecs_zstd_load(PyObject *module, PyObject *args) {
    (void)module;
    const char *name;
    if (!PyArg_ParseTuple(args, "s", &name)) return NULL;
    if (zstd.context) Py_RETURN_TRUE;
    void *library = OPEN_LIBRARY(name);
    if (!library) Py_RETURN_FALSE;
    *(void **)&zstd.create = FIND_SYMBOL(library, "ZSTD_createDCtx");
    *(void **)&zstd.free = FIND_SYMBOL(library, "ZSTD_freeDCtx");
    *(void **)&zstd.decompress = FIND_SYMBOL(library, "ZSTD_decompressStream");
    *(void **)&zstd.reset = FIND_SYMBOL(library, "ZSTD_DCtx_reset");
    *(void **)&zstd.is_error = FIND_SYMBOL(library, "ZSTD_isError");
    *(void **)&zstd.error_name = FIND_SYMBOL(library, "ZSTD_getErrorName");
    *(void **)&zstd.content_size = FIND_SYMBOL(library, "ZSTD_getFrameContentSize");
    if (!zstd.create || !zstd.free || !zstd.decompress || !zstd.reset || !zstd.is_error || !zstd.error_name ||
        !zstd.content_size ||
        !(zstd.context = zstd.create())) {
        CLOSE_LIBRARY(library);
        memset(&zstd, 0, sizeof zstd);
        Py_RETURN_FALSE;
    }
    Py_RETURN_TRUE; /* the library stays open for the life of the process */
}

/* One or more zstd frames decompressed (after zstd_load). */
static PyObject *zstd_frames(const uint8_t *data, size_t size, long long limit) {
    if (!zstd.context) {
        PyErr_SetString(PyExc_RuntimeError, "zstd: libzstd is not loaded");
        return NULL;
    }
    int free_threaded = size > ZSTD_WITHOUT_GIL;
    void *context = free_threaded ? zstd.create() : zstd.context;
    PyObject *out = NULL;
    const char *error = NULL;
    char message[160];
    ZstdIn in = {data, size, 0};
    ZstdOut to = {NULL, 0, 0};
    if (!context) {
        PyErr_NoMemory();
        goto done;
    }
    zstd.reset(context, ZSTD_RESET_SESSION_ONLY);
    if (size == 0) {
        error = "zstd: stream ended prematurely";
        goto done;
    }
    size_t ceiling = (unsigned long long)limit < SIZE_MAX - 1 ? (size_t)limit + 1 : SIZE_MAX - 1;
    size_t capacity = size < ceiling / 4 ? 4 * size + 64 : ceiling;
    if (capacity > ceiling) capacity = ceiling;
    if (!(out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)capacity))) goto done;
    to.dst = PyBytes_AS_STRING(out);
    to.size = capacity;
    /* Each frame's declared content size, checked when it ends: libzstd 1.5's streaming decoder
     * checks it only when the frame fits the output buffer in one go. */
    unsigned long long declared = zstd.content_size(in.src, in.size);
    size_t frame_start = 0;
    for (;;) {
        size_t result;
        if (free_threaded) {
            Py_BEGIN_ALLOW_THREADS
            result = zstd.decompress(context, &to, &in);
            Py_END_ALLOW_THREADS
        } else {
            result = zstd.decompress(context, &to, &in);
        }
        if (zstd.is_error(result)) {
            snprintf(message, sizeof message, "zstd: %s", zstd.error_name(result));
            error = message;
            goto done;
        }
        if ((long long)to.pos > limit) goto done; /* over the cap: reported below */
        if (result == 0) {                         /* a frame ended */
            if (declared < ZSTD_CONTENTSIZE_ERROR && to.pos - frame_start != declared) {
                snprintf(message, sizeof message, "zstd: a frame declares %llu bytes, %zu decoded", declared,
                         to.pos - frame_start);
                error = message;
                goto done;
            }
            if (in.pos == in.size) break; /* the last frame ended with the input */
            declared = zstd.content_size((const char *)in.src + in.pos, in.size - in.pos);
            frame_start = to.pos;
            continue;
        }
        if (to.pos == to.size) {                      /* the output is full: grow it */
            size_t grown = to.size < ceiling / 2 ? 2 * to.size : ceiling;
            if (_PyBytes_Resize(&out, (Py_ssize_t)grown) < 0) goto done; /* out was freed */
            to.dst = PyBytes_AS_STRING(out);
            to.size = grown;
        } else if (in.pos == in.size) { /* room to write, nothing left to read: cut short */
            error = "zstd: stream ended prematurely";
            goto done;
        }
    }
done:
    if (free_threaded && context) zstd.free(context);
    if (PyErr_Occurred()) {
        Py_XDECREF(out);
        return NULL;
    }
    if (error || (long long)to.pos > limit) {
        Py_XDECREF(out);
        return error ? fail(error) : over(limit);
    }
    if (_PyBytes_Resize(&out, (Py_ssize_t)to.pos) < 0) return NULL;
    return out;
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
    ZStream stream; /* reused while the GIL is held */
    int ready;
} zlib;

#define Z_STREAM_END 1
#define Z_BUF_ERROR (-5)
#define GZIP_WINDOW_BITS 31 /* 15, plus 16: a gzip wrapper */
#define GZIP_PREMATURE "gzip: stream ended prematurely"

/* gzip_load(name) -> whether zlib could be opened under that name (and has what is needed) */
PyObject *codecs_gzip_load(PyObject *module, PyObject *args) {
    (void)module;
    const char *name;
    if (!PyArg_ParseTuple(args, "s", &name)) return NULL;
    if (zlib.ready) Py_RETURN_TRUE;
    void *library = OPEN_LIBRARY(name);
    if (!library) Py_RETURN_FALSE;
    const char *(*version)(void);
    *(void **)&version = FIND_SYMBOL(library, "zlibVersion");
    *(void **)&zlib.init = FIND_SYMBOL(library, "inflateInit2_");
    *(void **)&zlib.inflate = FIND_SYMBOL(library, "inflate");
    *(void **)&zlib.reset = FIND_SYMBOL(library, "inflateReset");
    if (!version || !zlib.init || !zlib.inflate || !zlib.reset ||
        zlib.init(&zlib.stream, GZIP_WINDOW_BITS, version(), (int)sizeof(ZStream)) != 0) {
        CLOSE_LIBRARY(library);
        memset(&zlib, 0, sizeof zlib);
        Py_RETURN_FALSE;
    }
    zlib.ready = 1;
    Py_RETURN_TRUE; /* the library stays open for the life of the process */
}

/* One or more gzip members inflated; bytes after the last member that do not start another are
 * ignored, as java.util.zip.GZIPInputStream (Kafka's reader) ignores them. */
static PyObject *gzip_members(const uint8_t *data, size_t size, long long limit) {
    if (!zlib.ready) {
        PyErr_SetString(PyExc_RuntimeError, "gzip: zlib is not loaded");
        return NULL;
    }
    if (size > UINT32_MAX) return fail("gzip: payload over 4 GiB"); /* a v2 batch is under 2 GiB */
    size_t ceiling = (unsigned long long)limit < SIZE_MAX - 1 ? (size_t)limit + 1 : SIZE_MAX - 1;
    size_t capacity = size < ceiling / 4 ? 4 * size + 64 : ceiling, used = 0, pos = 0;
    if (capacity > ceiling) capacity = ceiling;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)capacity);
    if (!out) return NULL;
    ZStream *z = &zlib.stream;
    char message[160];
    const char *error = NULL;
    for (;;) { /* one member per turn */
        zlib.reset(z);
        z->next_in = data + pos;
        z->avail_in = (unsigned)(size - pos);
        int result = 0;
        while (result != Z_STREAM_END && used <= (size_t)limit) {
            if (used == capacity) { /* the output is full: grow it, up to one byte over the cap */
                capacity = capacity < ceiling / 2 ? 2 * capacity : ceiling;
                if (_PyBytes_Resize(&out, (Py_ssize_t)capacity) < 0) return NULL; /* out was freed */
            }
            size_t room = capacity - used > UINT32_MAX ? UINT32_MAX : capacity - used;
            z->next_out = (uint8_t *)PyBytes_AS_STRING(out) + used;
            z->avail_out = (unsigned)room;
            result = zlib.inflate(z, 0);
            used += room - z->avail_out;
            if (result == Z_BUF_ERROR && z->avail_out > 0) { /* room to write, nothing left to read */
                error = GZIP_PREMATURE;
                break;
            }
            if (result < 0 && result != Z_BUF_ERROR) {
                snprintf(message, sizeof message, "gzip: %s", z->msg ? z->msg : "invalid data");
                error = message;
                break;
            }
        }
        if (error || used > (size_t)limit) break;
        pos = (size_t)(z->next_in - data);
        if (size - pos < 2 || data[pos] != 0x1f || data[pos + 1] != 0x8b) break;
    }
    if (error || used > (size_t)limit) {
        Py_DECREF(out);
        return error ? fail(error) : over(limit);
    }
    if (_PyBytes_Resize(&out, (Py_ssize_t)used) < 0) return NULL;
    return out;
}

/* ---- many payloads in one call ---- */

/* spans(codec, buffer, starts, ends, limit) -> list of bytes: each buffer[starts[i]:ends[i]]
 * (int64 arrays) decompressed, codec "gzip" (after gzip_load), "lz4" (Kafka's LZ4 frame, header
 * checksum checked), "snappy" or "zstd" (after zstd_load); the first payload that does not decompress raises, as one call
 * for it would. */
PyObject *codecs_spans(PyObject *module, PyObject *args) {
    (void)module;
    const char *codec;
    Py_buffer buffer, starts, ends;
    long long limit;
    if (!PyArg_ParseTuple(args, "sy*y*y*L", &codec, &buffer, &starts, &ends, &limit)) return NULL;
    PyObject *list = NULL;
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
    if (!(list = PyList_New(n))) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (start[i] < 0 || start[i] > end[i] || end[i] > buffer.len) {
            PyErr_SetString(PyExc_ValueError, "a span lies outside the buffer");
            Py_CLEAR(list);
            goto done;
        }
        const uint8_t *data = (const uint8_t *)buffer.buf + start[i];
        size_t size = (size_t)(end[i] - start[i]);
        PyObject *item = kind == GZIP     ? gzip_members(data, size, limit)
                         : kind == LZ4    ? lz4_frame(data, size, limit, 1)
                         : kind == SNAPPY ? snappy(data, size, limit)
                                          : zstd_frames(data, size, limit);
        if (!item) {
            Py_CLEAR(list);
            goto done;
        }
        PyList_SET_ITEM(list, i, item);
    }
done:
    PyBuffer_Release(&buffer);
    PyBuffer_Release(&starts);
    PyBuffer_Release(&ends);
    return list;
}
