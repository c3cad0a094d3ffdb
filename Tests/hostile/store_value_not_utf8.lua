-- A callback stores a string that is not valid UTF-8: refused at the write, never altered.
-- expect: store_value_not_utf8\.lua:\d+: "name" cannot hold this string: it is not valid UTF-8 text
return screen { id = "s", title = "Values",
  on_appear = function(ctx) ctx.store.name = "caf\xe9" end,
  section { input { text = "Name", key = "name" } } }
