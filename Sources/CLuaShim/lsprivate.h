/* lsprivate: what the C files of CLuaShim share among themselves and do not export: the
 * count hook and its step, the allocator, the running pool, the pool's clock (small and on
 * the hot path of every protected call and host call, so inline), and the installer of
 * library replacements.
 */
#ifndef LSPRIVATE_H
#define LSPRIVATE_H

#include "luashim.h"
#include <string.h>
#include <time.h>

/* Lua instructions between two calls of the count hook. */
#define LS_HOOK_STEP 1000

/* The pool whose protected call is running: a state created now joins it (lsstate.c). */
extern ls_pool *ls_running_pool;

/* The count hook of every state: charges the budget, hands line and call events to
 * lscoverage.c (lsbudget.c). */
void ls_count_hook(lua_State *L, lua_Debug *ar);

/* The allocator of every state; ud is its ls_limits (lsmemory.c). */
void *ls_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* ls_limits_of, inlined: called on every protected call, host call and action. */
static inline ls_limits *ls_limits_in(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (ls_limits *)ud;
}

/* Whether a chunk name is the host's own Lua prelude (LS_HOST_CHUNK), which the messages
 * skip to name the script's line. */
static inline int ls_is_host_chunk(const char *source) {
    return source != NULL && strcmp(source, LS_HOST_CHUNK) == 0;
}

/* The cheap coarse monotonic clock, in seconds. */
static inline double ls_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Lua is entered: its time counts (see ls_pool.time_limit). */
static inline void ls_clock_start(ls_pool *pool) {
    if (pool->clock_on || pool->time_limit <= 0) return;
    pool->clock_on = 1;
    pool->clock_at = ls_now();
}

/* Lua is left (for the host, or for good): its time stops counting. */
static inline void ls_clock_stop(ls_pool *pool) {
    if (!pool->clock_on) return;
    pool->spent += ls_now() - pool->clock_at;
    pool->clock_on = 0;
}

/* A new action: a full budget, no host copies yet. */
static inline void ls_pool_reset(ls_pool *pool) {
    pool->remaining = pool->budget;
    pool->exhausted = 0;
    pool->host = 0;
    pool->host_failed = 0;
    pool->spent = 0;
    pool->timed_out = 0;
    pool->interrupted = 0;
    pool->cpu_mark = 0;
    if (pool->clock_on) pool->clock_at = ls_now();
}

/* Replaces library.name (when both exist) with fn; with keep_original, fn gets the original
 * function as upvalue 1 (lsguard.c). */
void ls_wrap_library_function(lua_State *L, const char *library, const char *name, lua_CFunction fn, int keep_original);
/* The parts of ls_open_guards: lsguard_string.c, lsguard_table.c, lscharge.c. */
void ls_open_string_guards(lua_State *L);
void ls_open_table_guards(lua_State *L);
void ls_open_charges(lua_State *L);

#endif
