-- Field functions that try to act: navigate, write the store, change the screen.
-- expect: ctx_in_field\.lua:\d+: error: .*ctx:push cannot be used in a field function
-- expect: ctx_in_field\.lua:\d+: error: .*the store can only be changed inside a callback
-- expect: ctx_in_field\.lua:\d+: error: .*ctx:insert_row cannot be used in a field function
return screen {
  id = "main", title = "Acting",
  section {
    id = "s",
    row { text = "a", detail = function(ctx) ctx:push("main") end },
    row { text = "b", detail = function(ctx) ctx.store.x = 1 end },
    row { text = "c", enabled = function(ctx) ctx:insert_row("s", 1, { text = "new" }) end },
    row { text = "d", visible = function(ctx) return rawget(ctx, "store") ~= nil and setmetatable(ctx, nil) end },
  },
}
