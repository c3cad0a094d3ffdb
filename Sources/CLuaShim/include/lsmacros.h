/* lsmacros: static inline wrappers for Lua's function-like macros, which Swift cannot
 * import: each does what the macro it is named for does. */
#ifndef LSMACROS_H
#define LSMACROS_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* The pseudo-index of the registry (LUA_REGISTRYINDEX). */
static inline int ls_registryindex(void) { return LUA_REGISTRYINDEX; }
/* The pseudo-index of upvalue i of the running C function. */
static inline int ls_upvalueindex(int i) { return lua_upvalueindex(i); }
/* Pops n values. */
static inline void ls_pop(lua_State *L, int n) { lua_pop(L, n); }
/* Pushes a new empty table. */
static inline void ls_newtable(lua_State *L) { lua_newtable(L); }
/* Moves the top value to idx, shifting the ones above up. */
static inline void ls_insert(lua_State *L, int idx) { lua_insert(L, idx); }
/* Removes the value at idx, shifting the ones above down. */
static inline void ls_remove(lua_State *L, int idx) { lua_remove(L, idx); }
/* Pops the top value into slot idx. */
static inline void ls_replace(lua_State *L, int idx) { lua_replace(L, idx); }
/* The string (or number, converted in place) at idx and its length; NULL for others. */
static inline const char *ls_tolstring(lua_State *L, int idx, size_t *len) { return lua_tolstring(L, idx, len); }
/* Whether the value at idx is an integer number. */
static inline int ls_isinteger(lua_State *L, int idx) { return lua_isinteger(L, idx); }
/* Pushes the global table. */
static inline void ls_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
/* Kilobytes Lua holds now. */
static inline int ls_gc_count_kb(lua_State *L) { return lua_gc(L, LUA_GCCOUNT, 0); }
/* Runs a full garbage collection. */
static inline void ls_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT, 0); }
/* Stops the collector (while the host sets a state up: what it makes stays alive). */
static inline void ls_gc_stop(lua_State *L) { lua_gc(L, LUA_GCSTOP, 0); }
/* Starts the collector again after ls_gc_stop. */
static inline void ls_gc_restart(lua_State *L) { lua_gc(L, LUA_GCRESTART, 0); }
/* Pops the top value into the registry; its reference (LUA_REFNIL for nil). */
static inline int ls_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
/* Releases a reference ls_ref returned. */
static inline void ls_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }
/* Pushes the value a reference keeps; its type. */
static inline int ls_rawgetref(lua_State *L, int ref) { return lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
/* The reference that refers to nothing (LUA_NOREF). */
static inline int ls_noref(void) { return LUA_NOREF; }

#endif
