// Ports go1.19.8 src/cmd/cover/html.go (htmlOutput, percentCovered,
// htmlGen, rgb, colors and the page's template) and cover.go's main for
// its -html and -o flags: `ctest tool cover -html=c.out -o c.html` writes
// a page with each file of the profile, its code coloured by its blocks'
// counts, and a menu of the files with their percentages.
//
// ctest: there is no -func, -mode or -var (the profile is written by the
// driver, not by rewriting the source), the page's title names C, and
// without -o the page goes to a temporary file that is named, not opened
// in a browser.
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/ctest/coverprofile.h"
#include "cmd/ctest/ctest.h"

// writeEscaped writes s[0:n] as HTML text; with tabs, a tab becomes eight
// spaces (htmlGen's rendering of source).
static void writeEscaped(FILE *w, const char *s, size_t n, bool tabs) {
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '>':
            fputs("&gt;", w);
            break;
        case '<':
            fputs("&lt;", w);
            break;
        case '&':
            fputs("&amp;", w);
            break;
        case '"':
            fputs(tabs ? "\"" : "&#34;", w);
            break;
        case '\t':
            fputs(tabs ? "        " : "\t", w);
            break;
        default:
            fputc(s[i], w);
        }
    }
}

// htmlGen writes src[0:n] with a span for each block of bs.
static void htmlGen(FILE *w, const char *src, size_t n, const boundary *bs, size_t nb) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        for (; k < nb && bs[k].Offset == i; k++) {
            if (!bs[k].Start) {
                fputs("</span>", w);
                continue;
            }
            int c = bs[k].Count > 0 ? (int)floor(bs[k].Norm * 9) + 1 : 0;
            fprintf(w, "<span class=\"cov%d\" title=\"%lld\">", c, (long long)bs[k].Count);
        }
        writeEscaped(w, src + i, 1, true);
    }
}

// percentCovered is html.go's: the share of p's statements run, in percent.
static double percentCovered(const profile *p) {
    int64_t total = 0, covered = 0;
    for (size_t i = 0; i < p->nBlocks; i++) {
        total += p->Blocks[i].NumStmt;
        if (p->Blocks[i].Count > 0) {
            covered += p->Blocks[i].NumStmt;
        }
    }
    return total == 0 ? 0 : (double)covered / (double)total * 100;
}

// rgb is html.go's: red for 0, then from grey to green up to 10.
static void rgb(FILE *w, int n) {
    if (n == 0) {
        fputs("rgb(192, 0, 0)", w);
        return;
    }
    fprintf(w, "rgb(%d, %d, %d)", 128 - 12 * (n - 1), 128 + 12 * (n - 1), 128 + 3 * (n - 1));
}

// packageName is templateData.PackageName: the last directory of the first
// file's name.
static void packageName(const profile *ps, size_t n, const char **name, size_t *len) {
    *name = "";
    *len = 0;
    if (n == 0) {
        return;
    }
    const char *f = ps[0].FileName;
    const char *end = strrchr(f, '/');
    while (end != NULL && end > f) {
        const char *start = end;
        while (start > f && start[-1] != '/') {
            start--;
        }
        if (start < end) {
            *name = start;
            *len = (size_t)(end - start);
            return;
        }
        end = start - 1;
    }
}

static const char styleHTML[] =
        "\t\t<style>\n"
        "\t\t\tbody {\n\t\t\t\tbackground: black;\n\t\t\t\tcolor: rgb(80, 80, 80);\n\t\t\t}\n"
        "\t\t\tbody, pre, #legend span {\n\t\t\t\tfont-family: Menlo, monospace;\n"
        "\t\t\t\tfont-weight: bold;\n\t\t\t}\n"
        "\t\t\t#topbar {\n\t\t\t\tbackground: black;\n\t\t\t\tposition: fixed;\n"
        "\t\t\t\ttop: 0; left: 0; right: 0;\n\t\t\t\theight: 42px;\n"
        "\t\t\t\tborder-bottom: 1px solid rgb(80, 80, 80);\n\t\t\t}\n"
        "\t\t\t#content {\n\t\t\t\tmargin-top: 50px;\n\t\t\t}\n"
        "\t\t\t#nav, #legend {\n\t\t\t\tfloat: left;\n\t\t\t\tmargin-left: 10px;\n\t\t\t}\n"
        "\t\t\t#legend {\n\t\t\t\tmargin-top: 12px;\n\t\t\t}\n"
        "\t\t\t#nav {\n\t\t\t\tmargin-top: 10px;\n\t\t\t}\n"
        "\t\t\t#legend span {\n\t\t\t\tmargin: 0 5px;\n\t\t\t}\n";

static const char scriptHTML[] =
        "\t<script>\n"
        "\t(function() {\n"
        "\t\tvar files = document.getElementById('files');\n"
        "\t\tvar visible;\n"
        "\t\tfiles.addEventListener('change', onChange, false);\n"
        "\t\tfunction select(part) {\n"
        "\t\t\tif (visible)\n\t\t\t\tvisible.style.display = 'none';\n"
        "\t\t\tvisible = document.getElementById(part);\n"
        "\t\t\tif (!visible)\n\t\t\t\treturn;\n"
        "\t\t\tfiles.value = part;\n"
        "\t\t\tvisible.style.display = 'block';\n"
        "\t\t\tlocation.hash = part;\n"
        "\t\t}\n"
        "\t\tfunction onChange() {\n\t\t\tselect(files.value);\n\t\t\twindow.scrollTo(0, 0);\n\t\t}\n"
        "\t\tif (location.hash != \"\") {\n\t\t\tselect(location.hash.substr(1));\n\t\t}\n"
        "\t\tif (!visible) {\n\t\t\tselect(\"file0\");\n\t\t}\n"
        "\t})();\n"
        "\t</script>\n";

// writePage is htmlTemplate.Execute: the page for the files ps, whose
// coloured sources are bodies[i].
static void writePage(FILE *w, const profile *ps, size_t n, char *const *bodies,
                      const size_t *bodyLens) {
    bool set = false;
    for (size_t i = 0; i < n; i++) {
        set |= strcmp(ps[i].Mode, "set") == 0;
    }
    const char *pkg;
    size_t pkgLen;
    packageName(ps, n, &pkg, &pkgLen);
    fputs("\n<!DOCTYPE html>\n<html>\n\t<head>\n"
          "\t\t<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">\n"
          "\t\t<title>",
          w);
    if (pkgLen > 0) {
        writeEscaped(w, pkg, pkgLen, false);
        fputs(": ", w);
    }
    fputs("C Coverage Report</title>\n", w);
    fputs(styleHTML, w);
    for (int i = 0; i < 11; i++) {
        fprintf(w, "\t\t\t.cov%d { color: ", i);
        rgb(w, i);
        fputs(" }\n", w);
    }
    fputs("\t\t</style>\n\t</head>\n\t<body>\n\t\t<div id=\"topbar\">\n\t\t\t<div id=\"nav\">\n"
          "\t\t\t\t<select id=\"files\">\n",
          w);
    for (size_t i = 0; i < n; i++) {
        fprintf(w, "\t\t\t\t<option value=\"file%zu\">", i);
        writeEscaped(w, ps[i].FileName, strlen(ps[i].FileName), false);
        fprintf(w, " (%.1f%%)</option>\n", percentCovered(&ps[i]));
    }
    fputs("\t\t\t\t</select>\n\t\t\t</div>\n\t\t\t<div id=\"legend\">\n"
          "\t\t\t\t<span>not tracked</span>\n",
          w);
    if (set) {
        fputs("\t\t\t\t<span class=\"cov0\">not covered</span>\n"
              "\t\t\t\t<span class=\"cov8\">covered</span>\n",
              w);
    } else {
        fputs("\t\t\t\t<span class=\"cov0\">no coverage</span>\n"
              "\t\t\t\t<span class=\"cov1\">low coverage</span>\n",
              w);
        for (int i = 2; i <= 9; i++) {
            fprintf(w, "\t\t\t\t<span class=\"cov%d\">*</span>\n", i);
        }
        fputs("\t\t\t\t<span class=\"cov10\">high coverage</span>\n", w);
    }
    fputs("\t\t\t</div>\n\t\t</div>\n\t\t<div id=\"content\">\n", w);
    for (size_t i = 0; i < n; i++) {
        fprintf(w, "\t\t<pre class=\"file\" id=\"file%zu\" style=\"display: none\">", i);
        fwrite(bodies[i], 1, bodyLens[i], w);
        fputs("</pre>\n", w);
    }
    fputs("\t\t</div>\n\t</body>\n", w);
    fputs(scriptHTML, w);
    fputs("</html>\n", w);
}

// findFile is func.go's findFile: the source file a profile's name stands
// for (caller frees).
static go_error *findFile(const char *name, char **path) {
    if (name[0] == '.' || name[0] == '/') {
        *path = runtime_strdup(name);
        return NULL;
    }
    const char *slash = strrchr(name, '/');
    char *pkg = slash != NULL ? runtime_strndup(name, (size_t)(slash - name)) : NULL;
    char *dir = pkg != NULL ? importPathDir(pkg) : NULL;
    free(pkg);
    if (dir == NULL) {
        return fmt_Errorf(NULL,
                          "did not find package for %s (ctest: run ctest tool cover in the "
                          "project that was tested)",
                          name);
    }
    *path = runtime_sprintf("%s%s", dir, slash);
    free(dir);
    return NULL;
}

// renderFiles colours each file's source (bodies[i], bodyLens[i]).
static go_error *renderFiles(const profile *ps, size_t n, char **bodies, size_t *bodyLens) {
    for (size_t i = 0; i < n; i++) {
        char *path = NULL, *src = NULL;
        size_t srcLen;
        go_error *err = findFile(ps[i].FileName, &path);
        if (err != NULL) {
            return err;
        }
        err = os_ReadFile(path, &src, &srcLen);
        free(path);
        if (err != NULL) {
            char *q = strconv_Quote(ps[i].FileName, strlen(ps[i].FileName));
            go_error *e = fmt_Errorf(NULL, "can't read %s: %s", q, go_error_Error(err));
            free(q);
            go_error_free(err);
            return e;
        }
        size_t nb;
        boundary *bs = profile_Boundaries(&ps[i], src, srcLen, &nb);
        FILE *body = open_memstream(&bodies[i], &bodyLens[i]);
        htmlGen(body, src, srcLen, bs, nb);
        fclose(body);
        free(bs);
        free(src);
    }
    return NULL;
}

// htmlOutput is html.go's: the page for the profile at profilePath,
// written to outfile, or to a temporary file that it names.
static go_error *htmlOutput(const char *profilePath, const char *outfile) {
    profile *ps;
    size_t n;
    go_error *err = parseProfiles(profilePath, &ps, &n);
    if (err != NULL) {
        return err;
    }
    char **bodies = runtime_calloc(n + 1, sizeof *bodies);
    size_t *bodyLens = runtime_calloc(n + 1, sizeof *bodyLens);
    char *tmpdir = NULL, *out = NULL;
    err = renderFiles(ps, n, bodies, bodyLens);
    if (err == NULL && outfile[0] == '\0') {
        const char *tmp = getenv("TMPDIR");
        tmpdir = runtime_sprintf("%s/cover%s", tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp",
                                 "XXXXXX");
        if (mkdtemp(tmpdir) == NULL) {
            err = fmt_Errorf(NULL, "mkdir %s: %s", tmpdir, strerror(errno));
        }
        out = runtime_sprintf("%s/coverage.html", tmpdir);
    } else {
        out = runtime_strdup(outfile);
    }
    if (err == NULL) {
        FILE *w = fopen(out, "w");
        if (w == NULL) {
            err = fmt_Errorf(NULL, "open %s: %s", out, strerror(errno));
        } else {
            writePage(w, ps, n, bodies, bodyLens);
            if (ferror(w) | (fclose(w) != 0)) {
                err = fmt_Errorf(NULL, "write %s: %s", out, strerror(errno));
            }
        }
    }
    if (err == NULL && tmpdir != NULL) {
        fprintf(stderr, "HTML output written to %s\n", out);
    }
    for (size_t i = 0; i < n; i++) {
        free(bodies[i]);
    }
    free(bodies);
    free(bodyLens);
    free(tmpdir);
    free(out);
    profiles_free(ps, n);
    return err;
}

static void coverUsage(void *ctx) {
    flag_FlagSet *fs = ctx;
    fputs("Usage of 'ctest tool cover':\n"
          "Given a coverage profile produced by 'ctest':\n"
          "\tctest -coverprofile=c.out\n"
          "\n"
          "Write out an HTML file of the annotated source code:\n"
          "\tctest tool cover -html=c.out -o coverage.html\n"
          "\n"
          "Flags:\n",
          stderr);
    flag_FlagSet_PrintDefaults(fs);
    exit(2);
}

int runToolCover(int argc, char **argv) {
    flag_FlagSet *fs = flag_NewFlagSet("cover", flag_ExitOnError);
    const char *output = "", *html = "";
    flag_FlagSet_StringVar(fs, &output, "o", "", "file for output; default: a temporary file");
    flag_FlagSet_StringVar(fs, &html, "html", "",
                           "generate HTML representation of coverage profile");
    flag_FlagSet_SetUsage(fs, coverUsage, fs);
    go_error *err = flag_FlagSet_Parse(fs, argc - 1, argv + 1);
    go_error_free(err); // ExitOnError: only reached without one
    if (flag_FlagSet_NFlag(fs) == 0 && flag_FlagSet_NArg(fs) == 0) {
        coverUsage(fs);
    }
    if (html[0] == '\0' || flag_FlagSet_NArg(fs) > 0) {
        fprintf(stderr, "%s\n",
                html[0] == '\0' ? "ctest: -html is needed: ctest has no -func "
                                  "or -mode"
                                : "too many arguments");
        fprintf(stderr, "For usage information, run \"ctest tool cover -help\"\n");
        flag_FlagSet_free(fs);
        return 2;
    }
    err = htmlOutput(html, output);
    flag_FlagSet_free(fs);
    if (err != NULL) {
        fprintf(stderr, "cover: %s\n", go_error_Error(err));
        go_error_free(err);
        return 2;
    }
    return 0;
}
