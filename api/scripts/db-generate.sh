#!/usr/bin/env bash
# Writes a new SQL migration from src/db/schema.ts. npm hoists drizzle-kit to the root but keeps
# drizzle-orm inside api/node_modules, and drizzle-kit imports drizzle-orm from its own location:
# link it there for the duration of the command.
set -euo pipefail
cd "$(dirname "$0")/.."
root_link=../node_modules/drizzle-orm
made_link=0
if [ ! -e "$root_link" ] && [ -d node_modules/drizzle-orm ]; then
  ln -s ../api/node_modules/drizzle-orm "$root_link"
  made_link=1
fi
trap '[ "$made_link" = 1 ] && rm -f "$root_link"' EXIT
npx --no-install drizzle-kit generate "$@"
