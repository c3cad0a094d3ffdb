/* lscoverage: see include/lscoverage.h. */
#include <stdlib.h>
#include <string.h>
#include "lscoverage.h"

typedef struct {
    char *name;
    unsigned int *hits;      /* hits[line]: times the line ran */
    unsigned char *called;   /* called[line]: a function defined at line was called */
    int size;                /* capacity of both arrays */
} ls_cov_file;

static int enabled = 0;
static ls_cov_file *files = NULL;
static int nfiles = 0, capfiles = 0;
static int last = -1;

void ls_coverage_enable(int on) { enabled = on; }

int ls_coverage_mask(void) { return enabled ? (LUA_MASKLINE | LUA_MASKCALL) : 0; }

static int find_file(const char *name) {
    if (last >= 0 && strcmp(files[last].name, name) == 0) return last;
    for (int i = 0; i < nfiles; i++) {
        if (strcmp(files[i].name, name) == 0) return last = i;
    }
    if (nfiles == capfiles) {
        int cap = capfiles ? capfiles * 2 : 8;
        ls_cov_file *grown = realloc(files, (size_t)cap * sizeof *files);
        if (grown == NULL) return -1;
        files = grown;
        capfiles = cap;
    }
    char *copy = strdup(name);
    if (copy == NULL) return -1;
    files[nfiles] = (ls_cov_file){ copy, NULL, NULL, 0 };
    return last = nfiles++;
}

static int ensure_line(ls_cov_file *f, int line) {
    if (line < f->size) return 1;
    int size = f->size ? f->size : 256;
    while (size <= line) size *= 2;
    unsigned int *hits = realloc(f->hits, (size_t)size * sizeof *hits);
    if (hits == NULL) return 0;
    f->hits = hits;
    unsigned char *called = realloc(f->called, (size_t)size);
    if (called == NULL) return 0;
    f->called = called;
    memset(f->hits + f->size, 0, (size_t)(size - f->size) * sizeof *hits);
    memset(f->called + f->size, 0, (size_t)(size - f->size));
    f->size = size;
    return 1;
}

void ls_coverage_event(lua_State *L, lua_Debug *ar) {
    if (!enabled) return;
    int line;
    if (ar->event == LUA_HOOKLINE) {
        line = ar->currentline;
        if (!lua_getinfo(L, "S", ar)) return;
    } else if (ar->event == LUA_HOOKCALL || ar->event == LUA_HOOKTAILCALL) {
        if (!lua_getinfo(L, "S", ar)) return;
        line = ar->linedefined;
    } else {
        return;
    }
    if (ar->source == NULL || ar->source[0] != '@' || line < 0 || line > 10000000) return;
    int i = find_file(ar->source + 1);
    if (i < 0 || !ensure_line(&files[i], line)) return;
    if (ar->event == LUA_HOOKLINE) {
        if (files[i].hits[line] != 0xFFFFFFFFu) files[i].hits[line]++;
    } else if (ar->what != NULL && ar->what[0] == 'L') {
        files[i].called[line] = 1;
    }
}

void ls_coverage_reset(void) {
    for (int i = 0; i < nfiles; i++) {
        free(files[i].name);
        free(files[i].hits);
        free(files[i].called);
    }
    free(files);
    files = NULL;
    nfiles = capfiles = 0;
    last = -1;
}

int ls_coverage_file_count(void) { return nfiles; }

const char *ls_coverage_file_name(int file) { return file >= 0 && file < nfiles ? files[file].name : NULL; }

int ls_coverage_line_limit(int file) { return file >= 0 && file < nfiles ? files[file].size : 0; }

unsigned int ls_coverage_line_hits(int file, int line) {
    if (file < 0 || file >= nfiles || line < 0 || line >= files[file].size) return 0;
    return files[file].hits[line];
}

int ls_coverage_called(int file, int line) {
    if (file < 0 || file >= nfiles || line < 0 || line >= files[file].size) return 0;
    return files[file].called[line];
}
