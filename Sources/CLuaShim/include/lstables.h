/* lstables: reading script tables fast without raising (lstables.c). */
#ifndef LSTABLES_H
#define LSTABLES_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* Copies the value of each string key of the table at `table` into the stack slot
 * base + id, where id is what the table at `fields` maps the key to (name -> integer).
 * Sets bit id of *present for each field found, and sets to nil each slot base + id whose
 * bit is in `clear` but was not found. Returns how many keys are not in `fields`
 * (or not strings). Raw access only: never raises. */
int ls_collect_fields(lua_State *L, int table, int fields, int base, unsigned long long clear, unsigned long long *present);

/* A row's default id from its text: lowercased, each run of characters other than a-z and
 * 0-9 made one '_', trimmed of '_'. Writes at most n bytes to out; returns the length. */
size_t ls_slug(const char *text, size_t n, char *out);

#endif
