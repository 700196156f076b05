#!/usr/bin/env python3
"""End-to-end check of Layout Studio's exports on a GPU machine with Triton 3.6.

For every case of tests/kernels/export_cases.jsonl (every encoding kind, a few
shapes each):

  parse  export --format mlir-module, triton._C.libtriton.ir.parse_mlir_module
  compile  triton.compile(<file>.ttgir, target=<the module's target>)
  gluon  export --format gluon, exec it, then with Triton's GluonOpBuilder:
         distributed: to_linear_layout(layout, shape) == layout_linear == our
         bases (`linear --json`), and the layout's Triton type text carries our
         canonical attribute; shared: the Gluon object's memdesc type carries
         our canonical attribute (Triton 3.6 has no shared to_linear_layout)

Triton runs in a worker process that is restarted if Triton aborts, so one
crashing case cannot hide the others.  Writes $OUT/exports_table.md,
$OUT/exports_results.json and $OUT/exports_log.txt.

usage: run_exports.py --cli build/bin/layout-studio-cli --out DIR
                      [--cases FILE] [--budget SECONDS]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# --------------------------------------------------------------------------
# Worker: runs inside its own process, reads one JSON task per line.
# --------------------------------------------------------------------------

def worker():
    import triton
    from triton._C.libtriton import ir, gluon_ir
    from triton.backends.compiler import GPUTarget
    from triton.compiler.compiler import make_backend

    def target_of(text):
        backend, arch = text.split(":")
        if backend == "cuda":
            return GPUTarget("cuda", int(arch), 32)
        return GPUTarget("hip", arch, 64 if arch.startswith("gfx9") else 32)

    def context():
        ctx = ir.context()
        ir.load_dialects(ctx)
        make_backend(GPUTarget("cuda", 90, 32)).load_dialects(ctx)
        return ctx

    def elem_type(builder, name):
        table = {"f16": "get_half_ty", "bf16": "get_bf16_ty", "f32": "get_float_ty",
                 "f64": "get_double_ty", "i1": "get_int1_ty", "i8": "get_int8_ty",
                 "i16": "get_int16_ty", "i32": "get_int32_ty", "i64": "get_int64_ty",
                 "f8E4M3FN": "get_fp8e4nv_ty", "f8E5M2": "get_fp8e5_ty"}
        return getattr(builder, table[name])()

    def mlir_task(t):
        out = {"parse": "FAIL", "compile": "not run"}
        ctx = context()
        ir.parse_mlir_module(t["path"], ctx)
        out["parse"] = "PASS"
        try:
            k = triton.compile(t["path"], target=target_of(t["target"]))
            out["compile"] = "PASS"
            out["compile_detail"] = f"{t['target']}: shared {k.metadata.shared} B, " + \
                ", ".join(sorted(k.asm.keys()))
        except Exception as e:  # a compile error is a result, not a crash
            out["compile"] = "FAIL"
            out["compile_detail"] = f"{t['target']}: {type(e).__name__}: {str(e)[-600:]}"
        return out

    def gluon_task(t):
        ns = {}
        exec(compile(open(t["path"]).read(), t["path"], "exec"), ns)
        layout, linear, shape = ns["layout"], ns["layout_linear"], list(ns["shape"])
        ctx = context()  # keep the context alive as long as the builder
        builder = gluon_ir.GluonOpBuilder(ctx)
        attr = layout._to_ir(builder)
        elem = elem_type(builder, t["dtype"])
        out = {}
        if not t["shared"]:
            got = builder.to_linear_layout(attr, shape)
            ours = t["bases"]
            mine = [ours.get("register", []), ours.get("lane", []), ours.get("warp", []),
                    ours.get("block", [])]
            theirs = [got.reg_bases, got.lane_bases, got.warp_bases, got.block_bases]
            same = [list(map(list, x)) for x in theirs] == mine and list(got.shape) == shape
            out["bases"] = "PASS" if same and got == linear else "FAIL"
            if out["bases"] == "FAIL":
                out["bases_detail"] = f"triton {theirs} shape {got.shape}; ours {mine}"
            back = builder.to_linear_layout(linear._to_ir(builder), shape)
            out["linear_roundtrip"] = "PASS" if back == linear else "FAIL"
            text = str(builder.get_distributed_ty(elem, shape, attr))
        else:
            text = str(builder.get_shared_mem_desc_ty(elem, shape, attr, shape))
            str(builder.get_shared_mem_desc_ty(elem, shape, linear._to_ir(builder), shape))
            out["bases"] = "n/a"
        if layout is linear:
            out["attr"] = "n/a (exported as bases)"
        else:
            out["attr"] = "PASS" if t["attr"] in text else "FAIL"
            if out["attr"] == "FAIL":
                out["attr_detail"] = f"triton {text}; ours {t['attr']}"
        ok = out["bases"] in ("PASS", "n/a") and out["attr"] != "FAIL" and \
            out.get("linear_roundtrip", "PASS") == "PASS"
        out["gluon"] = "PASS" if ok else "FAIL"
        return out

    print(json.dumps({"ready": triton.__version__}), flush=True)
    for line in sys.stdin:
        t = json.loads(line)
        try:
            res = mlir_task(t) if t["task"] == "mlir" else gluon_task(t)
        except Exception as e:
            res = {"error": f"{type(e).__name__}: {str(e)[-600:]}",
                   "trace": traceback.format_exc()[-1500:]}
        print(json.dumps(res), flush=True)


class Worker:
    """The Triton worker process; restarted after a crash."""

    def __init__(self, log):
        self.log = log
        self.proc = None
        self.version = None

    def start(self):
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log, text=True)
        hello = self.proc.stdout.readline()
        self.version = json.loads(hello)["ready"] if hello else None
        return self.version is not None

    def ask(self, task):
        if self.proc is None or self.proc.poll() is not None:
            if not self.start():
                return {"error": "Triton worker did not start (see exports_log.txt)"}
        try:
            self.proc.stdin.write(json.dumps(task) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            code = self.proc.wait()
            self.proc = None
            return {"error": f"Triton aborted (exit {code}; see exports_log.txt)", "crash": True}
        return json.loads(line)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------

def cli(args, *rest):
    p = subprocess.run([args.cli, *rest], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr.strip()


def export(args, case, fmt, path, extra=()):
    rc, _, err = cli(args, "export", "--layout", case["layout"], "--shape", case["shape"],
                     "--dtype", case["dtype"], "--format", fmt, "-o", path, *extra)
    return None if rc == 0 else err


def cell(value):
    return value if value in ("PASS", "n/a") else f"**{value}**"


def main():
    if "--worker" in sys.argv:
        worker()
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "bin", "layout-studio-cli"))
    ap.add_argument("--cases", default=next(
        p for p in (os.path.join(ROOT, "tests", "kernels", "export_cases.jsonl"),
                    os.path.join(ROOT, "tests", "gpu", "mutation_cases.jsonl")) if os.path.exists(p)))
    ap.add_argument("--out", default=os.environ.get("OUT", os.path.join(ROOT, "gpu_out")))
    ap.add_argument("--budget", type=float, default=420.0, help="seconds before stopping")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    start = time.time()
    cases = [json.loads(l) for l in open(args.cases) if l.strip()]
    work = tempfile.mkdtemp(prefix="ls_exports_")
    os.environ.setdefault("TRITON_CACHE_DIR", os.path.join(work, "triton_cache"))
    log = open(os.path.join(args.out, "exports_log.txt"), "w")
    results = {c["name"]: {"name": c["name"], "kind": c["layout"].split("<")[0][5:],
                           "layout": c["layout"], "shape": c["shape"], "dtype": c["dtype"]}
               for c in cases}

    w = Worker(log)
    w.start()
    for c in cases:
        r = results[c["name"]]
        if time.time() - start > args.budget:
            r["skipped"] = "time budget"
            continue
        shared = "shared" in c["layout"].split("<")[0]
        rc, out, err = cli(args, "print", "--layout", c["layout"])
        canonical = out.strip()
        module = os.path.join(work, c["name"] + ".ttgir")
        err = export(args, c, "mlir-module", module)
        if err:
            r.update(parse="EXPORT", compile="EXPORT", mlir_detail=err)
        else:
            header = open(module).read()
            target = header.split('ttg.target = "', 1)[1].split('"', 1)[0]
            res = w.ask({"task": "mlir", "path": module, "target": target})
            r.update(parse=res.get("parse", "FAIL"), compile=res.get("compile", "FAIL"),
                     mlir_detail=res.get("compile_detail", res.get("error", "")))
            r["target"] = target
        py = os.path.join(work, c["name"] + ".py")
        err = export(args, c, "gluon", py)
        if err:
            r.update(gluon="EXPORT", gluon_detail=err)
        else:
            bases = {}
            if not shared:
                rc, out, _ = cli(args, "linear", "--layout", c["layout"], "--shape", c["shape"],
                                 "--json")
                bases = json.loads(out)
            res = w.ask({"task": "gluon", "path": py, "shared": shared, "attr": canonical,
                         "bases": bases, "dtype": c["dtype"]})
            r["gluon"] = res.get("gluon", "FAIL")
            r["gluon_checks"] = {k: v for k, v in res.items() if k != "gluon"}
        print(f"{c['name']}: parse {r.get('parse')} compile {r.get('compile')} "
              f"gluon {r.get('gluon')}", file=log, flush=True)
    w.stop()

    rows = list(results.values())
    cols = ["parse", "compile", "gluon"]
    passed = sum(1 for r in rows for k in cols if r.get(k) in ("PASS",))
    total = sum(1 for r in rows for k in cols if r.get(k) not in (None, "n/a"))
    lines = [
        "# Layout Studio exports on the GPU",
        "",
        f"Triton {w.version or '?'}; {len(rows)} cases; "
        f"{passed}/{total} checks passed; {time.time() - start:.0f} s.",
        "",
        "parse: `ir.parse_mlir_module` of the exported TTGIR module; compile: "
        "`triton.compile` of it for its target; gluon: the exported Gluon object reproduces "
        "our bases (`to_linear_layout`) and attribute. The test kernels (gluon-probe, cuda) "
        "have their own mutation proof: tests/gpu/mutation.sh.",
        "",
        "| case | kind | shape | dtype | parse | compile | gluon |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| {r['name']} | {r['kind']} | {r['shape']} | {r['dtype']} | "
                     + " | ".join(cell(r.get(k, "not run")) for k in cols) + " |")
    failures = [r for r in rows if any(r.get(k) not in ("PASS", "n/a") for k in cols)]
    if failures:
        lines += ["", "## Details of what did not pass", ""]
        for r in failures:
            for k, d in (("compile", "mlir_detail"),
                         ("gluon", "gluon_checks")):
                if r.get(k) not in ("PASS", "n/a"):
                    lines.append(f"- {r['name']} {k}: `{str(r.get(d, ''))[:300]}`")
    with open(os.path.join(args.out, "exports_table.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(args.out, "exports_results.json"), "w") as f:
        json.dump({"triton": w.version, "cases": rows}, f, indent=1)
    print("\n".join(lines))
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
