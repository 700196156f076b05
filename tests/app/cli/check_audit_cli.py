#!/usr/bin/env python3
"""`layout-studio-cli audit`: the JSON contract on real Triton 3.6 kernels,
the machine from the module (a 64-lane AMD kernel needs no flag), --target,
the readable report, and a malformed file -> one `error:` line with
line:column, exit 2. Usage: check_audit_cli.py CLI SOURCE_DIR"""
import json
import os
import subprocess
import sys
import tempfile

CLI, SRC = sys.argv[1], sys.argv[2]
CORPUS = os.path.join(SRC, "tests", "data", "ttgir36")
failures = []


def run(*args):
    p = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    if not cond:
        failures.append(what)


# Every corpus file audits with exit 0, and its JSON has the keys.
for name in sorted(os.listdir(CORPUS)):
    if not name.endswith(".ttgir"):
        continue
    rc, out, err = run("audit", "--file", os.path.join(CORPUS, name), "--json")
    check(rc == 0, f"{name}: exit {rc}: {err.strip()}")
    if rc:
        continue
    o = json.loads(out)
    for k in ("file", "target", "num_warps", "threads_per_warp", "num_ctas", "tensors",
              "converts", "shared", "global", "findings"):
        check(k in o, f"{name}: no key {k}")
    check(o["file"] == name, f"{name}: file {o['file']}")
    for c in o["converts"]:
        check(set(("line", "loc", "src", "dst", "class", "cost", "in_loop")) <= set(c), f"{name}: convert keys")
    for s in o["shared"]:
        check(set(("line", "loc", "op", "tensor", "memdesc", "conflicts", "wavefronts")) <= set(s), f"{name}: shared keys")
    for g in o["global"]:
        check(set(("line", "loc", "op", "type", "vector_bits", "sectors_per_warp")) <= set(g), f"{name}: global keys")
    # Types are canonical: layouts inline, never an alias.
    for t in o["tensors"]:
        check("#blocked" not in t["type"] and "#mma" not in t["type"], f"{name}: alias in {t['type']}")

# 64 lanes, no flag: the module says hip:gfx950.
rc, out, err = run("audit", "--file", os.path.join(CORPUS, "matmul_gfx950.ttgir"), "--json")
o = json.loads(out)
check((o["target"], o["threads_per_warp"], o["num_warps"]) == ("hip:gfx950", 64, 8), f"gfx950: {o['target']}")
# Every access has the bank model's wavefronts, except gfx950's transposing reads, which it does
# not model and says so (model_note); Triton's code has 24 ds_read_b64_tr_b16 at these 3 lines.
check(all(s["wavefronts"] is not None or "ds_read_b64_tr_b16" in s.get("model_note", "")
          for s in o["shared"]), "gfx950: wavefronts missing")
check(sorted(s["line"] for s in o["shared"] if s.get("instruction") == "ds_read_b64_tr_b16") == [123, 138, 147],
      "gfx950: transposing reads")
check(err == "", f"gfx950: stderr {err!r}")

# attention_sm90: the epilogue convert on line 160 goes through shared memory.
rc, out, _ = run("audit", "--file", os.path.join(CORPUS, "attention_sm90.ttgir"), "--json")
o = json.loads(out)
c = [c for c in o["converts"] if c["line"] == 160]
check(len(c) == 1 and c[0]["class"] == "shared-memory" and c[0]["in_loop"] is False
      and c[0]["loc"].endswith("kernels.py:72:67"), f"attention convert: {c}")
check(o["findings"] and o["findings"][0]["line"] == 160, "attention: first finding")

# --target overrides the module.
rc, out, _ = run("audit", "--file", os.path.join(CORPUS, "attention_sm90.ttgir"), "--json", "--target", "sm80")
check(rc == 0 and json.loads(out)["target"] == "cuda:80", "--target sm80")
rc, out, err = run("audit", "--file", os.path.join(CORPUS, "attention_sm90.ttgir"), "--target", "sm7")
check(rc == 2 and err.startswith("error: --target: unknown target 'sm7'") and err.count("\n") == 1
      and err.rstrip().endswith("or Triton's cuda:N / hip:gfxN"), f"bad target: {err!r}")
# A missing file says why; a file given without --file says how.
rc, out, err = run("audit", "--file", "/nonexistent/k.ttgir")
check(rc == 2 and err == "error: --file: cannot read '/nonexistent/k.ttgir': no such file\n", f"missing: {err!r}")
path = os.path.join(CORPUS, "attention_sm90.ttgir")
rc, out, err = run("audit", path)
check(rc == 2 and err.strip().endswith("; a file is given with --file " + path), f"positional: {err!r}")
# A flag naming another machine than the module's is said, in the JSON, the text and on stderr; so is
# a compute capability without a model of its own.
rc, out, err = run("audit", "--file", os.path.join(CORPUS, "attention_sm90.ttgir"), "--json", "--target", "gfx1100")
w = json.loads(out)["warnings"] if rc == 0 else []
check(rc == 0 and w == ["--target gfx1100 overrides the module's ttg.target cuda:90: the figures are gfx1100's, "
                        "not those of the machine Triton compiled this kernel for"]
      and "overrides the module's ttg.target cuda:90" in err, f"--target gfx1100 on sm90: {w} {err!r}")
rc, out, err = run("audit", "--file", os.path.join(CORPUS, "attention_sm90.ttgir"), "--target", "cuda:999")
check(rc == 0 and "no bank model for cuda:999: its shared-memory and conversion figures are sm120's" in err
      and "  note: no bank model for cuda:999" in out, f"cuda:999: {err!r}")
rc, out, err = run("audit", "--file", os.path.join(CORPUS, "attention_sm90.ttgir"), "--json", "--target", "sm90")
check(rc == 0 and json.loads(out)["warnings"] == [] and err == "", f"--target sm90 on sm90: {err!r}")

# Another chip of a modelled AMD family is audited with its family's bank model; the module's
# own target is kept (gfx940 is CDNA3: gfx942's counts, the same for every access).
import tempfile
with tempfile.TemporaryDirectory() as d:
    for chip, family, lanes in (("gfx940", "gfx942", 64), ("gfx908", "gfx90a", 64), ("gfx1101", "gfx1100", 32),
                                ("gfx1201", "gfx1200", 32)):
        base = open(os.path.join(CORPUS, "attention_w8_%s.ttgir" % family)).read()
        p = os.path.join(d, chip + ".ttgir")
        open(p, "w").write(base.replace('"hip:%s"' % family, '"hip:%s"' % chip))
        rc, out, err = run("audit", "--file", p)
        check(rc == 0 and out.splitlines()[0].startswith("%s.ttgir: hip:%s (bank model %s), 8 warps x %d lanes, "
                                                          % (chip, chip, family, lanes)),
              f"{chip}: {out.splitlines()[0] if out else err!r}")
    # A chip with no model (a newer one) is audited with its vendor's model for its warp width, and a note.
    p = os.path.join(d, "gfx1250.ttgir")
    open(p, "w").write(open(os.path.join(CORPUS, "attention_w8_gfx1200.ttgir")).read().replace('"hip:gfx1200"', '"hip:gfx1250"'))
    rc, out, err = run("audit", "--file", p, "--json")
    j = json.loads(out) if rc == 0 else {}
    check(rc == 0 and j["target"] == "hip:gfx1250" and j["bank_model"] == "gfx1200" and len(j["warnings"]) == 1
          and j["warnings"][0].startswith("no bank model for hip:gfx1250") and err.startswith("warning: "),
          f"gfx1250: {rc} {err!r}")
    rc, o940, _ = run("audit", "--file", os.path.join(d, "gfx940.ttgir"), "--json")
    rc, o942, _ = run("audit", "--file", os.path.join(CORPUS, "attention_w8_gfx942.ttgir"), "--json")
    j940, j942 = json.loads(o940), json.loads(o942)
    check(j940["target"] == "hip:gfx940" and j940["shared"] == j942["shared"] and j940["shared"],
          "gfx940 audits as gfx942")

# A module that names no machine, with a warp no GPU runs (Triton's lit tests write 4 lanes), is
# audited with a note; with a ttg.target, that warp width is an error.
with tempfile.TemporaryDirectory() as d:
    four = """#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.threads-per-warp" = 4 : i32, "ttg.num-warps" = 1 : i32} {
  tt.func @f(%arg0: tensor<4x4xf32, #blocked>) -> tensor<4x4xf32, #blocked> {
    %0 = arith.addf %arg0, %arg0 : tensor<4x4xf32, #blocked>
    tt.return %0 : tensor<4x4xf32, #blocked>
  }
}
"""
    p = os.path.join(d, "four.ttgir")
    open(p, "w").write(four)
    rc, out, err = run("audit", "--file", p, "--json")
    j = json.loads(out) if rc == 0 else {}
    check(rc == 0 and j["threads_per_warp"] == 4 and len(j["warnings"]) == 1 and "4-lane warps" in j["warnings"][0]
          and j["tensors"][0]["linear"]["lane"] == [[0, 1], [1, 0]] and err.startswith("warning: ")
          and err.count("\n") == 1, f"4-lane module without a target: {rc} {err!r}")
    open(p, "w").write(four.replace('module attributes {', 'module attributes {ttg.target = "cuda:90", '))
    # Triton 3.6 reads a module whose ttg.target runs another warp width (mutants36 m3754): audited,
    # without the bank model's wavefronts, and said so.
    rc, out, err = run("audit", "--file", p, "--json")
    j = json.loads(out) if rc == 0 else {}
    check(rc == 0 and any("ttg.target cuda:90 runs 32-lane warps in this tool's bank model, and the module has 4"
                          in w for w in j.get("warnings", []))
          and j["tensors"][0]["linear"]["lane"] == [[0, 1], [1, 0]],
          f"4-lane module of cuda:90: {rc} {err!r}")

# The warp width must be one the machine runs; a module without ttg.target
# gets the machine its warp width implies (64 lanes: gfx942), not cuda:90.
# An empty --target is refused, not read as "no flag" (it used to audit as cuda:90).
for cmd in (["audit", "--file", os.path.join(CORPUS, "attention_sm90.ttgir")],
            ["banks", "--file", os.path.join(CORPUS, "attention_sm90.ttgir"), "--distributed", "#blocked", "--shared", "#shared",
             "--shape", "64x64", "--dtype", "f16"]):
    rc, out, err = run(*cmd, "--target", "")
    check(rc == 2 and err.startswith("error: --target: is empty: name a machine") and err.count("\n") == 1,
          f"empty --target for {cmd[0]}: rc {rc}, {err!r}")
rc, out, err = run("audit", "--file", os.path.join(CORPUS, "softmax_gfx942.ttgir"), "--target", "sm90")
check(rc == 2 and err == "error: --target: sm90 runs 32-lane warps; this kernel has 64 "
      "(ttg.threads-per-warp = 64)\n", f"wave64 kernel on sm90: {err!r}")
rc, out, err = run("audit", "--file", os.path.join(CORPUS, "softmax_sm90.ttgir"), "--target", "hip:gfx942")
check(rc == 2 and err.startswith("error: --target: hip:gfx942 runs 64-lane warps; this kernel has 32"),
      f"wave32 kernel on gfx942: {err!r}")
rc, out, err = run("audit", "--file", os.path.join(CORPUS, "softmax_gfx942.ttgir"), "--target", "gfx1200")
check(rc == 2 and "gfx1200 runs 32-lane warps" in err, f"wave64 kernel on RDNA: {err!r}")
with tempfile.TemporaryDirectory() as d:
    untargeted = os.path.join(d, "untargeted.ttgir")
    text = open(os.path.join(CORPUS, "matmul_gfx942.ttgir")).read()
    with open(untargeted, "w") as f:
        f.write(text.replace('ttg.target = "hip:gfx942", ', ""))
    assert "ttg.target" not in open(untargeted).read()
    rc, out, err = run("audit", "--file", untargeted, "--json")
    o = json.loads(out) if rc == 0 else {}
    check(rc == 0 and o["target"] == "hip:gfx942" and o["threads_per_warp"] == 64
          and all(not s.get("error") for s in o["shared"]), f"64-lane kernel without ttg.target: {err!r}")

# The text report prints types in full: two conversions whose types differ
# only in instrShape must not read alike.
rc, out, _ = run("audit", "--file", os.path.join(CORPUS, "attention_w8_sm90.ttgir"))
block = out[out.find("  line 139 "):]
block = block[:block.find("\n  line ", 5)]
check(rc == 0 and "instrShape = [16, 64, 16]}>>\n -> " in block and "instrShape = [16, 128, 16]}>>" in block,
      f"full types in the text report: {block[:400]!r}")

# Shared and global rows say their loop depth, as conversion rows do.
rc, out, _ = run("audit", "--file", os.path.join(CORPUS, "attention_sm90.ttgir"))
check(rc == 0 and ":61:20) loop 1 ttg.async_copy_global_to_local: conflicts 0, wavefronts 16/16" in out,
      "loop depth on shared rows")

check(":62:23) loop 1 ttng.warp_group_dot: memdesc operand (no register side) !ttg.memdesc<128x64xf16, "
      "#ttg.nvmma_shared<" in out, "wgmma operand rows say what they are")

# Readable report.
rc, out, _ = run("audit", "--file", os.path.join(CORPUS, "attention_sm90.ttgir"))
check(rc == 0 and "findings (costliest first): 1" in out and "conversions: 2" in out, "text report")

# Malformed: one error line with line:column, exit 2.
with tempfile.TemporaryDirectory() as d:
    bad = os.path.join(d, "bad.ttgir")
    with open(bad, "w") as f:
        f.write(open(os.path.join(CORPUS, "softmax_sm90.ttgir")).read().replace(
            "%x_5 = tt.load %x_4, %x_0, %cst :", "%x_5 = tt.load %x_4, %x_0, %cst : tensor<1024x", 1))
    rc, out, err = run("audit", "--file", bad)
    check(rc == 2 and out == "" and err.startswith("error: --file: " + bad + ":25:")
          and err.count("\n") == 1, f"malformed: rc {rc} {err!r}")
    rc, out, err = run("audit", "--file", os.path.join(d, "missing.ttgir"))
    check(rc == 2 and err.startswith("error: --file:") and err.count("\n") == 1, f"missing: {err!r}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("audit CLI: all checks passed")
