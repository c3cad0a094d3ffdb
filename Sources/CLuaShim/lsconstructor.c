/* lsconstructor: table constructors that record where they were called (lsconstructor.h).
 *
 * A constructor is a global C function installed under a name the host chooses, with the
 * kind it stamps on its table (`toggle { ... }` sets type = "toggle" unless given). It
 * records, in weak tables of the registry, the line and chunk of the call and, for a call
 * made inside a function, the chain of calls that led to it, so a diagnostic about the table
 * can name the line the author wrote.
 */
#include "luashim.h"
#include "lsprivate.h"

static const char LS_LINES_KEY = 'l';
static const char LS_SOURCES_KEY = 's';
static const char LS_CALLERS_KEY = 'c';

/* The calls that led to a constructor called inside a function (a helper that builds rows), as
 * "source\037line\036" for each Lua frame from level `level` up to the first main chunk (at
 * most 32), so a diagnostic can add "note: called from here" lines. Nothing is recorded for a
 * constructor called from a main chunk, so scripts written row by row pay nothing. */
static void ls_record_callers(lua_State *L, int level) {
    luaL_Buffer b;
    lua_Debug ar;
    int frames = 0;
    luaL_buffinit(L, &b);
    for (; frames < 32 && lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue; /* C functions: pcall, ... */
        luaL_addstring(&b, ar.source);
        luaL_addchar(&b, '\037');
        lua_pushinteger(L, ar.currentline);
        luaL_addvalue(&b);
        luaL_addchar(&b, '\036');
        frames++;
        if (ar.what[0] == 'm') break; /* "main": the chunk that started it */
    }
    luaL_pushresult(&b);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_CALLERS_KEY);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    lua_pop(L, 2);
}

/* Registers a new table with weak keys under key. */
static void ls_weaktable(lua_State *L, const void *key) {
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}

/* A constructor: upvalue 1 its name, upvalue 2 the kind it stamps on its table. */
static int ls_constructor(lua_State *L) {
    const char *name = lua_tostring(L, lua_upvalueindex(1));
    if (lua_type(L, 1) != LUA_TTABLE) {
        return luaL_error(L, "%s expects a table: write %s { ... }", name, name);
    }
    lua_settop(L, 1);
    lua_pushliteral(L, "type");
    if (lua_rawget(L, 1) == LUA_TNIL) {
        lua_pushliteral(L, "type");
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_rawset(L, 1);
    }
    lua_pop(L, 1);
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
        /* The first place recorded makes the weak tables every constructor records in (a
         * script of plain tables never needs them). */
        if (lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_LINES_KEY) != LUA_TTABLE) {
            ls_weaktable(L, &LS_LINES_KEY);
            ls_weaktable(L, &LS_SOURCES_KEY);
            ls_weaktable(L, &LS_CALLERS_KEY);
        }
        lua_pop(L, 1);
        ls_limits_in(L)->constructed++;
        lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_LINES_KEY);
        lua_pushvalue(L, 1);
        lua_pushinteger(L, ar.currentline);
        lua_rawset(L, -3);
        lua_pop(L, 1);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_SOURCES_KEY);
        lua_pushvalue(L, 1);
        lua_pushstring(L, ar.source);
        lua_rawset(L, -3);
        lua_pop(L, 1);
        if (ar.what[0] != 'm') ls_record_callers(L, 2);
    }
    return 1;
}

void ls_install_constructor(lua_State *L, const char *name, const char *kind) {
    lua_pushstring(L, name);
    lua_pushstring(L, kind);
    lua_pushcclosure(L, ls_constructor, 2);
    lua_setglobal(L, name);
}

int ls_constructor_line(lua_State *L, int idx, const char **source) {
    int line = 0;
    *source = NULL;
    if (ls_limits_in(L)->constructed == 0) return 0; /* plain tables only: nothing recorded */
    idx = lua_absindex(L, idx);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_LINES_KEY) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, -2) == LUA_TNUMBER) line = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (line > 0 && lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_SOURCES_KEY) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, -2) == LUA_TSTRING) *source = lua_tostring(L, -1);
        lua_pop(L, 1); /* the string stays alive: the table keeps it while idx lives */
    }
    if (line > 0) lua_pop(L, 1);
    return line;
}

const char *ls_constructor_callers(lua_State *L, int idx, size_t *len) {
    const char *chain = NULL;
    *len = 0;
    if (ls_limits_in(L)->constructed == 0) return NULL;
    idx = lua_absindex(L, idx);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_CALLERS_KEY) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, -2) == LUA_TSTRING) chain = lua_tolstring(L, -1, len);
        lua_pop(L, 1); /* the string stays alive: the weak table keeps it while idx lives */
    }
    lua_pop(L, 1);
    return chain;
}
