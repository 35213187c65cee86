"""``kayalib --help`` and every command's help read as plain sentences, with examples that work.

Each help is walked from the parser itself: its description, the one line its parent lists it
with, each option's help and each example's explanation must be whole sentences (a capital
letter first, a full stop last, every sentence after the first begun the same way) without
reStructuredText or Markdown; every command has examples, and each example parses.
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator

import pytest

import kayalib
from kayalib.cli import ArgumentParser, build_parser, main

MARKUP = re.compile(r"``|`|:(mod|func|class|meth|data|attr):|\*\*|__\w+__|\\[a-z]")
SENTENCE_START = re.compile(r"""^(kayalib\b|[A-Z0-9"(])""")


Command = tuple[tuple[str, ...], ArgumentParser]


def commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[Command]:
    """Every parser of the command line, with the words that reach it."""
    assert isinstance(parser, ArgumentParser), path
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*path, name))


def printed_help(argv: list[str], capsys) -> str:
    """What ``kayalib ARGV --help`` prints (argparse stops with status 0 after it)."""
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--help"])
    assert stopped.value.code == 0
    return capsys.readouterr().out


def listed_helps(parser: argparse.ArgumentParser) -> dict[str, str]:
    """The one line each subcommand is listed with in ``parser``'s help."""
    found = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update({choice.dest: choice.help or "" for choice in action._choices_actions})
    return found


ALL = list(commands(build_parser()))
IDS = [" ".join(path) or "kayalib" for path, _ in ALL]


def sentence_problems(text: str | None) -> list[str]:
    """What keeps ``text`` from being whole, plain sentences (nothing: it is)."""
    if not text or not text.strip():
        return ["no text"]
    text = " ".join(text.split())
    problems = [f"markup {found.group(0)!r}" for found in MARKUP.finditer(text)]
    for sentence in re.split(r"(?<=[.?!])\s+(?=[^a-z])", text):
        if not SENTENCE_START.match(sentence):
            problems.append(f"does not begin as a sentence: {sentence[:50]!r}")
        if not re.search(r"[.?!]\)?$", sentence):
            problems.append(f"does not end as a sentence: {sentence[-50:]!r}")
    return problems


def test_the_checks_catch_the_old_description() -> None:
    old = "The ``kayalib`` command line: ``kayalib blef ...``, ``kayalib kaya ...`` and"
    assert sentence_problems(old)
    assert sentence_problems("bots play many seeded games")
    assert sentence_problems("Play many games between bots.") == []


@pytest.mark.parametrize(("path", "parser"), ALL, ids=IDS)
def test_every_help_is_plain_sentences(path: tuple[str, ...], parser: ArgumentParser) -> None:
    problems = {"description": sentence_problems(parser.description)}
    for action in parser._actions:
        if action.help is not argparse.SUPPRESS and not isinstance(
                action, argparse._SubParsersAction):  # fmt: skip
            problems["/".join(action.option_strings) or action.dest] = \
                sentence_problems(action.help)  # fmt: skip
    for name, line in listed_helps(parser).items():
        problems[f"the line for {name}"] = sentence_problems(line)
    for command, what in parser.examples:
        problems[f"example {command}"] = sentence_problems(what)
    assert not {where: found for where, found in problems.items() if found}


@pytest.mark.parametrize(("path", "parser"), ALL, ids=IDS)
def test_every_command_has_examples_that_parse(path: tuple[str, ...],
                                               parser: ArgumentParser) -> None:  # fmt: skip
    assert parser.examples, "no examples"
    for command, _ in parser.examples:
        words = shlex.split(command)
        assert words[: len(path) + 1] == ["kayalib", *path], command
        if "--help" in words:
            continue
        build_parser().parse_args(words[1:])  # a UsageError (one line) if it does not parse


@pytest.mark.parametrize(("path", "parser"), ALL, ids=IDS)
def test_the_help_as_printed(path: tuple[str, ...], parser: ArgumentParser, capsys) -> None:
    text = printed_help(list(path), capsys)
    assert text.startswith(f"usage: kayalib {' '.join(path)}".rstrip())
    assert "\nExamples:\n" in text and not MARKUP.search(text)
    assert max(map(len, text.splitlines())) <= 100


def test_the_commands_a_teacher_needs_are_listed_first(capsys) -> None:
    text = printed_help([], capsys)
    listed = re.findall(r"^    (\w+)", text, flags=re.MULTILINE)
    assert listed[:4] == ["app", "class", "lab", "worksheets"]
    assert {"blef", "kaya", "tournament"} <= set(listed)


def test_the_version(capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"kayalib {kayalib.__version__}\n"


def test_python_dash_m_kayalib_is_the_same_command(tmp_path) -> None:
    done = subprocess.run([sys.executable, "-m", "kayalib", "--help"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0 and done.stderr == ""
    assert "kayalib is a teaching kit" in done.stdout and "Examples:" in done.stdout
