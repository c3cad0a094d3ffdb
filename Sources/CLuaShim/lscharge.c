/* lscharge: the other library functions whose C code loops, made to pay for their work.
 *
 * The count hook sees only Lua instructions, and the allocator charges only the bytes it
 * hands out (lsmemory.c). A library function can do much more work than either shows:
 *
 *   string.rep("", math.maxinteger)          2^63 turns of an empty copy, no allocation
 *   s:upper() on a 16 MiB string             16 Mi conversions for 6 instructions
 *   table.sort(t) with #t == 2^31 - 2        a sort of two billion slots, via __len
 *   table.unpack(t, 1, 999999)               a million reads for one instruction
 *
 * Each function here computes what the call will cost from its arguments, charges it to
 * the budget of the current action (ls_charge raises the budget's error, before any work,
 * when the budget cannot pay) and then does the library's own work: the original function
 * (an upvalue), or, where the original would run a metamethod twice if asked for the
 * length first (table.concat, table.unpack, table.sort of a table with __len), a version of
 * its own with the results and messages of Lua 5.4.
 */
#include "luashim.h"
#include "lsprivate.h"
#include <limits.h>
#include <string.h>

/* Bytes converted or scanned by a library loop charged as one instruction. */
#define LS_BYTES_PER_CHARGE 16

static long long ls_cost(double units) {
    if (!(units > 0)) return 0;
    if (units >= (double)LLONG_MAX) return LLONG_MAX;
    return (long long)units;
}

/* Runs the original function (upvalue 1, a C function of the standard library, which uses
 * no upvalues) in this very call frame: its argument errors name the same function and the
 * same script line ("file:3: bad argument #1 to 'rep'") as when it is called directly. */
static int ls_call_original(lua_State *L) {
    lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
    return original(L);
}

/* The length of the string (or number) argument at arg, 0 for anything else: the library
 * raises its own error about it. */
static size_t ls_arg_length(lua_State *L, int arg) {
    size_t len = 0;
    int t = lua_type(L, arg);
    if (t == LUA_TSTRING) lua_tolstring(L, arg, &len);
    else if (t == LUA_TNUMBER) len = 24;
    return len;
}

/* A 1-based string position as lstrlib's posrelat does (negative: from the end). */
static lua_Integer ls_position(lua_Integer pos, size_t len) {
    if (pos >= 0) return pos;
    if ((size_t)-pos > len) return 0;
    return (lua_Integer)len + pos + 1;
}

/* ---- string ------------------------------------------------------------------------------ */

/* rep(s, n [, sep]): one turn of the loop per repetition; the bytes are charged by the
 * allocator when the result's buffer is made, before the loop. */
static int ls_str_rep(lua_State *L) {
    if (lua_type(L, 2) == LUA_TNUMBER && lua_isinteger(L, 2)) {
        lua_Integer n = lua_tointeger(L, 2);
        /* A result larger than the memory cap is a memory error, before the budget is asked
         * for the turns it would take ("instruction limit exceeded" would be misleading). */
        size_t limit = ls_limits_in(L)->pool->limit;
        if (n > 0 && limit != 0 && lua_type(L, 1) == LUA_TSTRING) {
            size_t l = 0, lsep = 0;
            lua_tolstring(L, 1, &l);
            if (lua_type(L, 3) == LUA_TSTRING) lua_tolstring(L, 3, &lsep);
            double total = (double)l * (double)n + (double)lsep * (double)(n - 1);
            if (total > (double)limit) {
                /* Ask the capped allocator for more than the cap: it refuses, and Lua raises
                 * its memory error with the place noted, as for any allocation past the cap. */
                lua_newuserdatauv(L, limit + 1, 0);
            }
        }
        if (n > 0) ls_charge(L, ls_cost((double)n / 4));
    }
    return ls_call_original(L);
}

/* upper, lower, reverse, and utf8.len, offset, codes: a pass over the string, a conversion
 * or a decode per byte (utf8.codes charges the whole iteration at once: its steps together
 * never scan a byte twice). */
static int ls_str_scan(lua_State *L) {
    ls_charge(L, (long long)(ls_arg_length(L, 1) / LS_BYTES_PER_CHARGE));
    return ls_call_original(L);
}

/* byte(s [, i [, j]]) and utf8.codepoint(s [, i [, j]]): a decode and a push per byte or
 * character of the slice s[i..j]. */
static int ls_str_slice(lua_State *L) {
    size_t len = ls_arg_length(L, 1);
    lua_Integer i = ls_position(lua_type(L, 2) == LUA_TNUMBER ? lua_tointeger(L, 2) : 1, len);
    lua_Integer j = lua_type(L, 3) == LUA_TNUMBER ? ls_position(lua_tointeger(L, 3), len) : i;
    if (i < 1) i = 1;
    if (j > (lua_Integer)len) j = (lua_Integer)len;
    if (j >= i) ls_charge(L, (long long)(j - i) / 2 + 1);
    return ls_call_original(L);
}

/* char(...) and utf8.char(...): one conversion per argument. */
static int ls_per_argument(lua_State *L) {
    ls_charge(L, lua_gettop(L) / 2);
    return ls_call_original(L);
}

/* format(fmt, ...): proportional to the format and to the strings it copies. */
static int ls_str_format(lua_State *L) {
    int n = lua_gettop(L);
    size_t total = 0;
    for (int i = 1; i <= n; i++) total += ls_arg_length(L, i);
    ls_charge(L, (long long)(total / LS_BYTES_PER_CHARGE) + n);
    return ls_call_original(L);
}

/* ---- table ------------------------------------------------------------------------------- */

#define LS_TAB_R 1 /* reads: __index */
#define LS_TAB_W 2 /* writes: __newindex */
#define LS_TAB_L 4 /* length: __len */

/* A table, or a value whose metatable has the metamethods the operations need (as ltablib). */
static void ls_check_tab(lua_State *L, int arg, int what) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int ok = 0;
    if (lua_getmetatable(L, arg)) {
        ok = 1;
        static const char *const names[] = {"__index", "__newindex", "__len"};
        for (int i = 0; i < 3; i++) {
            if (!(what & (1 << i))) continue;
            lua_pushstring(L, names[i]);
            if (lua_rawget(L, -2) == LUA_TNIL) ok = 0;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (!ok) luaL_checktype(L, arg, LUA_TTABLE);
}

/* concat(t [, sep [, i [, j]]]): a read per item, a copy per byte. */
static int ls_tab_concat(lua_State *L) {
    ls_check_tab(L, 1, LS_TAB_R | LS_TAB_L);
    lua_Integer last = luaL_len(L, 1);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    if (i <= last) {
        lua_Unsigned count = (lua_Unsigned)last - (lua_Unsigned)i + 1u;
        ls_charge(L, count > (lua_Unsigned)LLONG_MAX / 2 ? LLONG_MAX : (long long)count);
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (; i <= last; i++) {
        lua_geti(L, 1, i);
        if (!lua_isstring(L, -1)) {
            return luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
                              (LUAI_UACINT)i);
        }
        size_t l;
        lua_tolstring(L, -1, &l);
        ls_charge(L, (long long)(l / LS_BYTES_PER_CHARGE));
        luaL_addvalue(&b);
        if (i == last) break; /* i + 1 could overflow */
        luaL_addlstring(&b, sep, lsep);
    }
    luaL_pushresult(&b);
    return 1;
}

/* unpack(t [, i [, j]]): a read and a push per item. */
static int ls_tab_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
    if (i > e) return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i;
    if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n))) return luaL_error(L, "too many results to unpack");
    ls_charge(L, (long long)n);
    for (; i < e; i++) lua_geti(L, 1, i);
    lua_geti(L, 1, e);
    return (int)n;
}

/* Whether a < b for the values at stack indices a and b, by the order function at 2 or `<`. */
static int ls_sort_less(lua_State *L, int a, int b) {
    if (lua_isnil(L, 2)) return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a - 1);
    lua_pushvalue(L, b - 2);
    lua_call(L, 2, 1);
    int less = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return less;
}

/* Sifts item `root` down the heap of items 1..n of the table at 1 (heapsort). */
static void ls_sift(lua_State *L, lua_Integer root, lua_Integer n) {
    for (;;) {
        lua_Integer child = 2 * root;
        if (child > n) return;
        ls_charge(L, 2);
        lua_geti(L, 1, child);
        if (child + 1 <= n) {
            lua_geti(L, 1, child + 1);
            if (ls_sort_less(L, -2, -1)) { lua_remove(L, -2); child++; }
            else lua_pop(L, 1);
        }
        lua_geti(L, 1, root);
        if (!ls_sort_less(L, -1, -2)) { lua_pop(L, 2); return; }
        lua_seti(L, 1, child);
        lua_seti(L, 1, root);
        root = child;
    }
}

/* sort(t [, comp]): a plain table (no __len) goes to the library's sort after paying for
 * n log n comparisons; a table whose length is a metamethod is sorted here (heapsort,
 * charged per comparison), so __len runs once. */
static int ls_tab_sort(lua_State *L) {
    int plain = lua_type(L, 1) == LUA_TTABLE && luaL_getmetafield(L, 1, "__len") == LUA_TNIL;
    if (!plain) {
        if (lua_type(L, 1) == LUA_TTABLE) lua_pop(L, 1); /* the __len field */
        ls_check_tab(L, 1, LS_TAB_R | LS_TAB_W | LS_TAB_L);
    }
    lua_Integer n = plain ? (lua_Integer)lua_rawlen(L, 1) : luaL_len(L, 1);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        long long log2n = 1;
        while ((1LL << log2n) < n) log2n++;
        ls_charge(L, plain ? ls_cost((double)n * (double)log2n) : (long long)n);
        if (plain) return ls_call_original(L);
        luaL_checkstack(L, 8, "table too big");
        for (lua_Integer root = n / 2; root >= 1; root--) ls_sift(L, root, n);
        for (lua_Integer end = n; end > 1; end--) {
            lua_geti(L, 1, 1);
            lua_geti(L, 1, end);
            lua_seti(L, 1, 1);
            lua_seti(L, 1, end);
            ls_sift(L, 1, end - 1);
        }
    }
    return 0;
}

/* ---- os ---------------------------------------------------------------------------------- */

/* date(format [, time]): strftime per conversion of the format. */
static int ls_os_date(lua_State *L) {
    ls_charge(L, (long long)(ls_arg_length(L, 1) / 4));
    return ls_call_original(L);
}

/* ---- installing -------------------------------------------------------------------------- */

/* The lscharge.c part of ls_open_guards. */
void ls_open_charges(lua_State *L) {
    ls_wrap_library_function(L, "string", "rep", ls_str_rep, 1);
    ls_wrap_library_function(L, "string", "upper", ls_str_scan, 1);
    ls_wrap_library_function(L, "string", "lower", ls_str_scan, 1);
    ls_wrap_library_function(L, "string", "reverse", ls_str_scan, 1);
    ls_wrap_library_function(L, "string", "byte", ls_str_slice, 1);
    ls_wrap_library_function(L, "string", "char", ls_per_argument, 1);
    ls_wrap_library_function(L, "string", "format", ls_str_format, 1);
    ls_wrap_library_function(L, "string", "pack", ls_str_format, 1);
    ls_wrap_library_function(L, "string", "unpack", ls_str_format, 1);
    ls_wrap_library_function(L, "utf8", "char", ls_per_argument, 1);
    ls_wrap_library_function(L, "utf8", "len", ls_str_scan, 1);
    ls_wrap_library_function(L, "utf8", "offset", ls_str_scan, 1);
    ls_wrap_library_function(L, "utf8", "codes", ls_str_scan, 1);
    ls_wrap_library_function(L, "utf8", "codepoint", ls_str_slice, 1);
    ls_wrap_library_function(L, "table", "concat", ls_tab_concat, 0);
    ls_wrap_library_function(L, "table", "unpack", ls_tab_unpack, 0);
    ls_wrap_library_function(L, "table", "sort", ls_tab_sort, 1);
    ls_wrap_library_function(L, "os", "date", ls_os_date, 1);
}
