-- Two keys that are canonically equivalent but not the same bytes: two values.
return screen {
  id = "cafe", title = "Caf\u{E9}",
  section {
    toggle { text = "NFC", key = "caf\u{E9}", default = true },
    input { text = "NFD", key = "cafe\u{301}", default = "x" },
    choice { text = "Pick", key = "pick", options = { "\u{E9}", "e\u{301}" }, default = "e\u{301}" },
    button { text = "Write", on_select = function(ctx) ctx.store["caf\u{E9}"] = false; ctx.store["\xff"] = 1 end },
  },
}
