#!/usr/bin/env python3
"""Triton 3.6's verdict on each file of a folder of mutants (run on the GPU machine, where Triton is).

    judge_triton.py CASES_DIR OUT.jsonl [JOBS] [PREFIX]

For every `*.ttgir` in CASES_DIR (sorted): `triton._C.libtriton.ir.parse_mlir_module` with Triton's,
the NVIDIA and the AMD dialects loaded (as `verdicts.jsonl` was made), and the first `error:` line MLIR
writes to stderr. Writes one line per file: {"case", "accepted", "diagnostic", "crashed"}; `crashed` is
true where Triton's process died on the file (an abort without a message). Files are read by JOBS
worker processes (default 8), each parsing many files; a worker that dies is restarted after the file it
died on. PREFIX (default "mutv") is the folder name the files are parsed from, so diagnostics name
`PREFIX/mNNNN.ttgir` as the earlier verdicts do.
"""
import json
import os
import subprocess
import sys
import tempfile

WORKER = r'''
import json, os, sys, tempfile
from triton._C.libtriton import ir
import triton._C.libtriton as lt
ctx = ir.context(); ir.load_dialects(ctx)
for be in ("nvidia", "amd"):
    try: getattr(lt, be).load_dialects(ctx)
    except Exception: pass
err = tempfile.TemporaryFile()
saved = os.dup(2)
for path in sys.argv[1:]:
    print("BEGIN " + path, flush=True)
    err.seek(0); err.truncate()
    os.dup2(err.fileno(), 2)
    ok = True
    try:
        ir.parse_mlir_module(path, ctx)
    except Exception:
        ok = False
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
    err.seek(0)
    text = err.read().decode("utf-8", "replace")
    diag = next((l for l in text.splitlines() if "error:" in l), "")
    print("RESULT " + json.dumps({"accepted": ok, "diagnostic": diag if not ok else ""}), flush=True)
'''


def judge(files, cwd):
    """Verdicts for files (paths relative to cwd), restarting the worker after a crash."""
    out = {}
    rest = list(files)
    while rest:
        p = subprocess.run([sys.executable, "-c", WORKER] + rest, cwd=cwd, capture_output=True,
                           text=True, timeout=3600)
        current = None
        for line in p.stdout.splitlines():
            if line.startswith("BEGIN "):
                current = line[6:]
            elif line.startswith("RESULT ") and current:
                out[current] = dict(json.loads(line[7:]), crashed=False)
                current = None
        if current is None:
            break
        out[current] = {"accepted": False, "diagnostic": "", "crashed": True}
        rest = rest[rest.index(current) + 1:]
    return out


def main():
    cases, out_path = sys.argv[1], sys.argv[2]
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    prefix = sys.argv[4] if len(sys.argv) > 4 else "mutv"
    names = sorted(f for f in os.listdir(cases) if f.endswith(".ttgir"))
    with tempfile.TemporaryDirectory() as work:
        os.symlink(os.path.abspath(cases), os.path.join(work, prefix))
        files = [f"{prefix}/{n}" for n in names]
        from concurrent.futures import ThreadPoolExecutor
        chunks = [files[i::jobs] for i in range(jobs)]
        verdicts = {}
        with ThreadPoolExecutor(jobs) as ex:
            for part in ex.map(lambda c: judge(c, work), chunks):
                verdicts.update(part)
    with open(out_path, "w") as f:
        for n, path in zip(names, files):
            v = verdicts.get(path, {"accepted": False, "diagnostic": "", "crashed": True})
            f.write(json.dumps({"case": n[:-len(".ttgir")], **v}) + "\n")
    print(f"{len(names)} files: {sum(v['accepted'] for v in verdicts.values())} accepted, "
          f"{sum(v['crashed'] for v in verdicts.values())} crashed")


if __name__ == "__main__":
    main()
