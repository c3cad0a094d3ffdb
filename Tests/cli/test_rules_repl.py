"""The REPL's surface of symbols (docs/dependencies.md, SPEC §18) on examples/managed.lua:
`set NAME VALUE` from any screen, refusals as error lines naming the input line, `why` and
`help` as menuconfig's, `find` by name and prompt, the row's value with its reason, and the
`.config` store: written as conf writes it, its unknown lines shown by `store`."""
import os
import subprocess
import tempfile
import unittest

from replsupport import BIN, ROOT

APP = os.path.join(ROOT, "examples", "managed.lua")


def batch(commands, store="none", width=70):
    return subprocess.run([BIN, "run", APP, "--store", store, "--width", str(width)],
                          input="".join(c + "\n" for c in commands), capture_output=True, text=True, timeout=60)


def answer(output, command):
    """The lines a command printed in batch mode (after its `> COMMAND` echo)."""
    lines = output.splitlines()
    start = lines.index("> " + command) + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("> ")), len(lines))
    return lines[start:end]


class RulesReplTest(unittest.TestCase):
    def test_selected_row_shows_the_reason_and_why_explains(self):
        p = batch(["set MANAGED y", "set VPN y", "why NETWORK"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(" 4 Network access                                 selected by VPN ● on", answer(p.stdout, "set VPN y"))
        self.assertEqual(answer(p.stdout, "why NETWORK"), [
            "Symbol: NETWORK [=y]",
            "Type  : bool",
            "Value : y (selected by VPN)",
            "  Prompt: Network access",
            "  Selected by [y]:",
            "  - VPN [=y] && MANAGED [=y]",
        ])

    def test_refusals_name_the_input_line_and_fail_the_batch(self):
        p = batch(["set MANAGED y", "set VPN y", "set NETWORK n", "set CAMERA y", "set PIN_LENGTH 5", "set LOCATION m",
                   "set CAMERA_ALLOWED y", "set NOPE y"])
        self.assertEqual(p.returncode, 1)
        self.assertEqual(p.stderr.splitlines()[:5], [
            "stdin:3: error: NETWORK cannot be n (selected by VPN); it may be nothing but y",
            "stdin:4: error: CAMERA is hidden: depends on !MANAGED [=y] || CAMERA_ALLOWED [=n]",
            "stdin:5: error: 5 is out of range for PIN_LENGTH (6 to 16)",
            "stdin:6: error: LOCATION cannot be m (APPS is n); it may be n, y",
            "stdin:7: error: CAMERA_ALLOWED has no prompt: its value is computed, never set",
        ])
        # A name that is no symbol is a row reference that finds nothing.
        self.assertEqual(len(p.stderr.splitlines()), 6)
        self.assertTrue(p.stderr.splitlines()[5].startswith("stdin:8: error: "), p.stderr)

    def test_names_reach_rows_from_any_screen_with_or_without_config(self):
        p = batch(["set CONFIG_MANAGED y", "help CONFIG_PIN_LENGTH", "set UPDATES UPDATES_NIGHT", "help UPDATES"])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(answer(p.stdout, "help CONFIG_PIN_LENGTH")[:3], ["Symbol: PIN_LENGTH [=6]", "Type  : int", "Range : [6 16]"])
        self.assertIn("Choice: UPDATES [=UPDATES_NIGHT]", answer(p.stdout, "help UPDATES"))

    def test_find_by_name_and_prompt_hidden_ones_too(self):
        p = batch(["find camera", "find CONFIG_UPDATES_ASK"])
        self.assertEqual(answer(p.stdout, "find camera"), [
            "1. Device policy › Camera (symbol CAMERA)",
            "2. Device policy › CAMERA_ALLOWED (hidden) (symbol CAMERA_ALLOWED)",
            "go N goes to result N.",
        ])
        self.assertEqual(answer(p.stdout, "find CONFIG_UPDATES_ASK")[0], "1. Device policy › Update policy (option UPDATES_ASK)")

    def test_config_store_is_written_as_conf_writes_it_and_warns(self):
        with tempfile.TemporaryDirectory() as d:
            store = os.path.join(d, ".config")
            with open(store, "w") as f:
                f.write("CONFIG_MANAGED=y\nCONFIG_GONE=y\nCONFIG_PIN_LENGTH=x\n")
            p = batch(["store", "set VPN y", "quit"], store=store)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(answer(p.stdout, "store")[1:3], [
                "  warning: %s: line 2: unknown symbol: GONE" % store,
                "  warning: %s: line 3: symbol value 'x' invalid for PIN_LENGTH" % store,
            ])
            with open(store) as f:
                self.assertEqual(f.read(), "\n".join([
                    "#", "# Automatically generated file; DO NOT EDIT.", "# Device policy", "#",
                    "CONFIG_MANAGED=y", "# CONFIG_APPS is not set", "CONFIG_VPN=y", "CONFIG_NETWORK=y",
                    "# CONFIG_BLUETOOTH is not set", "# CONFIG_LOCATION is not set", "CONFIG_PIN_LENGTH=6",
                    'CONFIG_MDM_SERVER="mdm.example.com"', "CONFIG_UPDATES_AUTO=y", "# CONFIG_UPDATES_NIGHT is not set",
                    # a plain row shown is a comment's heading, as conf writes one
                    "", "#", "# Managed updates", "#", ""]))

    def test_config_store_is_not_written_again_when_no_value_moved(self):
        # A .config as conf writes it is current once opened: setting a symbol to the value
        # the person gave it changes nothing, and quit writes nothing (the file is the same
        # file, not a new one put in its place); a real change is written at quit.
        with tempfile.TemporaryDirectory() as d:
            store = os.path.join(d, ".config")
            with open(store, "w") as f:
                f.write("CONFIG_MANAGED=y\n")
            p = batch(["quit"], store=store)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(store) as f:
                written = f.read()
            self.assertIn("CONFIG_MANAGED=y\n", written)
            before = os.stat(store).st_ino
            p = batch(["set MANAGED y", "quit"], store=store)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(os.stat(store).st_ino, before)
            with open(store) as f:
                self.assertEqual(f.read(), written)
            p = batch(["set VPN y", "quit"], store=store)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertNotEqual(os.stat(store).st_ino, before)
            with open(store) as f:
                self.assertIn("CONFIG_VPN=y\n", f.read())

    def test_dump_gives_the_chosen_value_and_the_reason(self):
        import json
        p = subprocess.run([BIN, "dump", APP, "--store", "none"], capture_output=True, text=True, timeout=60)
        rows = {r["id"]: r for s in json.loads(p.stdout)["screens"][0]["sections"] for r in s["rows"]}
        self.assertEqual((rows["LOCATION"]["value"], rows["LOCATION"]["chosen"], rows["LOCATION"]["reason"]),
                         ("y", None, "implied by BLUETOOTH"))
        self.assertEqual(rows["CAMERA_ALLOWED"]["visible"], False)


if __name__ == "__main__":
    unittest.main()
