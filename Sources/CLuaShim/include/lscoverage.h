/* lscoverage: line and call coverage for `luascreen test --coverage`.
 *
 * When on, the count hook of every state (lsbudget.c) also asks for line and call events
 * and hands them here: each line run and each Lua function called is recorded by its
 * chunk's source name ("@path"). The records are process-wide: every state a test run
 * opens adds to them.
 */
#ifndef LSCOVERAGE_H
#define LSCOVERAGE_H

#include <lua.h>

/* Turns recording on (1) or off (0); off keeps what was recorded. */
void ls_coverage_enable(int on);
/* The extra hook mask to ask for: LUA_MASKLINE | LUA_MASKCALL when on, else 0. */
int ls_coverage_mask(void);
/* Called by the hook for a line or call event. */
void ls_coverage_event(lua_State *L, lua_Debug *ar);
/* Forgets every record. */
void ls_coverage_reset(void);

/* How many sources were recorded ("@path" chunks only). */
int ls_coverage_file_count(void);
/* The path of recorded source `file` (0 ..< count), without the '@'. */
const char *ls_coverage_file_name(int file);
/* The highest line recorded for the source + 1. */
int ls_coverage_line_limit(int file);
/* How often a line of the source ran (saturating; 0: never). */
unsigned int ls_coverage_line_hits(int file, int line);
/* Whether a function defined at `line` of the file was called. */
int ls_coverage_called(int file, int line);

#endif
