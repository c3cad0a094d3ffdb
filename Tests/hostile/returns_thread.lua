-- The script returns a thread.
-- expect: returns_thread\.lua:\d+: error: the script returns a thread, not a screen or app
return coroutine.create(function() end)
