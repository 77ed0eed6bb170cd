#ifndef CBROTLI_SHIM_H
#define CBROTLI_SHIM_H

// The brotli decoder's streaming API (libbrotli-dev): BrotliDecoderDecompressStream and friends.
#include <brotli/decode.h>

#endif
