#!/usr/bin/env python3
"""The doc test: every fenced block of README.md and docs/*.md is run as its marker says.

A marker is an HTML comment on the last non-blank line before the block's opening fence:

    <!-- doctest: compare -->      each line starting with `$ ` is a command, run by bash from a
                                   scratch folder holding links to the repository's top-level
                                   entries, with `luascreen` the binary under test; the lines
                                   after it, up to the next `$ ` line, are its exact output
                                   (stdout and stderr together). A line holding only `...`
                                   stands for any number of lines, `{...}` in a line for any
                                   text (a time, a duration).
    <!-- doctest: run -->          each `$ ` line (or, when none, the whole block as one bash
                                   script under `set -e`) is run and must exit 0
    <!-- doctest: skip: REASON -->  not run; the reason says why
    <!-- doctest: file PATH -->    the block's text equals the file PATH of the repository,
                                   or its opening lines up to a blank line of the file

A block without a marker fails. The commands of one block share a scratch folder.

Usage: Tests/docs/doctest.py [FILE.md ...]   (default: README.md and docs/*.md)
The binary is $LUASCREEN_BIN, else .build/debug/luascreen. Exit 0 when every block passes.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MARKER = re.compile(r"^\s*<!--\s*doctest:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(```+|~~~+)(.*)$")
TIMEOUT = 120


class Block:
    def __init__(self, path, line, info, lines, marker, marker_line):
        self.path, self.line, self.info, self.lines = path, line, info, lines
        self.marker, self.marker_line = marker, marker_line

    def where(self):
        return f"{os.path.relpath(self.path, ROOT)}:{self.line}"


def blocks(path):
    """Every fenced block of a Markdown file, with the marker before it (or None)."""
    text = open(path, encoding="utf-8").read().split("\n")
    i = 0
    found = []
    while i < len(text):
        m = FENCE.match(text[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        start = i
        j = start - 1
        while j >= 0 and text[j].strip() == "":
            j -= 1
        marker = MARKER.match(text[j]) if j >= 0 else None
        body = []
        i += 1
        while i < len(text):
            close = text[i].strip()
            if close.startswith(fence[0] * len(fence)) and close.strip(fence[0]) == "":
                break
            line = text[i]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        if i >= len(text):
            raise SystemExit(f"{path}:{start + 1}: error: a fenced block that never closes")
        found.append(Block(path, start + 1, info, body,
                           marker.group(1) if marker else None, j + 1 if marker else None))
        i += 1
    return found


def scratch(binary):
    """A scratch folder: links to the repository's entries, and `luascreen` on PATH."""
    folder = tempfile.mkdtemp(prefix="luascreen-doctest-")
    for name in os.listdir(ROOT):
        if name in (".build", ".git"):
            continue
        if name == "examples":  # a copy: tests open scripts inside their test root, never through a link
            shutil.copytree(os.path.join(ROOT, name), os.path.join(folder, name), symlinks=True)
        else:
            os.symlink(os.path.join(ROOT, name), os.path.join(folder, name))
    bindir = os.path.join(folder, ".bin")
    os.mkdir(bindir)
    os.symlink(binary, os.path.join(bindir, "luascreen"))
    env = dict(os.environ)
    env.update({
        "PATH": bindir + os.pathsep + env.get("PATH", ""),
        "HOME": os.path.join(folder, ".home"),
        "XDG_CONFIG_HOME": os.path.join(folder, ".home", "config"),
        "XDG_STATE_HOME": os.path.join(folder, ".home", "state"),
        "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "dumb", "NO_COLOR": "1",
        "COLUMNS": "80",
    })
    for key in ("LUASCREEN_TIMING", "TAP_VERSION", "VISUAL", "EDITOR"):
        env.pop(key, None)
    os.makedirs(env["XDG_CONFIG_HOME"])
    return folder, env


def run(command, folder, env):
    proc = subprocess.run(["bash", "-c", command], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT)
    return proc.returncode, proc.stdout.decode("utf-8", "replace")


def commands(lines):
    """[(command, expected lines)] from a block of `$ ` lines and their outputs."""
    pairs = []
    for line in lines:
        if line.startswith("$ "):
            pairs.append((line[2:], []))
        elif pairs:
            pairs[-1][1].append(line)
        elif line.strip():
            raise ValueError(f"output before the first `$ ` command: {line!r}")
    return pairs


def line_matches(expected, actual):
    """A line equal to the expected one, where `{...}` in it stands for any text."""
    if "{...}" not in expected:
        return actual == expected
    pattern = ".*".join(re.escape(part) for part in expected.split("{...}"))
    return re.fullmatch(pattern, actual) is not None


def matches(expected, actual):
    """Whether actual lines equal expected ones, a line `...` standing for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and line_matches(expected[0], actual[0]) and matches(expected[1:], actual[1:])


def check(block, binary):
    """None when the block passes, else what is wrong."""
    kind = block.marker
    if kind is None:
        return ("no doctest marker before this block: put <!-- doctest: compare|run|skip: "
                "REASON|file PATH --> on the line before it")
    if kind.startswith("skip:"):
        return None if kind[5:].strip() else "`skip:` needs a reason"
    if kind.startswith("file "):
        rel = kind[5:].strip()
        target = os.path.join(ROOT, rel)
        if not os.path.isfile(target):
            return f"{rel}: no such file"
        want = open(target, encoding="utf-8").read().rstrip("\n").split("\n")
        opening = want[:len(block.lines)]
        if len(want) > len(block.lines) and want[len(block.lines)].strip() == "":
            want = opening  # the block is the file's opening, up to a blank line
        if block.lines != want:
            diff = difflib.unified_diff(want, block.lines, rel, "the block", lineterm="")
            return "the block differs from the file:\n" + "\n".join(diff)
        return None
    if kind not in ("compare", "run"):
        return f"unknown marker {kind!r} (compare, run, skip: REASON, file PATH)"
    if kind == "run" and not any(line.startswith("$ ") for line in block.lines):
        pairs = [("set -e\n" + "\n".join(block.lines), [])]  # a script: heredocs and all
    else:
        try:
            pairs = commands(block.lines)
        except ValueError as error:
            return str(error)
    if not pairs:
        return "no `$ ` command in the block"
    folder, env = scratch(binary)
    try:
        for command, expected in pairs:
            try:
                status, output = run(command, folder, env)
            except subprocess.TimeoutExpired:
                return f"$ {command}\ndid not end within {TIMEOUT} s"
            if kind == "run":
                if status != 0:
                    return f"$ {command}\nexited {status}:\n{output}"
                continue
            actual = output.split("\n")
            if actual and actual[-1] == "":
                actual.pop()
            if not matches(expected, actual):
                diff = difflib.unified_diff(expected, actual, "the docs", "the run", lineterm="")
                return f"$ {command}\n" + "\n".join(diff)
        return None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main(argv):
    binary = os.path.abspath(os.environ.get("LUASCREEN_BIN") or os.path.join(ROOT, ".build", "debug", "luascreen"))
    if not os.access(binary, os.X_OK):
        print(f"doctest: error: no binary at {binary} (swift build, or set LUASCREEN_BIN)")
        return 1
    files = argv or [os.path.join(ROOT, "README.md")] + sorted(
        os.path.join(ROOT, "docs", n) for n in os.listdir(os.path.join(ROOT, "docs")) if n.endswith(".md"))
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    for path in files:
        for block in blocks(os.path.abspath(path)):
            problem = check(block, binary)
            if problem is not None:
                counts["failed"] += 1
                print(f"{block.where()}: error: {problem.splitlines()[0]}")
                for line in problem.splitlines()[1:]:
                    print("  " + line)
            elif block.marker.startswith("skip:"):
                counts["skipped"] += 1
            else:
                counts["passed"] += 1
    print(f"doctest: {counts['passed']} blocks passed, {counts['failed']} failed, "
          f"{counts['skipped']} skipped (not runnable, each marked with its reason)")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
