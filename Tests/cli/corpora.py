"""Where the real apps' corpora are (SPEC §15, issue 42), and what a test does without one.

The files are public apps' own Settings.bundles and androidx preference XML, data this
repository does not commit: they are kept beside it, in the project's shared folder.
  - the first corpus, `../shared/corpus` from the project's root (README, SOURCES.tsv,
    bundles.tsv, bundles/, androidx/), or $LUASCREEN_CORPUS: CI has it, so with CI=true a
    missing first corpus is a failure, elsewhere a skip that says so;
  - the second corpus, `../shared/corpus2` (same layout), or $LUASCREEN_CORPUS2: a developer's
    own, never in CI, skipped with a message where it is absent.
A git worktree sits deeper than the project's root: the first `shared/corpus` found going up
from the repository is the one."""
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402


def _beside(name):
    folder = os.path.dirname(support.ROOT)
    while True:
        candidate = os.path.join(folder, "shared", name)
        if os.path.isdir(candidate):
            return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return os.path.join(os.path.dirname(support.ROOT), "shared", name)
        folder = parent


FIRST = os.environ.get("LUASCREEN_CORPUS") or _beside("corpus")
SECOND = os.environ.get("LUASCREEN_CORPUS2") or _beside("corpus2")


def in_ci():
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def require(case, corpus, part=""):
    """Fails (first corpus in CI) or skips, saying why, when `corpus`/`part` is absent."""
    where = os.path.join(corpus, part) if part else corpus
    if os.path.isdir(where):
        return where
    if corpus == FIRST and in_ci():
        case.fail(f"CI=true and no corpus at {where}: CI must provide the first corpus (../shared/corpus, or LUASCREEN_CORPUS)")
    message = f"no corpus at {where}" + (" (the second corpus is a developer's own: it is never in CI)" if corpus == SECOND else
                                          " (../shared/corpus from the project's root, or LUASCREEN_CORPUS)")
    print("\nskipped: " + message, file=sys.stderr)
    case.skipTest(message)


def bundle_roots(corpus):
    """(name, bundle folder, root plist's name without .plist) for each line of bundles.tsv."""
    out = []
    table = os.path.join(corpus, "bundles.tsv")
    with open(table, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, rel = line.rstrip("\n").split("\t")[:2]
            path = os.path.join(corpus, "bundles", rel)
            out.append((name, os.path.dirname(path), os.path.basename(path)[:-len(".plist")]))
    return out


def androidx_files(corpus):
    """(app, res/xml file) for every preference file of the corpus."""
    return [(os.path.relpath(p, os.path.join(corpus, "androidx")).split(os.sep)[0], p)
            for p in sorted(glob.glob(os.path.join(corpus, "androidx", "*", "res", "xml", "*.xml")))]
