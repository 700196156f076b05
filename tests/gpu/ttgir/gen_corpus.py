"""Make the real-TTGIR corpus and Triton 3.6's own reading of it (GPU machine, Triton 3.6).

python3 tests/gpu/ttgir/gen_corpus.py OUTDIR [--jobs 12] [--only K1,K2] [--variant N]

--variant N compiles kernels.variant(name, N, target) instead (other num_warps, stages, CTAs per
cluster) and names the files NAME_vN_TARGET.ttgir: held-out corpora of the same kernels.

1. compile: every kernel of kernels.py for every target of kernels.TARGETS with Triton 3.6's JIT
   (the current target swapped for the one asked, so one H100 compiles for sm80/sm90/sm100 and
   gfx942/gfx950/gfx1200); the .ttgir Triton wrote is kept, also when a later stage fails (it is
   taken from the kernel's cache directory).
2. read: each .ttgir parsed by Triton's own parser (ir.parse_mlir_module) and walked; for every
   op result of tensor type, Triton's to_linear_layout of its layout (GluonOpBuilder); for every
   ttg.local_load / local_store / local_alloc-with-value, Triton's get_shared_bank_conflicts of
   the (registers, shared) pair; plus the time Triton's binding takes to parse and walk the file.
Writes OUTDIR/corpus.tar.gz (the .ttgir files), OUTDIR/triton_reading.jsonl (one line per file),
OUTDIR/compile_log.txt. Each compile and each reading runs in its own process with a timeout.
"""
import glob, json, os, re, subprocess, sys, tarfile, tempfile, time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))


def target_name(t):
    return f"sm{t[1]}" if t[0] == "cuda" else str(t[1])


def compile_one(name, backend, arch, warp, outdir, variant="0"):
    """In a child process: compile one kernel for one target; print the path of its .ttgir."""
    cache = tempfile.mkdtemp(prefix="tc_")
    os.environ["TRITON_CACHE_DIR"] = cache
    sys.path.insert(0, HERE)
    import triton
    from triton.backends.compiler import GPUTarget
    import kernels
    tgt = GPUTarget(backend, int(arch) if backend == "cuda" else arch, int(warp))
    drv = triton.runtime.driver.active
    drv.get_current_target = lambda: tgt
    if variant == "0":
        fn, args, consts, opts = kernels.make(name)
    else:
        fn, args, consts, opts = kernels.variant(name, int(variant), (backend, arch))
    err = None
    text = None
    try:
        ck = fn.warmup(*args, grid=(1, ), **consts, **opts)
        text = ck.asm.get("ttgir")
    except Exception as e:  # a later stage may fail for a foreign target; the TTGIR is in the cache
        err = f"{type(e).__name__}: {str(e)[:300]}"
    if text is None:
        found = sorted(glob.glob(os.path.join(cache, "**", "*.ttgir"), recursive=True))
        if found:
            text = open(found[-1]).read()
    if text is None:
        print(json.dumps({"ok": False, "error": err}))
        return
    suffix = "" if variant == "0" else f"_v{variant}"
    path = os.path.join(outdir, f"{name}{suffix}_{target_name((backend, arch))}.ttgir")
    with open(path, "w") as f:
        f.write(text)
    print(json.dumps({"ok": True, "path": path, "later_stage_error": err}))


def shape_of(ty):
    m = re.match(r"(?:tensor|!ttg\.memdesc)<((?:\d+x)+)([^,>]+)", ty)
    if not m:
        return None, None
    return [int(d) for d in m.group(1).rstrip("x").split("x")], m.group(2)


def bits_of(elem):
    if elem.startswith("!tt.ptr"):
        return 64
    m = re.search(r"(\d+)", elem)
    return int(m.group(1)) if m else 32


def read_one(path):
    """In a child process: Triton's reading of one file."""
    from triton._C.libtriton import ir, gluon_ir
    ctx = ir.context()
    ir.load_dialects(ctx)
    import triton._C.libtriton as lt
    for be in ("nvidia", "amd"):
        try:
            getattr(lt, be).load_dialects(ctx)
        except Exception:
            pass
    t0 = time.perf_counter()
    mod = ir.parse_mlir_module(path, ctx)
    t_parse = time.perf_counter() - t0
    ops = []
    mod.walk(lambda op: ops.append(op))
    # Time: parse + walk reading every result type, median of 15.
    times = []
    for _ in range(15):
        t0 = time.perf_counter()
        m2 = ir.parse_mlir_module(path, ctx)
        seen = []

        def visit(op):
            seen.append(op.get_name())
            for i in range(op.get_num_results()):
                seen.append(str(op.get_result(i).get_type()))
        m2.walk(visit)
        times.append(time.perf_counter() - t0)
    times.sort()
    b = gluon_ir.GluonOpBuilder(ctx)
    values, accesses, op_names = {}, [], []

    def layout_of(v):
        return b.get_gluon_layout_from_tensor(v)

    for idx, op in enumerate(ops):
        name = op.get_name()
        op_names.append(name)
        for i in range(op.get_num_results()):
            v = op.get_result(i)
            ty = str(v.get_type())
            if not ty.startswith("tensor<") or "#" not in ty or ty in values:
                continue
            shape, _ = shape_of(ty)
            rec = {"count": 0}
            if shape is None:
                rec["error"] = "shape not read"
                values[ty] = rec
                continue
            try:
                ll = b.to_linear_layout(layout_of(v)._to_ir(b), shape)
                rec["bases"] = {k: getattr(ll, k + "_bases") for k in ("reg", "lane", "warp", "block")
                                if hasattr(ll, k + "_bases")}
            except Exception as e:
                rec["error"] = f"{type(e).__name__}: {str(e)[:200]}"
            values[ty] = rec
        for i in range(op.get_num_results()):
            ty = str(op.get_result(i).get_type())
            if ty in values:
                values[ty]["count"] += 1
        if name in ("ttg.local_load", "ttg.local_store", "ttg.local_alloc"):
            try:
                if name == "ttg.local_load":
                    reg, mem = op.get_result(0), op.get_operand(0)
                elif name == "ttg.local_store":
                    reg, mem = op.get_operand(0), op.get_operand(1)
                else:
                    if op.get_num_operands() == 0:
                        continue
                    reg, mem = op.get_operand(0), op.get_result(0)
                rty, mty = str(reg.get_type()), str(mem.get_type())
                acc = {"index": idx, "op": name, "tensor": rty, "memdesc": mty}
                shape, elem = shape_of(rty)
                try:
                    ra = layout_of(reg)._to_ir(b)
                    sa = b.get_gluon_layout_from_memdesc(mem)._to_ir(b)
                    acc["conflicts"] = int(b.get_shared_bank_conflicts(ra, sa, shape, bits_of(elem)))
                except Exception as e:
                    acc["error"] = f"{type(e).__name__}: {str(e)[:200]}"
                accesses.append(acc)
            except Exception as e:
                accesses.append({"index": idx, "op": name, "error": f"{type(e).__name__}: {str(e)[:200]}"})
    print(json.dumps({"file": os.path.basename(path), "lines": open(path).read().count("\n"),
                      "num_ops": len(ops), "triton_first_parse_s": t_parse,
                      "triton_parse_walk_median_s": times[len(times) // 2], "values": values,
                      "accesses": accesses}))


def child(args, timeout):
    try:
        p = subprocess.run([sys.executable, os.path.abspath(__file__)] + args, capture_output=True, text=True,
                           timeout=timeout)
        lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
        if lines:
            return json.loads(lines[-1]), p.stderr[-1500:]
        return {"ok": False, "error": f"exit {p.returncode}"}, p.stderr[-1500:]
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": f"timeout {timeout}s"}, ""


def main():
    if sys.argv[1] == "--compile-one":
        return compile_one(*sys.argv[2:8])
    if sys.argv[1] == "--read-one":
        return read_one(sys.argv[2])
    out = os.path.abspath(sys.argv[1])
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 12
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
    variant = sys.argv[sys.argv.index("--variant") + 1] if "--variant" in sys.argv else "0"
    sys.path.insert(0, HERE)
    import kernels
    files = tempfile.mkdtemp(prefix="ttgir_corpus_")  # $OUT takes few files
    log = open(os.path.join(out, "compile_log.txt"), "w")
    work = [(k, t) for k in kernels.KERNELS for t in kernels.TARGETS if not only or k in only]

    def do(kt):
        k, t = kt
        res, err = child(["--compile-one", k, t[0], str(t[1]), str(t[2]), files, variant], 240)
        return k, t, res, err

    t0 = time.time()
    with ThreadPoolExecutor(jobs) as ex:
        for k, t, res, err in ex.map(do, work):
            log.write(f"{k} {target_name(t)}: {json.dumps(res)}\n")
            if not res.get("ok"):
                log.write("  " + err.replace("\n", "\n  ") + "\n")
            log.flush()
    log.write(f"compile wall {time.time() - t0:.1f}s\n")
    paths = sorted(glob.glob(os.path.join(files, "*.ttgir")))

    def rd(p):
        return child(["--read-one", p], 240)

    with open(os.path.join(out, "triton_reading.jsonl"), "w") as f, ThreadPoolExecutor(jobs) as ex:
        for p, (res, err) in zip(paths, ex.map(rd, paths)):
            if "file" not in res:
                res = {"file": os.path.basename(p), "error": res.get("error"), "stderr": err[-600:]}
            f.write(json.dumps(res) + "\n")
    with tarfile.open(os.path.join(out, "corpus.tar.gz"), "w:gz") as tar:
        for p in paths:
            tar.add(p, arcname=os.path.basename(p))
    log.write(f"total wall {time.time() - t0:.1f}s, {len(paths)} files\n")
    log.close()


if __name__ == "__main__":
    main()
