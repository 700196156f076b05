#!/usr/bin/env bash
# GPU-machine job (any machine with Triton 3.6 works; no GPU is used): more reference
# cases for tmem-reg / nvmma-default from Gluon 3.6 itself, checked at once against the
# carried build/bin/layout-studio-cli. Writes under $OUT:
#   triton36_tmem_extra.jsonl   the cases (commit with tools/gpu/tmem/collect.sh)
#   check.txt                   tests/oracle/check_tmem.py's report on them
#   versions.txt                python / triton versions
# Runs in about a minute (each case forks; 1400 cases).
set -euo pipefail
cd "$(dirname "$0")/../../.."
: "${OUT:?set OUT to the output folder}"
SEED=${SEED:-11}
N=${N:-900}
python3 -c 'import sys, triton; print(sys.version.split()[0], "triton", triton.__version__)' > "$OUT/versions.txt"
timeout 420 python3 tools/gpu/tmem/gen_tmem_extra.py "$SEED" "$N" "$OUT/triton36_tmem_extra.jsonl"
if [ -x build/bin/layout-studio-cli ]; then
  python3 tests/oracle/check_tmem.py build/bin/layout-studio-cli "$OUT/triton36_tmem_extra.jsonl" \
    --show 30 > "$OUT/check.txt" 2>&1 || true
  tail -n 12 "$OUT/check.txt"
fi
wc -l "$OUT/triton36_tmem_extra.jsonl"
