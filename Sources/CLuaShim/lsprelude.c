/* lsprelude: the sandbox's own Lua code, `print` and the folder-bound `require`
 * (lssandbox.h, ls_run_prelude).
 *
 * The prelude is Lua, not C, so that its frames are what scripts and their errors have
 * always seen: "luascreen:13: in function 'require'" in a traceback, the module's frame
 * "in local 'chunk'", `print`'s tostring frames, and the VM instructions each call runs
 * under the budget. Compiling its text cost about 200 k instructions for every state (a
 * fifth of a test that opens a screen, issue 26); so once a process the function compiled
 * from the text is dumped with its debug information (lua_dump, not stripped), and each
 * later state loads that binary chunk: the same function prototypes (code,
 * constants, lines, local and upvalue names, the chunk name), made anew in each state, so no
 * object is shared between states. The text is constant host code: no script can make the
 * dump stale. Scripts still cannot load binary chunks (ls_loadtext, the sandbox's `load`).
 */
#include "luashim.h"
#include "lsprivate.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Called with (hostprint, hostload, where): defines the globals print and require. Its line
 * numbers are part of what tracebacks show: keep them. */
static const char ls_prelude_text[] =
    "local hostprint, hostload, where = ...\n"
    "local select, tostring, concat, error, type = select, tostring, table.concat, error, type\n"
    "function print(...)\n"
    "  local n = select(\"#\", ...)\n"
    "  if n == 1 then return hostprint(tostring((...))) end\n"
    "  local parts = { ... }\n"
    "  for i = 1, n do parts[i] = tostring(parts[i]) end\n"
    "  hostprint(concat(parts, \"\\t\", 1, n))\n"
    "end\n"
    "local loaded, loading = {}, {}\n"
    "function require(name)\n"
    "  if type(name) ~= \"string\" then\n"
    "    error(where() .. \"bad argument #1 to 'require' (string expected, got \" .. type(name) .. \")\", 0)\n"
    "  end\n"
    "  local value = loaded[name]\n"
    "  if value ~= nil then return value end\n"
    "  if loading[name] then error(where() .. \"require: module '\" .. name .. \"' requires itself\", 0) end\n"
    "  local chunk, message = hostload(name)\n"
    "  if not chunk then error(where() .. message, 0) end\n"
    "  loading[name] = true\n"
    "  value = chunk(name)\n"
    "  loading[name] = nil\n"
    "  if value == nil then value = true end\n"
    "  loaded[name] = value\n"
    "  return value\n"
    "end";

/* The prelude's binary chunk, made once a process from the second state that opens (a
 * process that opens one state, `luascreen check`, pays nothing for it); ready once
 * published, then never changed. */
static char *ls_prelude_dump = NULL;
static size_t ls_prelude_dump_size = 0;
static atomic_int ls_prelude_ready = 0;
static atomic_int ls_prelude_compiles = 0;
static pthread_mutex_t ls_prelude_lock = PTHREAD_MUTEX_INITIALIZER;

typedef struct { char *bytes; size_t size, capacity; int failed; } ls_dump_buffer;

static int ls_dump_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    ls_dump_buffer *b = (ls_dump_buffer *)ud;
    if (b->failed) return 1;
    if (b->size + size > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 2048;
        while (capacity < b->size + size) capacity *= 2;
        char *grown = realloc(b->bytes, capacity);
        if (grown == NULL) { b->failed = 1; return 1; }
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->size, p, size);
    b->size += size;
    return 0;
}

/* Dumps the prelude just compiled (the function on top of L, not yet called) for the states
 * after this one. lua_dump allocates nothing in L (it only hands bytes to the writer), so it
 * neither charges the state's cap nor runs its collector. */
static void ls_keep_prelude_dump(lua_State *L) {
    pthread_mutex_lock(&ls_prelude_lock);
    if (!atomic_load(&ls_prelude_ready)) {
        ls_dump_buffer b = { NULL, 0, 0, 0 };
        if (lua_dump(L, ls_dump_writer, &b, 0) == 0 && !b.failed) {
            ls_prelude_dump = b.bytes;
            ls_prelude_dump_size = b.size;
            atomic_store(&ls_prelude_ready, 1);
        } else {
            free(b.bytes);
        }
    }
    pthread_mutex_unlock(&ls_prelude_lock);
}

int ls_run_prelude(lua_State *L) {
    int status;
    if (atomic_load(&ls_prelude_ready)) {
        status = luaL_loadbufferx(L, ls_prelude_dump, ls_prelude_dump_size, LS_HOST_CHUNK, "b");
    } else {
        status = luaL_loadbufferx(L, ls_prelude_text, sizeof ls_prelude_text - 1, LS_HOST_CHUNK, "t");
        if (status == LUA_OK && atomic_fetch_add(&ls_prelude_compiles, 1) >= 1) ls_keep_prelude_dump(L);
    }
    if (status != LUA_OK) return lua_error(L); /* out of memory under the cap: the message */
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 0);
    return 0;
}
