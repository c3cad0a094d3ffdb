/* luashim: the C layer between Lua 5.4 and Swift.
 *
 * - static inline wrappers for Lua's function-like macros, which Swift cannot import;
 * - an allocator that counts bytes and refuses to grow past a cap;
 * - a count hook that enforces an instruction budget on every entry into Lua;
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

/* Limits and accounting of one Lua state (the allocator's userdata). */
typedef struct ls_limits {
    size_t used;          /* bytes currently allocated by Lua */
    size_t peak;          /* the most ever allocated */
    size_t limit;         /* cap in bytes; 0 = none */
    int enforce;          /* cap applied only while Lua runs (not while the host pushes) */
    long long budget;     /* instructions per entry; 0 = none */
    long long remaining;  /* instructions left in this entry */
    int depth;            /* nesting of ls_pcall: only the outermost resets the budget */
    int exhausted;        /* the budget ran out in this entry */
    int memory_failed;    /* an allocation was refused by the cap in this entry */
    lua_State *main;      /* the main thread, to say where a refused allocation happened */
    char where[256];      /* "file:line" of the Lua code running when the cap refused */
    long constructed;     /* tables a constructor recorded a line for */
} ls_limits;

/* A Swift function called from Lua. Returns the number of results it pushed, or
 * a negative number after pushing one error value: the trampoline then raises it. */
typedef int (*ls_host_function)(lua_State *L, void *context);

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
 * instruction budget (lsguard.c). For every state, trusted or not. */
void ls_open_guards(lua_State *L);

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
