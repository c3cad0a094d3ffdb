/* lscall: entering Lua from the host (lscall.h): protected calls under a message handler,
 * the budget and the cap, and loading text chunks.
 *
 * The message handler is C, so an error never runs Swift code; it adds a traceback and
 * turns any error value into a string (a __tostring metamethod runs under the limits).
 */
#include <string.h>
#include <ctype.h>
#include "luashim.h"
#include "lsprivate.h"
#include "lscoverage.h"

/* ---- message handler ------------------------------------------------------------------ */

static int ls_tostring_call(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

/* The most characters of an error value the script made that an error message keeps (SPEC
 * §7: a diagnostic quotes at most 200 characters of what the script supplied): the first and
 * the last half, `…` between. The "chunk:line: " in front is the host's and is kept. */
#define LS_MESSAGE_QUOTE 200

static int ls_is_lead(char c) { return ((unsigned char)c & 0xC0) != 0x80; }

/* msg (len bytes) as it is, or cut to LS_MESSAGE_QUOTE characters after its location. */
static const char *ls_capped_message(lua_State *L, const char *msg, size_t len) {
    if (len <= LS_MESSAGE_QUOTE) return msg;
    size_t prefix = 0;
    for (size_t i = 0; i + 1 < len && i < 1024 && msg[i] != '\n'; i++) {
        if (msg[i] != ':' || !isdigit((unsigned char)msg[i + 1])) continue;
        size_t j = i + 1;
        while (j < len && isdigit((unsigned char)msg[j])) j++;
        if (j + 1 < len && msg[j] == ':' && msg[j + 1] == ' ') { prefix = j + 2; break; }
    }
    const char *body = msg + prefix;
    size_t size = len - prefix, chars = 0;
    for (size_t i = 0; i < size && chars <= LS_MESSAGE_QUOTE; i++) chars += ls_is_lead(body[i]);
    if (chars <= LS_MESSAGE_QUOTE) return msg;
    size_t head = 0, counted = 0;
    while (head < size) {
        if (ls_is_lead(body[head])) { if (counted == LS_MESSAGE_QUOTE / 2) break; counted++; }
        head++;
    }
    size_t tail = size;
    counted = 0;
    while (tail > head) {
        tail--;
        if (ls_is_lead(body[tail]) && ++counted == LS_MESSAGE_QUOTE / 2) break;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addlstring(&b, msg, prefix + head);
    luaL_addstring(&b, "\xE2\x80\xA6"); /* … */
    luaL_addlstring(&b, body + tail, size - tail);
    luaL_pushresult(&b);
    return lua_tostring(L, -1);
}

static int ls_msgh(lua_State *L) {
    ls_limits *lim = ls_limits_in(L);
    lim->enforce = 0; /* the host's own text (message, traceback) must not fail for lack of memory */
    const char *msg = NULL;
    int t = lua_type(L, 1);
    const char *host = lim->host_error;
    lim->host_error = NULL;
    if (t == LUA_TSTRING || t == LUA_TNUMBER) {
        size_t len;
        msg = lua_tolstring(L, 1, &len);
        /* An error the script made (error(s), a failed operation on its data) is cut; the
         * host's own message (an assertion's report, a snapshot's diff) is whole. */
        if (t == LUA_TNUMBER || msg != host) msg = ls_capped_message(L, msg, len);
    } else if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
        /* __tostring is the script's code: it runs under the cap and the budget like any
         * other (a __tostring that loops or builds gigabytes just fails). */
        lua_pop(L, 1);
        lua_pushcfunction(L, ls_tostring_call);
        lua_pushvalue(L, 1);
        lim->enforce = 1;
        int status = lua_pcall(L, 1, 1, 0);
        lim->enforce = 0;
        if (status == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
            size_t len;
            msg = lua_tolstring(L, -1, &len);
            msg = ls_capped_message(L, msg, len);
        } else {
            lua_pop(L, 1);
            msg = lua_pushfstring(L, "(error object is a %s value whose __tostring failed)",
                                  luaL_typename(L, 1));
        }
    } else {
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}


/* ---- protected calls ------------------------------------------------------------------ */

int ls_pcall(lua_State *L, int nargs, int nresults) {
    ls_limits *lim = ls_limits_in(L);
    ls_pool *pool = lim->pool;
    int base = lua_gettop(L) - nargs;
    if (!lua_checkstack(L, 4)) return LUA_ERRMEM;
    lua_pushcfunction(L, ls_msgh);
    lua_insert(L, base);
    int enforce = lim->enforce;
    if (pool->depth == 0 && pool->actions == 0) ls_pool_reset(pool);
    if (lim->depth == 0) {
        lim->memory_failed = 0;
        lim->where[0] = 0;
        /* Out of budget already in this action: the first instruction raises. */
        int step = (pool->budget > 0 && pool->remaining <= 0) ? 1 : LS_HOOK_STEP;
        lua_sethook(L, ls_count_hook, LUA_MASKCOUNT | ls_coverage_mask(), step);
    }
    ls_pool *running = ls_running_pool;
    ls_running_pool = pool;
    pool->depth++;
    lim->depth++;
    lim->enforce = 1;
    int clock_was_on = pool->clock_on;
    ls_clock_start(pool);
    int status = lua_pcall(L, nargs, nresults, base);
    if (!clock_was_on) ls_clock_stop(pool);
    lim->enforce = enforce;
    lim->depth--;
    pool->depth--;
    ls_running_pool = running;
    lua_remove(L, base);
    return status;
}

int ls_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname) {
    ls_limits *lim = ls_limits_in(L);
    ls_pool *pool = lim->pool;
    int enforce = lim->enforce;
    if (lim->depth == 0) { lim->memory_failed = 0; lim->where[0] = 0; }
    if (pool->depth == 0 && pool->actions == 0) ls_pool_reset(pool);
    lim->enforce = 1;
    /* No collection while compiling: what the parser makes stays reachable until it is done
     * (its strings are anchored in its scanner's table, its prototypes in the closure), so
     * incremental steps would only mark it again and again (15 M instructions on a 6 MB
     * screen). The cap still holds: an allocation it refuses runs Lua's emergency
     * collection as before. */
    int collecting = lua_gc(L, LUA_GCISRUNNING);
    if (collecting) lua_gc(L, LUA_GCSTOP);
    /* A file's first line starting with '#' (`#!/usr/bin/env luascreen`) is skipped, as
     * luaL_loadfilex does for plain lua; its line end stays, so line numbers are the file's. */
    if (chunkname != NULL && chunkname[0] == '@' && size > 0 && buffer[0] == '#') {
        const char *end = memchr(buffer, '\n', size);
        size_t skipped = end != NULL ? (size_t)(end - buffer) : size;
        buffer += skipped;
        size -= skipped;
    }
    int status = luaL_loadbufferx(L, buffer, size, chunkname, "t");
    if (collecting) lua_gc(L, LUA_GCRESTART);
    lim->enforce = enforce;
    return status;
}
