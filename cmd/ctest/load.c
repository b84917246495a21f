// Ports go1.19.8 src/cmd/go/internal/load/pkg.go and search (packages from
// command-line patterns), base/path.go (ShortPath), path/filepath's Clean,
// Join and Rel, os.RemoveAll and os.UserCacheDir: what the driver needs to
// find packages and name them.
//
// A package is a directory of C files: *_test.c are its test files, the
// other *.c files its code; as in Go, files whose names begin with '.' or
// '_' are ignored.
// nftw is XSI.
#undef _POSIX_C_SOURCE
#define _XOPEN_SOURCE 700

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/ctest/ctest.h"

void strList_appendOwned(strList *l, char *s) {
    if (l->len == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->ptr = runtime_realloc(l->ptr, l->cap * sizeof(char *));
    }
    l->ptr[l->len++] = s;
}

void strList_append(strList *l, const char *s) {
    strList_appendOwned(l, runtime_strdup(s));
}

void strList_appendAll(strList *l, const strList *from) {
    for (size_t i = 0; i < from->len; i++) {
        strList_append(l, from->ptr[i]);
    }
}

bool strList_contains(const strList *l, const char *s) {
    for (size_t i = 0; i < l->len; i++) {
        if (strcmp(l->ptr[i], s) == 0) {
            return true;
        }
    }
    return false;
}

void strList_free(strList *l) {
    for (size_t i = 0; i < l->len; i++) {
        free(l->ptr[i]);
    }
    free(l->ptr);
    *l = (strList){ 0 };
}

void testFuncs_free(testFuncs *t) {
    strList_free(&t->Tests);
    strList_free(&t->FuzzTargets);
}

void package_free(package *p) {
    free(p->Dir);
    free(p->ImportPath);
    free(p->CachePath);
    strList_free(&p->CFiles);
    strList_free(&p->TestCFiles);
}

// cwd is base.Cwd, that is os.Getwd: $PWD when it names the current
// directory (so a path through a symbolic link stays as the user typed it),
// else getcwd.
const char *cwd(void) {
    static char *dir;
    if (dir == NULL) {
        const char *pwd = getenv("PWD");
        struct stat dot, st;
        if (pwd != NULL && pwd[0] == '/' && stat(".", &dot) == 0 && stat(pwd, &st) == 0 &&
            dot.st_dev == st.st_dev && dot.st_ino == st.st_ino) {
            dir = filepathClean(pwd);
            return dir;
        }
        dir = getcwd(NULL, 0);
        if (dir == NULL) {
            fprintf(stderr, "ctest: cannot determine current directory: %s\n", strerror(errno));
            exit(1);
        }
    }
    return dir;
}

char *filepathClean(const char *p) {
    // Go's path.Clean, lexically: collapse //, drop ., resolve .. against
    // the element before it.
    size_t n = strlen(p);
    if (n == 0) {
        return runtime_strdup(".");
    }
    bool rooted = p[0] == '/';
    char *out = runtime_malloc(n + 2);
    size_t w = 0, r = 0, dotdot = 0;
    if (rooted) {
        out[w++] = '/';
        r = 1;
        dotdot = 1;
    }
    while (r < n) {
        if (p[r] == '/') {
            r++; // empty path element
        } else if (p[r] == '.' && (r + 1 == n || p[r + 1] == '/')) {
            r++; // . element
        } else if (p[r] == '.' && p[r + 1] == '.' && (r + 2 == n || p[r + 2] == '/')) {
            // .. element: remove to last /
            r += 2;
            if (w > dotdot) {
                w--;
                while (w > dotdot && out[w] != '/') {
                    w--;
                }
            } else if (!rooted) {
                if (w > 0) {
                    out[w++] = '/';
                }
                out[w++] = '.';
                out[w++] = '.';
                dotdot = w;
            }
        } else {
            if ((rooted && w != 1) || (!rooted && w != 0)) {
                out[w++] = '/';
            }
            for (; r < n && p[r] != '/'; r++) {
                out[w++] = p[r];
            }
        }
    }
    if (w == 0) {
        out[w++] = '.';
    }
    out[w] = '\0';
    return out;
}

char *filepathJoin(const char *a, const char *b) {
    if (a[0] == '\0') {
        return filepathClean(b);
    }
    char *j = runtime_sprintf("%s/%s", a, b);
    char *c = filepathClean(j);
    free(j);
    return c;
}

char *absPath(const char *p) {
    if (p[0] == '/') {
        return filepathClean(p);
    }
    return filepathJoin(cwd(), p);
}

// rel is filepath.Rel for two absolute clean paths (caller frees).
static char *rel(const char *base, const char *targ) {
    if (strcmp(base, targ) == 0) {
        return runtime_strdup(".");
    }
    if (strcmp(base, "/") == 0) {
        return runtime_strdup(targ + 1);
    }
    // Find the last common element boundary.
    size_t bl = strlen(base), tl = strlen(targ);
    size_t common = 0; // length of the common prefix ending at an element boundary
    for (size_t i = 0;; i++) {
        bool bEnd = i == bl || base[i] == '/', tEnd = i == tl || targ[i] == '/';
        if (bEnd && tEnd) {
            common = i;
        }
        if (i == bl || i == tl || base[i] != targ[i]) {
            break;
        }
    }
    size_t ups = 0;
    for (size_t i = common; i < bl; i++) {
        if (base[i] == '/') {
            ups++;
        }
    }
    size_t n = ups * 3 + (tl - common) + 1;
    char *out = runtime_malloc(n + 1);
    size_t w = 0;
    for (size_t i = 0; i < ups; i++) {
        memcpy(out + w, i == 0 ? ".." : "/..", i == 0 ? 2 : 3);
        w += i == 0 ? 2 : 3;
    }
    const char *rest = targ + common;
    if (*rest == '/') {
        rest++;
    }
    if (*rest != '\0') {
        if (w > 0) {
            out[w++] = '/';
        }
        size_t rl = strlen(rest);
        memcpy(out + w, rest, rl);
        w += rl;
    }
    out[w] = '\0';
    return out;
}

char *shortPath(const char *path) {
    char *r = rel(cwd(), path);
    if (strlen(r) < strlen(path)) {
        return r;
    }
    free(r);
    return runtime_strdup(path);
}

static bool exists(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0;
}

// projectRoot returns the nearest directory at or above dir (absolute,
// without symbolic links) that holds a .git entry: a git checkout, worktree
// or submodule. NULL if there is none, or if it is "/" (caller frees).
static char *projectRoot(const char *dir) {
    char *root = runtime_strdup(dir);
    while (strcmp(root, "/") != 0) {
        char *git = filepathJoin(root, ".git");
        bool found = exists(git);
        free(git);
        if (found) {
            return root;
        }
        char *up = filepathJoin(root, "..");
        free(root);
        root = up;
    }
    free(root);
    return NULL;
}

// packagePath names the package in dir (absolute, clean) in ok/FAIL lines
// and -json events, as Go's import path does, and sets *cachePath to the
// package's fuzz cache below $CTESTCACHE/fuzz. C has no import paths, so
// the name comes from where the files are, never from the directory ctest
// runs in: inside a project (see projectRoot) it is the root's base name
// followed by the package's directory below the root (proj, proj/sub),
// so a sub-package's name extends its parent's; outside one it is _
// followed by the absolute directory (_/tmp/m/sub), as Go named packages
// outside GOPATH. Two projects may share a base name, so the cache path
// is the package's absolute directory without its leading slash. Both
// are taken on the path without symbolic links. ctest: the whole scheme.
static char *packagePath(const char *logical, char **cachePath) {
    char *dir = realpath(logical, NULL);
    if (dir == NULL) {
        dir = runtime_strdup(logical);
    }
    *cachePath = runtime_strdup(dir + 1);
    char *root = projectRoot(dir);
    char *name;
    if (root == NULL) {
        name = runtime_sprintf("_%s", dir);
    } else {
        char *r = rel(root, dir);
        const char *base = strrchr(root, '/') + 1;
        name = strcmp(r, ".") == 0 ? runtime_strdup(base) : runtime_sprintf("%s/%s", base, r);
        free(r);
    }
    free(root);
    free(dir);
    return name;
}

char *importPath(const char *dir) {
    char *cachePath;
    char *name = packagePath(dir, &cachePath);
    free(cachePath);
    return name;
}

char *importPathDir(const char *name) {
    if (strncmp(name, "_/", 2) == 0) {
        return runtime_strdup(name + 1);
    }
    char *root = projectRoot(cwd());
    if (root == NULL) {
        return NULL;
    }
    const char *base = strrchr(root, '/') + 1;
    size_t n = strlen(base);
    char *dir = NULL;
    if (strncmp(name, base, n) == 0 && (name[n] == '\0' || name[n] == '/')) {
        dir = runtime_sprintf("%s%s", root, name + n);
    }
    free(root);
    return dir;
}

static int compareStrings(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

// sortStrings is sort.Strings (qsort must not see an empty list's NULL).
static void sortStrings(strList *l) {
    if (l->len > 1) {
        qsort(l->ptr, l->len, sizeof(char *), compareStrings);
    }
}

bool hasSuffix(const char *s, size_t n, const char *suffix) {
    size_t m = strlen(suffix);
    return n >= m && memcmp(s + n - m, suffix, m) == 0;
}

// readPackage lists dir's C files into p. It returns Go's load errors.
static go_error *readPackage(const char *dir, package *p) {
    *p = (package){ 0 };
    struct stat st;
    if (stat(dir, &st) == 0 && S_ISREG(st.st_mode) && hasSuffix(dir, strlen(dir), ".c")) {
        // ctest: Go would build the named .go files as a package of their
        // own; here a package is a directory, so say which.
        const char *slash = strrchr(dir, '/');
        char *parent =
                runtime_strndup(dir, slash != NULL && slash != dir ? (size_t)(slash - dir) : 1);
        go_error *err =
                fmt_Errorf(NULL, "%s is a file: a package is a directory (%s)", dir, parent);
        free(parent);
        return err;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        return fmt_Errorf(NULL, "stat %s: directory not found", dir);
    }
    DIR *d = opendir(dir);
    if (d == NULL) {
        return fmt_Errorf(NULL, "open %s: %s", dir, strerror(errno));
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *name = e->d_name;
        if (name[0] == '.' || name[0] == '_' || !hasSuffix(name, strlen(name), ".c")) {
            continue;
        }
        char *path = filepathJoin(dir, name);
        bool regular = stat(path, &st) == 0 && S_ISREG(st.st_mode);
        free(path);
        if (!regular) {
            continue;
        }
        strList_append(hasSuffix(name, strlen(name), "_test.c") ? &p->TestCFiles : &p->CFiles,
                       name);
    }
    closedir(d);
    if (p->CFiles.len + p->TestCFiles.len == 0) {
        // ctest: Go's "no Go files in %s".
        return fmt_Errorf(NULL, "no C files in %s", dir);
    }
    sortStrings(&p->CFiles);
    sortStrings(&p->TestCFiles);
    p->Dir = runtime_strdup(dir);
    p->ImportPath = packagePath(dir, &p->CachePath);
    return NULL;
}

bool readDirNames(const char *dir, strList *names) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        return false;
    }
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0) {
            strList_append(names, de->d_name);
        }
    }
    closedir(d);
    sortStrings(names);
    return true;
}

bool dirHasFile(const char *dir, const char *suffix) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        return false;
    }
    bool found = false;
    struct dirent *e;
    while (!found && (e = readdir(d)) != NULL) {
        found = e->d_name[0] != '.' && e->d_name[0] != '_' &&
                hasSuffix(e->d_name, strlen(e->d_name), suffix);
    }
    closedir(d);
    return found;
}

// matchPackagesInFS is search.go's MatchPackagesInFS for dir/...: every
// directory below dir holding C files, skipping (as Go does) testdata
// directories and those whose names begin with '.' or '_'. A package
// without *_test.c files is listed as [no test files], as Go lists one.
// ctest: a CMake build tree below dir (a directory with a CMakeCache.txt)
// is skipped too, as Go skips the tree of another module: its CMakeFiles
// hold C files of CMake's compiler checks.
static void matchPackagesInFS(const char *dir, bool top, strList *dirs) {
    if (!top) {
        char *cache = filepathJoin(dir, "CMakeCache.txt");
        struct stat st;
        bool buildTree = lstat(cache, &st) == 0;
        free(cache);
        if (buildTree) {
            return;
        }
    }
    if (dirHasFile(dir, ".c")) { // a package, perhaps with no tests
        strList_append(dirs, dir);
    }
    DIR *d = opendir(dir);
    if (d == NULL) {
        return;
    }
    strList names = { 0 };
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *name = e->d_name;
        if (name[0] == '.' || name[0] == '_' || strcmp(name, "testdata") == 0) {
            continue;
        }
        strList_append(&names, name);
    }
    closedir(d);
    sortStrings(&names);
    for (size_t i = 0; i < names.len; i++) {
        char *sub = filepathJoin(dir, names.ptr[i]);
        struct stat st;
        if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) {
            matchPackagesInFS(sub, false, dirs);
        }
        free(sub);
    }
    strList_free(&names);
}

void loadPackages(const strList *args, const char *hint, package **pkgs, size_t *npkgs) {
    strList dirs = { 0 };
    if (args->len == 0) {
        strList_append(&dirs, cwd());
    }
    for (size_t i = 0; i < args->len; i++) {
        const char *a = args->ptr[i];
        if (strcmp(a, "...") == 0 || hasSuffix(a, strlen(a), "/...")) {
            char *base = runtime_strndup(a, strlen(a) - 3);
            char *abs = absPath(base[0] == '\0' ? "." : base);
            size_t before = dirs.len;
            matchPackagesInFS(abs, true, &dirs);
            if (dirs.len == before) {
                char *q = strconv_Quote(a, strlen(a));
                fprintf(stderr, "ctest: warning: %s matched no packages\n", q);
                free(q);
            }
            free(base);
            free(abs);
            continue;
        }
        strList_appendOwned(&dirs, absPath(a));
    }
    *pkgs = runtime_calloc(dirs.len + 1, sizeof(package));
    *npkgs = 0;
    bool failed = false;
    strList seen = { 0 };
    for (size_t i = 0; i < dirs.len; i++) {
        if (strList_contains(&seen, dirs.ptr[i])) {
            continue;
        }
        strList_append(&seen, dirs.ptr[i]);
        go_error *err = readPackage(dirs.ptr[i], &(*pkgs)[*npkgs]);
        if (err != NULL) {
            fprintf(stderr, "%s\n", go_error_Error(err));
            go_error_free(err);
            failed = true;
            continue;
        }
        (*npkgs)++;
    }
    strList_free(&seen);
    strList_free(&dirs);
    if (failed) {
        if (hint != NULL) {
            fprintf(stderr, "%s\n", hint);
        }
        exit(1);
    }
}

static int removeOne(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

go_error *removeAll(const char *path) {
    if (!exists(path)) {
        return NULL;
    }
    if (nftw(path, removeOne, 16, FTW_DEPTH | FTW_PHYS) != 0) {
        return fmt_Errorf(NULL, "unlinkat %s: %s", path, strerror(errno));
    }
    return NULL;
}

go_error *cacheDir(char **dir) {
    const char *c = getenv("CTESTCACHE");
    if (c != NULL && c[0] != '\0') {
        *dir = absPath(c);
        return NULL;
    }
    // os.UserCacheDir on Unix: $XDG_CACHE_HOME, else $HOME/.cache.
    const char *x = getenv("XDG_CACHE_HOME");
    if (x != NULL && x[0] != '\0') {
        *dir = filepathJoin(x, "ctest");
        return NULL;
    }
    const char *h = getenv("HOME");
    if (h != NULL && h[0] != '\0') {
        *dir = runtime_sprintf("%s/.cache/ctest", h);
        char *c2 = filepathClean(*dir);
        free(*dir);
        *dir = c2;
        return NULL;
    }
    return errors_New("neither $XDG_CACHE_HOME nor $HOME are defined");
}
