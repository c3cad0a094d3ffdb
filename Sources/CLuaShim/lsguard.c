/* lsguard: installing the guarded library functions (lsguard.h, ls_open_guards).
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
 * ls_open_guards replaces string.find, string.match, string.gmatch, string.gsub
 * (lsguard_string.c, on the counting matcher of lspattern.c), table.insert, table.remove and
 * table.move (lsguard_table.c) with versions that charge their work to the budget of the
 * current entry and raise the budget's error when it runs out, and wraps the other looping
 * library functions so they pay before they work (lscharge.c). Results and error messages
 * are those of Lua 5.4.
 */
#include "luashim.h"
#include "lsprivate.h"

void ls_wrap_library_function(lua_State *L, const char *library, const char *name, lua_CFunction fn, int keep_original) {
    if (lua_getglobal(L, library) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    if (lua_getfield(L, -1, name) == LUA_TNIL) {
        lua_pop(L, 2);
        return;
    }
    if (keep_original) {
        lua_pushcclosure(L, fn, 1);
    } else {
        lua_pop(L, 1);
        lua_pushcfunction(L, fn);
    }
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

void ls_open_guards(lua_State *L) {
    ls_open_string_guards(L);
    ls_open_table_guards(L);
    ls_open_charges(L);
}
