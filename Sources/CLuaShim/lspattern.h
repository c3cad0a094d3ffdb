/* lspattern: the Lua 5.4 pattern matcher of the guarded string functions (private to
 * CLuaShim; used by lsguard_string.c).
 *
 * It implements the patterns of the Lua 5.4 manual (section 6.4.1), counting its steps and
 * charging them to the instruction budget, so a backtracking pattern cannot hang the host.
 */
#ifndef LSPATTERN_H
#define LSPATTERN_H

#include "luashim.h"
#include <stddef.h>
/* Matcher steps charged as one instruction. A step (one character test, one call of the
 * matcher) costs a few nanoseconds, a little more than a simple VM instruction: at 4 a
 * backtracking pattern is stopped after a fraction of a second, while a gsub over a few
 * megabytes of text still fits in the default budget. */
#define LS_STEPS_PER_INSTRUCTION 4
#define LS_CHARGE_EVERY 4096
#define LS_MAX_MATCH_DEPTH 200   /* as Lua: "pattern too complex" beyond it */
#define LS_MAX_CAPTURES 32       /* as Lua (LUA_MAXCAPTURES) */
#define LS_CAP_UNFINISHED (-1)
#define LS_CAP_POSITION (-2)

typedef struct ls_matcher {
    lua_State *L;
    const char *subject;      /* the subject string */
    const char *subject_end;
    const char *pattern_end;
    int depth;                /* recursion left before "pattern too complex" */
    int ncaptures;
    long steps;               /* steps not yet charged */
    struct { const char *start; ptrdiff_t len; } capture[LS_MAX_CAPTURES];
} ls_matcher;

/* Readies m to match patterns against subject s (ls bytes); p..p+lp is the pattern. */
static inline void ls_matcher_init(ls_matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    m->depth = LS_MAX_MATCH_DEPTH;
    m->ncaptures = 0;
    m->steps = 0;
}

/* Readies m for a new attempt at another position of the subject. */
static inline void ls_matcher_reset(ls_matcher *m) {
    m->ncaptures = 0;
    m->depth = LS_MAX_MATCH_DEPTH;
}

/* The end of the match of pattern p at s, or NULL; raises on a malformed pattern. */
const char *ls_match(ls_matcher *m, const char *s, const char *p);
/* Charges the steps not yet charged. */
void ls_flush_steps(ls_matcher *m);
/* Pushes capture i (or the whole match s..e when there are no captures and i is 0). */
void ls_push_capture(ls_matcher *m, int i, const char *s, const char *e);
/* Pushes every capture (or the whole match when s is not NULL and there are none). */
int ls_push_captures(ls_matcher *m, const char *s, const char *e);

#endif
