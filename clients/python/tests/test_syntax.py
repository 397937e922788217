"""The package must run on Python 3.7: parse every file with the 3.7 grammar and look for runtime-only traps."""

import ast
import os
import sys
import unittest

from _support import PACKAGE_ROOT

def parse37(source, filename="<source>"):
    """The 3.7 grammar: ``feature_version`` on 3.8+, the interpreter's own grammar on 3.7."""
    if sys.version_info < (3, 8):
        return ast.parse(source, filename=filename)
    return ast.parse(source, filename=filename, feature_version=(3, 7))


BUILTIN_GENERICS = {"list", "dict", "tuple", "set", "frozenset", "type"}


def python_files():
    for folder in ("aqcast", "tests"):
        for root, _dirs, files in os.walk(os.path.join(PACKAGE_ROOT, folder)):
            for name in files:
                if name.endswith(".py"):
                    yield os.path.join(root, name)


def annotation_problems(tree):
    """``X | Y`` and ``list[int]`` parse on 3.7 but fail when 3.7 evaluates the annotation."""
    found = []
    annotations = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            for a in args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
                if a is not None and a.annotation is not None:
                    annotations.append(a.annotation)
            if node.returns is not None:
                annotations.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
    for ann in annotations:
        for sub in ast.walk(ann):
            if isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.BitOr):
                found.append("line {}: X | Y annotation".format(sub.lineno))
            if isinstance(sub, ast.Subscript) and isinstance(sub.value, ast.Name) and sub.value.id in BUILTIN_GENERICS:
                found.append("line {}: {}[...] annotation".format(sub.lineno, sub.value.id))
    return found


class Python37SyntaxTest(unittest.TestCase):
    def test_every_file_parses_with_the_37_grammar(self):
        files = list(python_files())
        self.assertGreater(len(files), 8)
        for path in files:
            with open(path, encoding="utf-8") as fh:
                source = fh.read()
            with self.subTest(path=os.path.relpath(path, PACKAGE_ROOT)):
                tree = parse37(source, path)
                self.assertEqual(annotation_problems(tree), [])

    def test_the_checker_catches_what_37_cannot_run(self):
        for bad in ("(y := 1)", "def f(a, /): pass", "match x:\n    case 1: pass\n", 'f"{x=}"'):
            with self.subTest(source=bad):
                with self.assertRaises(SyntaxError):
                    parse37(bad)
        self.assertTrue(annotation_problems(ast.parse("def f(x: int | None) -> list[int]: pass")))



class PackageTest(unittest.TestCase):
    def test_version_matches_pyproject_and_no_dependencies(self):
        import re

        import aqcast

        with open(os.path.join(PACKAGE_ROOT, "pyproject.toml"), encoding="utf-8") as fh:
            pyproject = fh.read()
        self.assertEqual(re.search(r'^version = "([^"]+)"', pyproject, re.M).group(1), aqcast.__version__)
        self.assertEqual(aqcast.__version__, "1.0.0")
        self.assertRegex(pyproject, r"(?m)^dependencies = \[\]$")


if __name__ == "__main__":
    unittest.main()
