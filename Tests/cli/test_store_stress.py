"""The store under stress: writers killed with SIGKILL at random moments, and several
processes writing one file at once (SPEC §6: a crash leaves the old file or the new one;
two processes writing the same file lose neither's keys).

Each writer is `luascreen run SCRIPT --store FILE` in batch mode, setting its own key to
1, 2, 3, ... one commit a line. Some writers are killed with SIGKILL while they write; the
others run to the end. Afterwards the file must be a valid JSON object of mode 0600 holding
every survivor's last value and, for each killed writer, a value it really wrote (or none),
with no temporary file left behind.
"""
import json
import os
import random
import signal
import stat
import subprocess
import time
import unittest

from Tests.cli.replsupport import BIN, Sandbox, require_binary

SCRIPT = """
return screen { title = "Stress", section {
  number { text = "A", key = "a", min = 0, max = 1000000 },
  number { text = "B", key = "b", min = 0, max = 1000000 },
  number { text = "C", key = "c", min = 0, max = 1000000 },
  number { text = "D", key = "d", min = 0, max = 1000000 },
  number { text = "E", key = "e", min = 0, max = 1000000 },
  number { text = "F", key = "f", min = 0, max = 1000000 },
} }
"""

WRITES = 1500
ROUNDS = 4


class StoreStressTests(unittest.TestCase):
    def setUp(self):
        require_binary(self)
        self.sandbox = Sandbox()
        self.script = os.path.join(self.sandbox.scripts, "stress.lua")
        with open(self.script, "w") as f:
            f.write(SCRIPT)

    def writer(self, key, store):
        commands = "".join(f"set {key.upper()} {n}\n" for n in range(1, WRITES + 1))
        process = subprocess.Popen([BIN, "run", self.script, "--store", store],
                                   stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, env=self.sandbox.env())
        process.stdin.write(commands.encode())
        process.stdin.close()
        return process

    def test_killed_and_concurrent_writers_leave_a_whole_file_with_every_survivors_keys(self):
        rng = random.Random(20261130)
        for round_number in range(ROUNDS):
            folder = os.path.join(self.sandbox.dir, f"round{round_number}")
            os.makedirs(folder)
            store = os.path.join(folder, "values.json")
            # Something a person stored before, and keys no script knows: both must survive.
            with open(store, "w") as f:
                json.dump({"kept": "by hand", "nested": {"x": [1, 2]}}, f)
            keys = ["a", "b", "c", "d", "e", "f"]
            killed = set(rng.sample(keys, 2))
            processes = {key: self.writer(key, store) for key in keys}
            time.sleep(rng.uniform(0.1, 0.6))
            for key in killed:
                processes[key].send_signal(signal.SIGKILL)
            for key, process in processes.items():
                process.wait(timeout=120)
                errors = process.stderr.read().decode(errors="replace")
                process.stderr.close()
                if key in killed:
                    self.assertIn(process.returncode, (-signal.SIGKILL, 0), errors)
                else:
                    self.assertEqual(process.returncode, 0, f"writer {key}: {errors}")

            with open(store, "rb") as f:
                values = json.loads(f.read())  # a damaged file would raise here
            self.assertIsInstance(values, dict)
            self.assertEqual(stat.S_IMODE(os.stat(store).st_mode), 0o600)
            self.assertEqual(values.get("kept"), "by hand")
            self.assertEqual(values.get("nested"), {"x": [1, 2]})
            for key in keys:
                if key in killed and processes[key].returncode != 0:
                    if key in values:
                        self.assertIn(values[key], range(1, WRITES + 1), f"round {round_number}, key {key}")
                else:
                    self.assertEqual(values.get(key), WRITES, f"round {round_number}: survivor {key} lost its last value")
            self.assertTrue(any(processes[k].returncode == -signal.SIGKILL for k in killed),
                            f"round {round_number}: the writers finished before they could be killed")
            leftovers = [name for name in os.listdir(folder) if name.endswith(".tmp")]
            self.assertEqual(leftovers, [], f"round {round_number}: temporary files left")


if __name__ == "__main__":
    unittest.main()
