/* lsstate: Lua states with a memory cap and an instruction budget (lsstate.c), and the
 * pool of limits and accounting they share. Each state is bound to the thread that uses it;
 * the pool's bookkeeping is not synchronized. */
#ifndef LSSTATE_H
#define LSSTATE_H

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
    int interrupted;      /* Ctrl-C stopped this action (ls_interrupt_request) */
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
    const char *host_error; /* the text of the last error the host raised (ls_trampoline):
                             * the host's own words, which the message handler does not cut */
} ls_limits;

/* A new state with its own pool (or, while another state's protected call runs, joining
 * that state's pool): a cap of memory_limit bytes and instruction_budget instructions an
 * action (0: none). NULL when out of memory. */
lua_State *ls_newstate(size_t memory_limit, long long instruction_budget);
/* Closes a state made by ls_newstate and leaves its pool (freed with its last state). */
void ls_close(lua_State *L);
/* The limits and accounting of L (its allocator's userdata). */
ls_limits *ls_limits_of(lua_State *L);
/* Sets what the memory and instruction limit errors of L's pool advise (copied, cut to fit). */
void ls_set_advice(lua_State *L, const char *memory, const char *instructions);

/* Counts every ls_newstate not yet closed: a leak check for tests. */
int ls_open_states(void);
/* Gives memory the allocator holds free back to the system (malloc_trim). */
void ls_trim_memory(void);

/* Fixes the allocator's threshold for giving a block its own pages at its default, 128 KiB
 * (M_MMAP_THRESHOLD): left to adjust, glibc raises it to the size of each such block freed,
 * and what it then keeps on its heap stays resident. A setting of the whole process. */
void ls_fix_mmap_threshold(void);

#endif
