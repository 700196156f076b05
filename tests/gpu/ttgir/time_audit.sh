#!/usr/bin/env bash
# Times our module reader and kernel audit beside Triton 3.6 parsing and walking the same files
# through its Python binding, on the same host (the GPU machine; no GPU is used).
#   bash tests/gpu/ttgir/time_audit.sh        (needs build/bin/layout-studio-cli and Triton 3.6)
# Writes $OUT/audit_timing.txt (or stdout when OUT is unset).
set -uo pipefail
cd "$(dirname "$0")/../../.."
OUT_FILE="${OUT:+$OUT/audit_timing.txt}"
{
  echo "host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  echo "== ours (layout-studio-cli bench, in process, median)"
  timeout 120 build/bin/layout-studio-cli bench --seconds 2 --filter 'parse'
  timeout 120 build/bin/layout-studio-cli bench --seconds 2 --filter 'audit'
  echo "== Triton 3.6 (ir.parse_mlir_module + walk reading every result type, median of 30)"
  timeout 300 python3 - <<'PY'
import time
from triton._C.libtriton import ir
import triton._C.libtriton as lt
ctx = ir.context(); ir.load_dialects(ctx)
for be in ("nvidia", "amd"):
    try: getattr(lt, be).load_dialects(ctx)
    except Exception: pass
for path in ["tests/data/ttgir36/attention_sm100.ttgir", "tests/data/ttgir36/sort_sm90.ttgir",
             "tests/core/ir/data/hopper_matmul_400.mlir"]:
    ts = []
    for _ in range(30):
        t0 = time.perf_counter()
        m = ir.parse_mlir_module(path, ctx)
        seen = []
        def visit(op):
            seen.append(op.get_name())
            for i in range(op.get_num_results()):
                seen.append(str(op.get_result(i).get_type()))
        m.walk(visit)
        ts.append(time.perf_counter() - t0)
    ts.sort()
    print(f"{path}: {ts[len(ts)//2]*1e3:.3f} ms (min {ts[0]*1e3:.3f})")
PY
} 2>&1 | if [ -n "$OUT_FILE" ]; then tee "$OUT_FILE"; else cat; fi
