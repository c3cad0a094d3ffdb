/* lstables: reading script tables fast without raising (lstables.c). */
#ifndef LSTABLES_H
#define LSTABLES_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* Slots of a field set's table (at most half of them taken), and the longest name it holds:
 * Lua keeps one copy of each string up to 40 bytes (LUAI_MAXSHORTLEN), so such a name is
 * found by its pointer alone. */
#define LS_FIELDSET_SLOTS 256
#define LS_FIELDSET_MAX_NAME 40

/* Field names matched by identity: the interned strings of a Lua table's keys (name ->
 * slot number 0 to 255), by pointer, in open addressing. Valid while that table (which keeps
 * the strings alive) is kept and its state is open. */
typedef struct ls_fieldset {
    const char *name[LS_FIELDSET_SLOTS];
    unsigned char id[LS_FIELDSET_SLOTS];
} ls_fieldset;

/* A field set of `count` names (at most LS_FIELDSET_SLOTS / 2), given one after another in
 * `names`, each ended by a NUL byte, with their ids (0 to 255) in `ids`; pushes the table
 * (an array of the names' strings) that keeps them alive. NULL, with nothing pushed, when
 * out of memory or when a name is longer than LS_FIELDSET_MAX_NAME. Free it with
 * ls_fieldset_free (the table is the caller's to keep while the set is used). */
ls_fieldset *ls_fieldset_build(lua_State *L, const char *names, const unsigned char *ids, int count);
void ls_fieldset_free(ls_fieldset *set);

/* The id in `set` of the string at `index`, or -1 when it is not a string the set holds. */
int ls_fieldset_find(lua_State *L, int index, const ls_fieldset *set);

/* Copies the value of each string key of the table at `table` that `set` holds into the
 * stack slot base + id (its id in the set), and sets bit id of *present for each field
 * found (a slot whose bit is clear keeps what it held). Returns how many keys are not in
 * the set (or not strings), -1 when the stack cannot grow. Raw access only: never raises. */
int ls_collect_fields(lua_State *L, int table, const ls_fieldset *set, int base, unsigned long long *present);

/* A row's default id from its text: lowercased, each run of characters other than a-z and
 * 0-9 made one '_', trimmed of '_'. Writes at most n bytes to out; returns the length. */
size_t ls_slug(const char *text, size_t n, char *out);

#endif
