/* lssandbox: the sandbox's replacements for base functions (lssandbox.h): a text-only
 * `load`, a `setmetatable` that refuses finalizers, and where(), the script line the
 * sandbox's own Lua prelude names in its errors.
 */
#include "luashim.h"
#include "lsprivate.h"
#include <string.h>

/* load(chunk [, chunkname [, mode [, env]]]) with mode forced to text and env defaulting
 * to the sandbox's globals. */
static int ls_safe_load(lua_State *L) {
    int nargs = lua_gettop(L);
    /* The parser's scan of a text chunk is charged as a scan (its allocations, by the cap). */
    if (lua_type(L, 1) == LUA_TSTRING) ls_charge(L, (long long)(lua_rawlen(L, 1) / 16));
    lua_pushvalue(L, lua_upvalueindex(1)); /* the real load */
    lua_pushvalue(L, 1);
    if (nargs >= 2 && !lua_isnil(L, 2)) lua_pushvalue(L, 2); else lua_pushliteral(L, "=(load)");
    lua_pushliteral(L, "t");
    if (nargs >= 4) lua_pushvalue(L, 4); else lua_pushglobaltable(L);
    lua_call(L, 4, 2);
    return 2;
}

/* setmetatable(t, mt) refusing a metatable with a __gc field. Lua runs finalizers with debug
 * hooks off (lgc.c, GCTM), so the count hook never fires in a __gc: a finalizer that loops
 * would hang the host, during any collection or at lua_close, and one that allocates runs
 * wherever the collector happens to be, even while the host has lifted the cap. An object
 * is marked for finalization only when its metatable has a __gc field at the time
 * setmetatable is called, so refusing such metatables here means no finalizer ever runs. */
static int ls_safe_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int has_gc = lua_rawget(L, 2) != LUA_TNIL;
        lua_pop(L, 1);
        if (has_gc) {
            return luaL_error(L, "setmetatable: a metatable with __gc is not allowed in this sandbox "
                                 "(finalizers would run outside the instruction budget)");
        }
    }
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}

void ls_open_sandbox_helpers(lua_State *L) {
    lua_getglobal(L, "load");
    lua_pushcclosure(L, ls_safe_load, 1);
    lua_setglobal(L, "load");
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, ls_safe_setmetatable, 1);
    lua_setglobal(L, "setmetatable");
}

/* where(): "file:line: " of the innermost caller that is script code, skipping the host's
 * prelude (LS_HOST_CHUNK), or "" when there is none. The prelude's require raises with it:
 * error(msg, 2) named the prelude itself ("luascreen:20:") when require was tail-called
 * (`return require("x")`), since a tail call leaves no frame of the caller. */
int ls_script_where(lua_State *L) {
    lua_Debug d;
    for (int level = 1; lua_getstack(L, level, &d); level++) {
        if (!lua_getinfo(L, "Sl", &d) || d.currentline <= 0) continue;
        if (ls_is_host_chunk(d.source)) continue;
        lua_pushfstring(L, "%s:%d: ", d.short_src, d.currentline);
        return 1;
    }
    lua_pushliteral(L, "");
    return 1;
}
