/* lsmemory: the capped allocator's accounting of what the host copies out of Lua
 * (lsmemory.c). The cap itself is the pool's limit (lsstate.h). */
#ifndef LSMEMORY_H
#define LSMEMORY_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* Charges `size` bytes the host is about to copy out of Lua against the pool's cap (the
 * host may hold as much as Lua itself; strings under 64 bytes are free). Returns 1 when it may copy them; 0 when the copy
 * is refused: the action is marked, the host copies nothing, and the host function's
 * trampoline (or the caller of the action) reports "memory limit exceeded". */
int ls_host_charge(lua_State *L, size_t size);
/* Says how many bytes copied out of this state the host keeps across actions (its model, the
 * rows a script inserted, the values it stored): they count against the cap of every later
 * copy, until the host says it keeps less. An increase is taken as copied in this action:
 * it moves from the action's copies to the kept ones. */
void ls_host_keep(lua_State *L, size_t bytes);
/* Gives back what ls_host_charge charged for a copy of `size` bytes the host has dropped
 * (print's text, once printed). */
void ls_host_release(lua_State *L, size_t size);
/* Whether a copy out of Lua was refused in the current action. */
int ls_host_failed(lua_State *L);

#endif
