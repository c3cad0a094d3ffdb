-- A FIFO given as the script is "not a regular file", at once (no waiting for a writer).
-- target: pipe.lua
-- setup: fifo pipe.lua
-- expect: pipe\.lua: error: cannot read the script: not a regular file
return nil
