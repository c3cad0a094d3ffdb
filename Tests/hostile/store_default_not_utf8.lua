-- Defaults and options that are not valid UTF-8: they could end up stored, so they fail the load.
-- expect: store_default_not_utf8\.lua:5: error: .*a value must be valid UTF-8 text
-- expect: store_default_not_utf8\.lua:6: error: .*options\[2\]: a value must be valid UTF-8 text
return screen { id = "s", title = "Defaults", section {
  input { text = "Name", key = "name", default = "\xc3" },
  choice { text = "Pick", key = "pick", options = { "a", "\xff" } },
} }
