/* lstables: reading script tables fast without raising (lstables.h): one pass that sorts
 * a table's string keys into stack slots, and the default id made from a row's text.
 */
#include "luashim.h"
#include <stdlib.h>
#include <string.h>

/* Where a name's pointer is looked for first in a field set (its slots: LS_FIELDSET_SLOTS). */
static unsigned ls_fieldset_slot(const char *p) {
    unsigned long long h = (unsigned long long)(size_t)p * 0x9E3779B97F4A7C15ull;
    return (unsigned)(h >> 56) & (LS_FIELDSET_SLOTS - 1);
}

ls_fieldset *ls_fieldset_build(lua_State *L, const char *names, const unsigned char *ids, int count) {
    if (count < 0 || count > LS_FIELDSET_SLOTS / 2 || !lua_checkstack(L, 3)) return NULL;
    ls_fieldset *set = calloc(1, sizeof *set);
    if (set == NULL) return NULL;
    lua_createtable(L, count, 0);
    const char *name = names;
    for (int k = 0; k < count; k++) {
        size_t n = strlen(name);
        if (n > LS_FIELDSET_MAX_NAME) {
            lua_settop(L, -2);
            free(set);
            return NULL;
        }
        /* The table keeps the interned string alive: its pointer is what keys are matched by. */
        const char *p = lua_pushlstring(L, name, n);
        lua_rawseti(L, -2, k + 1);
        unsigned i = ls_fieldset_slot(p);
        while (set->name[i] != NULL) i = (i + 1) & (LS_FIELDSET_SLOTS - 1);
        set->name[i] = p;
        set->id[i] = ids[k];
        name += n + 1;
    }
    return set;
}

void ls_fieldset_free(ls_fieldset *set) { free(set); }

/* The id of the interned string at p in the set, or -1. */
static int ls_fieldset_id(const ls_fieldset *set, const char *p) {
    for (unsigned i = ls_fieldset_slot(p); set->name[i] != NULL; i = (i + 1) & (LS_FIELDSET_SLOTS - 1)) {
        if (set->name[i] == p) return set->id[i];
    }
    return -1;
}

int ls_fieldset_find(lua_State *L, int index, const ls_fieldset *set) {
    if (lua_type(L, index) != LUA_TSTRING) return -1;
    return ls_fieldset_id(set, lua_tolstring(L, index, NULL));
}

int ls_collect_fields(lua_State *L, int table, const ls_fieldset *set, int base, unsigned long long *present) {
    int unknown = 0;
    unsigned long long found = 0;
    table = lua_absindex(L, table);
    if (!lua_checkstack(L, 3)) return -1;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        const char *p = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, NULL) : NULL;
        /* A key is a field's name exactly when it is the same interned string. */
        int id = p != NULL ? ls_fieldset_id(set, p) : -1;
        if (id >= 0) {
            lua_copy(L, -1, base + id);
            if (id < 64) found |= 1ull << id;
        } else {
            unknown++;
        }
        lua_settop(L, -2);
    }
    *present = found;
    return unknown;
}

/* Each byte's place in a slug: itself lowercased for a-z, A-Z and 0-9, else 0 (a separator). */
static const unsigned char ls_slug_bytes[256] = {
    ['0'] = '0', ['1'] = '1', ['2'] = '2', ['3'] = '3', ['4'] = '4', ['5'] = '5', ['6'] = '6', ['7'] = '7', ['8'] = '8', ['9'] = '9',
    ['a'] = 'a', ['b'] = 'b', ['c'] = 'c', ['d'] = 'd', ['e'] = 'e', ['f'] = 'f', ['g'] = 'g', ['h'] = 'h', ['i'] = 'i', ['j'] = 'j',
    ['k'] = 'k', ['l'] = 'l', ['m'] = 'm', ['n'] = 'n', ['o'] = 'o', ['p'] = 'p', ['q'] = 'q', ['r'] = 'r', ['s'] = 's', ['t'] = 't',
    ['u'] = 'u', ['v'] = 'v', ['w'] = 'w', ['x'] = 'x', ['y'] = 'y', ['z'] = 'z',
    ['A'] = 'a', ['B'] = 'b', ['C'] = 'c', ['D'] = 'd', ['E'] = 'e', ['F'] = 'f', ['G'] = 'g', ['H'] = 'h', ['I'] = 'i', ['J'] = 'j',
    ['K'] = 'k', ['L'] = 'l', ['M'] = 'm', ['N'] = 'n', ['O'] = 'o', ['P'] = 'p', ['Q'] = 'q', ['R'] = 'r', ['S'] = 's', ['T'] = 't',
    ['U'] = 'u', ['V'] = 'v', ['W'] = 'w', ['X'] = 'x', ['Y'] = 'y', ['Z'] = 'z',
};

size_t ls_slug(const char *text, size_t n, char *out) {
    size_t count = 0;
    /* A separator is written before the next kept byte, never first nor last. */
    int pending = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = ls_slug_bytes[(unsigned char)text[i]];
        if (c == 0) { pending = count > 0; continue; }
        if (pending) { out[count++] = '_'; pending = 0; }
        out[count++] = (char)c;
    }
    return count;
}
