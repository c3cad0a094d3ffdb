"""The figures of a corpus (issue 42): bundle roots that come back the same, androidx files that
import, come back the same, and whose export links with aapt2 on its own.

    python3 Tests/cli/corpus_figures.py [CORPUS...]     (default: the first and second corpora)
    -v lists each difference."""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpora  # noqa: E402
import bundle_roundtrip  # noqa: E402
from test_androidx import Resources, differences, elements, luascreen  # noqa: E402
import test_aapt  # noqa: E402


def androidx_round_trip(xml, app, tmp):
    """(import ok, differences, export folder or None)."""
    name = app + "-" + os.path.basename(xml)
    script = os.path.join(tmp, name + ".lua")
    imported = luascreen("import", xml, "--out", script)
    if imported.returncode != 0:
        return False, ["import failed: " + imported.stderr[-300:]], None
    out = os.path.join(tmp, name + "-out")
    exported = luascreen("export", script, "--format", "androidx", "--out", out)
    if exported.returncode != 0:
        return True, ["export failed: " + exported.stderr[-300:]], None
    back = os.path.join(out, "res", "xml", os.path.basename(xml))
    if not os.path.exists(back):
        return True, ["no res/xml/" + os.path.basename(xml) + " in the export"], out
    res = Resources(os.path.join(os.path.dirname(os.path.dirname(xml))))
    exp = Resources(os.path.join(out, "res"))
    locales = sorted(set(res.locales()) | set(exp.locales())) or [""]
    return True, differences(elements(xml, res, locales), elements(back, exp, locales)), out


def links_alone(out):
    """aapt2 links the export with its own strings.xml and arrays.xml: (ok, output)."""
    app = test_aapt.app_folder(out)
    test_aapt.stub_app_resources(app, texts=False)
    status, output = test_aapt.aapt2(app)
    return status == 0, output


def figures(corpus, verbose=False):
    tmp = tempfile.mkdtemp(prefix="luascreen-figures-")
    try:
        roots = corpora.bundle_roots(corpus) if os.path.exists(os.path.join(corpus, "bundles.tsv")) else []
        same = 0
        for name, bundle, root in roots:
            diffs, counts, _ = bundle_roundtrip.round_trip(bundle, root)
            if not diffs:
                same += 1
            elif verbose:
                print("bundle", name, root, *diffs[:12], sep="\n    ")
        print(f"{corpus}: bundles {same}/{len(roots)} come back the same")
        files = corpora.androidx_files(corpus)
        imported = back = linked = 0
        for app, xml in files:
            ok, diffs, out = androidx_round_trip(xml, app, tmp)
            imported += ok
            back += not diffs
            if verbose and diffs:
                print("androidx", os.path.relpath(xml, corpus), *diffs[:12], sep="\n    ")
            if out:
                ok, output = links_alone(out)
                linked += ok
                if verbose and not ok:
                    print("aapt2", os.path.relpath(xml, corpus), "\n    " + "\n    ".join(output.strip().splitlines()[:6]))
        print(f"{corpus}: androidx {imported}/{len(files)} import, {back}/{len(files)} come back the same, "
              f"{linked}/{len(files)} link with aapt2 on their own")
    finally:
        shutil.rmtree(tmp, True)


if __name__ == "__main__":
    verbose = "-v" in sys.argv
    for corpus in [a for a in sys.argv[1:] if a != "-v"] or [corpora.FIRST, corpora.SECOND]:
        figures(corpus, verbose)
