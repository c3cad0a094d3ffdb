/* lsmacros: static inline wrappers for Lua's function-like macros, which Swift cannot
 * import: each does what the macro it is named for does. */
#ifndef LSMACROS_H
#define LSMACROS_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

static inline int ls_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int ls_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void ls_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void ls_newtable(lua_State *L) { lua_newtable(L); }
static inline void ls_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void ls_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void ls_replace(lua_State *L, int idx) { lua_replace(L, idx); }
static inline const char *ls_tolstring(lua_State *L, int idx, size_t *len) { return lua_tolstring(L, idx, len); }
static inline int ls_isinteger(lua_State *L, int idx) { return lua_isinteger(L, idx); }
static inline void ls_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int ls_gc_count_kb(lua_State *L) { return lua_gc(L, LUA_GCCOUNT, 0); }
static inline void ls_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT, 0); }
static inline int ls_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
static inline void ls_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }
static inline int ls_rawgetref(lua_State *L, int ref) { return lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
static inline int ls_noref(void) { return LUA_NOREF; }

#endif
