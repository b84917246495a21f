// harness.c: the Lua harness: loads the input as a chunk of Lua source
// with luaL_loadbufferx, which compiles it, and does not run it. Text only
// (mode "t"): loading precompiled chunks is not meant for untrusted input.
// A fresh state per input, so that no input depends on an earlier one.
#include <stddef.h>
#include <stdint.h>

#include "lauxlib.h"
#include "lua.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef CTEST_PLANTED_BUGS
#include <stdbool.h>

#include "../planted.h"
#include "lobject.h"
#include "lopcodes.h"

void (*planted_failer)(const char *bug);

// planted_divzero holds Lua's planted bug, lua-divzero: a chunk that
// compiles to a function, at any depth, with an integer division or a
// modulo by the constant 0 (x // 0, x % 0, which fail when they run)
// fails a check. It reads the compiled prototypes, which the Lua closure
// that loading pushed holds: such an operation is an OP_IDIVK or OP_MODK
// whose constant is the integer 0 (a constant dividend is folded, or
// left alone, at compile time; a variable one is not).
static bool planted_divzero(const Proto *p) {
    for (int i = 0; i < p->sizecode; i++) {
        Instruction in = p->code[i];
        if (GET_OPCODE(in) == OP_IDIVK || GET_OPCODE(in) == OP_MODK) {
            const TValue *k = &p->k[GETARG_C(in)];
            if (ttisinteger(k) && ivalue(k) == 0) {
                return true;
            }
        }
    }
    for (int i = 0; i < p->sizep; i++) {
        if (planted_divzero(p->p[i])) {
            return true;
        }
    }
    return false;
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    lua_State *L = luaL_newstate();
    if (L == NULL) {
        return 0;
    }
#ifdef CTEST_PLANTED_BUGS
    bool divzero = luaL_loadbufferx(L, (const char *)data, size, "=fuzz", "t") == LUA_OK &&
                   planted_divzero(((const LClosure *)lua_topointer(L, -1))->p);
    lua_close(L);
    if (divzero) {
        planted_fail("lua-divzero");
    }
#else
    luaL_loadbufferx(L, (const char *)data, size, "=fuzz", "t");
    lua_close(L);
#endif
    return 0;
}
