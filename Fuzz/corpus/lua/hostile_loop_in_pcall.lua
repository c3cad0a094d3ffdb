-- Loops inside pcall inside a loop: catching the budget error must not let the script go on.
-- expect: loop_in_pcall\.lua:\d+: error: instruction limit exceeded
while true do
  pcall(function() while true do end end)
  pcall(error, "again")
end
return screen { title = "never" }
