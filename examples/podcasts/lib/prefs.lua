-- examples/podcasts/lib/prefs.lua: the helpers every screen of the app builds its rows with.
local M = {}

-- A switch bound to a store key, off unless `default` says otherwise.
function M.switch(key, text, default)
  return toggle { key = key, text = text, default = default or false }
end

-- A number of units (seconds, episodes) with its bounds.
function M.amount(key, text, min, max, default, unit)
  return number { key = key, text = text, min = min, max = max, default = default, unit = unit }
end

return M
