-- A callback stores under a key that is not valid UTF-8 (an overlong "/", a surrogate).
-- expect: store_write_key_not_utf8\.lua:\d+: a store key must be valid UTF-8 text
return screen { id = "s", title = "Keys",
  on_appear = function(ctx) ctx.store["\xc0\xaf"] = 1; ctx.store["\xed\xa0\x80"] = 2 end,
  section { toggle { text = "T", key = "t" } } }
