/* luashim: the C layer between Lua 5.4 and Swift (module CLuaShim). One header a concern:
 *
 * - lsstate.h        states with a memory cap and an instruction budget, and their pool;
 * - lsmemory.h       the capped allocator's accounting of what the host copies out of Lua;
 * - lsbudget.h       actions and the instruction budget (a count hook; charges for C work);
 * - lscall.h         protected calls under a C message handler, text chunks, and the
 *                    trampoline: Swift functions return a status, and C raises the error
 *                    only after Swift has returned, so no longjmp ever crosses a Swift frame;
 * - lssandbox.h      the sandbox's safe base functions and the guarded library functions;
 * - lsconstructor.h  table constructors that record the line they were called from;
 * - lstables.h       reading script tables fast without raising;
 * - lscoverage.h     line and call coverage;
 * - lsmacros.h       wrappers for Lua's function-like macros, which Swift cannot import.
 */
#ifndef LUASHIM_H
#define LUASHIM_H

#include "lsstate.h"
#include "lsmemory.h"
#include "lsbudget.h"
#include "lscall.h"
#include "lssandbox.h"
#include "lsconstructor.h"
#include "lstables.h"
#include "lscoverage.h"
#include "lsmacros.h"

#endif
