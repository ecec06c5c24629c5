#!/usr/bin/env python3
"""Writes tern(1), the man page, from what `tern --experimental-dump-help` says of every command
(swift-argument-parser's description of the command tree), so the page and --help never differ.

    scripts/man-page.py path/to/tern > tern.1
"""
import datetime
import json
import subprocess
import sys


def escape(text):
    """Text safe in a troff line: backslashes doubled, a leading dot or quote made inert."""
    text = (text or "").replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


def names(argument):
    shown = []
    for name in argument.get("names", []):
        shown.append(("-" if name["kind"] == "short" else "--") + name["name"])
    return ", ".join(shown)


def arguments(command, out, root=False):
    visible = [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)
               and (root or names(a) not in ("--version", "-h, --help", "--help"))]
    for argument in visible:
        label = names(argument)
        value = argument.get("valueName")
        if argument["kind"] == "positional":
            label = "<" + (value or "value") + ">"
        elif argument["kind"] == "option" and value:
            label += " <" + value + ">"
        out.append(".TP")
        out.append("\\fB" + escape(label) + "\\fR")
        text = argument.get("abstract", "")
        if argument.get("allValues"):
            text += " (" + ", ".join(argument["allValues"]) + ")"
        out.append(escape(text))


def section(command, path, out):
    if not command.get("shouldDisplay", True) or command["commandName"] == "help":
        return
    out.append('.SS "' + escape(" ".join(path)) + '"')
    out.append(escape(command.get("abstract", "")))
    if command.get("discussion"):
        out.append(".PP")
        out.append(escape(command["discussion"]))
    arguments(command, out)
    for sub in command.get("subcommands", []):
        section(sub, path + [sub["commandName"]], out)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "tern"
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)
    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
    root = dump["command"]
    today = datetime.date.today().isoformat()
    out = ['.TH TERN 1 "%s" "tern %s" "User Commands"' % (today, escape(version)),
           ".SH NAME", "tern \\- " + escape(root.get("abstract", "")),
           ".SH SYNOPSIS", "\\fBtern\\fR [\\fIcommand\\fR] [\\fIoptions\\fR]", ".br",
           "\\fBtern\\fR [\\fIoptions\\fR] [\\fIMETHOD\\fR] \\fIURL\\fR [\\fIITEM\\fR...]",
           ".SH DESCRIPTION", escape(root.get("discussion", "")),
           ".PP", "Without a command, \\fBtern\\fR opens the terminal UI on the workspace.",
           ".PP", "A URL or a method first sends one request, as HTTPie's \\fBhttp\\fR does: its options (\\fB\\-f\\fR, "
           "\\fB\\-j\\fR, \\fB\\-a\\fR, \\fB\\-p\\fR, \\fB\\-v\\fR, \\fB\\-h\\fR, \\fB\\-b\\fR, \\fB\\-d\\fR, \\fB\\-\\-session\\fR…) may come before "
           "the method and URL; see \\fBtern get\\fR below. Its \\fB\\-h\\fR is \\fB\\-\\-headers\\fR: help is \\fB\\-\\-help\\fR."]
    arguments(root, out, root=True)
    out.append(".SH COMMANDS")
    for sub in root.get("subcommands", []):
        section(sub, ["tern", sub["commandName"]], out)
    out += [".SH WORKSPACE", "Every command works on one workspace, the first of: \\fB--workspace\\fR \\fIDIR\\fR; "
            "\\fB$TERN_WORKSPACE\\fR; the current folder or the nearest parent holding a \\fIworkspace.yaml\\fR; "
            "inside Tern's own source tree, its demo. A line on standard error says which when it is not obvious. "
            "Outside a workspace, a typed request (\\fBtern get\\fR \\fIURL\\fR) goes through the scratch "
            "workspace; \\fB--scratch\\fR names it to \\fBtern\\fR, \\fBtern secrets\\fR and \\fBtern cookies\\fR.",
            ".SH FILES", ".TP", "\\fIworkspace.yaml\\fR, \\fIspecs/\\fR, \\fIenvironments/\\fR",
            "A workspace: the requests, kept in git.", ".TP", "\\fI.tern/\\fR",
            "The workspace's cache, history, cookies, tokens and secrets (\fI.tern/secrets.yaml\fR; "
            "owner-only; not for git); \fI.tern/sessions/NAME.json\fR, the headers of a typed request's "
            "\fB\-\-session NAME\fR.",
            ".TP", "\fI$XDG_DATA_HOME/tern/scratch/\fR (else \fI~/.local/share/tern/scratch/\fR)",
            "The scratch workspace typed requests go through outside a workspace.",
            ".TP", "\\fI$XDG_CONFIG_HOME/tern/config.yaml\\fR", "Themes and key overrides of the terminal UI.",
            ".SH SEE ALSO", "curl(1), http(1)."]
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
