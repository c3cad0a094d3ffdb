/* lsconstructor: table constructors that record where they were called (lsconstructor.c).
 * The host chooses their names and kinds. */
#ifndef LSCONSTRUCTOR_H
#define LSCONSTRUCTOR_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* Installs the global `name`: a function that takes a table, sets its `type` field to
 * `kind` unless it has one, records the line (and, inside a function, the calls) it was
 * called from, and returns the table. Not from inside a protected call. */
void ls_install_constructor(lua_State *L, const char *name, const char *kind);
/* The line recorded for the table at idx by a constructor (0 when none) and, through
 * *source, the chunk name it was recorded in. Leaves the stack as it was. Never raises. */
int ls_constructor_line(lua_State *L, int idx, const char **source);
/* The calls that led to the constructor of the table at idx when it was called inside a
 * function: "source\037line\036" a frame, innermost first, up to a main chunk; NULL if none. */
const char *ls_constructor_callers(lua_State *L, int idx, size_t *len);

#endif
