// (none): internal/fuzz/worker_json.c (encoding/json for worker.go's RPC
// messages), compiled into this package under rename.h's names so that
// ctest's coverage instrumentation reaches it.
#include "internal/fuzz/worker_json.c"
