"""The guide's examples run: every ```python block of docs/python.md, each in a fresh namespace,
so that the guide cannot fall behind the library. A block that is not meant to run (a shell
command, a sample of output) is fenced as ```sh or ```text instead."""

import importlib.util
import re
from pathlib import Path

import pytest

GUIDE = Path(__file__).resolve().parent / ".." / ".." / "docs" / "python.md"
FENCE = re.compile(r"^```(\S*)\s*$")


def blocks():
    """(language, first line number, code) of each fenced block of the guide."""
    found = []
    language = start = None
    lines = []
    for number, line in enumerate(GUIDE.read_text(encoding="utf-8").splitlines(), start=1):
        fence = FENCE.match(line)
        if language is None:
            if fence:
                language, start, lines = fence.group(1), number + 1, []
        elif line.strip() == "```":
            found.append((language, start, "\n".join(lines) + "\n"))
            language = None
        else:
            lines.append(line)
    assert language is None, f"docs/python.md: the block from line {start} is never closed"
    return found


PYTHON = [(start, code) for language, start, code in blocks() if language == "python"]


def test_every_block_says_its_language():
    """A fence without a language would be skipped silently; each must say python, sh or
    text."""
    bare = [start for language, start, _ in blocks() if language == ""]
    assert not bare, f"docs/python.md: blocks without a language at lines {bare}"


def test_the_guide_has_an_example_for_each_game():
    import kaleido

    code = "\n".join(code for _, code in PYTHON)
    missing = [v for v in kaleido.variants() if v != "chess" and f'Board("{v}"' not in code]
    assert not missing, f"no example plays {missing}"
    assert len(PYTHON) >= 6


@pytest.mark.parametrize("start,code", PYTHON, ids=[f"line{start}" for start, _ in PYTHON])
def test_example_runs(start, code):
    if "import chess" in code and importlib.util.find_spec("chess") is None:
        pytest.skip("python-chess is not installed")
    namespace = {"__name__": f"docs_python_md_line{start}"}
    # Compiled under the guide's name, with the block's own line numbers, so a failure's
    # traceback points into docs/python.md.
    exec(compile("\n" * (start - 1) + code, str(GUIDE.resolve()), "exec"), namespace)
