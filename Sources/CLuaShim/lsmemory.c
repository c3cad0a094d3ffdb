/* lsmemory: the capped allocator and the accounting of what the host copies out of Lua
 * (lsmemory.h).
 *
 * Every state allocates through ls_alloc, which counts its bytes and its pool's, refuses to
 * grow past the pool's cap while Lua runs (lim->enforce), and charges large allocations to
 * the instruction budget. The host's copies (strings, tables it reads) are charged against
 * the same cap by ls_host_charge, so a script cannot make the host hold what Lua may not.
 */
#include "luashim.h"
#include "lsprivate.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

/* ---- allocator with a cap ---------------------------------------------------------- */

/* Records the innermost Lua frame of the main thread (reads only: no allocation). */
static void ls_note_where(ls_limits *lim) {
    lua_Debug d;
    lim->where[0] = 0;
    for (int level = 0; level < 50 && lua_getstack(lim->main, level, &d); level++) {
        if (lua_getinfo(lim->main, "Sl", &d) && d.currentline > 0
            && !ls_is_host_chunk(d.source)) {
            snprintf(lim->where, sizeof lim->where, "%s:%d", d.short_src, d.currentline);
            return;
        }
    }
}


/* Bytes allocated while Lua runs charged as one instruction: copying and filling memory is
 * work too (`s .. ""` on a 16 MiB string is one VM instruction). */
#define LS_BYTES_PER_INSTRUCTION 64

void *ls_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    ls_limits *lim = (ls_limits *)ud;
    ls_pool *pool = lim->pool;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        lim->used -= old;
        pool->used -= old;
        return NULL;
    }
    if (nsize > old && lim->enforce) {
        if (pool->limit != 0 && pool->used - old + nsize > pool->limit) {
            if (!lim->memory_failed && lim->main != NULL) ls_note_where(lim);
            lim->memory_failed = 1;
            return NULL;
        }
        if (pool->budget > 0) {
            pool->remaining -= (long long)((nsize - old) / LS_BYTES_PER_INSTRUCTION);
            /* Out of budget: the next instruction of the main thread raises (coroutines at
             * their next count hook). lua_sethook is safe at any time. */
            if (pool->remaining <= 0 && lim->main != NULL) lua_sethook(lim->main, ls_count_hook, LUA_MASKCOUNT, 1);
        }
    }
    /* (a new block from malloc itself: realloc of NULL costs 24 instructions more, and Lua
     * makes most of its blocks new) */
    void *p = ptr != NULL ? realloc(ptr, nsize) : malloc(nsize);
    if (p == NULL) return NULL;
    lim->used = lim->used - old + nsize;
    pool->used = pool->used - old + nsize;
    if (lim->used > lim->peak) lim->peak = lim->used;
    return p;
}

/* ---- host copies -------------------------------------------------------------------- */

int ls_host_charge(lua_State *L, size_t size) {
    ls_pool *pool = ls_limits_in(L)->pool;
    if (pool->host_failed) return 0;
    /* Short strings (keys, ids, field names) are not charged: the host drops almost all of
     * them at once, and their number is bounded by the budget and by Lua's own memory (each
     * is a host call or a table field). Charging them would make a long loop of small store
     * reads fail for memory it never held. */
    if (size < 64) return 1;
    /* The copy and what the host keeps around it (a String, an array slot). */
    pool->host += size + 32;
    if (pool->limit != 0 && pool->host + pool->kept > pool->limit) {
        pool->host_failed = 1;
        return 0;
    }
    return 1;
}

void ls_host_release(lua_State *L, size_t size) {
    ls_pool *pool = ls_limits_in(L)->pool;
    if (size < 64) return;
    size += 32;
    pool->host -= size < pool->host ? size : pool->host;
}

void ls_host_keep(lua_State *L, size_t bytes) {
    ls_limits *lim = ls_limits_in(L);
    ls_pool *pool = lim->pool;
    /* What the host now keeps was copied (and charged) in this action: it moves from the
     * action's copies to the kept ones instead of counting twice. */
    if (bytes > lim->kept) {
        size_t moved = bytes - lim->kept;
        pool->host -= moved < pool->host ? moved : pool->host;
    }
    pool->kept = pool->kept - lim->kept + bytes;
    lim->kept = bytes;
}

int ls_host_failed(lua_State *L) { return ls_limits_in(L)->pool->host_failed; }
