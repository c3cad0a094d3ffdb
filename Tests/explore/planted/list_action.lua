-- Planted bug: the Share action of a list fails once the list holds two items, so only a
-- walk that adds an item (a list edit) and then runs the action (a row action) finds it.
return screen {
  id = "reading", title = "Reading list",
  section {
    list { key = "books", text = "Books", default = { "Dune" },
           actions = { { id = "share", text = "Share", on_select = function(ctx)
             if #ctx.store.books >= 2 then error("cannot share more than one book") end
             ctx:alert("shared")
           end } } },
    number { key = "size", text = "Font size", min = 10, max = 20, step = 2, default = 14 },
  },
}
