-- /dev/zero given as the script is "not a regular file" (it used to say Invalid argument).
-- target: /dev/zero
-- expect: /dev/zero: error: cannot read the script: not a regular file
return nil
