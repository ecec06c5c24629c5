#!/usr/bin/env python3
"""Summarise an Autobahn TestSuite fuzzingserver report.

Reads .build/autobahn/reports/index.json (agent -> case id -> {behavior,
behaviorClose, duration, remoteCloseCode, reportfile}) and prints a Markdown
table of counts per case group. A case is counted under the worse of its
`behavior` and `behaviorClose`, each mapped to a column as the suite's own HTML report
colours it: behaviorClose "WRONG CODE" and "FAILED BY CLIENT" count as
NON-STRICT, "UNCLEAN" (and any unknown or missing value) as FAILED.

Exit status: 1 if any case lands in FAILED (behavior or behaviorClose FAILED,
or an unclean close), or if the index is missing/empty; else 0.

  scripts/autobahn-summary.py [--failures] [--agent NAME] [--reports DIR]

--failures lists each failing case with the description/expectation/result
fields of its per-case report (the `reportfile` next to index.json).
"""

import argparse
import json
import os
import sys

GROUPS = {
    1: "Framing",
    2: "Pings/Pongs",
    3: "Reserved bits",
    4: "Opcodes",
    5: "Fragmentation",
    6: "UTF-8 handling",
    7: "Close handling",
    8: "Misc",  # not in the current suite; kept in case an old report has it
    9: "Limits/Performance",
    10: "Misc",
    11: "Misc",
    12: "WebSocket compression (permessage-deflate)",
    13: "WebSocket compression (permessage-deflate, parameters)",
}

COLUMNS = ["OK", "NON-STRICT", "INFORMATIONAL", "UNIMPLEMENTED", "FAILED"]

# Every behavior/behaviorClose value the suite writes, mapped to a column the
# way the suite's own HTML report colours it: a close with the wrong code or
# a TCP close by the client is "non-strict"/"almost", an unclean close is red.
COLUMN_OF = {
    "OK": "OK",
    "NON-STRICT": "NON-STRICT",
    "WRONG CODE": "NON-STRICT",
    "FAILED BY CLIENT": "NON-STRICT",
    "INFORMATIONAL": "INFORMATIONAL",
    "UNIMPLEMENTED": "UNIMPLEMENTED",
    "FAILED": "FAILED",
    "UNCLEAN": "FAILED",
    "NO CLOSE": "FAILED",
}
# A case is counted under the worse of the columns of its two values.
SEVERITY = {"OK": 0, "INFORMATIONAL": 1, "NON-STRICT": 2, "UNIMPLEMENTED": 3, "FAILED": 4}


def case_key(case_id):
    return tuple(int(p) if p.isdigit() else p for p in case_id.split("."))


def column(value):
    # A missing or unknown value counts as FAILED so that it is never hidden.
    return COLUMN_OF.get(value, "FAILED")


def overall(result):
    return max((column(result.get("behavior")), column(result.get("behaviorClose"))),
               key=SEVERITY.get)


def md_escape(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--failures", action="store_true",
                    help="list failing case ids with their description/result")
    ap.add_argument("--agent", help="only this agent (default: every agent in the index)")
    ap.add_argument("--reports", default=os.path.join(root, ".build", "autobahn", "reports"),
                    help="report directory holding index.json")
    args = ap.parse_args()

    index_path = os.path.join(args.reports, "index.json")
    try:
        with open(index_path, encoding="utf-8") as f:
            index = json.load(f)
    except FileNotFoundError:
        print("no report index at %s (run the cases, then /updateReports?agent=NAME)" % index_path,
              file=sys.stderr)
        return 1

    agents = sorted(index)
    if args.agent:
        if args.agent not in index:
            print("agent %r not in %s (agents: %s)" % (args.agent, index_path, ", ".join(agents) or "none"),
                  file=sys.stderr)
            return 1
        agents = [args.agent]
    if not agents:
        print("report index %s has no agents" % index_path, file=sys.stderr)
        return 1

    any_failed = False
    for agent in agents:
        cases = index[agent]
        counts = {}  # group number -> {column -> count}
        failures = []
        for case_id in sorted(cases, key=case_key):
            result = cases[case_id]
            group = int(case_id.split(".")[0])
            row = counts.setdefault(group, {c: 0 for c in COLUMNS})
            verdict = overall(result)
            row[verdict] += 1
            if verdict == "FAILED":
                failures.append((case_id, result))

        cols = COLUMNS
        if len(agents) > 1 or args.agent:
            print("### Agent `%s`\n" % agent)
        print("| Group | " + " | ".join(cols) + " | Total |")
        print("|---" * (len(cols) + 2) + "|")
        totals = {c: 0 for c in cols}
        for group in sorted(counts):
            row = counts[group]
            name = GROUPS.get(group, "Group %d" % group)
            print("| %d %s | " % (group, name) + " | ".join(str(row[c]) for c in cols)
                  + " | %d |" % sum(row[c] for c in cols))
            for c in cols:
                totals[c] += row[c]
        print("| **Total** | " + " | ".join("**%d**" % totals[c] for c in cols)
              + " | **%d** |" % sum(totals.values()))
        print()

        if failures:
            any_failed = True
        if args.failures:
            if not failures:
                print("No failing cases for agent `%s`.\n" % agent)
                continue
            print("Failing cases for agent `%s` (%d):\n" % (agent, len(failures)))
            for case_id, result in failures:
                detail = {}
                reportfile = result.get("reportfile")
                if reportfile:
                    try:
                        with open(os.path.join(args.reports, reportfile), encoding="utf-8") as f:
                            detail = json.load(f)
                    except (OSError, ValueError) as e:
                        detail = {"result": "(could not read %s: %s)" % (reportfile, e)}
                print("- **%s**: behavior=%s, behaviorClose=%s, remoteCloseCode=%s"
                      % (case_id, result.get("behavior"), result.get("behaviorClose"),
                         result.get("remoteCloseCode")))
                for field in ("description", "expectation", "result", "resultClose"):
                    if detail.get(field):
                        print("  - %s: %s" % (field, md_escape(detail[field])))
            print()

    return 1 if any_failed else 0


if __name__ == "__main__":
    sys.exit(main())
