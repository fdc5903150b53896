"""No function of a game's screens (its ``phone.js`` and ``tv.js``, and the modules of their own
folders ``phone/`` and ``tv/``) is longer than 80 lines, as for the project's Python
(test_function_length.py): a screen is a thin dispatcher by phase, each phase or panel a small
module of its own.

Scope: every shipped game's screens, Outfox's, Hoax's and Werewolf's (``SPLIT``), and the
platform's own screen scripts (``partyhub/static/partyhub/js/``: the screens' shell, the live
connection, the lobby, the recap, the pager...); the libraries vendored beside them
(``partyhub/static/vendor/``) are not ours to split.

No JavaScript parser is vendored, so functions are found by a small scan of the source's tokens
(strings, template literals, regular expressions and comments skipped): a ``function`` (from its
keyword to its body's closing brace), an arrow (from its parameters to its body's closing brace,
or the end of its expression) and a method (``name(…) {``, from its name). The scan itself is
tested on a sample below.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tests.test_function_length import MOST_LINES, ROOT

SPLIT = ["outfox", "hoax", "werewolf"]

OPENERS = {"(": ")", "[": "]", "{": "}", "${": "}"}
# After one of these a ``/`` starts a regular expression, not a division.
BEFORE_REGEX = set("(,=:[!&|?{};+-*%<>~^") | {"=>", "${"}
KEYWORDS_BEFORE_REGEX = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete",
                         "void", "throw", "instanceof", "yield", "await"}
# ``word (…) {`` that is not a method.
NOT_METHODS = {"if", "for", "while", "switch", "catch", "with", "function", "return"}
WORD = re.compile(r"[A-Za-z_$][\w$]*")
PUNCTUATION = re.compile(r"=>|\.\.\.|[=!]==|[<>=!]=|&&|\|\||\?\?|\?\.|[^\s\w$]")


@dataclass(frozen=True)
class Token:
    text: str  # a word or a punctuation mark; strings, templates and regexes as '"', '`', '/'
    line: int  # where it starts
    end: int  # where it ends (a template literal may run over lines)


def tokens(source: str) -> list[Token]:
    """The source's tokens, comments left out."""
    found: list[Token] = []
    braces: list[str] = []  # "{" or "${" (a template literal's expression, resumed at its "}")
    i, line = 0, 1

    def add(text: str, start: int, end: int) -> None:
        found.append(Token(text, line, line + source.count("\n", start, end)))

    while i < len(source):
        char = source[i]
        if char == "\n":
            line += 1
            i += 1
        elif char.isspace():
            i += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            i = len(source) if end == -1 else end
        elif source.startswith("/*", i):
            end = source.index("*/", i) + 2
            line += source.count("\n", i, end)
            i = end
        elif char in "'\"":
            end = string_end(source, i)
            add('"', i, end)
            line += source.count("\n", i, end)
            i = end
        elif char == "`" or (char == "}" and braces and braces[-1] == "${"):
            if char == "}":
                braces.pop()
                add("}", i, i + 1)
            end, opens = template_end(source, i + 1)
            add("`", i, end)
            line += source.count("\n", i, end)
            i = end
            if opens:
                braces.append("${")
                add("${", end - 2, end)
        elif char == "/" and regex_may_start(found):
            end = regex_end(source, i)
            add("/", i, end)
            i = end
        else:
            match = WORD.match(source, i) or re.compile(r"\d[\w.]*").match(source, i) \
                or PUNCTUATION.match(source, i)
            text = match.group()
            if text == "{":
                braces.append("{")
            elif text == "}" and braces:
                braces.pop()
            add(text, i, match.end())
            i = match.end()
    return found


def string_end(source: str, start: int) -> int:
    """Just past the quoted string that starts at ``start``."""
    i = start + 1
    while source[i] != source[start]:
        i += 2 if source[i] == "\\" else 1
    return i + 1


def template_end(source: str, i: int) -> tuple[int, bool]:
    """Just past a template literal's text from ``i``: past its closing backtick (False), or past
    the ``${`` of its next expression (True)."""
    while True:
        if source[i] == "\\":
            i += 2
        elif source[i] == "`":
            return i + 1, False
        elif source.startswith("${", i):
            return i + 2, True
        else:
            i += 1


def regex_may_start(before: list[Token]) -> bool:
    if not before:
        return True
    last = before[-1].text
    return last in BEFORE_REGEX or last in KEYWORDS_BEFORE_REGEX


def regex_end(source: str, start: int) -> int:
    """Just past the regular expression literal (and its flags) that starts at ``start``."""
    i, in_class = start + 1, False
    while in_class or source[i] != "/":
        if source[i] == "\\":
            i += 1
        elif source[i] == "[":
            in_class = True
        elif source[i] == "]":
            in_class = False
        i += 1
    return WORD.match(source, i + 1).end() if WORD.match(source, i + 1) else i + 1


def matches(found: list[Token]) -> dict[int, int]:
    """Each opening bracket's index to its closing one's (and back)."""
    pairs, stack = {}, []
    for index, token in enumerate(found):
        if token.text in OPENERS:
            stack.append(index)
        elif token.text in ")]}" and stack:
            opened = stack.pop()
            pairs[opened], pairs[index] = index, opened
    return pairs


@dataclass(frozen=True)
class Function:
    name: str
    start: int  # its first line
    end: int  # its last line

    @property
    def lines(self) -> int:
        return self.end - self.start + 1


def js_functions(source: str) -> list[Function]:
    """Every function, arrow and method of ``source``, with the lines it spans."""
    found = tokens(source)
    pairs = matches(found)
    functions = []
    for index, token in enumerate(found):
        if token.text == "function":
            params = next(i for i in range(index, len(found)) if found[i].text == "(")
            body = pairs[params] + 1
            named = found[index + 1].text if WORD.fullmatch(found[index + 1].text) else None
            functions.append(Function(named or name_before(found, index), token.line,
                                      found[pairs[body]].end))
        elif token.text == "=>":
            params = pairs[index - 1] if found[index - 1].text == ")" else index - 1
            functions.append(Function(name_before(found, params), found[params].line,
                                      arrow_end(found, pairs, index + 1)))
        elif (token.text == "(" and index and WORD.fullmatch(found[index - 1].text)
              and found[index - 1].text not in NOT_METHODS
              and (index < 2 or found[index - 2].text != "function")
              and pairs.get(index, -1) + 1 < len(found) and found[pairs[index] + 1].text == "{"):
            body = pairs[index] + 1
            functions.append(Function(found[index - 1].text, found[index - 1].line,
                                      found[pairs[body]].end))
    return functions


def name_before(found: list[Token], index: int) -> str:
    """The name a function or arrow starting at ``index`` is given (``name = …``, ``name: …``)."""
    if index >= 2 and found[index - 1].text in ("=", ":") and WORD.fullmatch(found[index - 2].text):
        return found[index - 2].text
    return "(anonymous)"


def arrow_end(found: list[Token], pairs: dict[int, int], index: int) -> int:
    """The last line of the arrow whose body starts at ``index``: its block's closing brace, or
    the last token of its expression (up to a comma, a semicolon or a closing bracket of the
    arrow's own level)."""
    if found[index].text == "{":
        return found[pairs[index]].end
    last = index
    while index < len(found) and found[index].text not in (",", ";", ")", "]", "}"):
        last = pairs.get(index, index) if found[index].text in OPENERS else index
        index = last + 1
    return found[last].end


def long_functions(source: str, most: int = MOST_LINES) -> list[tuple[str, int]]:
    return [(function.name, function.lines) for function in js_functions(source)
            if function.lines > most]


def screen_files() -> list[Path]:
    """The screens of the games in ``SPLIT``: phone.js, tv.js and their folders' modules."""
    files = []
    for game in SPLIT:
        static = ROOT / "games" / game / "static" / game
        files += [static / "phone.js", static / "tv.js"]
        for folder in ("phone", "tv"):
            files += sorted((static / folder).glob("**/*.js"))
    return files


def platform_files() -> list[Path]:
    """The platform's own screen scripts (vendored libraries live in partyhub/static/vendor/)."""
    return sorted((ROOT / "partyhub" / "static" / "partyhub" / "js").glob("**/*.js"))


def too_long(files: list[Path]) -> list[str]:
    """Each function of ``files`` longer than MOST_LINES, named with its file and its length."""
    return [f"{path.relative_to(ROOT)}: {name} ({lines} lines)"
            for path in files for name, lines in long_functions(path.read_text())]


SAMPLE = """\
// A comment with a brace { and a function() { that is no function
const text = "a } brace in a string", other = 'and { one', tail = `a ${x ? "}" : `{${y}`} template`;
const re = /[}{]\\/+/g;
function outer(a, { b = 1 } = {}) {
  const inner = (c) => {
    return c / 2 / 3;
  };
  /* a block
     comment } */
  return inner(a) + b;
}
export const arrow = (x) =>
  h("div", {},
    x);
const box = {
  method(y) {
    if (y) { return y; }
    return [1, 2].map((z) => z + 1);
  },
  named: function () { return 1; },
};
"""


def test_the_scan_finds_every_function_and_its_lines() -> None:
    found = [(function.name, function.start, function.end) for function in js_functions(SAMPLE)]
    assert found == [("outer", 4, 11), ("inner", 5, 7), ("arrow", 12, 14), ("method", 16, 19),
                     ("(anonymous)", 18, 18), ("named", 20, 20)]


def test_the_check_finds_a_long_function() -> None:
    lines = [f"  const x{n} = {{ n: `${{n}}` }}; // }}" for n in range(MOST_LINES - 1)]
    body = "\n".join(lines)
    assert long_functions(f"function long() {{\n{body}\n}}\n") == [("long", MOST_LINES + 1)]
    assert long_functions(f"const short = () => {{\n{body}\n}};\n") == [("short", MOST_LINES + 1)]
    shorter = "\n".join(lines[1:])
    assert long_functions(f"const short = () => {{\n{shorter}\n}};\n") == []


def test_no_function_of_a_split_screen_is_longer_than_80_lines() -> None:
    files = screen_files()
    assert all(path.is_file() for path in files)
    assert len(files) > 2 * len(SPLIT)  # the screens' own modules too, not phone.js and tv.js only
    assert too_long(files) == []


def test_no_function_of_the_platforms_screens_is_longer_than_80_lines() -> None:
    files = platform_files()
    names = {path.name for path in files}
    assert {"screen.js", "live.js", "pages.js", "recap.js", "remote.js"} <= names
    assert not any("vendor" in path.parts or path.name.endswith(".min.js") for path in files)
    assert too_long(files) == []
