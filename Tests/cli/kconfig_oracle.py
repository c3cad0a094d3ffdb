"""Random Kconfig trees, read by kconfiglib (the oracle) and written as a luascreen app in the
surface of docs/dependencies.md, to compare the two tools' `.config` after random changes.

This is a test's converter, not the importer (`luascreen import --format kconfig` is): it
uses kconfiglib's own reading of the tree (dependencies propagated) and writes only what the
comparison needs.
"""
import os
import random

import kconfiglib

TYPES = {kconfiglib.BOOL: "bool", kconfiglib.TRISTATE: "tristate", kconfiglib.INT: "int",
         kconfiglib.HEX: "hex", kconfiglib.STRING: "string"}


def random_tree(seed, count=28):
    """A Kconfig file of `count` symbols with random types, dependencies, defaults, selects,
    implies, ranges, a menu, an if block and a choice; no dependency loops (a symbol reads
    only lower-numbered ones and selects or implies only higher-numbered ones)."""
    rnd = random.Random(seed)
    names = ["S%d" % i for i in range(count)]
    types = ["bool" if i < 3 else rnd.choice(["bool", "bool", "tristate", "tristate", "int", "hex", "string"])
             for i in range(count)]
    tri = [n for n, t in zip(names, types) if t in ("bool", "tristate")]

    def cond(i):
        lower = [n for n in tri if int(n[1:]) < i]
        if not lower:
            return None
        parts = []
        for _ in range(rnd.choice([1, 1, 2])):
            a = rnd.choice(lower)
            parts.append(rnd.choice([a, "!" + a, a, "%s = m" % a, "%s != n" % a]))
        return (" && " if rnd.random() < 0.6 else " || ").join(parts)

    out = ['mainmenu "Random %d"' % seed, "", "config MODULES", "\tbool \"Modules\"", "\toption modules", ""]
    in_menu = in_if = False
    for i, (n, t) in enumerate(zip(names, types)):
        if i == count // 3 and not in_menu:
            out += ['menu "Menu %d"' % i]
            c = cond(i)
            if c:
                out += ["\tdepends on " + c]
            in_menu = True
        if i == count // 2 and in_menu:
            out += ["endmenu", ""]
            in_menu = False
        if i == 2 * count // 3 and not in_if:
            c = cond(i) or "S0"
            out += ["if " + c]
            in_if = True
        if i == 5 * count // 6 and in_if:
            out += ["endif", ""]
            in_if = False
        out += ["config " + n]
        prompt = rnd.random() < 0.8 or i < 3
        out += ['\t%s%s' % (t, ' "Prompt %s"' % n if prompt else "")]
        if prompt and rnd.random() < 0.15:
            c = cond(i)
            if c:
                out[-1] += " if " + c
        c = cond(i)
        if c and rnd.random() < 0.5:
            out += ["\tdepends on " + c]
        for _ in range(rnd.choice([0, 1, 1, 2])):
            c = cond(i)
            if t in ("bool", "tristate"):
                lower = [m for m in tri if int(m[1:]) < i]
                v = rnd.choice(["y", "m", "n"] + ([rnd.choice(lower)] if lower else []))
            elif t == "int":
                v = str(rnd.choice([0, 5, 64, 300, -3]))
            elif t == "hex":
                v = rnd.choice(["0x10", "0x1000", "0xff"])
            else:
                v = '"%s"' % rnd.choice(["a", "b c", 'q"uote'.replace('"', '\\"'), ""])
            out += ["\tdefault %s%s" % (v, " if " + c if c and rnd.random() < 0.6 else "")]
        if t in ("int", "hex") and rnd.random() < 0.6:
            lo, hi = (1, 100) if t == "int" else ("0x8", "0x100")
            c = cond(i)
            out += ["\trange %s %s%s" % (lo, hi, " if " + c if c and rnd.random() < 0.5 else "")]
        if t in ("bool", "tristate"):
            higher = [m for m in tri if int(m[1:]) > i]
            for _ in range(rnd.choice([0, 0, 1, 2])):
                if higher:
                    c = cond(i)
                    out += ["\tselect %s%s" % (rnd.choice(higher), " if " + c if c and rnd.random() < 0.4 else "")]
            if higher and rnd.random() < 0.2:
                out += ["\timply %s" % rnd.choice(higher)]
        out += [""]
    if in_menu:
        out += ["endmenu"]
    if in_if:
        out += ["endif"]
    # A symbol defined a second time (its dependencies joined with ||, each place's
    # defaults and prompt under its own).
    again = rnd.choice([n for n in tri[3:]])
    c = cond(int(again[1:])) or "S1"
    out += ["config " + again, '\t%s%s' % (types[int(again[1:])], ' "Again %s"' % again if rnd.random() < 0.5 else ""),
            "\tdepends on " + c, "\tdefault y if S0" if int(again[1:]) > 0 else "\tdefault y", ""]
    c = rnd.choice(tri[:5])
    out += ['choice', '\tprompt "Pick one"', "\tdepends on " + c]
    if rnd.random() < 0.3:
        out += ["\toptional"]
    out += ["\tdefault C1 if %s" % rnd.choice(tri[:5]), ""]
    for k in range(3):
        out += ["config C%d" % k, '\tbool "Option %d"' % k]
        if k == 2:
            out += ["\tdepends on " + rnd.choice(tri[:5])]
        out += [""]
    out += ["endchoice", ""]
    return "\n".join(out) + "\n"


def lua_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def expr(e, choices):
    """A kconfiglib expression in Kconfig syntax; a choice (the engine adds it) reads y."""
    if isinstance(e, kconfiglib.Choice):
        return "y"
    if isinstance(e, kconfiglib.Symbol):
        if e.is_constant and e.name not in ("y", "m", "n"):
            return lua_string(e.name) if not e.name.lstrip("-").isalnum() or e.name == "" else e.name
        return e.name
    op = e[0]
    if op == kconfiglib.NOT:
        return "!(%s)" % expr(e[1], choices)
    if op == kconfiglib.AND:
        return "(%s) && (%s)" % (expr(e[1], choices), expr(e[2], choices))
    if op == kconfiglib.OR:
        return "(%s) || (%s)" % (expr(e[1], choices), expr(e[2], choices))
    sym = {kconfiglib.EQUAL: "=", kconfiglib.UNEQUAL: "!=", kconfiglib.LESS: "<", kconfiglib.LESS_EQUAL: "<=",
           kconfiglib.GREATER: ">", kconfiglib.GREATER_EQUAL: ">="}[op]
    return "%s %s %s" % (expr(e[1], choices), sym, expr(e[2], choices))


def leaf(s):
    return lua_string(s.name)


def to_lua(kconf):
    """The app: the top menu's entries on the root screen, menus as child screens."""
    choices = {}
    seen = {}

    def rows(node, indent):
        out = []
        while node:
            item = node.item
            pad = " " * indent
            if isinstance(item, kconfiglib.Symbol) and item.orig_type in TYPES:
                out.append(pad + symbol_row(node, item, seen))
                if node.list:
                    out += rows(node.list, indent)
            elif isinstance(item, kconfiglib.Choice):
                key = "CHOICE_%d" % len(choices)
                choices[item] = key
                opts = []
                for child in iter_nodes(node.list):
                    s = child.item
                    if not isinstance(s, kconfiglib.Symbol):
                        continue
                    fields = ['value = %s' % lua_string(s.name), 'text = %s' % lua_string(child.prompt[0] if child.prompt else s.name), "symbol = true"]
                    fields.append("depends = %s" % lua_string(expr(child.dep, choices)))
                    if child.prompt:
                        fields.append("prompt_if = %s" % lua_string(expr(child.prompt[1], choices)))
                    opts.append("{ " + ", ".join(fields) + " }")
                defaults = ", ".join("{ %s, when = %s }" % (lua_string(s.name), lua_string(expr(c, choices))) for s, c in item.defaults)
                out.append(pad + "choice { key = %s, text = %s, depends = %s, prompt_if = %s, optional = %s, defaults = { %s }, options = { %s } },"
                           % (lua_string(key), lua_string(node.prompt[0]), lua_string(expr(node.dep, choices)),
                              lua_string(expr(node.prompt[1], choices)), "true" if item.is_optional else "false", defaults, ", ".join(opts)))
            elif item == kconfiglib.MENU:
                body = "\n".join(rows(node.list, 4)) if node.list else ""
                sid = "menu_%d" % node.linenr
                out.append(pad + "row { text = %s, depends = %s, push = screen { id = %s, title = %s, section {\n%s\n} } },"
                           % (lua_string(node.prompt[0]), lua_string(expr(kconfiglib.AND_ if False else node.dep, choices)),
                              lua_string(sid), lua_string(node.prompt[0]), body))
            elif item == kconfiglib.COMMENT:
                out.append(pad + "row { text = %s, depends = %s }," % (lua_string(node.prompt[0]), lua_string(expr(node.dep, choices))))
            elif node.list:
                out += rows(node.list, indent)
            node = node.next
        return out

    body = "\n".join(rows(kconf.top_node.list, 6))
    return ("return app { root = \"main\", modules = %s, screens = {\n  screen { id = \"main\", title = %s,\n    section {\n%s\n    },\n  },\n} }\n"
            % (lua_string(kconf.modules.name), lua_string(kconf.mainmenu_text), body))


def iter_nodes(node):
    while node:
        yield node
        if node.list and not isinstance(node.item, kconfiglib.Symbol):
            yield from iter_nodes(node.list)
        node = node.next


def symbol_row(node, sym, seen):
    t = TYPES[sym.orig_type]
    kind = {"bool": "toggle", "tristate": "tristate", "int": "number", "hex": "input", "string": "input"}[t]
    prompted = any(n.prompt for n in sym.nodes)
    if not prompted:
        kind = "symbol"
    seen[sym.name] = seen.get(sym.name, 0) + 1
    fields = ["key = %s" % lua_string(sym.name)]
    if seen[sym.name] > 1:
        fields.append("id = %s" % lua_string("%s_%d" % (sym.name, seen[sym.name])))
    if node.prompt:
        fields.append("text = %s" % lua_string(node.prompt[0]))
        fields.append("prompt_if = %s" % lua_string(expr(node.prompt[1], {})))
    elif prompted:
        # One key, one kind of row: a place without a prompt of a symbol prompted elsewhere.
        fields.append("text = %s" % lua_string(sym.name))
        fields.append('prompt_if = "n"')
    else:
        fields.append('kind = "%s"' % t)
    if t == "hex" and prompted:
        fields.append("hex = true")
    if node.dep is not node.kconfig.y:
        # (no `depends` at all: Kconfig's dir_dep takes nothing from this place)
        fields.append("depends = %s" % lua_string(expr(node.dep, {})))
    if node.defaults:
        fields.append("defaults = { %s }" % ", ".join("{ %s, when = %s }" % (lua_string(expr(v, {})), lua_string(expr(c, {}))) for v, c in node.defaults))
    if node.selects:
        fields.append("select = { %s }" % ", ".join("{ %s, when = %s }" % (lua_string(s.name), lua_string(expr(c, {}))) for s, c in node.selects))
    if node.implies:
        fields.append("imply = { %s }" % ", ".join("{ %s, when = %s }" % (lua_string(s.name), lua_string(expr(c, {}))) for s, c in node.implies))
    if node.ranges:
        fields.append("ranges = { %s }" % ", ".join("{ %s, %s, when = %s }" % (leaf(lo), leaf(hi), lua_string(expr(c, {}))) for lo, hi, c in node.ranges))
    return "%s { %s }," % (kind, ", ".join(fields))


def config_lines(text):
    """The symbol lines of a `.config` (headers and comments left out)."""
    return [l for l in text.splitlines() if l.startswith("CONFIG_") or (l.startswith("# CONFIG_") and l.endswith(" is not set"))]


def assignable_values(sym):
    """What kconfiglib lets a person set: y/m/n in `assignable`, or for int/hex/string a few."""
    if sym.type in (kconfiglib.BOOL, kconfiglib.TRISTATE):
        return [kconfiglib.TRI_TO_STR[v] for v in sym.assignable]
    if not sym.visibility:
        return []
    if sym.type in (kconfiglib.INT, kconfiglib.HEX):
        base = 10 if sym.type == kconfiglib.INT else 16
        values = ["0", "7", "50", "200"] if base == 10 else ["0x9", "0x80", "0x2000"]
        for lo, hi, cond in sym.ranges:
            if kconfiglib.expr_value(cond):
                # Linux 6.1's conf refuses a value outside the range (kconfiglib takes it).
                low, high = int(lo.str_value, base), int(hi.str_value, base)
                return [v for v in values if low <= int(v, base) <= high]
        return values
    return ["hello", "two words"]
