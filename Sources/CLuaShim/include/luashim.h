/* luashim: the C layer between Lua 5.4 and Swift.
 *
 * - static inline wrappers for Lua's function-like macros, which Swift cannot import;
 * - an allocator that counts bytes and refuses to grow past a cap;
 * - a count hook that enforces an instruction budget on every action (ls_action_begin);
 * - a traceback message handler, written in C so it never runs Swift code;
 * - a trampoline: Swift functions return a status, and C raises the error only
 *   after Swift has returned, so no longjmp ever crosses a Swift frame.
 */
#ifndef LUASHIM_H
#define LUASHIM_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* What the states of one pool share: one memory cap and one instruction budget per action.
 * A state has a pool of its own, unless it was created while another state's protected call
 * was running (a test file's `open`): it then joins that state's pool, so the sessions of one
 * test file share its cap, and one test shares its budget with every session call it makes. */
typedef struct ls_pool {
    size_t used;          /* bytes Lua holds, across the pool's states */
    size_t limit;         /* cap in bytes; 0 = none */
    size_t host;          /* bytes the host copied out of Lua in this action (ls_host_charge) */
    size_t kept;          /* bytes the host keeps across actions (ls_host_keep), all states */
    long long budget;     /* instructions per action; 0 = none */
    long long remaining;  /* instructions left in this action */
    int depth;            /* nesting of ls_pcall across the pool */
    int actions;          /* nesting of ls_action_begin */
    int exhausted;        /* the budget ran out in this action */
    int host_failed;      /* a copy out of Lua was refused in this action */
    int refs;             /* states in the pool */
    /* A backstop in time for work neither the hook nor the charges see (comparing two long
     * equal strings is one VM instruction and a memcmp). Lua's running time in the action
     * (host functions excluded) is kept on the cheap coarse wall clock; past half a second
     * the hook starts reading the CPU clock, and the action stops when its CPU time since
     * then passes time_limit (seconds; 0 = none): a loaded machine never stops a script
     * that does its work in time. */
    double time_limit;
    double spent;         /* wall seconds Lua ran in this action, before clock_at */
    double clock_at;      /* when Lua was last entered, while clock_on */
    int clock_on;
    double cpu_mark;      /* CPU seconds when the action passed half a second (0: not yet) */
    int timed_out;        /* the action ran out of time (the budget error says so) */
    /* What the limit errors tell the person to do, e.g. "raise it with --max-memory" (the
     * program's words, set by ls_set_advice; a library user's own by default). */
    char memory_advice[96];
    char instructions_advice[96];
} ls_pool;

/* Limits and accounting of one Lua state (the allocator's userdata). */
typedef struct ls_limits {
    size_t used;          /* bytes currently allocated by this state */
    size_t peak;          /* the most ever allocated by this state */
    int enforce;          /* cap applied only while Lua runs (not while the host pushes) */
    int depth;            /* nesting of ls_pcall on this state */
    int memory_failed;    /* an allocation was refused by the cap in this entry */
    lua_State *main;      /* the main thread, to say where a refused allocation happened */
    char where[256];      /* "file:line" of the Lua code running when the cap refused */
    long constructed;     /* tables a constructor recorded a line for */
    size_t kept;          /* this state's part of pool->kept */
    ls_pool *pool;        /* the cap and the budget (shared with other states, or its own) */
} ls_limits;

/* Starts an action (loading a script, evaluating a screen, one REPL command, one session
 * call, one test): every entry into Lua of the pool until the matching ls_action_end shares
 * one instruction budget and one allowance of host copies. Nested actions join the outer one.
 * Entries made outside any action are each an action of their own. */
void ls_action_begin(lua_State *L);
void ls_action_end(lua_State *L);

/* Charges `size` bytes the host is about to copy out of Lua against the pool's cap (the
 * host may hold as much as Lua itself; strings under 64 bytes are free). Returns 1 when it may copy them; 0 when the copy
 * is refused: the action is marked, the host copies nothing, and the host function's
 * trampoline (or the caller of the action) reports "memory limit exceeded". */
int ls_host_charge(lua_State *L, size_t size);
/* Says how many bytes copied out of this state the host keeps across actions (its model, the
 * rows a script inserted, the values it stored): they count against the cap of every later
 * copy, until the host says it keeps less. An increase is taken as copied in this action:
 * it moves from the action's copies to the kept ones. */
void ls_host_keep(lua_State *L, size_t bytes);
/* Gives back what ls_host_charge charged for a copy of `size` bytes the host has dropped
 * (print's text, once printed). */
void ls_host_release(lua_State *L, size_t size);
/* Charges work a host function does for the script (printing its text) to the budget,
 * without raising: returns 0 when the budget cannot pay, and then the script's next
 * instruction raises the budget's error. */
int ls_charge_host_work(lua_State *L, long long instructions);
/* Whether a copy out of Lua was refused in the current action. */
int ls_host_failed(lua_State *L);
/* Whether the budget ran out in the current action. */
int ls_budget_exhausted_now(lua_State *L);

/* A Swift function called from Lua. Returns the number of results it pushed, or
 * a negative number after pushing one error value: the trampoline then raises it. */
typedef int (*ls_host_function)(lua_State *L, void *context);

/* Sets what the memory and instruction limit errors of L's pool advise (copied, cut to fit). */
void ls_set_advice(lua_State *L, const char *memory, const char *instructions);

lua_State *ls_newstate(size_t memory_limit, long long instruction_budget);
void ls_close(lua_State *L);
ls_limits *ls_limits_of(lua_State *L);

/* Calls the function below nargs arguments under the message handler, the budget and the
 * memory cap. Never raises. On error leaves one message (with traceback) on the stack. */
int ls_pcall(lua_State *L, int nargs, int nresults);

/* Loads a text chunk (binary chunks are refused). Never raises on a memory-capped state:
 * the cap is applied and a failure is reported as a status. */
int ls_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname);

/* Pushes a C closure that calls fn(L, context) and raises its error after it returned. */
void ls_pushhostfunction(lua_State *L, ls_host_function fn, void *context);

/* Constructors (screen, section, row, ...) and the line table they fill. */
void ls_open_constructors(lua_State *L);
/* After ls_open_constructors: the line recorded for the table at idx (0 when none) and,
 * through *source, the chunk name it was recorded in. Leaves the stack as it was. */
int ls_constructor_line(lua_State *L, int idx, const char **source);

/* The calls that led to the constructor of the table at idx when it was called inside a
 * function: "source\037line\036" a frame, innermost first, up to a main chunk; NULL if none. */
const char *ls_constructor_callers(lua_State *L, int idx, size_t *len);

/* Copies the value of each string key of the table at `table` into the stack slot
 * base + id, where id is what the table at `fields` maps the key to (name -> integer).
 * Sets bit id of *present for each field found. Returns how many keys are not in `fields`
 * (or not strings). Raw access only: never raises. */
int ls_collect_fields(lua_State *L, int table, int fields, int base, unsigned long long *present);

/* A row's default id from its text: lowercased, each run of characters other than a-z and
 * 0-9 made one '_', trimmed of '_'. Writes at most n bytes to out; returns the length. */
size_t ls_slug(const char *text, size_t n, char *out);


/* Gives memory the allocator holds free back to the system (malloc_trim). */
void ls_trim_memory(void);
/* The sandbox's safe `load` (text only, default environment the globals) and `setmetatable`
 * (no __gc: finalizers run with hooks off, outside the budget). */
void ls_open_sandbox_helpers(lua_State *L);

/* Replaces string.find/match/gmatch/gsub and table.insert/remove/move, which can loop in C
 * for a very long time without allocating, with versions that charge their work to the
 * instruction budget (lsguard.c), and wraps the other library functions whose C code loops
 * (string.rep, format, upper, ..., table.concat, sort, unpack, utf8.*) so they charge
 * before they work (lscharge.c). For every state, trusted or not. */
void ls_open_guards(lua_State *L);
/* The lscharge.c part of ls_open_guards. */
void ls_open_charges(lua_State *L);

/* Charges `instructions` to the budget of the current entry; raises the budget's error when
 * it runs out. Only from a C function called by Lua. */
void ls_charge(lua_State *L, long long instructions);

/* Raises the instruction limit error naming the Lua code at stack `level`, and makes every
 * further instruction of this thread raise it too. Only from Lua-called C code or a hook. */
void ls_budget_exhausted(lua_State *L, int level);

/* A lua_CFunction returning "file:line: " of the innermost script frame (not the host's
 * "=luascreen" prelude), or "". */
int ls_script_where(lua_State *L);

/* Counts every ls_newstate not yet closed: a leak check for tests. */
int ls_open_states(void);

/* Macro wrappers. */
static inline int ls_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int ls_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void ls_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void ls_newtable(lua_State *L) { lua_newtable(L); }
static inline void ls_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void ls_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void ls_replace(lua_State *L, int idx) { lua_replace(L, idx); }
static inline const char *ls_tolstring(lua_State *L, int idx, size_t *len) { return lua_tolstring(L, idx, len); }
static inline int ls_isinteger(lua_State *L, int idx) { return lua_isinteger(L, idx); }
static inline void ls_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int ls_gc_count_kb(lua_State *L) { return lua_gc(L, LUA_GCCOUNT, 0); }
static inline void ls_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT, 0); }
static inline int ls_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
static inline void ls_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }
static inline int ls_rawgetref(lua_State *L, int ref) { return lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
static inline int ls_noref(void) { return LUA_NOREF; }

#endif
