/* lssafelibs: the standard libraries a sandbox that is not trusted opens (lssandbox.h,
 * ls_open_safe_libraries), in one C call: the same steps, in the same order, as the Swift
 * that did it (so every table is built as before, down to the order `pairs` walks it),
 * without a Swift string converted for each name.
 */
#include "luashim.h"
#include "lsprivate.h"

/* Pops the top value into the global `name`, raw (as LuaStack.setGlobal). */
static void ls_raw_setglobal(lua_State *L, const char *name) {
    lua_pushglobaltable(L);
    lua_rotate(L, -2, 1);
    lua_pushstring(L, name);
    lua_rotate(L, -2, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

void ls_open_safe_libraries(lua_State *L) {
    static const luaL_Reg libraries[] = {
        { "_G", luaopen_base }, { "string", luaopen_string }, { "table", luaopen_table },
        { "math", luaopen_math }, { "utf8", luaopen_utf8 }, { "coroutine", luaopen_coroutine },
    };
    for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; i++) {
        luaL_requiref(L, libraries[i].name, libraries[i].func, 1);
        lua_pop(L, 1);
    }
    static const char *const unsafe[] = { "dofile", "loadfile", "collectgarbage" };
    for (size_t i = 0; i < sizeof unsafe / sizeof unsafe[0]; i++) {
        lua_pushnil(L);
        ls_raw_setglobal(L, unsafe[i]);
    }
    lua_getglobal(L, "string");
    lua_pushnil(L);
    lua_pushliteral(L, "dump");
    lua_rotate(L, -2, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    /* os: only the clock and calendar functions, in a table of their own. */
    luaL_requiref(L, "os", luaopen_os, 0);
    lua_newtable(L);
    static const char *const clock[] = { "time", "clock", "date", "difftime" };
    for (size_t i = 0; i < sizeof clock / sizeof clock[0]; i++) {
        lua_pushstring(L, clock[i]);
        lua_rawget(L, -3);
        lua_pushstring(L, clock[i]);
        lua_rotate(L, -2, 1);
        lua_rawset(L, -3);
    }
    ls_raw_setglobal(L, "os");
    lua_pop(L, 1);
    ls_open_sandbox_helpers(L);
}
