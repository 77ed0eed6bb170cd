"""graphql-core on schemas, for explorer's `graphql schema` tests.

python3 graphql_schema_peer.py introspect SCHEMA.graphql
    prints graphql-core's answer to the standard introspection query on that schema (JSON);
python3 graphql_schema_peer.py same SDL_FILE INTROSPECTION.json
    exits 0 when the SDL builds the schema the introspection result describes (both printed
    with their types and fields sorted), else prints both and exits 1.
"""
import json
import sys

from graphql import (build_client_schema, build_schema, get_introspection_query, graphql_sync,
                     lexicographic_sort_schema, print_schema)


def main():
    if sys.argv[1] == "introspect":
        with open(sys.argv[2], encoding="utf-8") as handle:
            schema = build_schema(handle.read())
        result = graphql_sync(schema, get_introspection_query(descriptions=True))
        print(json.dumps({"data": result.data}))
        return
    with open(sys.argv[2], encoding="utf-8") as handle:
        from_sdl = print_schema(lexicographic_sort_schema(build_schema(handle.read())))
    with open(sys.argv[3], encoding="utf-8") as handle:
        introspection = json.load(handle)
    from_introspection = print_schema(lexicographic_sort_schema(build_client_schema(introspection["data"])))
    if from_sdl != from_introspection:
        print(from_sdl)
        print("----- the introspection describes -----")
        print(from_introspection)
        sys.exit(1)


if __name__ == "__main__":
    main()
