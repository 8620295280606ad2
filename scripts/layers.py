#!/usr/bin/env python3
"""The import arrows among each crate's modules, and a check that they form no circle.

Every source file under a crate's `src/` is a module (`lib.rs`/`main.rs` the crate root,
`foo/mod.rs` the module `foo`). An arrow `a -> b` means that code of `a` names an item that
`b` defines: a `use` (braces expanded) or a path in the code (`crate::x::Y`, `super::Y`,
serde's `"crate::x::f"` strings too) is resolved, through the `pub use` re-exports on the
way, to the module that defines the item. Comments are left out. `mod` declarations and a
module's re-exports of its own children are not arrows (they are its table of contents)
unless the module's own code uses the re-exported item, so a parent that lists its children
and a child that uses its siblings make no circle, but a parent and a child that use each
other's items do.

Usage: scripts/layers.py [--arrows] [--top MODULE]... [CRATE_DIR ...]
       (default: crates/* and src-tauri, with --top commands for src-tauri)

Prints each crate's modules by layer, lowest first (a module's layer is one above the highest
of those it uses, so each uses only lower ones; with --arrows, one line per module with what
it uses), and exits with status 1 naming the circle, with the lines that make its arrows, if
a crate has one. A `--top` module (the app's commands) sits above everything else: the
check also fails when a module other than the crate root names it or anything inside it.
"""

import re
import sys
from pathlib import Path

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
USE = re.compile(r"(\bpub(?:\([^)]*\))?\s+)?\buse\s+([^;]+);")


def strip_comments(text):
    """The text with `//` and `/* */` comments blanked (strings and chars kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif c == "r" and re.match(r'r#*"', text[i:]) and (i == 0 or not text[i - 1].isalnum()):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            out.append(text[i:j])
            i = j
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:]):
            m = re.match(r"'(\\.|[^\\'])'", text[i:])
            out.append(m.group(0))
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand(tree):
    """`a::{b, c::{d, self}}` as the list of paths ["a::b", "a::c::d", "a::c"]."""
    tree = re.sub(r"\s+", "", re.sub(r"\s+as\s+" + IDENT, "", tree))
    i = tree.find("{")
    if i < 0:
        return [tree] if tree else []
    prefix, inner = tree[:i], tree[i + 1 : tree.rindex("}")]
    parts, depth, start = [], 0, 0
    for k, c in enumerate(inner):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(inner[start:k])
            start = k + 1
    parts.append(inner[start:])
    out = []
    for p in parts:
        for q in expand(p):
            if q == "self":
                out.append(prefix.rstrip(":"))
            elif q:
                out.append(prefix + q)
    return out


class Module:
    def __init__(self, name, path, code, lines):
        self.name = name  # "a::b", "" for the root
        self.path = path
        self.code = code
        self.lines = lines
        self.children = set()
        self.uses = []  # (path, is_pub, line)
        self.inline = []  # spans of inline modules


def module_name(src, file):
    rel = file.relative_to(src).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "mod" or (len(parts) == 1 and parts[0] in ("lib", "main")):
        parts = parts[:-1]
    return "::".join(parts)


def inline_blocks(code):
    """The (start, end) spans of the inline modules (`mod tests { ... }`) of a file."""
    # Braces in strings (format strings) do not count.
    code = re.sub(r'"(?:\\.|[^"\\])*"', lambda q: '"' + " " * (len(q.group(0)) - 2) + '"', code)
    code = re.sub(r"'(?:\\.|[^'\\])'", "' '", code)
    spans = []
    for mm in re.finditer(r"\bmod\s+" + IDENT + r"\s*\{", code):
        depth, i = 0, mm.end() - 1
        while i < len(code):
            depth += {"{": 1, "}": -1}.get(code[i], 0)
            if depth == 0:
                break
            i += 1
        spans.append((mm.start(), i))
    return spans


def outside(m, pos, path):
    """`path`, written at `pos`, as named from the file's module itself: inside an inline
    module (`mod tests { use super::*; }`) each `super` that leaves it is dropped; `None` if
    the path stays inside it."""
    depth = sum(1 for a, b in m.inline if a < pos < b)
    segs = path.split("::")
    if depth == 0 or segs[0] == "crate":
        return path
    ups = 0
    while segs and segs[0] in ("super", "self"):
        ups += segs[0] == "super"
        segs = segs[1:]
    if ups < depth:
        return None
    head = ["super"] * (ups - depth) if ups > depth else ["self"]
    return "::".join(head + segs)


def load(src):
    modules = {}
    for file in sorted(src.rglob("*.rs")):
        text = file.read_text()
        code = strip_comments(text)
        name = module_name(src, file)
        if name in modules:  # main.rs next to lib.rs: a crate of its own
            name = "<bin>"
        modules[name] = Module(name, file, code, text.splitlines())
    for m in modules.values():
        prefix = m.name + "::" if m.name else ""
        for mm in re.finditer(r"\bmod\s+(" + IDENT + r")\s*[;{]", m.code):
            m.children.add(prefix + mm.group(1))
        m.inline = inline_blocks(m.code)
        for um in USE.finditer(m.code):
            line = m.code.count("\n", 0, um.start()) + 1
            for p in expand(um.group(2)):
                p = outside(m, um.start(), p)
                if p is not None:
                    m.uses.append((p, bool(um.group(1)), line))
    return modules


def resolve(modules, here, path, seen=None):
    """The module defining what `path`, named in module `here`, refers to (or None)."""
    seen = seen or set()
    segs = path.split("::")
    if segs[0] == "crate":
        cur, segs = "", segs[1:]
    elif segs[0] in ("super", "self"):
        cur = here
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                cur = cur.rpartition("::")[0] if "::" in cur else ""
            segs = segs[1:]
    else:
        first = (here + "::" if here else "") + segs[0]
        if first in modules:
            cur, segs = first, segs[1:]
        else:
            return None  # another crate, std, or a local name
    while segs:
        child = (cur + "::" if cur else "") + segs[0]
        if child in modules:
            cur, segs = child, segs[1:]
            continue
        name = segs[0]
        key = (cur, name)
        if key in seen:
            return cur
        seen.add(key)
        # An imported or re-exported name: follow the `use` to where the item is defined.
        for p, _, _ in modules[cur].uses:
            if p.split("::")[-1] == name:
                target = resolve(modules, cur, p, seen)
                if target is not None and target != cur:
                    return target
        return cur
    return cur


def arrows(modules):
    """{(a, b): [line numbers of a]} for every arrow a -> b."""
    out = {}
    for m in modules.values():
        if m.name == "<bin>":
            continue
        # Paths in the code, `use` statements blanked (they are read from `uses`).
        code = USE.sub(lambda u: re.sub(r"[^\n]", " ", u.group(0)), m.code)
        # A re-export of a child's item is an arrow only where the module's own code uses it.
        refs = [
            (p, line)
            for p, is_pub, line in m.uses
            if not (is_pub and reexport_of_child(m, p))
            or re.search(r"(?<![:\w])" + re.escape(p.split("::")[-1]) + r"\b", code)
        ]
        heads = ["crate", "super", "self"] + [c.rpartition("::")[2] for c in m.children]
        in_code = re.compile(r"(?<![:\w])(?:" + "|".join(heads) + r")(?:::" + IDENT + r")+")
        for pm in in_code.finditer(code):
            refs.append((outside(m, pm.start(), pm.group(0)), code.count("\n", 0, pm.start()) + 1))
        for p, line in refs:
            if p is None:
                continue
            target = resolve(modules, m.name, p)
            if target is None or target == m.name or target == "<bin>":
                continue
            out.setdefault((m.name, target), []).append(line)
    return out


def reexport_of_child(m, path):
    """Whether a `pub use` of `m` re-exports from one of its own descendants."""
    segs = path.split("::")
    if segs[0] == "self":
        segs = segs[1:]
    if not segs or segs[0] in ("crate", "super"):
        return False
    child = (m.name + "::" if m.name else "") + segs[0]
    return child in m.children


def layer_order(names, edges):
    """Modules in an order where each uses only those before it, or a circle."""
    uses = {n: sorted({b for (a, b) in edges if a == n}) for n in names}
    order, state = [], {}

    def visit(n, stack):
        if state.get(n) == "done":
            return None
        if state.get(n) == "open":
            return stack[stack.index(n) :] + [n]
        state[n] = "open"
        for b in uses[n]:
            circle = visit(b, stack + [n])
            if circle:
                return circle
        state[n] = "done"
        order.append(n)
        return None

    for n in sorted(names, key=lambda n: (n.count("::"), n)):
        circle = visit(n, [])
        if circle:
            return None, circle
    return order, None


def main(argv):
    show = "--arrows" in argv
    tops, dirs, args = [], [], iter(a for a in argv if a != "--arrows")
    for a in args:
        if a == "--top":
            tops.append(next(args, ""))
        else:
            dirs.append(Path(a))
    if not dirs:
        root = Path(__file__).resolve().parent.parent
        dirs = sorted(p for p in (root / "crates").iterdir() if (p / "src").is_dir())
        dirs.append(root / "src-tauri")
        tops = tops or ["commands"]
    failed = False
    for d in dirs:
        modules = load(d / "src")
        edges = arrows(modules)
        names = [n for n in modules if n != "<bin>"]
        order, circle = layer_order(names, edges)
        label = lambda n: n or "(root)"
        under = lambda n, t: n == t or n.startswith(t + "::")
        upward = [(a, b) for (a, b) in edges for t in tops
                  if t in modules and under(b, t) and a != "" and not under(a, t)]
        if upward:
            failed = True
            for a, b in sorted(upward):
                m = modules[a]
                for line in sorted(set(edges[(a, b)]))[:3]:
                    print(f"{d.name}: {label(a)} uses the top module {b}: {m.path}:{line}: {m.lines[line - 1].strip()}")
        if circle:
            failed = True
            print(f"{d.name}: import circle: " + " -> ".join(label(n) for n in circle))
            for a, b in zip(circle, circle[1:]):
                m = modules[a]
                for line in sorted(set(edges[(a, b)]))[:3]:
                    print(f"  {m.path}:{line}: {m.lines[line - 1].strip()}")
            continue
        # A module's layer: one above the highest of those it uses (0: it uses none).
        layer = {}
        for n in order:
            layer[n] = 1 + max((layer[b] for (a, b) in edges if a == n), default=-1)
        print(f"{d.name}: no import circle; layers, lowest first (each uses only lower ones):")
        for k in range(max(layer.values(), default=-1) + 1):
            mods = sorted(label(n) for n in order if layer[n] == k)
            if not show:
                print(f"  {k}: {', '.join(mods)}")
                continue
            for n in sorted((n for n in order if layer[n] == k), key=label):
                used = sorted({label(b) for (a, b) in edges if a == n})
                print(f"  {k}: {label(n)}" + (f" <- {', '.join(used)}" if used else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
