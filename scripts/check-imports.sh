#!/usr/bin/env bash
# Fails when a target imports a module it does not declare directly in its package manifest: every
# `import X` in a target's Swift files must name one of the target's own dependencies (a target or a
# product of the same name), or a module of the toolchain (Foundation, Testing, Glibc...). A module
# that only arrives through another dependency builds today and breaks when that dependency changes.
# Also fails on imports of modules other packages keep internal (`CYaml` inside Yams, `CNIO...`
# inside SwiftNIO): their own public API is the contract.
# Usage: scripts/check-imports.sh [--list] [PACKAGE-DIR...]   (default: the package here and Fuzz/)
#   --list prints, for each target, the modules it imports.
set -euo pipefail
cd "$(dirname "$0")/.."

list=0
if [ "${1:-}" = "--list" ]; then
  list=1
  shift
fi
packages=("$@")
[ ${#packages[@]} -eq 0 ] && packages=(. Fuzz)

status=0
for package in "${packages[@]}"; do
  manifest=$(cd "$package" && "${SWIFT:-swift}" package dump-package)
  PACKAGE_DIR="$package" LIST="$list" python3 -c '
import json, os, re, sys

# Modules the toolchain provides: importing them needs no declaration.
toolchain = {
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "CoreFoundation", "CDispatch", "Dispatch", "Glibc", "Musl", "Darwin", "Android", "WinSDK", "Testing", "XCTest",
    "Synchronization", "Observation", "RegexBuilder", "Distributed", "_Concurrency", "_StringProcessing",
    "Swift", "SwiftShims", "PackagePlugin", "os", "ucrt",
}
# Modules other packages build for themselves and keep out of their products.
internal = re.compile(r"^(CYaml|CNIO\w*|CBoringSSL\w*|CCryptoBoringSSL\w*|_\w+)$")
pattern = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)"
)
package = os.environ["PACKAGE_DIR"]
manifest = json.load(sys.stdin)
folders = {"test": "Tests", "plugin": "Plugins"}
failures = 0
for target in manifest["targets"]:
    if target["type"] in ("system", "binary", "macro"):
        continue
    path = target.get("path") or os.path.join(folders.get(target["type"], "Sources"), target["name"])
    declared = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                declared.add(dependency[kind][0])
    imported = {}
    for root, _, files in os.walk(os.path.join(package, path)):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            file = os.path.join(root, name)
            with open(file, encoding="utf-8") as handle:
                # Lines inside a multi-line string literal are text (a script, a manifest), not imports.
                in_string = False
                for number, line in enumerate(handle, 1):
                    match = None if in_string else pattern.match(line)
                    if match:
                        imported.setdefault(match.group(1), f"{os.path.relpath(file)}:{number}")
                    if line.count(chr(34) * 3) % 2 == 1:
                        in_string = not in_string
    own = target["name"]
    modules = sorted(set(imported) - toolchain - {own})
    if os.environ["LIST"] == "1":
        print(own + ": " + " ".join(modules))
    for module in modules:
        if internal.match(module):
            print(f"{imported[module]}: {own} imports {module}, a module internal to another package")
            failures += 1
        elif module not in declared:
            print(f"{imported[module]}: {own} imports {module} without declaring it in Package.swift")
            failures += 1
sys.exit(1 if failures else 0)
' <<<"$manifest" || status=1
done
[ "$status" -eq 0 ] || echo "check-imports: declare each module above as a direct dependency of its target"
exit "$status"
