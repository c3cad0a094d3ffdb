/* lsbudget: actions and the instruction budget they share (lsbudget.c). */
#ifndef LSBUDGET_H
#define LSBUDGET_H

#include <stddef.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* Starts an action (loading a script, evaluating a screen, one REPL command, one session
 * call, one test): every entry into Lua of the pool until the matching ls_action_end shares
 * one instruction budget and one allowance of host copies. Nested actions join the outer one.
 * Entries made outside any action are each an action of their own. */
void ls_action_begin(lua_State *L);
/* Ends the action begun by the matching ls_action_begin. */
void ls_action_end(lua_State *L);

/* Charges work a host function does for the script (printing its text) to the budget,
 * without raising: returns 0 when the budget cannot pay, and then the script's next
 * instruction raises the budget's error. */
int ls_charge_host_work(lua_State *L, long long instructions);
/* Whether the budget ran out in the current action. */
int ls_budget_exhausted_now(lua_State *L);

/* Charges `instructions` to the budget of the current entry; raises the budget's error when
 * it runs out. Only from a C function called by Lua. */
void ls_charge(lua_State *L, long long instructions);

/* Raises the instruction limit error naming the Lua code at stack `level`, and makes every
 * further instruction of this thread raise it too. Only from Lua-called C code or a hook. */
void ls_budget_exhausted(lua_State *L, int level);

/* Ctrl-C: asks the Lua code running now (in any state) to stop. Async-signal-safe (it sets
 * one flag): a SIGINT handler calls it. The next count hook raises "interrupted" at the
 * script's line, and every further instruction of that action raises it too (a pcall in a
 * loop cannot swallow it), as the budget's error does. */
void ls_interrupt_request(void);
/* Forgets a request no Lua code has seen yet (a command that ran no Lua). */
void ls_interrupt_clear(void);
/* Whether the request has been seen and the action stopped by it (for the error's kind). */
int ls_interrupted_now(lua_State *L);
#endif
