-- Backtracking through match, gmatch and gsub, each caught by pcall so all three run.
-- expect: pattern_gsub_gmatch_match\.lua:\d+: error: instruction limit exceeded
local s = ("a"):rep(200)
local p = ("a-"):rep(30) .. "b"
local results = {}
for _, f in ipairs { function() return s:match(p) end,
                     function() for m in s:gmatch(p) do end end,
                     function() return s:gsub(p, "") end } do
  results[#results + 1] = select(2, pcall(f))
end
error(results[1])
