// (none) ctest's own: where the driver finds what it builds a test binary
// from, ctest's public headers and libraries. Go finds them from GOROOT,
// which it also takes from its own executable's place. Every path is
// relative to the directory of the driver's executable, so that a moved
// clone or install prefix keeps working: the installed layout
// (<prefix>/bin/ctest beside <prefix>/include/ctest and <prefix>/lib/ctest)
// when the driver's directory has it, else the build tree's (the source
// tree's headers, the libraries where CMake built them).
//
// realpath is XSI.
#define _XOPEN_SOURCE 700
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/ctest/ctest.h"
#include "ctest_config.h"

static const char *const buildLibs[] = { CTEST_BUILD_LIBS NULL };
static const char *const installLibs[] = { CTEST_INSTALL_LIBS NULL };
enum { nlibs = sizeof buildLibs / sizeof buildLibs[0] - 1 };

// clean returns path without "..", through realpath when it exists
// (caller frees; path is freed).
static char *clean(char *path) {
    char *r = realpath(path, NULL);
    if (r == NULL) {
        return path;
    }
    free(path);
    return r;
}

// exists reports whether path names a file or directory.
static bool exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

// exeDir returns the directory of the running executable (caller frees),
// or "." when the system does not say.
static char *exeDir(void) {
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) {
        return runtime_strdup(".");
    }
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash == NULL) {
        return runtime_strdup(".");
    }
    *slash = '\0';
    return runtime_strdup(buf[0] != '\0' ? buf : "/");
}

const ctestLayout *layout(void) {
    static ctestLayout l;
    if (l.include != NULL) {
        return &l;
    }
    char *dir = exeDir();
    char *inc = runtime_sprintf("%s/%s", dir, CTEST_INSTALL_INCLUDE);
    char *header = runtime_sprintf("%s/testing/testing.h", inc);
    char *lib = runtime_sprintf("%s/%s", dir, installLibs[0]);
    bool installed = exists(header) && exists(lib);
    free(header);
    free(lib);
    if (installed) {
        l.include = clean(inc);
    } else {
        free(inc);
        l.include = clean(runtime_sprintf("%s/%s", dir, CTEST_BUILD_INCLUDE));
    }
    const char *const *libs = installed ? installLibs : buildLibs;
    for (size_t i = 0; i < nlibs; i++) {
        l.libs[i] = clean(runtime_sprintf("%s/%s", dir, libs[i]));
        const char *base = strrchr(l.libs[i], '/') + 1;
        if (strcmp(base, CTEST_HOOK_LIB) == 0) {
            l.hookLib = l.libs[i];
        }
    }
    l.libs[nlibs] = NULL;
    l.mallocLib = clean(runtime_sprintf(
            "%s/%s", dir, installed ? CTEST_INSTALL_MALLOC_LIB : CTEST_BUILD_MALLOC_LIB));
    l.noEngineLib = clean(runtime_sprintf(
            "%s/%s", dir, installed ? CTEST_INSTALL_NOENGINE_LIB : CTEST_BUILD_NOENGINE_LIB));
    free(dir);
    return &l;
}
