-- FIXED FINDING (kept so it stays fixed).
-- finding: render wraps a header/footer word longer than the width in quadratic time
-- (ScreenRender/Wrap.swift, wrap(): each hard-broken piece does word.removeFirst(n) and
-- displayWidth(word) over the whole rest of the word). 100 KB: 1.2 s, 200 KB: 4.7 s, this
-- 1 MB header about two minutes in a debug build; a 10 MB one, hours.
-- commands: render
return screen {
  title = "Long header",
  section { header = ("x"):rep(1024 * 1024), row { text = "r" } },
}
