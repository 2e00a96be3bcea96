"""The structure's facts: import circles, module sizes and the largest functions.

    python tools/structure.py [ROOT] [--top N] [--json] [--typing]

ROOT is a checkout (default: this one); the packages read are league, storage and tui. A module's
imports are read from its source (ast), nothing is imported: every `import` and `from ... import`
it runs, at its top or inside a function, but not those under `if TYPE_CHECKING:` (they never
run; they are counted apart, or with the rest under --typing). `from a import b` is an import of the module `a.b` where there is
one, else of `a`; `import a.b` an import of `a.b` (as grimp, and so import-linter, reads them).

Printed:
- import circles: the strongly connected components of the module import graph (two or more
  modules that reach each other through imports), each with the imports inside it, grouped
  by package (a circle within one package such as tui.services, or across packages);
- circles between packages: the same graph with every module replaced by its package
  (league.engine, tui.services, ...; a top-level module is its own);
- the size of each package and the largest modules (lines, and code lines: not blank, not
  only a comment);
- the largest functions and methods (lines from `def` to their last line).
"""
from __future__ import annotations

import argparse
import ast
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

PACKAGES = ("league", "storage", "tui")


@dataclass
class Module:
    name: str
    path: Path
    is_package: bool
    lines: int = 0
    code_lines: int = 0
    imports: dict[str, int] = field(default_factory=dict)     # module -> first line
    typing_imports: set[str] = field(default_factory=set)
    functions: list[tuple[str, int, int]] = field(default_factory=list)  # qualname, line, size


def find_modules(root: Path) -> dict[str, Module]:
    out: dict[str, Module] = {}
    for pkg in PACKAGES:
        base = root / pkg
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*.py")):
            rel = path.relative_to(root).with_suffix("")
            parts = list(rel.parts)
            if any(p.startswith(".") or p == "__pycache__" for p in parts):
                continue
            is_package = parts[-1] == "__init__"
            if is_package:
                parts = parts[:-1]
            # a folder without __init__.py (Alembic's versions) is not a package: skip it
            if not all((root.joinpath(*parts[:k]) / "__init__.py").exists()
                       for k in range(1, len(parts) if not is_package else len(parts) + 1)):
                continue
            name = ".".join(parts)
            out[name] = Module(name, path, is_package)
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


class _Reader(ast.NodeVisitor):
    def __init__(self, module: Module, known: dict[str, Module]) -> None:
        self.module = module
        self.known = known
        self.typing = 0
        self.scope: list[str] = []

    # imports ---------------------------------------------------------------------------------
    def _target(self, name: str) -> str | None:
        """The known module `name` names, or its nearest known parent."""
        parts = name.split(".")
        while parts:
            candidate = ".".join(parts)
            if candidate in self.known:
                return candidate
            parts.pop()
        return None

    def _add(self, name: str, line: int) -> None:
        target = self._target(name)
        if target is None or target == self.module.name:
            return
        if self.typing:
            self.module.typing_imports.add(target)
        else:
            self.module.imports.setdefault(target, line)

    def _base(self, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        here = self.module.name.split(".")
        if not self.module.is_package:
            here = here[:-1]
        here = here[:len(here) - (node.level - 1)]
        return ".".join(here + ([node.module] if node.module else []))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = self._base(node)
        for alias in node.names:
            full = f"{base}.{alias.name}" if base else alias.name
            self._add(full if full in self.known else base, node.lineno)

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            self.typing += 1
            for child in node.body:
                self.visit(child)
            self.typing -= 1
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    # functions -------------------------------------------------------------------------------
    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        qual = ".".join(self.scope + [node.name])
        end = node.end_lineno or node.lineno
        start = min([node.lineno] + [d.lineno for d in node.decorator_list])
        self.module.functions.append((qual, node.lineno, end - start + 1))
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()


def read(root: Path) -> dict[str, Module]:
    modules = find_modules(root)
    for m in modules.values():
        text = m.path.read_text(encoding="utf-8")
        lines = text.splitlines()
        m.lines = len(lines)
        m.code_lines = sum(1 for ln in lines if ln.strip() and not ln.strip().startswith("#"))
        _Reader(m, modules).visit(ast.parse(text, filename=str(m.path)))
    return modules


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm (iterative): the components of two or more nodes, each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph.get(start, ())))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop(0)
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return sorted(out, key=lambda c: (-len(c), c))


def package_of(name: str, modules: dict[str, Module]) -> str:
    """The package a module belongs to (a package is its own); a top-level module of league,
    storage or tui stands for itself (league.referee, tui.app)."""
    m = modules[name]
    parts = name.split(".")
    if m.is_package:
        return name if len(parts) <= 2 else ".".join(parts[:2])
    if len(parts) == 2:
        return name
    return ".".join(parts[:2])


def facts(root: Path, top: int, typing: bool = False) -> dict:
    modules = read(root)
    with_typing = {n: set(m.imports) | m.typing_imports for n, m in modules.items()}
    if typing:        # the type checkers' imports count too
        for m in modules.values():
            for t in sorted(m.typing_imports - set(m.imports)):
                m.imports[t] = 0
    graph = {n: set(m.imports) for n, m in modules.items()}
    circles = []
    for comp in strongly_connected(graph):
        members = set(comp)
        packages = sorted({package_of(n, modules) for n in comp})
        tops = sorted({n.split(".")[0] for n in comp})
        circles.append({
            "modules": comp,
            "packages": packages,
            "within": packages[0] if len(packages) == 1 else ("across " + ", ".join(tops)),
            "imports": sorted(f"{a} -> {b} (line {modules[a].imports[b]})"
                              for a in comp for b in modules[a].imports if b in members),
        })
    pkg_graph: dict[str, set[str]] = {}
    pkg_edges: dict[tuple[str, str], list[str]] = {}
    for a, targets in graph.items():
        pa = package_of(a, modules)
        pkg_graph.setdefault(pa, set())
        for b in targets:
            pb = package_of(b, modules)
            if pa != pb:
                pkg_graph[pa].add(pb)
                pkg_edges.setdefault((pa, pb), []).append(f"{a} -> {b}")
    pkg_circles = []
    for comp in strongly_connected(pkg_graph):
        members = set(comp)
        pkg_circles.append({
            "packages": comp,
            "imports": {f"{a} -> {b}": sorted(pkg_edges[(a, b)])
                        for a in comp for b in sorted(pkg_graph[a]) if b in members}})
    sizes: dict[str, dict[str, int]] = {}
    for n, m in modules.items():
        p = package_of(n, modules)
        if not modules[p].is_package:       # a module of a top package: counted with its peers
            p = n.split(".")[0] + " (modules)"
        entry = sizes.setdefault(p, {"modules": 0, "lines": 0, "code_lines": 0})
        entry["modules"] += 1
        entry["lines"] += m.lines
        entry["code_lines"] += m.code_lines
    largest = sorted(modules.values(), key=lambda m: (-m.lines, m.name))[:top]
    functions = sorted(((f"{m.name}.{q}", size, f"{m.path.relative_to(root)}:{line}")
                        for m in modules.values() for q, line, size in m.functions),
                       key=lambda f: (-f[1], f[0]))[:top]
    return {
        "root": str(root),
        "modules": len(modules),
        "lines": sum(m.lines for m in modules.values()),
        "imports": sum(len(m.imports) for m in modules.values()),
        "type_checking_imports": sum(len(m.typing_imports) for m in modules.values()),
        "circles": circles,
        "typing_circles": strongly_connected(with_typing),
        "package_circles": pkg_circles,
        "packages": dict(sorted(sizes.items())),
        "largest_modules": [{"module": m.name, "lines": m.lines, "code_lines": m.code_lines}
                            for m in largest],
        "largest_functions": [{"function": q, "lines": size, "where": where}
                              for q, size, where in functions],
    }


def render(f: dict) -> str:
    out = [f"{f['modules']} modules, {f['lines']} lines, {f['imports']} imports between them "
           f"(and {f['type_checking_imports']} only for type checkers)", ""]
    circles = f["circles"]
    by_place: dict[str, list[dict]] = {}
    for c in circles:
        by_place.setdefault(c["within"], []).append(c)
    out.append(f"import circles (modules that import each other): {len(circles)}, "
               f"{sum(len(c['modules']) for c in circles)} modules in them")
    for place in sorted(by_place):
        group = by_place[place]
        out.append(f"  {place}: {len(group)}")
        for c in group:
            out.append(f"    {len(c['modules'])} modules: {', '.join(c['modules'])}")
            for imp in c["imports"]:
                out.append(f"        {imp}")
    if not circles:
        out.append("  none")
    tc = f["typing_circles"]
    out.append(f"with the type checkers' imports too: {len(tc)} circles, "
               f"{sum(len(c) for c in tc)} modules in them"
               + "".join(f"\n    {len(c)} modules: {', '.join(c)}" for c in tc))
    out.append("")
    pc = f["package_circles"]
    out.append(f"circles between packages: {len(pc)}")
    for c in pc:
        out.append(f"  {', '.join(c['packages'])}")
        for edge, via in c["imports"].items():
            shown = "; ".join(via[:3]) + (f"; and {len(via) - 3} more" if len(via) > 3 else "")
            out.append(f"      {edge}: {shown}")
    if not pc:
        out.append("  none")
    out.append("")
    out.append(f"{'package':28}{'modules':>8}{'lines':>8}{'code':>8}")
    for name, s in f["packages"].items():
        out.append(f"{name:28}{s['modules']:>8}{s['lines']:>8}{s['code_lines']:>8}")
    out.append("")
    out.append(f"largest modules{'':21}{'lines':>8}{'code':>8}")
    for m in f["largest_modules"]:
        out.append(f"  {m['module']:34}{m['lines']:>8}{m['code_lines']:>8}")
    out.append("")
    out.append("largest functions (lines)")
    for fn in f["largest_functions"]:
        out.append(f"  {fn['lines']:>5}  {fn['function']}  ({fn['where']})")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parent.parent),
                        help="the checkout to read (default: this one)")
    parser.add_argument("--top", type=int, default=20,
                        help="how many of the largest modules and functions (default 20)")
    parser.add_argument("--json", action="store_true", help="the facts as one JSON object")
    parser.add_argument("--typing", action="store_true",
                        help="count the imports under `if TYPE_CHECKING:` too (line 0)")
    args = parser.parse_args(argv)
    root = Path(args.root).resolve()
    if not any((root / p / "__init__.py").exists() for p in PACKAGES):
        print(f"{root}: no league, storage or tui package here", file=sys.stderr)
        return 2
    f = facts(root, args.top, args.typing)
    print(json.dumps(f, indent=1, ensure_ascii=False) if args.json else render(f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
