#!/usr/bin/env python3
"""graphql-js reference verdicts for the GraphQL query fixtures, by graphql-core.

Usage:
    graphql-oracle.py QUERIES_DIR SCHEMA_FILE

SCHEMA_FILE is an SDL file (.graphql) or an introspection result (.json or
.json.gz, either {"data": {"__schema": ...}} or {"__schema": ...}).

For every *.graphql file in QUERIES_DIR (sorted by name) it prints one entry
  {"file": NAME, "valid": BOOL, "errors": [{"message": M, "locations": [[line, column], ...]}]}
as a JSON array. A file is invalid when it does not parse (the syntax error
is reported with its location), when graphql-core's `validate` with the
specified rules reports errors, or, when validation passes and a sibling
NAME.variables.json exists, when coercing those variables against the
variable definitions of the document's first operation
(graphql.execution.values.get_variable_values) reports errors.

Output is deterministic: files sorted, errors in graphql-core's order, keys
sorted, two-space indent, trailing newline.

Regenerate every expected.json with graphql-core 3.2.8, which follows
graphql-js 16 (3.3 follows graphql-js 17: it rejects the GitHub and Shopify
schemas outright and words several messages differently):
    python3 -m venv /tmp/gqlcore-3.2.8
    /tmp/gqlcore-3.2.8/bin/pip install graphql-core==3.2.8
    F=Tests/TernGraphQLTests/Fixtures
    for n in github swapi shopify-storefront; do
      /tmp/gqlcore-3.2.8/bin/python scripts/graphql-oracle.py \\
        $F/queries/$n $F/schemas/$n/schema.graphql > $F/queries/$n/expected.json
    done

Messages are graphql-core's, which quote names with ' where graphql-js uses "
and print coerced variable values with Python's repr (None, {'a': 1}); compare
verdicts and locations exactly, messages loosely.

GitHub's published schema.graphql defines two fields of EnterpriseOwnerInfo
twice, which graphql-js rejects as SDL; when strict building fails this script
builds the schema again with assume_valid_sdl (the later definition wins) and
says so on stderr.
"""
import gzip
import json
import os
import re
import sys

import graphql
from graphql import GraphQLError, build_client_schema, build_schema, parse, validate
from graphql.execution.values import get_variable_values
from graphql.language import OperationDefinitionNode


def load_schema(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json") or path.endswith(".json.gz"):
        data = json.loads(text)
        return build_client_schema(data.get("data", data))
    try:
        return build_schema(text)
    except TypeError as e:
        print(f"warning: {path} is not valid SDL ({str(e).splitlines()[0]});"
              " building it with assume_valid_sdl", file=sys.stderr)
        return build_schema(text, assume_valid_sdl=True)


def js_location(body, position):
    """graphql-js's getLocation: graphql-core 3.2.8 counts lines with splitlines(),
    which puts a position just after a line break at the end of the line before
    ((6, 1) for what graphql-js places at (7, 1)); count them as graphql-js does."""
    line, line_start = 1, 0
    for match in re.finditer(r"\r\n|[\n\r]", body):
        if match.start() >= position:
            break
        line += 1
        line_start = match.end()
    return [line, position + 1 - line_start]


def error_entry(error):
    if error.source is not None and error.positions:
        locations = [js_location(error.source.body, p) for p in error.positions]
    else:
        locations = [[loc.line, loc.column] for loc in (error.locations or [])]
    return {"message": error.message, "locations": locations}


def check(schema, path):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    try:
        document = parse(source)
    except GraphQLError as e:
        return [error_entry(e)]
    errors = validate(schema, document)
    if errors:
        return [error_entry(e) for e in errors]
    variables_path = path[: -len(".graphql")] + ".variables.json"
    if os.path.exists(variables_path):
        with open(variables_path, encoding="utf-8") as f:
            variables = json.load(f)
        operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
        if operations:
            coerced = get_variable_values(
                schema, operations[0].variable_definitions or [], variables or {})
            if isinstance(coerced, list):
                return [error_entry(e) for e in coerced]
    return []


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    queries_dir, schema_file = argv[1], argv[2]
    if not graphql.__version__.startswith("3.2."):
        print(f"warning: graphql-core {graphql.__version__}; the fixtures were made with 3.2.8",
              file=sys.stderr)
    schema = load_schema(schema_file)
    results = []
    for name in sorted(os.listdir(queries_dir)):
        if not name.endswith(".graphql"):
            continue
        errors = check(schema, os.path.join(queries_dir, name))
        results.append({"file": name, "valid": not errors, "errors": errors})
    json.dump(results, sys.stdout, indent=2, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
