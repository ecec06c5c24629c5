// System zlib for Tern's content decoding (gzip, zlib and raw deflate) and the mock's compressed routes.
// inflateInit2 and deflateInit2 are macros Swift cannot import: one inline function each.
#ifndef TERN_CZLIB_SHIM_H
#define TERN_CZLIB_SHIM_H
#include <zlib.h>

/// inflateInit2 with the library's version and stream size.
static inline int tern_inflate_init2(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

/// deflateInit2 with the default memory level and strategy.
static inline int tern_deflate_init2(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
#endif
