/* lsguard_string: string.find, match, gmatch and gsub, which can loop in C for a very long
 * time without allocating (backtracking patterns, naive plain searches), rewritten on the
 * counting matcher of lspattern.c; plain searches use memmem (linear). Installed by
 * ls_open_guards (lsguard.c).
 */
#define _GNU_SOURCE
#include "lspattern.h"
#include "lsprivate.h"
#include <ctype.h>
#include <string.h>

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
    /* The scan for specials and memmem's preparation read the whole pattern, however short
     * the subject: charged like the subject, so a huge needle cannot be searched for free. */
    ls_charge(L, (long long)(lp / 64));
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

/* Installs the four (part of ls_open_guards). */
void ls_open_string_guards(lua_State *L) {
    ls_wrap_library_function(L, "string", "find", ls_str_find, 0);
    ls_wrap_library_function(L, "string", "match", ls_str_match, 0);
    ls_wrap_library_function(L, "string", "gmatch", ls_str_gmatch, 0);
    ls_wrap_library_function(L, "string", "gsub", ls_str_gsub, 0);
}
