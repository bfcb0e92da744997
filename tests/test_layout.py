"""The folder tree is the architecture (docs/layout.md): checked, not hoped for.

* no import circle anywhere in the package (module-level or inside functions; imports
  made only for type checkers, under ``if TYPE_CHECKING:``, are not run and not counted);
* only the CLI imports click;
* only the emitter branches on the output format;
* no module over 500 lines unless its docstring says why.
"""

import ast
import re

from conftest import ROOT

PACKAGE = ROOT / "exact_odds"


def modules():
    """{dotted name: path} of every module of the package."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def runtime_nodes(tree):
    """Every node of ``tree`` except the bodies of ``if TYPE_CHECKING:`` (never run)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                stack.extend(child.orelse)
                continue
            stack.append(child)


def imports(path, names):
    """The package's modules that ``path`` imports when it runs (anywhere in the file, functions
    included; the names a type checker alone reads under ``if TYPE_CHECKING:`` are left out)."""
    found = set()
    for node in runtime_nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("exact_odds"):
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.add(child if child in names else node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("exact_odds")}
    return found


def test_no_import_circle():
    names = modules()
    graph = {m: imports(p, names) & set(names) for m, p in names.items()}
    state: dict = {}
    cycles = []

    def visit(m, stack):
        state[m] = "open"
        for n in sorted(graph[m]):
            if state.get(n) == "open":
                cycles.append(stack[stack.index(n):] + [n])
            elif n not in state:
                visit(n, stack + [n])
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])
    assert cycles == []


#: Layers that import nothing above them (issue 38): the condition language below pay tables and the card
#: engine; the card engine below pay tables (it reads conditions, the rules and the value walk); the value
#: walk and its pricer below both (the pricer reads a bet through its ValueBet protocol).
BELOW = {"exact_odds.conditions": ("exact_odds.bets", "exact_odds.cards", "exact_odds.punto_banco"),
         "exact_odds.cards": ("exact_odds.bets",),
         "exact_odds.punto_banco": ("exact_odds.bets", "exact_odds.cards")}


def test_the_layers_import_only_what_is_below_them():
    names = modules()
    wrong = [(m, n) for m, p in names.items() for layer, above in BELOW.items() if m.startswith(layer)
             for n in imports(p, names) if n.startswith(above)]
    assert wrong == []


def test_the_graph_sees_an_import_circle(tmp_path):
    """The checker above would report a circle if there were one."""
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("from exact_odds.b import x\n")
    b.write_text("def f():\n    from exact_odds.a import y\n")
    names = {"exact_odds.a": a, "exact_odds.b": b}
    assert imports(a, names) == {"exact_odds.b"} and imports(b, names) == {"exact_odds.a"}


def test_only_the_cli_imports_click():
    offenders = [str(p.relative_to(ROOT)) for p in PACKAGE.rglob("*.py")
                 if "cli" not in p.relative_to(PACKAGE).parts[:1]
                 and re.search(r"^\s*(import click|from click)", p.read_text(), re.M)]
    assert offenders == []


def test_only_the_emitter_branches_on_the_format():
    offenders = [str(p.relative_to(ROOT)) for p in PACKAGE.rglob("*.py")
                 if p.name != "emit.py" and re.search(r"fmt\s*[!=]=\s*[\"'](json|csv)", p.read_text())]
    assert offenders == []


def test_no_module_over_500_lines_unless_its_docstring_says_why():
    long = []
    for p in PACKAGE.rglob("*.py"):
        text = p.read_text()
        if text.count("\n") > 500:
            doc = ast.get_docstring(ast.parse(text)) or ""
            if "long because" not in doc.lower():
                long.append(f"{p.relative_to(ROOT)}: {text.count(chr(10))} lines")
    assert long == []
