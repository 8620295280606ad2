#!/usr/bin/env python3
"""Checks that a crate's modules use each other in layers: no import circle.

Usage: scripts/layers.py [--top MODULE]... [--quiet] CRATE_SRC_DIR

Every `.rs` file under the folder is a module (`lib.rs` is the crate root, `a/mod.rs` and
`a.rs` are `a`, `a/b.rs` is `a::b`). An arrow goes from a module to every module it names:
in `use` items (`crate::…`, `super::…`, `self::…`, a child module by name) and in paths in its
code (`crate::a::b::Item`, `child::Item`), each resolved to the longest module path it starts
with, and through re-exports (`pub use a::B;`) to the module that defines the item; comments
and string literals are skipped, and `super` in an inline `mod tests { … }` is the file's own
module. `mod` declarations are not arrows. The script fails when the
arrows close a circle, printing it, and when a module outside a `--top` module (other than the
crate root) names it or anything inside it: the top modules (the app's commands) sit above
everything else. Otherwise it prints the modules in layers, lowest first: each layer uses only
layers before it.
"""

import os
import re
import sys


def module_of(src, path):
    rel = os.path.relpath(path, src)[: -len(".rs")].split(os.sep)
    if rel[-1] == "mod":
        rel = rel[:-1]
    if rel in (["lib"], ["main"]):
        return ()
    return tuple(rel)


def strip(code):
    """The code without comments, string and char literals."""
    out, i, n = [], 0, len(code)
    while i < n:
        c = code[i]
        if code.startswith("//", i):
            j = code.find("\n", i)
            i = n if j < 0 else j
        elif code.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if code.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif code.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif re.match(r'r#*"', code[i:]) and (i == 0 or not (code[i - 1].isalnum() or code[i - 1] == "_")):
            hashes = re.match(r"r(#*)\"", code[i:]).group(1)
            end = code.find('"' + hashes, i + 2 + len(hashes))
            out.append('""')
            i = n if end < 0 else end + 1 + len(hashes)
        elif c == '"':
            i += 1
            while i < n and code[i] != '"':
                i += 2 if code[i] == "\\" else 1
            out.append('""')
            i += 1
        elif c == "'" and re.match(r"'(\\.|[^'\\])'", code[i:]):
            m = re.match(r"'(\\.|[^'\\])'", code[i:])
            out.append("' '")
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def use_paths(tree, prefix=()):
    """Every path of a `use` tree such as `crate::{a, b::{self, C}}`."""
    tree = tree.strip()
    if not tree:
        return []
    brace = tree.find("{")
    if brace < 0:
        segs = [s.strip() for s in tree.split(" as ")[0].split("::") if s.strip()]
        segs = [s for s in segs if s != "self"] if len(segs) > 1 or prefix else segs
        return [prefix + tuple(segs)]
    head = [s for s in tree[:brace].split("::") if s.strip()]
    inner = tree[brace + 1 : tree.rfind("}")]
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    out = []
    for p in parts:
        out += use_paths(p, prefix + tuple(s.strip() for s in head))
    return out


def resolve(path, here, modules):
    """The module a path names, seen from module `here` (None: outside the crate)."""
    if not path:
        return None
    first, rest = path[0], list(path[1:])
    if first == "crate":
        base = ()
    elif first == "super":
        base = here[:-1]
        while rest and rest[0] == "super":
            base, rest = base[:-1], rest[1:]
    elif first == "self":
        base = here
    elif here + (first,) in modules:
        base, rest = here + (first,), rest
    else:
        return None
    best = base
    for k in range(len(rest)):
        cand = base + tuple(rest[: k + 1])
        if cand in modules:
            best = cand
    return best


def inline_modules(code):
    """The spans of inline modules (`mod tests { … }`) in stripped code, with their names."""
    out = []
    for m in re.finditer(r"\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{", code):
        depth, i = 1, m.end()
        while i < len(code) and depth:
            depth += code[i] == "{"
            depth -= code[i] == "}"
            i += 1
        out.append((m.end(), i, m.group(1)))
    return out


def follow(t, path, reexports, modules):
    """`t`, or, when `path` names an item that module `t` only re-exports, its module."""
    seen = set()
    while True:
        # The segment after the module's own path names the item.
        names = [s for s in path if s not in ("crate", "super", "self")]
        item = names[-1] if names else None
        if item is None or t in seen or item not in reexports.get(t, {}):
            return t
        seen.add(t)
        nxt = reexports[t][item]
        if nxt == t:
            return t
        t = nxt


def main(argv):
    tops, quiet, args = [], False, []
    it = iter(argv)
    for a in it:
        if a == "--top":
            tops.append(tuple(next(it).split("::")))
        elif a == "--quiet":
            quiet = True
        else:
            args.append(a)
    if len(args) != 1:
        sys.exit(__doc__)
    src = args[0]
    files = {}
    for root, _, names in os.walk(src):
        for name in names:
            # A library's `main.rs` is a crate of its own (the binary).
            lib = os.path.exists(os.path.join(src, "lib.rs"))
            if name.endswith(".rs") and not (lib and root == src and name == "main.rs"):
                path = os.path.join(root, name)
                files[module_of(src, path)] = path
    modules = set(files)
    arrows = {m: set() for m in modules}
    # What each module re-exports by name (`pub use a::B;`): the module that defines it, so
    # that `crate::B` through the crate root counts as an arrow to `a`, not to the root.
    reexports = {m: {} for m in modules}
    for m, path in files.items():
        code = strip(open(path, encoding="utf-8").read())
        for u in re.finditer(r"\bpub(?:\([a-z]+\))?\s+use\s+([^;]+);", code):
            for p in use_paths(u.group(1)):
                t = resolve(p, m, modules)
                if t is None or not p or p[-1] == "*":
                    continue
                alias = u.group(1).split(" as ")
                exported = p[-1]
                for item in re.split(r"[,{}]", u.group(1)):
                    bits = item.split(" as ")
                    if len(bits) == 2 and bits[0].strip().split("::")[-1] == p[-1]:
                        exported = bits[1].strip()
                reexports[m][exported] = t
    for m, path in files.items():
        code = strip(open(path, encoding="utf-8").read())
        inline = inline_modules(code)

        def seen_from(pos):
            return m + tuple(n for (a, b, n) in inline if a <= pos < b)

        paths = []
        for u in re.finditer(r"\buse\s+([^;]+);", code):
            paths += [(p, seen_from(u.start())) for p in use_paths(u.group(1))]
        for p in re.finditer(r"\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+)", code):
            path = (p.group(1),) + tuple(p.group(2).split("::")[1:])
            paths.append((path, seen_from(p.start())))
        # Paths through a child module by name (`commands::game::game_new` in the root).
        for p in re.finditer(r"(?<![:\w])([a-z_][a-z0-9_]*)((?:::[A-Za-z_][A-Za-z0-9_]*)+)", code):
            if m + (p.group(1),) in modules:
                paths.append(((p.group(1),) + tuple(p.group(2).split("::")[1:]), m))
        for p, here in paths:
            t = resolve(p, here, modules)
            while t and t not in modules:
                t = t[:-1]
            if t not in modules:
                t = None
            if t is not None:
                t = follow(t, p, reexports, modules)
            if t is not None and t != m:
                arrows[m].add(t)

    def name(m):
        return "::".join(m) if m else "crate (" + os.path.basename(files[m]) + ")"

    failed = False
    for a in sorted(modules):
        for b in sorted(arrows[a]):
            for t in tops:
                if b[: len(t)] == t and a[: len(t)] != t and a != ():
                    print(f"{src}: {name(a)} uses {name(b)}, inside the top module {name(t)}")
                    failed = True
    # Circles: Tarjan's strongly connected components.
    index, low, stack, on, comps = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(arrows[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(comp)

    sys.setrecursionlimit(10000)
    for v in sorted(modules):
        if v not in index:
            visit(v)
    for comp in comps:
        if len(comp) > 1:
            failed = True
            inside = set(comp)
            print(f"{src}: an import circle among " + ", ".join(sorted(name(c) for c in comp)) + ":")
            for a in sorted(comp):
                for b in sorted(arrows[a] & inside):
                    print(f"    {name(a)} -> {name(b)}")
    if failed:
        return 1
    level = {}

    def depth(v):
        if v not in level:
            level[v] = 1 + max((depth(w) for w in arrows[v]), default=-1)
        return level[v]

    for v in modules:
        depth(v)
    if not quiet:
        print(f"{src}: no import circle; layers, lowest first:")
        for k in range(max(level.values()) + 1):
            print(f"  {k}: " + ", ".join(sorted(name(v) for v in modules if level[v] == k)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
