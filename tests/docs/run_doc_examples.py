#!/usr/bin/env python3
"""Runs the command examples that README.md and sdk/docs/*.md mark runnable, against the
build's `tessera`, and checks that their output has the shape the docs show.

A fenced block is runnable when the line before its opening fence is an HTML comment
starting with `run` (README.md, "Tests", describes the marking):

    <!-- run skip=arena expect="players: 2-4" -->

Each line of the block that calls `tessera` (`build/bin/tessera ...` or `tessera ...`, after
an optional `$ ` prompt) is run with the build's program, in order, in one fresh temporary
folder per block, with nothing on its standard input and a time limit. `# comments` are
dropped; a line with an optional part in brackets (`list [--json]`) runs without it and with
it. Every command must exit 0 and print nothing on stderr, and a command given `--json` must
print one JSON value. The words after `run`:

    skip=TEXT     lines holding TEXT are not run (a TEXT that no line holds is an error)
    expect=TEXT   the block's standard output holds TEXT (repeatable)
    exit=N        every command's exit status is N instead of 0
    timeout=S     seconds each command may take (default 120)
    transcript    the block is `$ command`, then by turns a line sent to it and the line it
                  answers; every answer must be the one shown

Usage: run_doc_examples.py --tessera build/bin/tessera FILE_OR_FOLDER...
Exit status 0 when every example ran as shown, 1 otherwise, with one report per failure.
"""
import argparse
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

MARK = re.compile(r"^<!--\s*run\b(.*?)-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)")
COMMAND = re.compile(r"^(?:\$ )?(?:build/bin/)?tessera(?:\s|$)")
OPTIONAL = re.compile(r"\s*\[([^\]]*)\]")


class Example:
    def __init__(self, path, line, directives, body):
        self.path, self.line, self.body = path, line, body  # line: 1-based, of the fence
        self.skip, self.expect, self.exit, self.timeout, self.transcript = [], [], 0, 120.0, False
        for word in shlex.split(directives):
            key, _, value = word.partition("=")
            if key == "skip" and value:
                self.skip.append(value)
            elif key == "expect" and value:
                self.expect.append(value)
            elif key == "exit" and value.lstrip("-").isdigit():
                self.exit = int(value)
            elif key == "timeout" and re.fullmatch(r"\d+(\.\d+)?", value):
                self.timeout = float(value)
            elif key == "transcript" and not value:
                self.transcript = True
            else:
                raise ValueError(f"{self.where()}: unknown word '{word}' in the run mark")

    def where(self, offset=0):
        return f"{self.path}:{self.line + offset}"


def examples_in(path):
    """The runnable examples of a Markdown file."""
    lines = pathlib.Path(path).read_text(encoding="utf-8").split("\n")
    found, i = [], 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        end = i + 1
        while end < len(lines) and not lines[end].startswith(fence.group(1)):
            end += 1
        mark = MARK.match(lines[i - 1]) if i > 0 else None
        if mark:
            found.append(Example(path, i + 1, mark.group(1), lines[i + 1:end]))
        i = end + 1
    return found


def forms_of(line):
    """The argument lists a doc line stands for: without and with each optional part."""
    text = line.split(" #", 1)[0].strip()
    text = re.sub(r"^\$ ", "", text)
    bare = OPTIONAL.sub("", text)
    forms = [bare]
    if OPTIONAL.search(text):
        forms.append(OPTIONAL.sub(lambda m: " " + m.group(1), text))
    return [shlex.split(f)[1:] for f in forms]


def run(tessera, args, folder, timeout, stdin=""):
    env = dict(os.environ, TESSERA_PROGRESS="0", NO_COLOR="1")
    return subprocess.run([tessera] + args, cwd=folder, input=stdin, capture_output=True, text=True,
                          timeout=timeout, env=env)


def check_commands(example, tessera, folder):
    problems, output = [], []
    used_skips = set()
    for offset, line in enumerate(example.body, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        skips = [s for s in example.skip if s in line]
        if skips:
            used_skips.update(skips)
            continue
        if not COMMAND.match(line):
            problems.append(f"{example.where(offset)}: not a tessera command (skip it or leave the block unmarked): {line}")
            continue
        for args in forms_of(line):
            shown = "tessera " + " ".join(args)
            try:
                done = run(tessera, args, folder, example.timeout)
            except subprocess.TimeoutExpired:
                problems.append(f"{example.where(offset)}: `{shown}` did not end within {example.timeout:g} s")
                continue
            output.append(done.stdout)
            if done.returncode != example.exit:
                problems.append(f"{example.where(offset)}: `{shown}` exited {done.returncode}, not {example.exit}:\n"
                                f"{done.stderr or done.stdout}")
            elif done.stderr:
                problems.append(f"{example.where(offset)}: `{shown}` wrote on stderr:\n{done.stderr}")
            if "--json" in args and done.returncode == 0:
                try:
                    json.loads(done.stdout)
                except ValueError as e:
                    problems.append(f"{example.where(offset)}: `{shown}` printed no JSON value: {e}")
    for skip in example.skip:
        if skip not in used_skips:
            problems.append(f"{example.where()}: skip='{skip}' matches no line of the block")
    text = "".join(output)
    for expected in example.expect:
        if expected not in text:
            problems.append(f"{example.where()}: the output holds no '{expected}'")
    return problems


def check_transcript(example, tessera, folder):
    lines = [l for l in example.body if l.strip()]
    if not lines or not COMMAND.match(lines[0]) or not lines[0].startswith("$ "):
        return [f"{example.where()}: a transcript starts with `$ tessera ...`"]
    sent, shown = lines[1::2], lines[2::2]
    if len(sent) != len(shown):
        return [f"{example.where()}: a transcript holds a line sent and the answer shown, by turns"]
    args = forms_of(lines[0])[0]
    try:
        done = run(tessera, args, folder, example.timeout, "".join(l + "\n" for l in sent))
    except subprocess.TimeoutExpired:
        return [f"{example.where()}: `tessera {' '.join(args)}` did not end within {example.timeout:g} s"]
    problems = []
    answers = done.stdout.split("\n")
    for k, expected in enumerate(shown):
        got = answers[k] if k < len(answers) else "(nothing)"
        if got != expected:
            problems.append(f"{example.where(3 + 2 * k)}: after {sent[k]}\n  shown: {expected}\n  got:   {got}")
    if done.returncode != example.exit or done.stderr:
        problems.append(f"{example.where()}: exited {done.returncode}, stderr: {done.stderr!r}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tessera", required=True, help="the program to run for `tessera`")
    parser.add_argument("paths", nargs="+", help="Markdown files, or folders of them")
    options = parser.parse_args()
    tessera = str(pathlib.Path(options.tessera).resolve())
    files = []
    for p in map(pathlib.Path, options.paths):
        files += sorted(p.glob("*.md")) if p.is_dir() else [p]
    problems, count = [], 0
    for path in files:
        try:
            examples = examples_in(path)
        except ValueError as e:
            problems.append(str(e))
            continue
        for example in examples:
            count += 1
            with tempfile.TemporaryDirectory(prefix="tessera_docs_") as folder:
                check = check_transcript if example.transcript else check_commands
                problems += check(example, tessera, folder)
    for p in problems:
        print(p, file=sys.stderr)
    print(f"{count} runnable examples in {len(files)} files: "
          f"{'all as shown' if not problems else str(len(problems)) + ' problem(s)'}")
    return 1 if problems or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
