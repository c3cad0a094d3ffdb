/* lsguard_table: table.insert, remove and move, which can loop over empty slots for a very
 * long time (`table.move({}, 1, 1e12, 2)`), made to charge each slot they move to the budget.
 * Installed by ls_open_guards (lsguard.c).
 */
#include "luashim.h"
#include "lsprivate.h"
#include <limits.h>

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

/* Installs the three (part of ls_open_guards). */
void ls_open_table_guards(lua_State *L) {
    ls_wrap_library_function(L, "table", "insert", ls_tab_insert, 0);
    ls_wrap_library_function(L, "table", "remove", ls_tab_remove, 0);
    ls_wrap_library_function(L, "table", "move", ls_tab_move, 1);
}
