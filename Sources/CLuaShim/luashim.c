#include "luashim.h"
#include "lscoverage.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <malloc.h>
#include <time.h>

#define LS_HOOK_STEP 1000

static int ls_states_open = 0;
/* The pool whose protected call is running (a state created now joins it). */
static ls_pool *ls_running_pool = NULL;
int ls_open_states(void) { return ls_states_open; }

void ls_trim_memory(void) { malloc_trim(0); }

ls_limits *ls_limits_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (ls_limits *)ud;
}

/* ---- allocator with a cap ---------------------------------------------------------- */

/* Records the innermost Lua frame of the main thread (reads only: no allocation). */
static void ls_note_where(ls_limits *lim) {
    lua_Debug d;
    lim->where[0] = 0;
    for (int level = 0; level < 50 && lua_getstack(lim->main, level, &d); level++) {
        if (lua_getinfo(lim->main, "Sl", &d) && d.currentline > 0
            && (d.source == NULL || strcmp(d.source, "=luascreen") != 0)) {
            snprintf(lim->where, sizeof lim->where, "%s:%d", d.short_src, d.currentline);
            return;
        }
    }
}

static void ls_count_hook(lua_State *L, lua_Debug *ar);

/* Bytes allocated while Lua runs charged as one instruction: copying and filling memory is
 * work too (`s .. ""` on a 16 MiB string is one VM instruction). */
#define LS_BYTES_PER_INSTRUCTION 64

static void *ls_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
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
    void *p = realloc(ptr, nsize);
    if (p == NULL) return NULL;
    lim->used = lim->used - old + nsize;
    pool->used = pool->used - old + nsize;
    if (lim->used > lim->peak) lim->peak = lim->used;
    return p;
}

static int ls_panic(lua_State *L) {
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a string)";
    fprintf(stderr, "luascreen: internal error: unprotected Lua error: %s\n", msg);
    fflush(stderr);
    abort();
    return 0;
}

/* ---- instruction budget ------------------------------------------------------------- */

static double ls_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void ls_clock_start(ls_pool *pool) {
    if (pool->clock_on || pool->time_limit <= 0) return;
    pool->clock_on = 1;
    pool->clock_at = ls_now();
}

static void ls_clock_stop(ls_pool *pool) {
    if (!pool->clock_on) return;
    pool->spent += ls_now() - pool->clock_at;
    pool->clock_on = 0;
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

static void ls_count_hook(lua_State *L, lua_Debug *ar) {
    if (ar->event != LUA_HOOKCOUNT) { ls_coverage_event(L, ar); return; }  /* lscoverage.c */
    ls_pool *pool = ls_limits_of(L)->pool;
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
    ls_pool *pool = ls_limits_of(L)->pool;
    /* From now on every instruction of this thread raises (other threads at their next
     * hook), so a script cannot catch the error with pcall and go on looping. */
    pool->exhausted = 1;
    pool->remaining = 0;
    lua_sethook(L, ls_count_hook, LUA_MASKCOUNT, 1);
    lua_Debug d;
    const char *what = pool->timed_out
        ? "instruction limit exceeded (%I instructions, or their time): the script does too much work (%s)"
        : "instruction limit exceeded (%I instructions): the script loops or does too much work (%s)";
    /* The script's line: past the host's prelude ("=luascreen", print's table.concat). */
    int named = 0;
    for (int at = level; !named && lua_getstack(L, at, &d) && lua_getinfo(L, "Sl", &d); at++) {
        int prelude = d.source != NULL && strcmp(d.source, "=luascreen") == 0;
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

void ls_set_advice(lua_State *L, const char *memory, const char *instructions) {
    ls_pool *pool = ls_limits_of(L)->pool;
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
    ls_limits *lim = ls_limits_of(L);
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

/* ---- message handler ------------------------------------------------------------------ */

static int ls_tostring_call(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

static int ls_msgh(lua_State *L) {
    ls_limits *lim = ls_limits_of(L);
    lim->enforce = 0; /* the host's own text (message, traceback) must not fail for lack of memory */
    const char *msg = NULL;
    int t = lua_type(L, 1);
    if (t == LUA_TSTRING || t == LUA_TNUMBER) {
        msg = lua_tostring(L, 1);
    } else if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
        /* __tostring is the script's code: it runs under the cap and the budget like any
         * other (a __tostring that loops or builds gigabytes just fails). */
        lua_pop(L, 1);
        lua_pushcfunction(L, ls_tostring_call);
        lua_pushvalue(L, 1);
        lim->enforce = 1;
        int status = lua_pcall(L, 1, 1, 0);
        lim->enforce = 0;
        if (status == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
            msg = lua_tostring(L, -1);
        } else {
            lua_pop(L, 1);
            msg = lua_pushfstring(L, "(error object is a %s value whose __tostring failed)",
                                  luaL_typename(L, 1));
        }
    } else {
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/* A new action: a full budget, no host copies yet. */
static void ls_pool_reset(ls_pool *pool) {
    pool->remaining = pool->budget;
    pool->exhausted = 0;
    pool->host = 0;
    pool->host_failed = 0;
    pool->spent = 0;
    pool->timed_out = 0;
    pool->cpu_mark = 0;
    if (pool->clock_on) pool->clock_at = ls_now();
}

void ls_action_begin(lua_State *L) {
    ls_pool *pool = ls_limits_of(L)->pool;
    if (pool->actions++ == 0 && pool->depth == 0) ls_pool_reset(pool);
}

void ls_action_end(lua_State *L) {
    ls_pool *pool = ls_limits_of(L)->pool;
    if (pool->actions > 0) pool->actions--;
    if (pool->actions == 0 && pool->depth == 0) pool->host = 0;
}

int ls_host_charge(lua_State *L, size_t size) {
    ls_pool *pool = ls_limits_of(L)->pool;
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

int ls_charge_host_work(lua_State *L, long long instructions) {
    ls_pool *pool = ls_limits_of(L)->pool;
    if (pool->budget <= 0 || instructions <= 0) return 1;
    if (instructions >= pool->remaining) {
        pool->remaining = 0;
        lua_sethook(L, ls_count_hook, LUA_MASKCOUNT, 1);
        return 0;
    }
    pool->remaining -= instructions;
    return 1;
}

void ls_host_release(lua_State *L, size_t size) {
    ls_pool *pool = ls_limits_of(L)->pool;
    if (size < 64) return;
    size += 32;
    pool->host -= size < pool->host ? size : pool->host;
}

void ls_host_keep(lua_State *L, size_t bytes) {
    ls_limits *lim = ls_limits_of(L);
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

int ls_host_failed(lua_State *L) { return ls_limits_of(L)->pool->host_failed; }
int ls_budget_exhausted_now(lua_State *L) { return ls_limits_of(L)->pool->exhausted; }

int ls_pcall(lua_State *L, int nargs, int nresults) {
    ls_limits *lim = ls_limits_of(L);
    ls_pool *pool = lim->pool;
    int base = lua_gettop(L) - nargs;
    if (!lua_checkstack(L, 4)) return LUA_ERRMEM;
    lua_pushcfunction(L, ls_msgh);
    lua_insert(L, base);
    int enforce = lim->enforce;
    if (pool->depth == 0 && pool->actions == 0) ls_pool_reset(pool);
    if (lim->depth == 0) {
        lim->memory_failed = 0;
        lim->where[0] = 0;
        /* Out of budget already in this action: the first instruction raises. */
        int step = (pool->budget > 0 && pool->remaining <= 0) ? 1 : LS_HOOK_STEP;
        lua_sethook(L, ls_count_hook, LUA_MASKCOUNT | ls_coverage_mask(), step);
    }
    ls_pool *running = ls_running_pool;
    ls_running_pool = pool;
    pool->depth++;
    lim->depth++;
    lim->enforce = 1;
    int clock_was_on = pool->clock_on;
    ls_clock_start(pool);
    int status = lua_pcall(L, nargs, nresults, base);
    if (!clock_was_on) ls_clock_stop(pool);
    lim->enforce = enforce;
    lim->depth--;
    pool->depth--;
    ls_running_pool = running;
    lua_remove(L, base);
    return status;
}

int ls_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname) {
    ls_limits *lim = ls_limits_of(L);
    ls_pool *pool = lim->pool;
    int enforce = lim->enforce;
    if (lim->depth == 0) { lim->memory_failed = 0; lim->where[0] = 0; }
    if (pool->depth == 0 && pool->actions == 0) ls_pool_reset(pool);
    lim->enforce = 1;
    int status = luaL_loadbufferx(L, buffer, size, chunkname, "t");
    lim->enforce = enforce;
    return status;
}

/* ---- trampoline --------------------------------------------------------------------- */

static const char LS_HOST_ERROR = 'e';

/* Runs on the main thread, in a C frame of its own (arguments at 1..n, as the host expects):
 * calls the Swift function; on its error returns the marker and the error value. Never raises
 * (the cap is lifted and Swift only returns a status). */
static int ls_host_frame(lua_State *L) {
    ls_host_function fn = (ls_host_function)lua_touserdata(L, lua_upvalueindex(1));
    void *context = lua_touserdata(L, lua_upvalueindex(2));
    lua_checkstack(L, 20);
    int n = fn(L, context);
    if (n < 0) {
        lua_pushlightuserdata(L, (void *)&LS_HOST_ERROR);
        lua_insert(L, -2);
        return 2;
    }
    return n;
}

/* The Lua side of every host function. The host reads and pushes on the main thread (its
 * LuaState.stack, the validator, the calls it makes into Lua), so a call made from a
 * coroutine is carried over: the arguments move to a fresh C frame on the main thread, and
 * the results come back. Before, host code given a coroutine's stack mixed it with the main
 * thread's: ctx:insert_row(...) from inside coroutine.wrap had the validator read a main
 * thread slot as the row table, and lua_next/lua_rawget on a non-table crashed (SIGSEGV). */
static int ls_trampoline(lua_State *L) {
    ls_limits *lim = ls_limits_of(L);
    lua_State *M = lim->main;
    int enforce = lim->enforce;
    lim->enforce = 0; /* the host's own pushes never hit the cap, so they never raise */
    int clock_was_on = lim->pool->clock_on;
    ls_clock_stop(lim->pool); /* the host's own time is not the script's */
    int n;
    if (L == M || M == NULL) {
        ls_host_function fn = (ls_host_function)lua_touserdata(L, lua_upvalueindex(1));
        void *context = lua_touserdata(L, lua_upvalueindex(2));
        lua_checkstack(L, 20);
        n = fn(L, context);
    } else {
        int nargs = lua_gettop(L);
        if (!lua_checkstack(M, nargs + 24)) {
            lim->enforce = enforce;
            if (clock_was_on) ls_clock_start(lim->pool);
            return luaL_error(L, "stack overflow (calling the host from a coroutine)");
        }
        int base = lua_gettop(M);
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_xmove(L, M, 2);
        lua_pushcclosure(M, ls_host_frame, 2);
        lua_xmove(L, M, nargs);
        int status = lua_pcall(M, nargs, LUA_MULTRET, 0);
        int nresults = lua_gettop(M) - base;
        if (status != LUA_OK) {
            n = -1; /* only a real out-of-memory: pass its message on */
        } else if (nresults == 2 && lua_touserdata(M, base + 1) == (void *)&LS_HOST_ERROR) {
            lua_remove(M, base + 1);
            nresults = 1;
            n = -1;
        } else {
            n = nresults;
        }
        if (!lua_checkstack(L, nresults + 4)) {
            lua_settop(M, base);
            lim->enforce = enforce;
            if (clock_was_on) ls_clock_start(lim->pool);
            return luaL_error(L, "stack overflow (results of a host function)");
        }
        lua_xmove(M, L, nresults);
        lua_settop(M, base);
    }
    lim->enforce = enforce;
    if (clock_was_on) ls_clock_start(lim->pool);
    if (lim->pool->exhausted && lim->pool->budget > 0) {
        /* The budget ran out in another state of the pool (a test's session): the caller's
         * next instruction raises too. */
        lua_sethook(L, ls_count_hook, LUA_MASKCOUNT, 1);
    }
    if (lim->pool->host_failed) {
        /* The host refused to copy a value out of Lua (ls_host_charge): whatever it pushed is
         * dropped, and the script gets the memory error instead, at the script's line (not
         * the prelude's, for print). */
        if (n > 0) lua_pop(L, n);
        else if (n < 0) lua_pop(L, 1);
        ls_script_where(L);
        lua_pushfstring(L, "memory limit exceeded (%I bytes): the script makes the host copy too much data (%s)",
                        (lua_Integer)lim->pool->limit, lim->pool->memory_advice);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (n < 0) {
        /* Swift has returned: raising is safe here. Name the script's line, as luaL_error does. */
        if (lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return n;
}

void ls_pushhostfunction(lua_State *L, ls_host_function fn, void *context) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushlightuserdata(L, context);
    lua_pushcclosure(L, ls_trampoline, 2);
}

/* ---- constructors -------------------------------------------------------------------- */

static const char LS_LINES_KEY = 'l';
static const char LS_SOURCES_KEY = 's';
static const char LS_CALLERS_KEY = 'c';

/* The calls that led to a constructor called inside a function (a helper that builds rows), as
 * "source\037line\036" for each Lua frame from level `level` up to the first main chunk (at
 * most 32), so a diagnostic can add "note: called from here" lines. Nothing is recorded for a
 * constructor called from a main chunk, so scripts written row by row pay nothing. */
static void ls_record_callers(lua_State *L, int level) {
    luaL_Buffer b;
    lua_Debug ar;
    int frames = 0;
    luaL_buffinit(L, &b);
    for (; frames < 32 && lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue; /* C functions: pcall, ... */
        luaL_addstring(&b, ar.source);
        luaL_addchar(&b, '\037');
        lua_pushinteger(L, ar.currentline);
        luaL_addvalue(&b);
        luaL_addchar(&b, '\036');
        frames++;
        if (ar.what[0] == 'm') break; /* "main": the chunk that started it */
    }
    luaL_pushresult(&b);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_CALLERS_KEY);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    lua_pop(L, 2);
}

static void ls_weaktable(lua_State *L, const void *key) {
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}

static int ls_constructor(lua_State *L) {
    const char *kind = lua_tostring(L, lua_upvalueindex(1));
    if (lua_type(L, 1) != LUA_TTABLE) {
        return luaL_error(L, "%s expects a table: write %s { ... }", kind, kind);
    }
    lua_settop(L, 1);
    lua_pushliteral(L, "type");
    if (lua_rawget(L, 1) == LUA_TNIL) {
        lua_pushliteral(L, "type");
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_rawset(L, 1);
    }
    lua_pop(L, 1);
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
        ls_limits_of(L)->constructed++;
        lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_LINES_KEY);
        lua_pushvalue(L, 1);
        lua_pushinteger(L, ar.currentline);
        lua_rawset(L, -3);
        lua_pop(L, 1);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_SOURCES_KEY);
        lua_pushvalue(L, 1);
        lua_pushstring(L, ar.source);
        lua_rawset(L, -3);
        lua_pop(L, 1);
        if (ar.what[0] != 'm') ls_record_callers(L, 2);
    }
    return 1;
}

void ls_open_constructors(lua_State *L) {
    static const char *const names[][2] = {
        {"screen", "screen"}, {"section", "section"}, {"row", "text"}, {"button", "button"},
        {"toggle", "toggle"}, {"choice", "choice"}, {"input", "input"}, {"number", "number"},
        {"list", "list"}, {"date", "date"}, {"time", "time"}, {"app", "app"}, {NULL, NULL}};
    ls_weaktable(L, &LS_LINES_KEY);
    ls_weaktable(L, &LS_SOURCES_KEY);
    ls_weaktable(L, &LS_CALLERS_KEY);
    for (int i = 0; names[i][0] != NULL; i++) {
        lua_pushstring(L, names[i][0]);
        lua_pushstring(L, names[i][1]);
        lua_pushcclosure(L, ls_constructor, 2);
        lua_setglobal(L, names[i][0]);
    }
}

int ls_constructor_line(lua_State *L, int idx, const char **source) {
    int line = 0;
    *source = NULL;
    if (ls_limits_of(L)->constructed == 0) return 0; /* plain tables only: nothing recorded */
    idx = lua_absindex(L, idx);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_LINES_KEY) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, -2) == LUA_TNUMBER) line = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (line > 0 && lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_SOURCES_KEY) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, -2) == LUA_TSTRING) *source = lua_tostring(L, -1);
        lua_pop(L, 1); /* the string stays alive: the table keeps it while idx lives */
    }
    if (line > 0) lua_pop(L, 1);
    return line;
}

/* ---- sandbox helpers ------------------------------------------------------------------ */

/* load(chunk [, chunkname [, mode [, env]]]) with mode forced to text and env defaulting
 * to the sandbox's globals. */
static int ls_safe_load(lua_State *L) {
    int nargs = lua_gettop(L);
    /* The parser's scan of a text chunk is charged as a scan (its allocations, by the cap). */
    if (lua_type(L, 1) == LUA_TSTRING) ls_charge(L, (long long)(lua_rawlen(L, 1) / 16));
    lua_pushvalue(L, lua_upvalueindex(1)); /* the real load */
    lua_pushvalue(L, 1);
    if (nargs >= 2 && !lua_isnil(L, 2)) lua_pushvalue(L, 2); else lua_pushliteral(L, "=(load)");
    lua_pushliteral(L, "t");
    if (nargs >= 4) lua_pushvalue(L, 4); else lua_pushglobaltable(L);
    lua_call(L, 4, 2);
    return 2;
}

/* setmetatable(t, mt) refusing a metatable with a __gc field. Lua runs finalizers with debug
 * hooks off (lgc.c, GCTM), so the count hook never fires in a __gc: a finalizer that loops
 * would hang the host, during any collection or at lua_close, and one that allocates runs
 * wherever the collector happens to be, even while the host has lifted the cap. An object
 * is marked for finalization only when its metatable has a __gc field at the time
 * setmetatable is called, so refusing such metatables here means no finalizer ever runs. */
static int ls_safe_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int has_gc = lua_rawget(L, 2) != LUA_TNIL;
        lua_pop(L, 1);
        if (has_gc) {
            return luaL_error(L, "setmetatable: a metatable with __gc is not allowed in a screen script "
                                 "(finalizers would run outside the instruction budget)");
        }
    }
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, 1);
    return 1;
}

void ls_open_sandbox_helpers(lua_State *L) {
    lua_getglobal(L, "load");
    lua_pushcclosure(L, ls_safe_load, 1);
    lua_setglobal(L, "load");
    lua_getglobal(L, "setmetatable");
    lua_pushcclosure(L, ls_safe_setmetatable, 1);
    lua_setglobal(L, "setmetatable");
}

/* where(): "file:line: " of the innermost caller that is script code, skipping the host's
 * prelude ("=luascreen"), or "" when there is none. The prelude's require raises with it:
 * error(msg, 2) named the prelude itself ("luascreen:20:") when require was tail-called
 * (`return require("x")`), since a tail call leaves no frame of the caller. */
int ls_script_where(lua_State *L) {
    lua_Debug d;
    for (int level = 1; lua_getstack(L, level, &d); level++) {
        if (!lua_getinfo(L, "Sl", &d) || d.currentline <= 0) continue;
        if (d.source != NULL && strcmp(d.source, "=luascreen") == 0) continue;
        lua_pushfstring(L, "%s:%d: ", d.short_src, d.currentline);
        return 1;
    }
    lua_pushliteral(L, "");
    return 1;
}

/* ---- reading script tables ----------------------------------------------------------- */

int ls_collect_fields(lua_State *L, int table, int fields, int base, unsigned long long *present) {
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

const char *ls_constructor_callers(lua_State *L, int idx, size_t *len) {
    const char *chain = NULL;
    *len = 0;
    if (ls_limits_of(L)->constructed == 0) return NULL;
    idx = lua_absindex(L, idx);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &LS_CALLERS_KEY) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, -2) == LUA_TSTRING) chain = lua_tolstring(L, -1, len);
        lua_pop(L, 1); /* the string stays alive: the weak table keeps it while idx lives */
    }
    lua_pop(L, 1);
    return chain;
}
