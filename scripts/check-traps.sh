#!/usr/bin/env bash
# Fails when Sources/ hold code that can trap (crash) on input: `try!`, ` as! `, `fatalError(`,
# `precondition(`, force unwraps of the common forms (`)!`, `]!`, `name!.`, `name! `), and
# `Int(`/`Int64(`/... around what looks like a Double expression (use `Int(saturating:)`).
# A line may stay when it carries `// trap-checked: <why it cannot come from input>`.
# Heuristic by design (grep, not a parser): string literals and comments are ignored.
# Generated code (a Generated/ folder: protoc's output, see scripts/generate-protos.sh) is not read.
# Usage: scripts/check-traps.sh [FOLDER...]   (default: Sources)
set -euo pipefail
cd "$(dirname "$0")/.."

folders=("$@")
[ ${#folders[@]} -eq 0 ] && folders=(Sources)

# name|extended regular expression, matched against a line without strings and comments
checks=(
  'try!|try!'
  'as!| as! '
  'fatalError|(^|[^A-Za-z0-9_])fatalError\('
  'precondition|(^|[^A-Za-z0-9_.])precondition(Failure)?\('
  'force unwrap|[])]!($|[^=])'
  'force unwrap|[A-Za-z0-9_]!($|[. ),])'
  'Int of a Double|(^|[^A-Za-z0-9_.])U?Int(8|16|32|64)?\([^)]*(\.rounded|\.seconds|[0-9]e[0-9]|[0-9]\.[0-9]|Double|TimeInterval|timeInterval|fraction|bytesPerSecond)'
)

# A copy of every file with string literals (one-line ones) and comments blanked, line numbers
# kept, and the total conversions (`Int(saturating:`, `Int(exactly:`...) renamed out of the way.
# Copy N is scratch/N.swift; files[N] is its source.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
files=()
while IFS= read -r -d '' file; do
  sed -E -e 's/\\\\//g' -e 's/"([^"\\]|\\.)*"/""/g' -e 's://.*$::' \
    -e 's/(Int[0-9]*)\((saturating|exactly|clamping|truncatingIfNeeded|bitPattern):/\1_total(/g' \
    "$file" > "$scratch/${#files[@]}.swift"
  files+=("${file#./}")
done < <(find "${folders[@]}" -name '*.swift' -not -path '*/Generated/*' -print0 | sort -z)

found=0
declare -A reported=()
for check in "${checks[@]}"; do
  name=${check%%|*}
  pattern=${check#*|}
  while IFS= read -r hit; do
    [ -z "$hit" ] && continue
    hit=${hit#"$scratch"/}
    index=${hit%%.swift:*}
    rest=${hit#*.swift:}
    line=${rest%%:*}
    file=${files[$index]}
    original=$(sed -n "${line}p" "$file")
    case "$original" in *"// trap-checked:"*) continue ;; esac
    [ -n "${reported[$file:$line]:-}" ] && continue  # one report per line (`try!` is no force unwrap too)
    reported[$file:$line]=1
    echo "$file:$line: $name: $(echo "$original" | sed -E 's/^[[:space:]]+//')"
    found=$((found + 1))
  done < <(grep -rnE --include='*.swift' -- "$pattern" "$scratch" | sort -t/ -k1,1 || true)
done

if [ "$found" -gt 0 ]; then
  echo "check-traps: $found line(s) can trap on input; make them total or add" \
    "'// trap-checked: <why it cannot come from input>'" >&2
  exit 1
fi
echo "check-traps: no unchecked traps in ${folders[*]}"
