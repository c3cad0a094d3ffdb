-- lua5.4 explore_plain.lua SCRIPT STEPS [SEED]
-- The floor under `luascreen explore`: the same script's callbacks called in a plain Lua
-- loop. The constructors only tag their tables; every callback (on_select, on_change,
-- on_accessory) and field function (text, detail, enabled, visible, options) is collected.
-- A step calls one callback, chosen at random, then every field function once (what
-- re-evaluating the screens after a step costs at least), with a ctx-like table whose
-- store is a plain table of the defaults. Prints "bench: steps N SECONDS" (CPU, os.clock).
local path, steps, seed = arg[1], tonumber(arg[2]), tonumber(arg[3] or "1")
for _, kind in ipairs({ "screen", "section", "row", "button", "toggle", "choice", "input", "number", "app" }) do
  _G[kind] = function(t) t.type = t.type or kind; return t end
end
local root = dofile(path)

local actions, fields, store = {}, {}, {}
local seen = {}
local function collect(t)
  if type(t) ~= "table" or seen[t] then return end
  seen[t] = true
  if t.key ~= nil and t.default ~= nil and store[t.key] == nil then store[t.key] = t.default end
  for _, name in ipairs({ "on_select", "on_change", "on_accessory" }) do
    if type(t[name]) == "function" then actions[#actions + 1] = t[name] end
  end
  for _, name in ipairs({ "text", "detail", "enabled", "visible", "options" }) do
    if type(t[name]) == "function" then fields[#fields + 1] = t[name] end
  end
  for _, v in pairs(t) do collect(v) end
end
collect(root)

local ctx = {
  store = store, row = { id = "row", text = "Row" }, screen = { id = "screen", title = "Screen" },
  alert = function() end, push = function() end, pop = function() end, home = function() end,
  reload = function() end,
}
local state = seed
local function random(n)            -- a small LCG: the same calls on every run
  state = (state * 1103515245 + 12345) % 2147483648
  return state % n + 1
end

local start = os.clock()
for _ = 1, steps do
  if #actions > 0 then pcall(actions[random(#actions)], ctx, true, false) end
  for i = 1, #fields do pcall(fields[i], ctx) end
end
local elapsed = os.clock() - start
print(string.format("bench: steps %d %.9f (%d callbacks, %d field functions)", steps, elapsed, #actions, #fields))
