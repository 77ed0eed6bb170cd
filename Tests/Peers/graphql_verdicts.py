"""graphql-core's verdict on query documents against a schema, for explorer's conformance tests.

Usage: python3 graphql_verdicts.py SCHEMA.graphql DOCUMENT.graphql...
Prints one JSON array: for each document {"file", "syntax": [line, column] or null,
"errors": [[line, column], ...]} (each validation error's first location, in graphql-core's order).

Locations are computed from each error's first position as GraphQL.js computes them: graphql-core
3.2's own (Source.get_location, by splitlines) put the first column of a line at the end of the
line before (a fragment at the start of line 2 reads as 1:22); explorer follows GraphQL.js.
"""
import json
import re
import sys

from graphql import GraphQLError, build_schema, parse, validate


def location(body, position):
    """GraphQL.js's getLocation: the 1-based line and column of a character offset."""
    line, line_start = 1, 0
    for match in re.finditer(r"\r\n|[\n\r]", body):
        if match.start() >= position:
            break
        line += 1
        line_start = match.end()
    return [line, position + 1 - line_start]


def first_location(error, body):
    if error.positions:
        return location(body, error.positions[0])
    if error.locations:
        return [error.locations[0].line, error.locations[0].column]
    return [1, 1]


def verdict(schema, path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    try:
        document = parse(text)
    except GraphQLError as error:
        return {"file": path, "syntax": first_location(error, text), "errors": []}
    errors = validate(schema, document)
    return {"file": path, "syntax": None, "errors": [first_location(e, text) for e in errors]}


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        schema = build_schema(handle.read())
    print(json.dumps([verdict(schema, path) for path in sys.argv[2:]]))


if __name__ == "__main__":
    main()
