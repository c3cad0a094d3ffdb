/* lstrampoline: Swift functions called from Lua (lscall.h, ls_pushhostfunction).
 *
 * A host function returns a status instead of raising; the C trampoline around it raises
 * the error only after Swift has returned, so no longjmp ever crosses a Swift frame. A call
 * from a coroutine is carried over to the main thread, where the host reads and pushes.
 */
#include "luashim.h"
#include "lsprivate.h"

static const char LS_HOST_ERROR = 'e';

/* Runs on the main thread, in a C frame of its own (arguments at 1..n, as the host expects):
 * calls the Swift function; on its error returns the marker and the error value. Never raises
 * (the cap is lifted and Swift only returns a status). */
static int ls_host_frame(lua_State *L) {
    ls_host_function fn = (ls_host_function)lua_touserdata(L, lua_upvalueindex(1));
    void *context = lua_touserdata(L, lua_upvalueindex(2));
    lua_checkstack(L, 20);
    int n = fn(L, context);
    if (n < 0) {
        lua_pushlightuserdata(L, (void *)&LS_HOST_ERROR);
        lua_insert(L, -2);
        return 2;
    }
    return n;
}

/* The Lua side of every host function. The host reads and pushes on the main thread (its
 * LuaState.stack, the validator, the calls it makes into Lua), so a call made from a
 * coroutine is carried over: the arguments move to a fresh C frame on the main thread, and
 * the results come back. Before, host code given a coroutine's stack mixed it with the main
 * thread's: ctx:insert_row(...) from inside coroutine.wrap had the validator read a main
 * thread slot as the row table, and lua_next/lua_rawget on a non-table crashed (SIGSEGV). */
static int ls_trampoline(lua_State *L) {
    ls_limits *lim = ls_limits_in(L);
    lua_State *M = lim->main;
    int enforce = lim->enforce;
    lim->enforce = 0; /* the host's own pushes never hit the cap, so they never raise */
    int clock_was_on = lim->pool->clock_on;
    ls_clock_stop(lim->pool); /* the host's own time is not the script's */
    int n;
    if (L == M || M == NULL) {
        ls_host_function fn = (ls_host_function)lua_touserdata(L, lua_upvalueindex(1));
        void *context = lua_touserdata(L, lua_upvalueindex(2));
        lua_checkstack(L, 20);
        n = fn(L, context);
    } else {
        int nargs = lua_gettop(L);
        if (!lua_checkstack(M, nargs + 24)) {
            lim->enforce = enforce;
            if (clock_was_on) ls_clock_start(lim->pool);
            return luaL_error(L, "stack overflow (calling the host from a coroutine)");
        }
        int base = lua_gettop(M);
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_xmove(L, M, 2);
        lua_pushcclosure(M, ls_host_frame, 2);
        lua_xmove(L, M, nargs);
        int status = lua_pcall(M, nargs, LUA_MULTRET, 0);
        int nresults = lua_gettop(M) - base;
        if (status != LUA_OK) {
            n = -1; /* only a real out-of-memory: pass its message on */
        } else if (nresults == 2 && lua_touserdata(M, base + 1) == (void *)&LS_HOST_ERROR) {
            lua_remove(M, base + 1);
            nresults = 1;
            n = -1;
        } else {
            n = nresults;
        }
        if (!lua_checkstack(L, nresults + 4)) {
            lua_settop(M, base);
            lim->enforce = enforce;
            if (clock_was_on) ls_clock_start(lim->pool);
            return luaL_error(L, "stack overflow (results of a host function)");
        }
        lua_xmove(M, L, nresults);
        lua_settop(M, base);
    }
    lim->enforce = enforce;
    if (clock_was_on) ls_clock_start(lim->pool);
    if (lim->pool->exhausted && lim->pool->budget > 0) {
        /* The budget ran out in another state of the pool (a test's session): the caller's
         * next instruction raises too. */
        lua_sethook(L, ls_count_hook, LUA_MASKCOUNT, 1);
    }
    if (lim->pool->host_failed) {
        /* The host refused to copy a value out of Lua (ls_host_charge): whatever it pushed is
         * dropped, and the script gets the memory error instead, at the script's line (not
         * the prelude's, for print). */
        if (n > 0) lua_pop(L, n);
        else if (n < 0) lua_pop(L, 1);
        ls_script_where(L);
        lua_pushfstring(L, "memory limit exceeded (%I bytes): the script makes the host copy too much data (%s)",
                        (lua_Integer)lim->pool->limit, lim->pool->memory_advice);
        lua_concat(L, 2);
        lim->host_error = lua_tostring(L, -1);
        return lua_error(L);
    }
    if (n < 0) {
        /* Swift has returned: raising is safe here. Name the script's line, as luaL_error does. */
        if (lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
            lim->host_error = lua_tostring(L, -1);
        }
        return lua_error(L);
    }
    return n;
}

void ls_pushhostfunction(lua_State *L, ls_host_function fn, void *context) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushlightuserdata(L, context);
    lua_pushcclosure(L, ls_trampoline, 2);
}
