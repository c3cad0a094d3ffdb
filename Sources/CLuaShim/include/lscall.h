/* lscall: entering Lua from the host and the host from Lua: protected calls and text
 * chunks under the limits (lscall.c), and host functions behind a trampoline that raises
 * their errors only after they returned (lstrampoline.c). */
#ifndef LSCALL_H
#define LSCALL_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* A Swift function called from Lua. Returns the number of results it pushed, or
 * a negative number after pushing one error value: the trampoline then raises it. */
typedef int (*ls_host_function)(lua_State *L, void *context);

/* Calls the function below nargs arguments under the message handler, the budget and the
 * memory cap. Never raises. On error leaves one message (with traceback) on the stack. */
int ls_pcall(lua_State *L, int nargs, int nresults);

/* Loads a text chunk (binary chunks are refused). Never raises on a memory-capped state:
 * the cap is applied and a failure is reported as a status. */
int ls_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname);

/* Pushes a C closure that calls fn(L, context) and raises its error after it returned. */
void ls_pushhostfunction(lua_State *L, ls_host_function fn, void *context);

#endif
