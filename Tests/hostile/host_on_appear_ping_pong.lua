-- Two screens whose on_appear push each other: the same short error (run, batch mode).
-- command: run
-- stdin: select Start
-- stdin: show
-- max-output: 4096
-- expect: ctx:push: .*the push depth limit
-- expect-out: > show\n(.|\n)*Root
return app { root = "root", screens = {
  screen { id = "root", title = "Root", section { row { text = "Start", push = "a" } } },
  screen { id = "a", title = "A", on_appear = function(ctx) ctx:push("b") end, section { row { text = "x" } } },
  screen { id = "b", title = "B", on_appear = function(ctx) ctx:push("a") end, section { row { text = "y" } } },
} }
