"""SPEC §6 through the binary in batch mode: keys compared byte for byte, text that is not
valid UTF-8 refused (never altered), and no store file over 16 MiB, ever written or lost.

Each case runs `luascreen run SCRIPT --store FILE` with commands on stdin and then reads the
file's bytes: a refused write or a file luascreen cannot read must leave them as they were.
"""
import json
import os
import re
import unittest

from Tests.cli.replsupport import Sandbox, batch, require_binary

LIMIT = 16 << 20

SCRIPT = """\
return screen { id = "s", title = "Store", section {
  toggle { text = "Cafe NFC", key = "caf\\u{E9}", default = false },
  input { text = "Cafe NFD", key = "cafe\\u{301}", default = "" },
  button { text = "Huge", on_select = function(ctx) ctx.store.huge = string.rep("x", 17 * 1024 * 1024) end },
  button { text = "Latin", on_select = function(ctx) ctx.store["caf\\xe9"] = true end },
} }
"""


class StoreLimitTests(unittest.TestCase):
    def setUp(self):
        require_binary(self)
        self.sandbox = Sandbox()
        self.addCleanup(self.sandbox.close)
        self.script = self.sandbox.script("store.lua", SCRIPT)
        self.store = os.path.join(self.sandbox.dir, "values.json")

    def run_batch(self, commands):
        return batch(self.sandbox, ["run", self.script, "--store", self.store], commands, timeout=120)

    def write_store(self, data):
        with open(self.store, "wb") as f:
            f.write(data)

    def read_store(self):
        with open(self.store, "rb") as f:
            return f.read()

    def test_canonically_equivalent_keys_stay_two_keys(self):
        self.write_store('{"caf\\u00e9": false, "cafe\\u0301": "kept", "other": 1}'.encode())
        result = self.run_batch(["select Cafe NFC", "store"])
        self.assertEqual(result.returncode, 0, result.stderr)
        values = json.loads(self.read_store().decode("utf-8"))
        self.assertEqual(values, {"caf\u00e9": True, "cafe\u0301": "kept", "other": 1})
        self.assertEqual(len(values), 3)

    def test_a_callback_storing_17_mib_fails_and_the_file_still_opens(self):
        self.write_store(b'{"other": 1}\n')
        result = self.run_batch(["select Huge", "select Cafe NFC"])
        self.assertEqual(result.returncode, 1)
        self.assertRegex(result.stdout + result.stderr, r'cannot store "huge": the store file would be \d+ bytes \(17\.0 MiB\), larger than the 16 MiB limit')
        self.assertLess(os.path.getsize(self.store), 1024)
        self.assertEqual(json.loads(self.read_store()), {"other": 1, "caf\u00e9": True})
        again = self.run_batch(["store"])
        self.assertEqual(again.returncode, 0, again.stderr)

    def test_a_key_that_is_not_utf8_is_refused_and_nothing_is_written(self):
        self.write_store(b'{"other": 1}\n')
        result = self.run_batch(["select Latin"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("a store key must be valid UTF-8 text", result.stdout + result.stderr)
        self.assertEqual(self.read_store(), b'{"other": 1}\n')

    def test_a_file_with_text_that_is_not_utf8_is_reported_and_never_written(self):
        for data in (b'{"caf\xe9": 1}', b'{"name": "\xc3\x28"}', b'{"a": "\\ud800"}'):
            self.write_store(data)
            result = self.run_batch(["select Cafe NFC"])
            self.assertEqual(result.returncode, 1, data)
            # The JSON's line and column lead, as editors read a place (FILE:LINE:COL: error:).
            self.assertRegex(result.stderr, re.escape(self.store) + r":1:\d+: error: the store file is damaged: not valid JSON: (invalid UTF-8 byte|lone surrogate)")
            self.assertEqual(self.read_store(), data)

    def test_a_file_of_16_mib_is_read_and_one_byte_more_is_reported_and_kept(self):
        head, tail = b'{\n  "pad": "', b'"\n}\n'
        exact = head + b"a" * (LIMIT - len(head) - len(tail)) + tail
        self.write_store(exact)
        result = self.run_batch(["store", "select Cafe NFC"])
        self.assertEqual(result.returncode, 1)  # the toggle would grow the file past the limit
        self.assertIn("larger than the 16 MiB limit", result.stdout + result.stderr)
        self.assertEqual(self.read_store(), exact)

        over = head + b"a" * (LIMIT - len(head) - len(tail) + 1) + tail
        self.write_store(over)
        result = self.run_batch(["select Cafe NFC"])
        self.assertEqual(result.returncode, 1)
        self.assertIn(f"{self.store}: error: the store file is {LIMIT + 1} bytes (16.0 MiB), larger than the 16 MiB luascreen reads", result.stderr)
        # The library's advice names no option; the command line adds its own.
        self.assertIn("or choose another store file (--store PATH)", result.stderr)
        self.assertNotIn("damaged", result.stderr)
        self.assertEqual(self.read_store(), over)


if __name__ == "__main__":
    unittest.main()
