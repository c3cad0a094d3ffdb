"""Compares a Settings.bundle with the one luascreen exports after importing it (SPEC §15):
pane for pane from each root, specifiers aligned in order, keys and values compared with
their plist types (True is not 1, 1.0 is not 1), and the strings tables per language.

Run as a script for the table of a corpus: python3 Tests/cli/bundle_roundtrip.py [FOLDER...]"""
import difflib
import glob
import os
import plistlib
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

# Apps' own bundles, fetched from their public repositories, are data this repository does
# not commit: they are kept beside it in the project's shared folder (shared/corpus/bundles,
# with SOURCES.md), or wherever LUASCREEN_BUNDLE_CORPUS names.
import corpora  # noqa: E402
CORPUS = os.environ.get("LUASCREEN_BUNDLE_CORPUS") or os.path.join(corpora.FIRST, "bundles")


def typed(v):
    """A value with its plist type at every level, so equal Python values of other types differ."""
    if isinstance(v, dict):
        return ("dict", tuple(sorted((k, typed(x)) for k, x in v.items())))
    if isinstance(v, list):
        return ("array", tuple(typed(x) for x in v))
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, int):
        return ("integer", v)
    if isinstance(v, float):
        return ("real", v)
    if isinstance(v, bytes):
        return ("data", v)
    return (type(v).__name__, v)


def load(path):
    try:
        with open(path, "rb") as f:
            return plistlib.load(f)
    except Exception:
        return None


def signature(spec):
    if not isinstance(spec, dict):
        return ("?", repr(spec))
    return (spec.get("Type"), spec.get("Key"), spec.get("File"), spec.get("Title"))


def strings(folder, tables):
    """Each language's pairs from the named tables, first table first."""
    out = {}
    for lproj in sorted(glob.glob(os.path.join(folder, "*.lproj"))):
        lang = os.path.basename(lproj)[:-6]
        if lang == "Base":
            continue
        pairs = {}
        for table in tables:
            path = os.path.join(lproj, table + ".strings")
            if os.path.isfile(path):
                try:
                    text = read_strings(path)
                except Exception:
                    continue
                for k, v in text.items():
                    pairs.setdefault(k, v)
        if pairs:
            out[lang] = pairs
    return out


def read_strings(path):
    """A .strings file's pairs, read by luascreen's own reader through a tiny import."""
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        text = data.decode("utf-16")
    else:
        text = data.decode("utf-8-sig")
    pairs, i = {}, 0

    def skip():
        nonlocal i
        while i < len(text):
            if text[i].isspace():
                i += 1
            elif text.startswith("/*", i):
                j = text.find("*/", i + 2)
                i = len(text) if j < 0 else j + 2
            elif text.startswith("//", i):
                j = text.find("\n", i)
                i = len(text) if j < 0 else j + 1
            else:
                return

    def token():
        nonlocal i
        skip()
        if i < len(text) and text[i] == '"':
            i += 1
            out = []
            while i < len(text) and text[i] != '"':
                if text[i] == "\\" and i + 1 < len(text):
                    c = text[i + 1]
                    out.append({"n": "\n", "t": "\t", "r": "\r"}.get(c, c))
                    i += 2
                else:
                    out.append(text[i])
                    i += 1
            i += 1
            return "".join(out)
        j = i
        while i < len(text) and (text[i].isalnum() or text[i] in "_.-"):
            i += 1
        return text[j:i]

    while True:
        skip()
        if i >= len(text):
            return pairs
        k = token()
        skip()
        if i < len(text) and text[i] == "=":
            i += 1
            v = token()
        else:
            v = k
        skip()
        if i < len(text) and text[i] == ";":
            i += 1
        elif i < len(text):
            return {}  # a file that does not parse is left out whole, as import does (with a warning)
        pairs.setdefault(k, v)


def compare(original_folder, root_name, exported_folder):
    """The differences between the original bundle from `root_name` and the exported one: a
    list of (pane file, specifier index or None, what), and counts."""
    diffs = []
    counts = {"panes": 0, "specifiers": 0, "same": 0}
    seen = set()
    tables_orig, tables_exp = [], []
    pane_tables = []  # (the pane's table, its exported pane's table or None)

    def walk(orig_file, exp_file):
        if orig_file in seen:
            return
        seen.add(orig_file)
        orig = load(os.path.join(original_folder, orig_file + ".plist"))
        exp = load(os.path.join(exported_folder, exp_file + ".plist")) if exp_file else None
        if not isinstance(orig, dict):
            return
        counts["panes"] += 1
        specs = orig.get("PreferenceSpecifiers") or []
        counts["specifiers"] += len(specs)
        base = os.path.basename(orig_file).split("~")[0]
        tables_orig.append(orig.get("StringsTable") or base)
        pane_tables.append((tables_orig[-1], (exp.get("StringsTable") or os.path.basename(exp_file)) if isinstance(exp, dict) else None))
        if not isinstance(exp, dict):
            diffs.append((orig_file, None, f"pane not exported (as {exp_file})"))
            return
        tables_exp.append(exp.get("StringsTable") or os.path.basename(exp_file))
        for key in sorted(set(orig) | set(exp)):
            if key == "PreferenceSpecifiers":
                continue
            if typed(orig.get(key)) != typed(exp.get(key)):
                diffs.append((orig_file, None, f"pane key {key}: {orig.get(key)!r} -> {exp.get(key)!r}"))
        exp_specs = exp.get("PreferenceSpecifiers") or []
        matcher = difflib.SequenceMatcher(None, [repr(signature(s)) for s in specs], [repr(signature(s)) for s in exp_specs], autojunk=False)
        for op, a1, a2, b1, b2 in matcher.get_opcodes():
            if op == "equal" or (op == "replace" and a2 - a1 == b2 - b1):
                for n, m in zip(range(a1, a2), range(b1, b2)):
                    a, b = specs[n], exp_specs[m]
                    if typed(a) == typed(b):
                        counts["same"] += 1
                    else:
                        keys = sorted(k for k in set(a) | set(b) if typed(a.get(k)) != typed(b.get(k)))
                        diffs.append((orig_file, n, "keys " + ", ".join(f"{k}: {a.get(k)!r:.40} -> {b.get(k)!r:.40}" for k in keys)))
                    if isinstance(a, dict) and a.get("Type") == "PSChildPaneSpecifier" and isinstance(a.get("File"), str):
                        walk(a["File"], b.get("File") if isinstance(b, dict) else None)
            else:
                for n in range(a1, a2):
                    diffs.append((orig_file, n, f"left out: {signature(specs[n])}"))
                    a = specs[n]
                    if isinstance(a, dict) and a.get("Type") == "PSChildPaneSpecifier" and isinstance(a.get("File"), str):
                        walk(a["File"], None)
                for m in range(b1, b2):
                    diffs.append((orig_file, None, f"added: {signature(exp_specs[m])}"))

    walk(root_name, "Root")
    # Each pane's table in context (a pane may translate a text otherwise than another): a
    # translation is kept when the exported pane's table has it, or, for a text that table
    # does not hold, when the exported tables (first first) give it.
    se = strings(exported_folder, tables_exp)
    checked, lost = set(), 0
    for table, exp_table in dict.fromkeys(pane_tables):
        own = strings(original_folder, [table])
        mine = strings(exported_folder, [exp_table]) if exp_table else {}
        for lang, pairs in own.items():
            for k, v in pairs.items():
                if (table, lang, k) in checked:
                    continue
                checked.add((table, lang, k))
                there = mine.get(lang, {})
                if (there.get(k) if k in there else se.get(lang, {}).get(k)) != v:
                    lost += 1
    so = {}
    for table, _ in pane_tables:
        for lang, pairs in strings(original_folder, [table]).items():
            so.setdefault(lang, set()).update((table, k) for k in pairs)
    counts["translations"] = sum(len(p) for p in so.values())
    counts["translations lost"] = lost
    if lost:
        diffs.append((root_name, None, f"{lost} of {counts['translations']} translations differ"))
    return diffs, counts


def round_trip(bundle, root_name="Root"):
    """Imports BUNDLE/ROOT.plist, exports the script, compares; (diffs, counts, import stderr)."""
    tmp = tempfile.mkdtemp(prefix="luascreen-corpus-")
    script = os.path.join(tmp, "imported.lua")
    imported = subprocess.run([support.BIN, "import", os.path.join(bundle, root_name + ".plist"), "--out", script],
                              capture_output=True, text=True, timeout=120)
    if imported.returncode != 0:
        return [(root_name, None, "import failed: " + imported.stderr[-300:])], {"panes": 0, "specifiers": 0, "same": 0}, imported.stderr
    out = os.path.join(tmp, "Exported.bundle")
    exported = subprocess.run([support.BIN, "export", script, "--format", "settings-bundle", "--out", out],
                              capture_output=True, text=True, timeout=120)
    if exported.returncode != 0:
        return [(root_name, None, "export failed: " + exported.stderr[-300:])], {"panes": 0, "specifiers": 0, "same": 0}, imported.stderr
    diffs, counts = compare(bundle, root_name, out)
    return diffs, counts, imported.stderr + exported.stderr


def bundles(corpus=CORPUS):
    """(app, bundle folder, root name) for every root plist of every bundle of the corpus."""
    out = []
    for app in sorted(os.listdir(corpus)):
        for bundle in sorted(glob.glob(os.path.join(corpus, app, "*.bundle"))):
            for root in ("Root", "Root~iphone", "Root~ipad"):
                if os.path.isfile(os.path.join(bundle, root + ".plist")):
                    out.append((app, bundle, root))
    return out


if __name__ == "__main__":
    verbose = "-v" in sys.argv
    print("| app | root | panes | specifiers | same | differing | translations | lost |")
    print("|---|---|---|---|---|---|---|---|")
    for app, bundle, root in bundles():
        diffs, counts, _ = round_trip(bundle, root)
        differing = len({(d[0], d[1]) for d in diffs if d[1] is not None})
        print(f"| {app} | {root} | {counts['panes']} | {counts['specifiers']} | {counts['same']} | {differing} | "
              f"{counts.get('translations', 0)} | {counts.get('translations lost', 0)} |")
        if verbose:
            for d in diffs[:40]:
                print("    ", d)
