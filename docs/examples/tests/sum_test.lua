-- tests/sum_test.lua
test("adds", function() eq(1 + 1, 2) end)
test("sums a list", function()
  eq({ 1, 2 }, { 1, 3 }, "the list")
end)
