-- An on_appear that pushes its own screen: one short error naming the file, the line and
-- the push depth limit (it was an 11.7 KB line with the same prefix 190 times).
-- max-output: 1024
-- expect: host_on_appear_self_push\.lua:(\d+:)? error: host_on_appear_self_push\.lua:\d+: ctx:push: .*the push depth limit
-- reject: (host_on_appear_self_push\.lua:\d+: ){3}
return screen { id = "loop", title = "Loop",
  on_appear = function(ctx) ctx:push("loop") end,
  section { row { text = "a" } },
}
