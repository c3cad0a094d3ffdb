-- Legitimate use of coroutines, pcall, error objects and patterns inside field functions.
local function words(s)
  return coroutine.wrap(function() for w in s:gmatch("%a+") do coroutine.yield(w) end end)
end
return screen {
  title = "Inside",
  section {
    row { text = "Words", detail = function()
      local n = 0
      for _ in words(("lorem ipsum "):rep(1000)) do n = n + 1 end
      local ok, e = pcall(error, setmetatable({}, { __tostring = function() return "obj" end }))
      return n .. " " .. tostring(e) .. " " .. select(2, ("a,b,,c"):gsub(",", ";"))
    end },
    row { text = "Budget", detail = function()
      for i = 1, 1e5 do pcall(error, i) end
      return "done"
    end },
  },
}
