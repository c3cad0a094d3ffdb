/* lsbudget: the instruction budget of an action (lsbudget.h).
 *
 * A count hook charges every LS_HOOK_STEP Lua instructions to the pool's budget and raises
 * the budget's error when it runs out (or when the action has used too much CPU time, the
 * backstop described at ls_pool.time_limit); C library functions that loop charge their
 * work with ls_charge (lsguard*.c, lscharge.c); actions (ls_action_begin/end) say which
 * entries into Lua share one budget.
 */
#include "luashim.h"
#include "lsprivate.h"
#include "lscoverage.h"
#include <string.h>
#include <signal.h>

/* Set by a SIGINT handler (ls_interrupt_request), seen by the next count hook. */
static volatile sig_atomic_t ls_interrupt_flag = 0;

void ls_interrupt_request(void) { ls_interrupt_flag = 1; }
void ls_interrupt_clear(void) { ls_interrupt_flag = 0; }
int ls_interrupted_now(lua_State *L) { return ls_limits_in(L)->pool->interrupted; }

/* Raises "interrupted" at the script's line (past the host's prelude), and makes every
 * further instruction of this thread raise it too. */
static void ls_raise_interrupt(lua_State *L) {
    ls_pool *pool = ls_limits_in(L)->pool;
    pool->interrupted = 1;
    lua_sethook(L, ls_count_hook, LUA_MASKCOUNT, 1);
    lua_Debug d;
    int named = 0;
    for (int at = 0; !named && lua_getstack(L, at, &d) && lua_getinfo(L, "Sl", &d); at++) {
        if (d.currentline > 0 && !ls_is_host_chunk(d.source)) {
            lua_pushfstring(L, "%s:%d: ", d.short_src, d.currentline);
            named = 1;
        }
    }
    if (!named) lua_pushliteral(L, "");
    lua_pushliteral(L, "interrupted (Ctrl-C): the action was stopped and its changes undone");
    lua_concat(L, 2);
    lua_error(L);
}

static double ls_cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Whether the action has run out of time (see ls_pool.time_limit). */
static int ls_out_of_time(ls_pool *pool) {
    if (!pool->clock_on || pool->spent + (ls_now() - pool->clock_at) < 0.5) return 0;
    double cpu = ls_cpu_now();
    if (pool->cpu_mark == 0) {
        pool->cpu_mark = cpu;
        return 0;
    }
    return cpu - pool->cpu_mark > pool->time_limit;
}

void ls_count_hook(lua_State *L, lua_Debug *ar) {
    if (ar->event != LUA_HOOKCOUNT) { ls_coverage_event(L, ar); return; }  /* lscoverage.c */
    ls_pool *pool = ls_limits_in(L)->pool;
    if (ls_interrupt_flag) {
        ls_interrupt_flag = 0;
        pool->interrupted = 1;
    }
    if (pool->interrupted) ls_raise_interrupt(L);
    if (pool->budget <= 0) return;
    if (ls_out_of_time(pool)) {
        pool->timed_out = 1;
        ls_budget_exhausted(L, 0);
    }
    pool->remaining -= lua_gethookcount(L);
    if (pool->remaining > 0) {
        /* After an allocation charged the budget down to 0 the hook ran every instruction:
         * back to the usual step once there is budget again. */
        if (lua_gethookcount(L) != LS_HOOK_STEP) lua_sethook(L, ls_count_hook, LUA_MASKCOUNT | ls_coverage_mask(), LS_HOOK_STEP);
        return;
    }
    ls_budget_exhausted(L, 0);
}

void ls_budget_exhausted(lua_State *L, int level) {
    ls_pool *pool = ls_limits_in(L)->pool;
    /* From now on every instruction of this thread raises (other threads at their next
     * hook), so a script cannot catch the error with pcall and go on looping. */
    pool->exhausted = 1;
    pool->remaining = 0;
    lua_sethook(L, ls_count_hook, LUA_MASKCOUNT, 1);
    lua_Debug d;
    const char *what = pool->timed_out
        ? "instruction limit exceeded (%I instructions, or their time): the script does too much work (%s)"
        : "instruction limit exceeded (%I instructions): the script loops or does too much work (%s)";
    /* The script's line: past the host's prelude (LS_HOST_CHUNK, print's table.concat). */
    int named = 0;
    for (int at = level; !named && lua_getstack(L, at, &d) && lua_getinfo(L, "Sl", &d); at++) {
        int prelude = ls_is_host_chunk(d.source);
        if (d.currentline > 0 && !prelude) {
            lua_pushfstring(L, "%s:%d: ", d.short_src, d.currentline);
            named = 1;
        } else if (!prelude && at > level) {
            break;
        }
    }
    if (!named) lua_pushliteral(L, "");
    lua_pushfstring(L, what, (lua_Integer)pool->budget, pool->instructions_advice);
    lua_concat(L, 2);
    lua_error(L);
}

void ls_action_begin(lua_State *L) {
    ls_pool *pool = ls_limits_in(L)->pool;
    if (pool->actions++ == 0 && pool->depth == 0) ls_pool_reset(pool);
}

void ls_action_end(lua_State *L) {
    ls_pool *pool = ls_limits_in(L)->pool;
    if (pool->actions > 0) pool->actions--;
    if (pool->actions == 0 && pool->depth == 0) pool->host = 0;
}

int ls_charge_host_work(lua_State *L, long long instructions) {
    ls_pool *pool = ls_limits_in(L)->pool;
    if (pool->budget <= 0 || instructions <= 0) return 1;
    if (instructions >= pool->remaining) {
        pool->remaining = 0;
        lua_sethook(L, ls_count_hook, LUA_MASKCOUNT, 1);
        return 0;
    }
    pool->remaining -= instructions;
    return 1;
}

int ls_budget_exhausted_now(lua_State *L) { return ls_limits_in(L)->pool->exhausted; }

void ls_charge(lua_State *L, long long instructions) {
    ls_pool *pool = ls_limits_in(L)->pool;
    if (pool->budget <= 0 || instructions <= 0) return;
    /* Refused before the work is done when the budget cannot pay for it. */
    if (instructions >= pool->remaining) ls_budget_exhausted(L, 1);
    pool->remaining -= instructions;
}
