/* The decompressors of kafkaks/wire/_codecs.c, methods of kafkaks.wire._core. */
#ifndef KAFKAKS_CODECS_H
#define KAFKAKS_CODECS_H
#include <Python.h>

int codecs_init(PyObject *errors); /* takes the error classes from kafkaks.errors */
PyObject *codecs_lz4_frame(PyObject *module, PyObject *args);
PyObject *codecs_snappy(PyObject *module, PyObject *args);
PyObject *codecs_spans(PyObject *module, PyObject *args);
PyObject *codecs_zstd_load(PyObject *module, PyObject *args);
PyObject *codecs_zstd(PyObject *module, PyObject *args);
PyObject *codecs_gzip_load(PyObject *module, PyObject *args);
PyObject *codecs_deflate_load(PyObject *module, PyObject *args);

#endif
