/* lsguard: library functions that loop in C, made to answer to the instruction budget.
 *
 * The count hook fires only while Lua code runs. A C function that loops without
 * allocating is invisible to both the hook and the allocator's cap, so a script could
 * hang the host with one call:
 *
 *   ("x"):rep(1e5):find(".-.-.-.-y")          backtracking: about n^4 steps
 *   hay:find(needle, 1, true)                 naive search: n * m byte compares
 *   table.move({}, 1, 1e12, 2)                10^12 iterations over empty slots
 *   table.insert(t, 1, v) with #t == 2^40     (a table with 41 entries has that border)
 *
 * This file replaces string.find, string.match, string.gmatch, string.gsub, table.insert,
 * table.remove and table.move with versions that charge their work to the budget of the
 * current entry, and raise the budget's error when it runs out. The pattern functions
 * implement the patterns of the Lua 5.4 manual (section 6.4.1) with a matcher of their
 * own that counts its steps; plain searches use memmem (linear). Their results and error
 * messages are those of Lua 5.4.
 */
#define _GNU_SOURCE
#include "luashim.h"
#include <ctype.h>
#include <limits.h>
#include <string.h>

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

/* ---- charging the budget ---------------------------------------------------------------- */

void ls_charge(lua_State *L, long long instructions) {
    ls_pool *pool = ls_limits_of(L)->pool;
    if (pool->budget <= 0 || instructions <= 0) return;
    /* Refused before the work is done when the budget cannot pay for it. */
    if (instructions >= pool->remaining) ls_budget_exhausted(L, 1);
    pool->remaining -= instructions;
}

/* ---- the matcher ------------------------------------------------------------------------ */

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

static void ls_step(ls_matcher *m) {
    if (++m->steps >= LS_CHARGE_EVERY) {
        long n = m->steps;
        m->steps = 0;
        ls_charge(m->L, n / LS_STEPS_PER_INSTRUCTION);
    }
}

static void ls_flush_steps(ls_matcher *m) {
    long n = m->steps;
    m->steps = 0;
    if (n > 0) ls_charge(m->L, (n + LS_STEPS_PER_INSTRUCTION - 1) / LS_STEPS_PER_INSTRUCTION);
}

static void ls_matcher_init(ls_matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    m->depth = LS_MAX_MATCH_DEPTH;
    m->ncaptures = 0;
    m->steps = 0;
}

static void ls_matcher_reset(ls_matcher *m) {
    m->ncaptures = 0;
    m->depth = LS_MAX_MATCH_DEPTH;
}

/* The end of the single-character class that starts at p ("x", "%a", ".", "[...]"). */
static const char *ls_class_end(ls_matcher *m, const char *p) {
    char c = *p++;
    if (c == '%') {
        if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (p < m->pattern_end && *p == '^') p++;
        /* The first character of a set may be ']' itself: look for the closing one after it. */
        do {
            if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == '%' && p < m->pattern_end) p++;
        } while (p >= m->pattern_end || *p != ']');
        return p + 1;
    }
    return p;
}

/* Whether c belongs to the class named by letter ('a', 'D', ...); other letters stand for
 * themselves. */
static int ls_class_has(int c, int letter) {
    int in;
    switch (tolower(letter)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = (c == 0); break; /* deprecated, still in Lua 5.4 */
    default: return letter == c;
    }
    if (isupper(letter)) in = !in;
    return in != 0;
}

/* Whether c belongs to the set [ ... ] that starts at p ('[') and whose ']' is at close. */
static int ls_set_has(ls_matcher *m, int c, const char *p, const char *close) {
    int negate = 0;
    p++;
    if (*p == '^') { negate = 1; p++; }
    while (p < close) {
        ls_step(m);
        if (*p == '%' && p + 1 < close) {
            p++;
            if (ls_class_has(c, (unsigned char)*p)) return !negate;
            p++;
        } else if (p + 2 < close && p[1] == '-') {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return !negate;
            p += 3;
        } else {
            if ((unsigned char)*p == c) return !negate;
            p++;
        }
    }
    return negate;
}

/* Whether the character at s matches the class p .. class_end. */
static int ls_single(ls_matcher *m, const char *s, const char *p, const char *class_end) {
    if (s >= m->subject_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case '%': return ls_class_has(c, (unsigned char)p[1]);
    case '[': return ls_set_has(m, c, p, class_end - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *ls_match(ls_matcher *m, const char *s, const char *p);

/* x* and x+ (after the first x): the longest run first, then shorter ones. */
static const char *ls_greedy(ls_matcher *m, const char *s, const char *p, const char *class_end) {
    ptrdiff_t n = 0;
    while (ls_single(m, s + n, p, class_end)) { ls_step(m); n++; }
    for (; n >= 0; n--) {
        ls_step(m);
        const char *r = ls_match(m, s + n, class_end + 1);
        if (r != NULL) return r;
    }
    return NULL;
}

/* x-: the shortest run first, then longer ones. */
static const char *ls_lazy(ls_matcher *m, const char *s, const char *p, const char *class_end) {
    for (;;) {
        ls_step(m);
        const char *r = ls_match(m, s, class_end + 1);
        if (r != NULL) return r;
        if (!ls_single(m, s, p, class_end)) return NULL;
        s++;
    }
}

static const char *ls_open_capture(ls_matcher *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->ncaptures >= LS_MAX_CAPTURES) luaL_error(m->L, "too many captures");
    int level = m->ncaptures;
    m->capture[level].start = s;
    m->capture[level].len = what;
    m->ncaptures = level + 1;
    const char *r = ls_match(m, s, p);
    if (r == NULL) m->ncaptures--;
    return r;
}

static const char *ls_close_capture(ls_matcher *m, const char *s, const char *p) {
    int level = m->ncaptures - 1;
    while (level >= 0 && m->capture[level].len != LS_CAP_UNFINISHED) level--;
    if (level < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[level].len = s - m->capture[level].start;
    const char *r = ls_match(m, s, p);
    if (r == NULL) m->capture[level].len = LS_CAP_UNFINISHED;
    return r;
}

/* %bxy: a balanced run from x to the matching y. */
static const char *ls_balance(ls_matcher *m, const char *s, const char *p) {
    if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != p[0]) return NULL;
    char open = p[0], close = p[1];
    int depth = 1;
    while (++s < m->subject_end) {
        ls_step(m);
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

/* %1 .. %9: the text of a finished capture again. */
static const char *ls_backref(ls_matcher *m, const char *s, int digit) {
    int level = digit - '1';
    if (level < 0 || level >= m->ncaptures || m->capture[level].len == LS_CAP_UNFINISHED)
        luaL_error(m->L, "invalid capture index %%%d", level + 1);
    ptrdiff_t len = m->capture[level].len;
    if (len < 0) return NULL; /* a position capture has no text */
    if (m->subject_end - s < len) return NULL;
    m->steps += len / 16;
    if (memcmp(m->capture[level].start, s, (size_t)len) != 0) return NULL;
    return s + len;
}

/* Matches the pattern from p against the subject from s; the end of the match or NULL. */
static const char *ls_match(ls_matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    const char *r = NULL;
    for (;;) {
        ls_step(m);
        if (p >= m->pattern_end) { r = s; break; }
        if (*p == '(') {
            if (p + 1 < m->pattern_end && p[1] == ')') r = ls_open_capture(m, s, p + 2, LS_CAP_POSITION);
            else r = ls_open_capture(m, s, p + 1, LS_CAP_UNFINISHED);
            break;
        }
        if (*p == ')') { r = ls_close_capture(m, s, p + 1); break; }
        if (*p == '$' && p + 1 == m->pattern_end) { r = (s == m->subject_end) ? s : NULL; break; }
        if (*p == '%' && p + 1 < m->pattern_end) {
            char k = p[1];
            if (k == 'b') {
                s = ls_balance(m, s, p + 2);
                if (s == NULL) break;
                p += 4;
                continue;
            }
            if (k == 'f') {
                p += 2;
                if (p >= m->pattern_end || *p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                const char *end = ls_class_end(m, p);
                int before = (s == m->subject) ? 0 : (unsigned char)s[-1];
                int here = (s < m->subject_end) ? (unsigned char)*s : 0;
                if (!ls_set_has(m, before, p, end - 1) && ls_set_has(m, here, p, end - 1)) {
                    p = end;
                    continue;
                }
                break;
            }
            if (isdigit((unsigned char)k)) {
                s = ls_backref(m, s, (unsigned char)k);
                if (s == NULL) break;
                p += 2;
                continue;
            }
        }
        /* A single-character class, maybe followed by a repetition. */
        const char *end = ls_class_end(m, p);
        char rep = end < m->pattern_end ? *end : 0;
        if (!ls_single(m, s, p, end)) {
            if (rep == '*' || rep == '?' || rep == '-') { p = end + 1; continue; }
            break; /* r stays NULL */
        }
        if (rep == '?') {
            r = ls_match(m, s + 1, end + 1);
            if (r != NULL) break;
            p = end + 1;
            continue;
        }
        if (rep == '+') { r = ls_greedy(m, s + 1, p, end); break; }
        if (rep == '*') { r = ls_greedy(m, s, p, end); break; }
        if (rep == '-') { r = ls_lazy(m, s, p, end); break; }
        s++;
        p = end;
    }
    m->depth++;
    return r;
}

/* ---- captures ----------------------------------------------------------------------------- */

/* Pushes capture i (or the whole match s..e when there are no captures and i is 0). */
static void ls_push_capture(ls_matcher *m, int i, const char *s, const char *e) {
    if (i >= m->ncaptures) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t len = m->capture[i].len;
    if (len == LS_CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
    if (len == LS_CAP_POSITION) {
        lua_pushinteger(m->L, (lua_Integer)(m->capture[i].start - m->subject) + 1);
    } else {
        lua_pushlstring(m->L, m->capture[i].start, (size_t)len);
    }
}

/* Pushes every capture (or the whole match when s is not NULL and there are none). */
static int ls_push_captures(ls_matcher *m, const char *s, const char *e) {
    int n = (m->ncaptures == 0 && s != NULL) ? 1 : m->ncaptures;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) ls_push_capture(m, i, s, e);
    return n;
}

/* ---- find and match ------------------------------------------------------------------------- */

/* A 1-based position (negative: from the end) as a 0-based offset clamped to 0. */
static size_t ls_start_offset(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos - 1;
    if (pos == 0) return 0;
    if (pos < -(lua_Integer)len) return 0;
    return (size_t)((lua_Integer)len + pos);
}

static int ls_has_specials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++) {
        if (strchr("^$*+?.([%-", p[i]) != NULL && p[i] != 0) return 1;
    }
    return 0;
}

static int ls_find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = ls_start_offset(luaL_optinteger(L, 3, 1), ls);
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !ls_has_specials(p, lp))) {
        /* memmem is linear in the lengths (glibc's two-way search). */
        ls_charge(L, (long long)((ls - init) / 64));
        const char *at = memmem(s + init, ls - init, p, lp);
        if (at == NULL) {
            luaL_pushfail(L);
            return 1;
        }
        lua_pushinteger(L, (lua_Integer)(at - s) + 1);
        lua_pushinteger(L, (lua_Integer)(at - s) + (lua_Integer)lp);
        return 2;
    }
    ls_matcher m;
    int anchored = (lp > 0 && *p == '^');
    if (anchored) { p++; lp--; }
    ls_matcher_init(&m, L, s, ls, p, lp);
    const char *start = s + init;
    do {
        ls_matcher_reset(&m);
        const char *e = ls_match(&m, start, p);
        if (e != NULL) {
            ls_flush_steps(&m);
            if (find) {
                lua_pushinteger(L, (lua_Integer)(start - s) + 1);
                lua_pushinteger(L, (lua_Integer)(e - s));
                return ls_push_captures(&m, NULL, NULL) + 2;
            }
            return ls_push_captures(&m, start, e);
        }
    } while (start++ < m.subject_end && !anchored);
    ls_flush_steps(&m);
    luaL_pushfail(L);
    return 1;
}

static int ls_str_find(lua_State *L) { return ls_find_or_match(L, 1); }
static int ls_str_match(lua_State *L) { return ls_find_or_match(L, 0); }

/* ---- gmatch --------------------------------------------------------------------------------- */

typedef struct ls_gmatch_state {
    const char *next;       /* where the next search starts */
    const char *last_end;   /* end of the last match, to skip an empty match right there */
    const char *pattern;
    ls_matcher m;
} ls_gmatch_state;

static int ls_gmatch_step(lua_State *L) {
    ls_gmatch_state *g = (ls_gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L; /* the iterator may be called from another coroutine */
    for (const char *start = g->next; start <= g->m.subject_end; start++) {
        ls_matcher_reset(&g->m);
        const char *e = ls_match(&g->m, start, g->pattern);
        if (e != NULL && e != g->last_end) {
            g->next = g->last_end = e;
            ls_flush_steps(&g->m);
            return ls_push_captures(&g->m, start, e);
        }
    }
    ls_flush_steps(&g->m);
    g->next = g->m.subject_end + 1;
    return 0;
}

static int ls_str_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = ls_start_offset(luaL_optinteger(L, 3, 1), ls);
    lua_settop(L, 2); /* the subject and the pattern stay alive as upvalues */
    ls_gmatch_state *g = (ls_gmatch_state *)lua_newuserdatauv(L, sizeof(ls_gmatch_state), 0);
    ls_matcher_init(&g->m, L, s, ls, p, lp);
    g->next = init > ls ? s + ls + 1 : s + init;
    g->last_end = NULL;
    g->pattern = p;
    lua_pushcclosure(L, ls_gmatch_step, 3);
    return 1;
}

/* ---- gsub ----------------------------------------------------------------------------------- */

/* Appends the replacement string (argument 3) with %0 .. %9 and %% expanded. */
static void ls_add_string(ls_matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t l;
    const char *r = lua_tolstring(L, 3, &l);
    const char *end = r + l;
    const char *pct;
    while ((pct = memchr(r, '%', (size_t)(end - r))) != NULL) {
        luaL_addlstring(b, r, (size_t)(pct - r));
        pct++;
        if (pct < end && *pct == '%') {
            luaL_addchar(b, '%');
        } else if (pct < end && isdigit((unsigned char)*pct)) {
            if (*pct == '0') {
                luaL_addlstring(b, s, (size_t)(e - s));
            } else {
                ls_push_capture(m, *pct - '1', s, e);
                luaL_tolstring(L, -1, NULL);
                lua_remove(L, -2);
                luaL_addvalue(b);
            }
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        r = pct + 1;
        m->steps += 1;
    }
    luaL_addlstring(b, r, (size_t)(end - r));
}

/* Appends the replacement of the match s..e; returns whether the text changed. */
static int ls_add_replacement(ls_matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = ls_push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        ls_push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        ls_add_string(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int ls_str_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int kind = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
                     3, "string/function/table");
    int anchored = (lp > 0 && *p == '^');
    if (anchored) { p++; lp--; }
    ls_matcher m;
    ls_matcher_init(&m, L, s, ls, p, lp);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const char *at = s;
    const char *last_end = NULL;
    lua_Integer n = 0;
    int changed = 0;
    while (n < max) {
        ls_matcher_reset(&m);
        const char *e = ls_match(&m, at, p);
        if (e != NULL && e != last_end) {
            n++;
            ls_flush_steps(&m);
            changed = ls_add_replacement(&m, &b, at, e, kind) | changed;
            at = last_end = e;
        } else if (at < m.subject_end) {
            luaL_addchar(&b, *at++);
        } else {
            break;
        }
        if (anchored) break;
    }
    ls_flush_steps(&m);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, at, (size_t)(m.subject_end - at));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

/* ---- table.insert, table.remove, table.move ---------------------------------------------- */

/* A table, or a value whose metatable gives the operations these functions use. */
static void ls_check_table(lua_State *L, int arg) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int ok = 0;
    if (lua_getmetatable(L, arg)) {
        ok = 1;
        const char *needed[] = {"__index", "__newindex", "__len"};
        for (int i = 0; i < 3; i++) {
            lua_pushstring(L, needed[i]);
            if (lua_rawget(L, -2) == LUA_TNIL) ok = 0;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (!ok) luaL_checktype(L, arg, LUA_TTABLE);
}

static int ls_tab_insert(lua_State *L) {
    ls_check_table(L, 1);
    lua_Integer first_empty = (lua_Integer)((lua_Unsigned)luaL_len(L, 1) + 1u);
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = first_empty;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)first_empty, 2, "position out of bounds");
        lua_Unsigned moves = (lua_Unsigned)first_empty - (lua_Unsigned)pos;
        ls_charge(L, moves > (lua_Unsigned)LLONG_MAX ? LLONG_MAX : (long long)moves);
        for (lua_Integer i = first_empty; i > pos; i--) {
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int ls_tab_remove(lua_State *L) {
    ls_check_table(L, 1);
    lua_Integer size = luaL_len(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size) /* Lua 5.4.4 names argument 1 in this message */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    if (pos < size) ls_charge(L, size - pos);
    lua_geti(L, 1, pos);
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/* table.move(a1, f, e, t [, a2]): charges e - f + 1 and lets the library do the move. */
static int ls_tab_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    luaL_checkinteger(L, 4);
    if (e >= f) {
        lua_Unsigned count = (lua_Unsigned)e - (lua_Unsigned)f + 1u;
        ls_charge(L, count > (lua_Unsigned)LLONG_MAX ? LLONG_MAX : (long long)count);
    }
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* ---- installing ------------------------------------------------------------------------------ */

static void ls_replace_field(lua_State *L, const char *library, const char *name, lua_CFunction fn, int keep_original) {
    if (lua_getglobal(L, library) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    if (keep_original) {
        lua_getfield(L, -1, name);
        lua_pushcclosure(L, fn, 1);
    } else {
        lua_pushcfunction(L, fn);
    }
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

void ls_open_guards(lua_State *L) {
    ls_replace_field(L, "string", "find", ls_str_find, 0);
    ls_replace_field(L, "string", "match", ls_str_match, 0);
    ls_replace_field(L, "string", "gmatch", ls_str_gmatch, 0);
    ls_replace_field(L, "string", "gsub", ls_str_gsub, 0);
    ls_replace_field(L, "table", "insert", ls_tab_insert, 0);
    ls_replace_field(L, "table", "remove", ls_tab_remove, 0);
    ls_replace_field(L, "table", "move", ls_tab_move, 1);
    ls_open_charges(L);
}
