// rename.h: the external names of the RPC decoder and encoder
// (internal/fuzz/worker_json.c, the JSON of worker.go's calls), given a
// prefix of their own in this package, whose copy of worker_json.c is
// instrumented while the library's is not (see corpus/rename.h and
// internal/selffuzz/CMakeLists.txt). rpc_test.c's //ctest:cflags line
// includes it first in each file the package compiles.
#ifndef CTEST_INTERNAL_SELFFUZZ_RPC_RENAME_H
#define CTEST_INTERNAL_SELFFUZZ_RPC_RENAME_H

#define fuzz_decodeCall selffuzz_fuzz_decodeCall
#define fuzz_decodeFuzzResponse selffuzz_fuzz_decodeFuzzResponse
#define fuzz_decodeMinimizeResponse selffuzz_fuzz_decodeMinimizeResponse
#define fuzz_encodeCall selffuzz_fuzz_encodeCall
#define fuzz_encodeFuzzResponse selffuzz_fuzz_encodeFuzzResponse
#define fuzz_encodeMinimizeResponse selffuzz_fuzz_encodeMinimizeResponse
#define fuzz_encodePingResponse selffuzz_fuzz_encodePingResponse
#define fuzz_fuzzCall_clear selffuzz_fuzz_fuzzCall_clear
#define fuzz_fuzzResponse_clear selffuzz_fuzz_fuzzResponse_clear
#define fuzz_minimizeResponse_clear selffuzz_fuzz_minimizeResponse_clear

#endif // CTEST_INTERNAL_SELFFUZZ_RPC_RENAME_H
