/* lssandbox: what makes a state a sandbox beyond the choice of libraries: the safe base
 * functions (lssandbox.c) and the library functions that loop in C made to pay their work
 * to the budget (lsguard*.c, lspattern.c, lscharge.c). */
#ifndef LSSANDBOX_H
#define LSSANDBOX_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* The chunk name of the host's own Lua code (the sandbox's prelude): errors and limits name
 * the script's line, never a line of it. */
#define LS_HOST_CHUNK "=luascreen"

/* Opens what a sandbox that is not trusted has: base functions less dofile, loadfile and
 * collectgarbage, string less dump, table, math, utf8, coroutine, os.time, os.clock,
 * os.date and os.difftime, and the safe base functions below (lssafelibs.c). */
void ls_open_safe_libraries(lua_State *L);

/* The sandbox's safe `load` (text only, default environment the globals) and `setmetatable`
 * (no __gc: finalizers run with hooks off, outside the budget). */
void ls_open_sandbox_helpers(lua_State *L);

/* Replaces string.find/match/gmatch/gsub and table.insert/remove/move, which can loop in C
 * for a very long time without allocating, with versions that charge their work to the
 * instruction budget (lsguard_string.c, lsguard_table.c), and wraps the other library
 * functions whose C code loops (string.rep, format, upper, ..., table.concat, sort, unpack,
 * utf8.*) so they charge before they work (lscharge.c). For every state, trusted or not. */
void ls_open_guards(lua_State *L);
/* A lua_CFunction returning "file:line: " of the innermost script frame (not the host's
 * LS_HOST_CHUNK prelude), or "". */
int ls_script_where(lua_State *L);
/* A lua_CFunction: given (hostprint, hostload, where), runs the host's Lua prelude, which
 * defines the globals print and require (lsprelude.c: compiled once a process, loaded into
 * each state as the same binary chunk). */
int ls_run_prelude(lua_State *L);

#endif
