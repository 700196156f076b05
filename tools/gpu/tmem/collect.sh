#!/usr/bin/env bash
# Local side of run.sh: takes the folder its $OUT came back in and commits-ready the
# cases as tests/oracle/data/triton36_tmem_extra.jsonl (CTest then checks every
# tests/oracle/data/triton36_tmem_*.jsonl with check_tmem.py).
#   tools/gpu/tmem/collect.sh FILES_AT
set -euo pipefail
here=$(cd "$(dirname "$0")/../../.." && pwd)
src=${1:?usage: collect.sh FOLDER_WITH_triton36_tmem_extra.jsonl}
f=$(find "$src" -name triton36_tmem_extra.jsonl | head -n 1)
[ -n "$f" ] || { echo "no triton36_tmem_extra.jsonl under $src" >&2; exit 1; }
python3 - "$f" <<'PY'
import json, sys
n = ok = 0
for line in open(sys.argv[1]):
    r = json.loads(line); n += 1; ok += bool(r.get('ok'))
print(f"{n} cases, {ok} accepted by Gluon, {n - ok} rejected")
PY
cp "$f" "$here/tests/oracle/data/triton36_tmem_extra.jsonl"
[ -f "$(dirname "$f")/versions.txt" ] && cat "$(dirname "$f")/versions.txt"
echo "copied to tests/oracle/data/triton36_tmem_extra.jsonl; run: ctest --test-dir build -R oracle_triton36_tmem"
