-- Store keys that are not valid UTF-8 (Latin-1 "café", a lone continuation byte): refused,
-- never stored as U+FFFD (two such keys would merge into one).
-- expect: store_key_not_utf8\.lua:6: error: .*key: a store key must be valid UTF-8 text
-- expect: store_key_not_utf8\.lua:7: error: .*key: a store key must be valid UTF-8 text
return screen { id = "s", title = "Keys", section {
  toggle { text = "Latin-1", key = "caf\xe9" },
  toggle { text = "Continuation", key = "\x80" },
} }
