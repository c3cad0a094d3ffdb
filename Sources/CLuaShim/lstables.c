/* lstables: reading script tables fast without raising (lstables.h): one pass that sorts
 * a table's string keys into stack slots, and the default id made from a row's text.
 */
#include "luashim.h"

int ls_collect_fields(lua_State *L, int table, int fields, int base, unsigned long long clear, unsigned long long *present) {
    int unknown = 0;
    *present = 0;
    table = lua_absindex(L, table);
    fields = lua_absindex(L, fields);
    if (!lua_checkstack(L, 4)) return -1;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        if (lua_type(L, -2) == LUA_TSTRING) {
            lua_pushvalue(L, -2);
            if (lua_rawget(L, fields) == LUA_TNUMBER) {
                int id = (int)lua_tointeger(L, -1);
                lua_pop(L, 1);
                lua_copy(L, -1, base + id);
                if (id >= 0 && id < 64) *present |= 1ull << id;
            } else {
                lua_pop(L, 1);
                unknown++;
            }
        } else {
            unknown++;
        }
        lua_pop(L, 1);
    }
    /* Slots in `clear` the table did not fill are set to nil (the slots are shared by the
       rows of a list: a stale value there would read as this row's). */
    for (unsigned long long rest = clear & ~*present; rest != 0; rest &= rest - 1) {
        lua_pushnil(L);
        lua_replace(L, base + __builtin_ctzll(rest));
    }
    return unknown;
}

size_t ls_slug(const char *text, size_t n, char *out) {
    size_t count = 0;
    int pending = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 'A' && c <= 'Z') c = (unsigned char)(c + 32);
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            if (pending && count > 0) out[count++] = '_';
            pending = 0;
            out[count++] = (char)c;
        } else {
            pending = 1;
        }
    }
    return count;
}
