-- A plain find that a naive search (memchr + memcmp at each position) does in n * m byte
-- compares: 8M positions x 8M bytes. It is linear now (memmem), so it finishes at once
-- and the script ends with its own error.
-- expect: plain_find\.lua:\d+: error: plain find finished: nil 8388609
local hay = ("a"):rep(16 * 1024 * 1024)
local needle = ("a"):rep(8 * 1024 * 1024) .. "b"
local miss = hay:find(needle, 1, true)
local hit = (hay .. "b"):find(needle, 1, true)
error("plain find finished: " .. tostring(miss) .. " " .. tostring(hit))
