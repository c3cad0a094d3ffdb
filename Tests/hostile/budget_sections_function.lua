-- A screen whose sections function loops, and rows whose visible functions loop: one budget.
-- expect: budget_sections_function\.lua:\d+: error: .*instruction limit exceeded
return screen {
  title = "Root",
  section {
    row { text = "child", push = screen { id = "child", title = "Child", sections = function()
      local t = {}
      for i = 1, 1e9 do t[i % 10 + 1] = i end
      return {}
    end } },
  },
}
