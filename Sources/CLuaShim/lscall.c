/* lscall: entering Lua from the host (lscall.h): protected calls under a message handler,
 * the budget and the cap, and loading text chunks.
 *
 * The message handler is C, so an error never runs Swift code; it adds a traceback and
 * turns any error value into a string (a __tostring metamethod runs under the limits).
 */
#include "luashim.h"
#include "lsprivate.h"
#include "lscoverage.h"

/* ---- message handler ------------------------------------------------------------------ */

static int ls_tostring_call(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

static int ls_msgh(lua_State *L) {
    ls_limits *lim = ls_limits_in(L);
    lim->enforce = 0; /* the host's own text (message, traceback) must not fail for lack of memory */
    const char *msg = NULL;
    int t = lua_type(L, 1);
    if (t == LUA_TSTRING || t == LUA_TNUMBER) {
        msg = lua_tostring(L, 1);
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
            msg = lua_tostring(L, -1);
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
    int status = luaL_loadbufferx(L, buffer, size, chunkname, "t");
    lim->enforce = enforce;
    return status;
}
