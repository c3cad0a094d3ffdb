/* lsstate: creating and closing Lua states, each with its limits and pool (lsstate.h).
 *
 * A state's allocator userdata is its ls_limits; the pool it points to is the state's own,
 * or, for a state created while another state's protected call runs, that state's pool
 * (see ls_pool in lsstate.h). The panic handler aborts with the message: an unprotected
 * error is a bug of the host, never of a script.
 */
#include "luashim.h"
#include "lsprivate.h"
#include <stdlib.h>
#include <stdio.h>
#include <malloc.h>

static int ls_states_open = 0;
/* The pool whose protected call is running (a state created now joins it). */
ls_pool *ls_running_pool = NULL;
int ls_open_states(void) { return ls_states_open; }

void ls_trim_memory(void) { malloc_trim(0); }

void ls_fix_mmap_threshold(void) { mallopt(M_MMAP_THRESHOLD, 128 * 1024); }

ls_limits *ls_limits_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (ls_limits *)ud;
}

static int ls_panic(lua_State *L) {
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a string)";
    fprintf(stderr, "internal error: unprotected Lua error (a bug of the host): %s\n", msg);
    fflush(stderr);
    abort();
    return 0;
}

void ls_set_advice(lua_State *L, const char *memory, const char *instructions) {
    ls_pool *pool = ls_limits_in(L)->pool;
    snprintf(pool->memory_advice, sizeof pool->memory_advice, "%s", memory);
    snprintf(pool->instructions_advice, sizeof pool->instructions_advice, "%s", instructions);
}

lua_State *ls_newstate(size_t memory_limit, long long instruction_budget) {
    ls_limits *lim = (ls_limits *)calloc(1, sizeof(ls_limits));
    if (lim == NULL) return NULL;
    if (ls_running_pool != NULL) {
        lim->pool = ls_running_pool;
    } else {
        lim->pool = (ls_pool *)calloc(1, sizeof(ls_pool));
        if (lim->pool == NULL) { free(lim); return NULL; }
        lim->pool->limit = memory_limit;
        lim->pool->budget = instruction_budget;
        lim->pool->remaining = instruction_budget;
        /* 1.5 CPU seconds (after the first half second) at the default budget, more for a
         * larger one. */
        double seconds = (double)instruction_budget * 1.5e-7;
        lim->pool->time_limit = instruction_budget <= 0 ? 0 : (seconds > 1.5 ? seconds : 1.5);
    }
    lim->pool->refs++;
    lua_State *L = lua_newstate(ls_alloc, lim);
    if (L == NULL) {
        if (--lim->pool->refs == 0) free(lim->pool);
        free(lim);
        return NULL;
    }
    lim->main = L;
    lua_atpanic(L, ls_panic);
    lua_sethook(L, ls_count_hook, LUA_MASKCOUNT | ls_coverage_mask(), LS_HOOK_STEP);
    ls_states_open++;
    return L;
}

void ls_close(lua_State *L) {
    if (L == NULL) return;
    ls_limits *lim = ls_limits_in(L);
    ls_pool *pool = lim->pool;
    lim->enforce = 0; /* finalizers run at close (none can loop: setmetatable refuses __gc) */
    lua_close(L);
    pool->kept -= lim->kept;
    if (--pool->refs == 0) {
        if (ls_running_pool == pool) ls_running_pool = NULL;
        free(pool);
    }
    free(lim);
    ls_states_open--;
}
