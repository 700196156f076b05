#!/usr/bin/env python3
"""Triton 3.6's own reading of the lit-test layout strings (GPU machine, Triton 3.6).

    python3 gen_lit_oracle.py STRINGS.jsonl OUT_DIR [--sections SECTIONS.jsonl] [--jobs 14] [--limit N]

For each string of tests/data/lit36/strings.jsonl (extract_lit.py) a tiny module is parsed with Triton's
own parser (triton._C.libtriton.ir.parse_mlir_module), with the string's alias definitions and its
section's module attributes:
  type:  tt.func @ls_probe(%a: TYPE) -> TYPE { tt.return %a : TYPE }   -> str() of the returned value's type
  attr:  #ls_probe = TEXT, used as the module attribute "ls.probe"      -> the printed module's attribute
Records accepted/rejected (with Triton's diagnostic), the canonical text, and for tensor types Triton's
to_linear_layout bases (GluonOpBuilder). With --sections, each whole lit section is parsed too
(accepted or not). Every chunk runs in a child process that is restarted past an item that aborts
Triton. Writes OUT_DIR/lit36_oracle.jsonl ({"id", "accepted", "canonical"?, "bases"?, "error"?}) and
OUT_DIR/lit36_sections.jsonl ({"where", "accepted", "error"?}).
"""
import json, os, re, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor


def module_text(rec):
    mod = rec.get("module", {})
    attrs = ", ".join(f'"{k}" = {json.dumps(v) if isinstance(v, str) else str(v) + " : i32"}'
                      for k, v in mod.items())
    lines = list(rec["defs"])
    if rec["kind"] == "attr":
        lines.append(f"#ls_probe = {rec['text']}")
        attrs = (attrs + ", " if attrs else "") + '"ls.probe" = #ls_probe'
        lines.append(f"module attributes {{{attrs}}} {{\n}}")
    else:
        t = rec["text"]
        head = f"module attributes {{{attrs}}} " if attrs else "module "
        lines.append(head + "{\n  tt.func public @ls_probe(%a: " + t + ") -> " + t +
                     " {\n    tt.return %a : " + t + "\n  }\n}")
    return "\n".join(lines) + "\n"


def expand(text, aliases):
    for _ in range(20):
        new = re.sub(r"#([A-Za-z_][\w$]*)(?![\w$.])", lambda m: aliases.get(m.group(1), m.group(0)), text)
        if new == text:
            return new
        text = new
    return text


def printed_aliases(s):
    out = {}
    for line in s.split("\n"):
        m = re.match(r"#([A-Za-z_][\w$]*) = (.*)$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


class Stderr:
    """Captures fd 2 (MLIR's diagnostics) while parsing."""

    def __enter__(self):
        self.f = tempfile.TemporaryFile()
        self.saved = os.dup(2)
        os.dup2(self.f.fileno(), 2)
        return self

    def __exit__(self, *a):
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.f.seek(0)
        self.text = self.f.read().decode(errors="replace")
        self.f.close()


def worker(path_in, path_out, start):
    from triton._C.libtriton import ir, gluon_ir
    import triton._C.libtriton as lt
    ctx = ir.context()
    ir.load_dialects(ctx)
    for be in ("nvidia", "amd"):
        try:
            getattr(lt, be).load_dialects(ctx)
        except Exception:
            pass
    b = gluon_ir.GluonOpBuilder(ctx)
    recs = [json.loads(l) for l in open(path_in)]
    out = open(path_out, "a")
    tmp = tempfile.mkdtemp()
    for rec in recs[start:]:
        res = {"id": rec["id"]} if "id" in rec else {"where": rec["where"]}
        out.write(json.dumps(dict(res, accepted=None, crash=True)) + "\n")  # replaced if we get further
        out.flush()
        f = os.path.join(tmp, "m.mlir")
        with open(f, "w") as h:
            h.write(rec["text"] if "id" not in rec else module_text(rec))
        try:
            with Stderr() as cap:
                mod = ir.parse_mlir_module(f, ctx)
            res["accepted"] = True
        except Exception as e:
            res["accepted"] = False
            res["error"] = (cap.text.strip() + " | " + str(e))[:600]
        if res["accepted"] and "id" in rec:
            try:
                s = mod.str() if hasattr(mod, "str") else str(mod)
                al = printed_aliases(s)
                if rec["kind"] == "attr":
                    m = re.search(r'"?ls\.probe"? = (#[^,}\n]+(?:<.*?>)?)(?=[,}])', s)
                    # the attribute may contain commas: take the alias it printed, or balance brackets
                    k = s.find("ls.probe")
                    k = s.find("=", k) + 2
                    depth, j = 0, k
                    while j < len(s):
                        c = s[j]
                        if c in "<[{(":
                            depth += 1
                        elif c in ">]})" and not (c == ">" and s[j - 1] == "-"):
                            if depth == 0:
                                break
                            depth -= 1
                        elif c == "," and depth == 0:
                            break
                        j += 1
                    res["canonical"] = expand(s[k:j].strip(), al)
                else:
                    vals = []
                    mod.walk(lambda op: vals.append(op.get_operand(0)) if op.get_name() == "tt.return" else None)
                    v = vals[0]
                    res["canonical"] = expand(str(v.get_type()), al)
                    if res["canonical"].startswith("tensor<"):
                        shape = [int(d) for d in re.match(r"tensor<((?:\d+x)+)", res["canonical"]).group(1).rstrip("x").split("x")]
                        try:
                            ll = b.to_linear_layout(b.get_gluon_layout_from_tensor(v)._to_ir(b), shape)
                            res["bases"] = {"register": ll.reg_bases, "lane": ll.lane_bases,
                                            "warp": ll.warp_bases, "block": ll.block_bases}
                        except Exception as e:
                            res["bases_error"] = f"{type(e).__name__}: {str(e)[:200]}"
            except Exception as e:
                res["read_error"] = f"{type(e).__name__}: {str(e)[:300]}"
        out.write(json.dumps(res) + "\n")
        out.flush()


def run_chunk(args):
    path_in, path_out, n, deadline = args
    while True:
        done = set()
        if os.path.exists(path_out):
            lines = [json.loads(l) for l in open(path_out)]
            # keep final records; a trailing crash marker without its replacement stays as the crash
            final = {}
            for r in lines:
                key = r.get("id", r.get("where"))
                if key in final and r.get("crash"):
                    continue
                final[key] = r
            done = final
        if len(done) >= n or time.time() > deadline:
            return
        start = len(done)
        subprocess.run([sys.executable, __file__, "--worker", path_in, path_out, str(start)],
                       timeout=max(5, deadline - time.time()), stderr=subprocess.DEVNULL)
        # if the worker died, the last line is a crash marker: it stays, and we go on past it


def main():
    if sys.argv[1] == "--worker":
        worker(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    strings, outdir = sys.argv[1], sys.argv[2]
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 14
    limit = int(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else None
    budget = float(sys.argv[sys.argv.index("--budget") + 1]) if "--budget" in sys.argv else 120
    deadline = time.time() + budget
    os.makedirs(outdir, exist_ok=True)
    work = tempfile.mkdtemp()
    tasks = []
    for name, src in (("strings", strings),
                      ("sections", sys.argv[sys.argv.index("--sections") + 1] if "--sections" in sys.argv else None)):
        if not src:
            continue
        recs = [l for l in open(src)][:limit]
        k = max(1, (len(recs) + jobs - 1) // jobs)
        for c in range(0, len(recs), k):
            pin = os.path.join(work, f"{name}_{c}.in")
            open(pin, "w").writelines(recs[c:c + k])
            tasks.append((name, pin, pin + ".out", len(recs[c:c + k])))
    t0 = time.time()
    with ThreadPoolExecutor(jobs) as ex:
        list(ex.map(run_chunk, [(p, o, n, deadline) for _, p, o, n in tasks]))
    for name, fname in (("strings", "lit36_oracle.jsonl"), ("sections", "lit36_sections.jsonl")):
        res = {}
        for nm, p, o, n in tasks:
            if nm != name or not os.path.exists(o):
                continue
            for l in open(o):
                r = json.loads(l)
                key = r.get("id", r.get("where"))
                if key in res and r.get("crash"):
                    continue
                res[key] = r
        if not res:
            continue
        with open(os.path.join(outdir, fname), "w") as f:
            for key in sorted(res, key=lambda x: (isinstance(x, str), x)):
                f.write(json.dumps(res[key]) + "\n")
        acc = sum(1 for r in res.values() if r.get("accepted"))
        print(f"{name}: {len(res)} read, {acc} accepted by Triton, "
              f"{sum(1 for r in res.values() if r.get('accepted') is False)} rejected, "
              f"{sum(1 for r in res.values() if r.get('crash'))} crashed, "
              f"{sum(1 for r in res.values() if 'bases' in r)} with bases")
    print(f"{time.time() - t0:.1f} s")


if __name__ == "__main__":
    main()
