// harness.c: the Lua harness: loads the input as a chunk of Lua source
// with luaL_loadbufferx, which compiles it, and does not run it. Text only
// (mode "t"): loading precompiled chunks is not meant for untrusted input.
// A fresh state per input, so that no input depends on an earlier one.
#include <stddef.h>
#include <stdint.h>

#include "lauxlib.h"
#include "lua.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    lua_State *L = luaL_newstate();
    if (L == NULL) {
        return 0;
    }
    luaL_loadbufferx(L, (const char *)data, size, "=fuzz", "t");
    lua_close(L);
    return 0;
}
