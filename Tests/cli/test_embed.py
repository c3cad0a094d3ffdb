"""The library as another package uses it (issue 13): examples/embed through a path dependency,
and docs/embedding.md's Swift examples, as written, in a package that depends on LuaScreen by version."""
import os
import re
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWIFT = shutil.which("swift")


def run(command, cwd, timeout=900):
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)


@unittest.skipUnless(SWIFT, "swift is not on PATH")
class EmbedExample(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        package = os.path.join(ROOT, "examples", "embed")
        cls.built = run(["swift", "build", "--package-path", package], ROOT)
        if cls.built.returncode != 0:
            # SwiftPM keeps a path dependency's list of source files in the dependent's .build:
            # after files were added to luascreen it builds from a stale list. Once more, clean.
            shutil.rmtree(os.path.join(package, ".build"), ignore_errors=True)
            cls.built = run(["swift", "build", "--package-path", package], ROOT)
        cls.binary = os.path.join(package, ".build", "debug", "embed")

    def setUp(self):
        self.assertEqual(self.built.returncode, 0, self.built.stdout[-3000:] + self.built.stderr[-3000:])

    def test_the_embed_example_builds_and_drives_a_screen(self):
        result = run([self.binary, "examples/settings.lua"], ROOT, timeout=60)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("path: settings › profile", result.stdout)
        self.assertIn("[ ] off", result.stdout)          # the toggle it flipped, rendered
        self.assertIn("notifications = false", result.stdout)

    def test_a_broken_script_reports_its_diagnostics(self):
        result = run([self.binary, "examples/broken/diagnostics.lua"], ROOT, timeout=60)
        self.assertEqual(result.returncode, 1)
        self.assertRegex(result.stdout, r"examples/broken/diagnostics\.lua:\d+: error: ")


def readme_swift_example():
    with open(os.path.join(ROOT, "docs", "embedding.md"), encoding="utf-8") as f:
        text = f.read()
    blocks = re.findall(r"```swift\n(.*?)```", text, re.S)
    return [b for b in blocks if "Session.open" in b][0]


def readme_confirmation_example():
    """The README's `select(_:answer:)` after `needsConfirmation`, as written."""
    with open(os.path.join(ROOT, "docs", "embedding.md"), encoding="utf-8") as f:
        text = f.read()
    return [b for b in re.findall(r"```swift\n(.*?)```", text, re.S) if "answer: true" in b][0]


def readme_later_examples():
    """Every other Swift block of the README that uses the library (the package manifest aside),
    each as a function of the `session` the first example opened, so that all of them compile
    and run as written, in the order the README shows them."""
    with open(os.path.join(ROOT, "docs", "embedding.md"), encoding="utf-8") as f:
        text = f.read()
    first, confirmation = readme_swift_example(), readme_confirmation_example()
    blocks = [b for b in re.findall(r"```swift\n(.*?)```", text, re.S)
              if b not in (first, confirmation) and "PackageDescription" not in b]
    functions = ["func readmeExample%d(_ session: Session) throws {\n%s}\n" % (i, b) for i, b in enumerate(blocks)]
    calls = "".join("try readmeExample%d(later)\n" % i for i in range(len(blocks)))
    opened = 'let later = try Session.open(path: "examples/settings.lua", options: SessionOptions(store: MemoryStore()))\n'
    return "".join(functions) + opened + calls + "later.close()\n", len(blocks)


def copy_tracked_tree(destination):
    """The repository's files as they are now (tracked and new, not ignored) in a fresh git repo."""
    listed = run(["git", "ls-files", "-co", "--exclude-standard", "-z"], ROOT).stdout.split("\0")
    for name in filter(None, listed):
        source = os.path.join(ROOT, name)
        if not os.path.isfile(source) or name.startswith("examples/embed/.build"):
            continue
        target = os.path.join(destination, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)
    for command in (["git", "init", "-q"], ["git", "add", "-A"],
                    ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "snapshot"],
                    ["git", "tag", "0.1.0"]):
        done = run(command, destination)
        assert done.returncode == 0, done.stderr


@unittest.skipUnless(SWIFT and shutil.which("git"), "swift and git are needed")
class VersionedDependency(unittest.TestCase):
    def test_readme_example_builds_against_luascreen_by_version(self):
        with tempfile.TemporaryDirectory() as tmp:
            repo = os.path.join(tmp, "luascreen")
            app = os.path.join(tmp, "app")
            os.makedirs(repo)
            copy_tracked_tree(repo)
            os.makedirs(os.path.join(app, "Sources", "app"))
            with open(os.path.join(app, "Package.swift"), "w") as f:
                f.write(
                    "// swift-tools-version:5.9\n"
                    "import PackageDescription\n"
                    "let package = Package(name: \"app\",\n"
                    f"    dependencies: [.package(url: \"file://{repo}\", from: \"0.1.0\")],\n"
                    "    targets: [.executableTarget(name: \"app\", dependencies: [\n"
                    "        .product(name: \"LuaScreen\", package: \"luascreen\")])])\n")
            later, count = readme_later_examples()
            self.assertGreaterEqual(count, 4)   # action, why by RowID, SessionVerb, LuaScreenError
            with open(os.path.join(app, "Sources", "app", "main.swift"), "w") as f:
                f.write(readme_swift_example() + "\n" + readme_confirmation_example() + "\n" + later)
            built = run(["swift", "build"], app)
            self.assertEqual(built.returncode, 0, built.stdout[-4000:] + built.stderr[-4000:])
            self.assertNotIn("unsafe build flags", built.stderr)
            result = run([os.path.join(app, ".build", "debug", "app")], ROOT, timeout=60)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            self.assertIn("Notifications", result.stdout)          # the rendered screen
            self.assertIn('"root"', result.stdout)                  # the dump's JSON
            self.assertIn("Sign out now?", result.stdout)           # the question, then answered
            # What the later examples' comments say they print:
            self.assertIn('disabled ["sync"]', result.stdout)                        # why, by RowID
            self.assertIn('["set \\"Notifications\\" off"] s:set("Notifications", "off")', result.stdout)
            self.assertIn("28 txt text", result.stdout)                              # a diagnostic's subject
            self.assertIn('session: no row "Sign In" on screen "Settings"', result.stdout)  # LuaScreenError


if __name__ == "__main__":
    unittest.main()
