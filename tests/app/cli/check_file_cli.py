#!/usr/bin/env python3
"""Layouts named through --file: every command that takes a layout accepts an
alias of the file (`#mma`), a type as written there (`tensor<128x64xf32, #mma>`)
and `@LINE` (the result type of the op on that line), and gives byte for byte
the answer it gives for the same layout written out in canonical text. Module
attributes are defaults that flags override; trailing text after a pasted type
is ignored with one warning line; bad --file input is one `error:` line, exit 2.
`layouts --file` lists aliases and inline layouts with their lines (text, JSON).

usage: check_file_cli.py CLI SOURCE_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

CLI, SRC = sys.argv[1], sys.argv[2]
ATT = os.path.join(SRC, "tests/data/ttgir36/attention_sm90.ttgir")  # sm90, 4 warps
WS = os.path.join(SRC, "tests/data/ttgir36/matmul_ws_sm100.ttgir")  # sm100, #tmem
failures = []
count = 0


def run(args):
    p = subprocess.run([CLI] + args, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    global count
    count += 1
    if not cond:
        failures.append(what)


def same(with_file, without, what, warning=None):
    a, b = run(with_file), run(without)
    check(b[0] == 0 and b[2] == "", f"{what}: the reference run failed: {b[2].strip()}")
    check(a[0] == 0, f"{what}: exit {a[0]}: {a[2].strip()}")
    check(a[1] == b[1] and a[1] != "", f"{what}: output differs from the canonical layout's")
    expected_err = "" if warning is None else warning + "\n"
    check(a[2] == expected_err, f"{what}: stderr {a[2]!r}, expected {expected_err!r}")


def fails(args, what, contains):
    rc, out, err = run(args)
    lines = err.strip().split("\n")
    check(rc == 2 and out == "" and len(lines) == 1 and lines[0].startswith("error: ")
          and contains in lines[0], f"{what}: rc {rc}, stderr {err!r}")


def layouts(path):
    rc, out, err = run(["layouts", "--file", path, "--json"])
    check(rc == 0, f"layouts --json {path}: {err}")
    return json.loads(out)


att = layouts(ATT)
canon = {l["alias"]: l["layout"] for l in att if "alias" in l}
MMA, BLOCKED, BLOCKED1, SHARED = canon["#mma"], canon["#blocked"], canon["#blocked1"], canon["#shared"]

# --- layouts --file: facts of attention_sm90 ---------------------------------
check([l.get("alias") for l in att][:5] == ["#blocked", "#blocked1", "#mma", "#shared", "#shared1"],
      "layouts: the aliases in file order")
inline = [l for l in att if "alias" not in l]
check(len(inline) == 6, f"layouts: 6 inline layouts, got {len(inline)}")
check(inline[0]["layout"] == "#ttg.slice<{dim = 1, parent = " + MMA + "}>", "layouts: first inline layout")
check(inline[0]["uses"][0]["line"] == 25, "layouts: first inline use on line 25")
mma_use = [u for u in att[2]["uses"] if u["line"] == 57][0]
check(mma_use["type"] == "tensor<128x64xf32, " + MMA + ">", "layouts: canonical type of line 57")
rc, lin, _ = run(["linear", "--layout", mma_use["type"], "--json"])
check(json.loads(lin) == mma_use["linear"], "layouts: `linear` equals linear --json of the type")
rc, text, _ = run(["layouts", "--file", ATT])
check(text.split("\n")[2] == "#mma = " + MMA + "  // lines 24, 57, 83, 91, 92, 93, 100, 101, 102, "
      "103, 113, 114, 115, 117, 119, 148, 152, 153, 154, 159", "layouts: text line of #mma")
check(text.split("\n")[5].startswith("#ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<"), "layouts: inline text")

# --- each command: alias, type as written, @LINE -----------------------------
F = ["--file", ATT]
T57 = "tensor<128x64xf32, #mma>"
for cmd, extra in [("linear", ["--json"]), ("grid", []), ("print", [])]:
    shape = [] if cmd == "print" else ["--shape", "128x64"]
    same([cmd] + F + ["--layout", "#mma"] + shape + extra, [cmd, "--layout", MMA] + shape + extra,
         f"{cmd} alias")
    same([cmd] + F + ["--layout", T57] + extra, [cmd, "--layout", "tensor<128x64xf32, " + MMA + ">"] + extra,
         f"{cmd} type")
    same([cmd] + F + ["--layout", "@57"] + extra, [cmd, "--layout", "tensor<128x64xf32, " + MMA + ">"] + extra,
         f"{cmd} @line")
same(["linear"] + F + ["--layout", T57 + " loc(#loc75)"], ["linear", "--layout", "tensor<128x64xf32, " + MMA + ">"],
     "linear: trailing loc(...)", "warning: --layout: ignored the text after the type: 'loc(#loc75)'")
same(["print"] + F + ["--layout", "#mma}"], ["print", "--layout", MMA],
     "print: trailing }", "warning: --layout: ignored the text after the attribute: '}'")
same(["print"] + F + ["--layout", "tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #mma>"],
     ["print", "--layout", BLOCKED], "print: trailing -> type",
     "warning: --layout: ignored the text after the type: '-> tensor<128x64xf16, #mma>'")
same(["sectors"] + F + ["--layout", "#blocked", "--shape", "128x64", "--dtype", "f16"],
     ["sectors", "--layout", BLOCKED, "--shape", "128x64", "--dtype", "f16"], "sectors alias")
same(["sectors"] + F + ["--layout", "@50"],
     ["sectors", "--layout", "tensor<128x64xf16, " + BLOCKED + ">"], "sectors @line")
# export: the module's num-warps and target are the defaults.
same(["export"] + F + ["--layout", "#blocked", "--shape", "128x64", "--format", "gluon"],
     ["export", "--layout", BLOCKED, "--shape", "128x64", "--format", "gluon", "--num-warps", "4",
      "--target", "cuda:90"], "export alias")
same(["export"] + F + ["--layout", "@51", "--format", "mlir-module"],
     ["export", "--layout", "!ttg.memdesc<128x64xf16, " + SHARED + ", #ttg.shared_memory>",
      "--format", "mlir-module", "--num-warps", "4", "--target", "cuda:90"], "export @line")
same(["convert"] + F + ["--from", "#blocked", "--to", "#mma", "--shape", "128x64", "--dtype", "f16"],
     ["convert", "--from", BLOCKED, "--to", MMA, "--shape", "128x64", "--dtype", "f16"], "convert aliases")
same(["convert"] + F + ["--from", "tensor<128x64xf32, #blocked>", "--to", "@57"],
     ["convert", "--from", "tensor<128x64xf32, " + BLOCKED + ">", "--to", "tensor<128x64xf32, " + MMA + ">"],
     "convert type and @line")
# @50 is a tt.load: its result type is the pointee tensor, not the pointer one.
same(["print"] + F + ["--layout", "@50"], ["print", "--layout", BLOCKED], "print @line of a tt.load")
same(["linear"] + F + ["--layout", "@50", "--json"],
     ["linear", "--layout", "tensor<128x64xf16, " + BLOCKED + ">", "--json"], "linear @line of a tt.load")
same(["banks"] + F + ["--distributed", "#blocked", "--shared", "#shared", "--shape", "128x64", "--dtype", "f16"],
     ["banks", "--distributed", BLOCKED, "--shared", SHARED, "--shape", "128x64", "--dtype", "f16"], "banks aliases")
same(["banks"] + F + ["--distributed", "tensor<128x64xf16, #blocked>", "--shared", "@51"],
     ["banks", "--distributed", "tensor<128x64xf16, " + BLOCKED + ">", "--shared",
      "!ttg.memdesc<128x64xf16, " + SHARED + ", #ttg.shared_memory>"], "banks type and @line")
same(["swizzle"] + F + ["--writer", "#blocked", "--reader", "#blocked1", "--shape", "128x64", "--dtype", "f16"],
     ["swizzle", "--writer", BLOCKED, "--reader", BLOCKED1, "--shape", "128x64", "--dtype", "f16"], "swizzle aliases")
same(["swizzle"] + F + ["--writer", "@50", "--reader", "tensor<128x64xf16, #blocked1>"],
     ["swizzle", "--writer", BLOCKED, "--reader", BLOCKED1, "--shape", "128x64", "--dtype", "f16"],
     "swizzle @line and type")
same(["sectors"] + F + ["--layout", "tensor<128x64xf16, #blocked>"],
     ["sectors", "--layout", "tensor<128x64xf16, " + BLOCKED + ">"], "sectors type")
same(["export"] + F + ["--layout", "tensor<128x64xf32, #mma>", "--format", "gluon"],
     ["export", "--layout", MMA, "--shape", "128x64", "--dtype", "f32", "--format", "gluon", "--num-warps", "4",
      "--target", "cuda:90"], "export type")
same(["grid"] + F + ["--layout", "tensor<128x64xf32, #mma>", "--json"],
     ["grid", "--layout", MMA, "--shape", "128x64", "--json"], "grid --json type")
# owner: alias, type and @line
same(["owner"] + F + ["--layout", "#mma", "--shape", "128x64", "--element", "37,5"],
     ["owner", "--layout", MMA, "--shape", "128x64", "--element", "37,5"], "owner alias")
same(["owner"] + F + ["--layout", "tensor<128x64xf32, #mma>", "--thread", "37", "--json"],
     ["owner", "--layout", MMA, "--shape", "128x64", "--thread", "37", "--json"], "owner type")
same(["owner"] + F + ["--layout", "@57", "--element", "100,63", "--json"],
     ["owner", "--layout", MMA, "--shape", "128x64", "--element", "100,63", "--json"], "owner @line")
same(["owner"] + F + ["--layout", "@51", "--offset", "77"],
     ["owner", "--layout", SHARED, "--shape", "128x64", "--offset", "77"], "owner @line of a shared layout")
# Module attributes are defaults (attention_sm90: 4 warps); a flag overrides them.
same(["coalesce"] + F + ["--shape", "128x64", "--dtype", "f16", "--contiguity", "1,8"],
     ["coalesce", "--shape", "128x64", "--dtype", "f16", "--contiguity", "1,8", "--num-warps", "4"],
     "coalesce: num-warps from the module")
same(["coalesce"] + F + ["--shape", "128x64", "--dtype", "f16", "--contiguity", "1,8", "--num-warps", "8"],
     ["coalesce", "--shape", "128x64", "--dtype", "f16", "--contiguity", "1,8", "--num-warps", "8"],
     "coalesce: --num-warps overrides the module")
ws = {l["alias"]: l["layout"] for l in layouts(WS) if "alias" in l}
same(["tmem-reg", "--file", WS, "--tmem", "#tmem", "--shape", "128x128", "--dtype", "f32"],
     ["tmem-reg", "--tmem", ws["#tmem"], "--shape", "128x128", "--dtype", "f32", "--num-warps", "4"],
     "tmem-reg alias, num-warps from the module")
same(["tmem-reg", "--file", WS, "--tmem", "!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>"],
     ["tmem-reg", "--tmem", "!ttg.memdesc<128x128xf32, " + ws["#tmem"] + ", #ttng.tensor_memory, mutable>",
      "--num-warps", "4"], "tmem-reg type")
same(["tmem-reg", "--file", WS, "--tmem", "@72", "--num-warps", "8"],
     ["tmem-reg", "--tmem", "!ttg.memdesc<128x128xf32, " + ws["#tmem"] + ", #ttng.tensor_memory, mutable>",
      "--num-warps", "8"], "tmem-reg @line")

# --- bad input ------------------------------------------------------------------
with tempfile.TemporaryDirectory() as d:
    empty = os.path.join(d, "empty.mlir")
    open(empty, "w").close()
    nolayout = os.path.join(d, "plain.mlir")
    with open(nolayout, "w") as f:
        f.write("module {\n  %0 = arith.constant 1 : i32\n}\n")
    fails(["layouts", "--file", "/bin/ls"], "layouts binary", "--file: '/bin/ls' is not MLIR text")
    fails(["layouts", "--file", empty], "layouts empty", "is not MLIR text")
    fails(["layouts", "--file", nolayout], "layouts no layout", "holds no layout")
    fails(["linear", "--file", "/bin/ls", "--layout", "#mma"], "linear binary", "is not MLIR text")
fails(["linear", "--file", ATT, "--layout", "@9999"], "@line beyond", "no operation starts on line 9999")
fails(["linear", "--file", ATT, "--layout", "@7x"], "@line malformed",
      "error: --layout: expected @LINE, a line number of the --file text")
fails(["linear", "--file", ATT, "--layout", "@30"], "@line without a layout", "has no result with a layout")
fails(["linear", "--layout", "@57"], "@line without --file",
      "error: --layout: @57 names a line: give the file with --file")
fails(["linear", "--file", ATT, "--layout", "#nosuch", "--shape", "64x64"], "unknown alias",
      "error: --layout: #nosuch: is not defined in the TTGIR text ('" + ATT + "' does not define it)")
fails(["linear", "--layout", "#mma", "--shape", "64x64"], "alias without --file",
      "error: --layout: #mma: is an alias; paste its definition or the whole TTGIR file "
      "(or give the file that defines it with --file)")
fails(["grid", "--file", "/nonexistent.mlir", "--layout", "#mma"], "missing file", "--file: cannot read")
# Layouts Triton 3.6 rejects, in a file: one error line naming the field, exit 2.
with tempfile.TemporaryDirectory() as d:
    bad = os.path.join(d, "bad.mlir")
    with open(bad, "w") as f:
        f.write('#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>\n'
                '#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>\n'
                '#w = #ttg.amd_wmma<{version = 4, isTranspose = false, warpsPerCTA = [2, 2]}>\n'
                'module attributes {"ttg.num-warps" = 8 : i32} {\n}\n')
    for cmd in (["print"], ["linear", "--shape", "64x64"], ["grid", "--shape", "64x64"], ["owner", "--shape", "64x64", "--element", "0,0"]):
        fails([cmd[0], "--file", bad, "--layout", "#ttg.dot_op<{opIdx = 0, parent = #mma}>"] + cmd[1:],
              f"{cmd[0]}: dot_op without kWidth on an mma parent", "kWidth: is required")
        fails([cmd[0], "--file", bad, "--layout", "#w"] + cmd[1:], f"{cmd[0]}: wmma version 4", "version")
    fails(["linear", "--file", bad, "--layout", "tensor<64x64xf16, #b>"], "type against the module's num-warps",
          "the layout has 4 warps per CTA, but the module of")
    fails(["linear", "--file", bad, "--layout", "tensor<64xf16, #b>"], "rank mismatch", "has rank 2, but the tensor has rank 1")
    fails(["linear", "--file", bad, "--layout", "tensor<48x64xf16, #b>"], "not a power of two", "power of two")
    fails(["print", "--file", bad, "--layout", "#ttg.slice<{dim = 2, parent = #b}>"], "slice dim beyond", "dim")
    fails(["print", "--file", bad, "--layout",
           "!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>"],
          "memdesc without memory space", "the memory space is missing")
    fails(["print", "--file", bad, "--layout", "tensor<64x64xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>>"],
          "shared layout in a tensor of a module", "needs a distributed layout")
    fails(["owner", "--file", bad, "--layout", "#b", "--shape", "64x64", "--element", "64,0"], "element outside the shape", "")
    fails(["owner", "--file", bad, "--layout", "#b", "--shape", "64x64", "--thread", "128"], "thread beyond the layout", "")
    fails(["owner", "--file", "/bin/ls", "--layout", "#b", "--shape", "64x64", "--thread", "1"], "owner: binary file",
          "is not MLIR text")
    empty = os.path.join(d, "empty.mlir")
    open(empty, "w").close()
    for cmd in (["grid", "--layout", "#b", "--shape", "64x64"], ["owner", "--layout", "#b", "--shape", "64x64", "--thread", "1"],
                ["banks", "--distributed", "#b", "--shared", "#s", "--shape", "64x64", "--dtype", "f16"]):
        fails([cmd[0], "--file", empty] + cmd[1:], f"{cmd[0]}: empty file", "is not MLIR text")

# Forms of Triton's lit tests the module reader reads: two aliases on one line, an alias over several
# lines, an op over several lines, `module attributes {` over lines, %x#0 of a one-result op.
with tempfile.TemporaryDirectory() as d:
    lit = os.path.join(d, "lit.mlir")
    with open(lit, "w") as f:
        f.write('#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>'
                '#b = #ttg.blocked<{sizePerThread = [1, 4],\n'
                '  threadsPerWarp = [4, 8], warpsPerCTA = [4, 1],\n  order = [1, 0]}>\n'
                'module attributes {\n    "ttg.num-warps" = 4 : i32,\n    "ttg.threads-per-warp" = 32 : i32\n} {\n'
                '  tt.func @f(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,\n'
                '             %c: tensor<64x64xf32, #mma>, %c0: index, %c1: index)\n'
                '      -> tensor<64x64xf32, #mma> {\n'
                '    %0 = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %c) -> (tensor<64x64xf32, #mma>) {\n'
                '      scf.yield %x : tensor<64x64xf32, #mma>\n    }\n'
                '    %1 = ttg.convert_layout %0#0\n      : tensor<64x64xf32, #mma>\n      -> tensor<64x64xf32, #b>\n'
                '    tt.return %0#0 : tensor<64x64xf32, #mma>\n  }\n}\n')
    rc, out, err = run(["layouts", "--file", lit, "--json"])
    check(rc == 0 and err == "", f"lit forms: layouts rc {rc} {err!r}")
    if rc == 0:
        got = json.loads(out)
        aliases = [l.get("alias") for l in got if "alias" in l]
        check(aliases == ["#mma", "#b"], f"lit forms: two aliases on one line, one over lines: {aliases}")
        check(any(u["line"] == 14 and u["type"].startswith("tensor<64x64xf32, #ttg.blocked<")
                  for l in got for u in l["uses"]), "lit forms: the op over lines 14-16 defines a #b value")
    same(["print", "--file", lit, "--layout", "@14"], ["print", "--layout", canon_b := (
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>")],
         "lit forms: @LINE of an op over several lines")

# @LINE is checked against the module as a written type is: a module whose
# ttg.num-warps disagrees with the type on line 16 is refused; a type in a
# ttg.warp_specialize partition keeps its own warps.
with tempfile.TemporaryDirectory() as d:
    soft = open(os.path.join(SRC, "tests/data/ttgir36/softmax_sm90.ttgir")).read()
    bad = os.path.join(d, "softmax_8warps.ttgir")
    with open(bad, "w") as f:
        f.write(soft.replace('"ttg.num-warps" = 4 : i32', '"ttg.num-warps" = 8 : i32', 1))
    fails(["linear", "--file", bad, "--layout", "@16"], "@LINE against ttg.num-warps",
          "ttg.num-warps = 8")
    ws = open(os.path.join(SRC, "tests/data/ttgir36/matmul_ws_sm90.ttgir")).read()
    ws8 = os.path.join(d, "ws_8warps.ttgir")
    with open(ws8, "w") as f:
        f.write(ws.replace('"ttg.num-warps" = 4 : i32', '"ttg.num-warps" = 8 : i32', 1))
    rc, out, err = run(["linear", "--file", ws8, "--layout", "@174"])
    check(rc == 0 and "warp" in out, f"@LINE in a warp_specialize partition keeps its warps: {err!r}")

# swizzle: a trade is named figure by figure, then the store + load sums
# (gfx1200 bf16 B operand: 80 -> 32 wavefronts although stores take 2 -> 8
# instructions: better overall, fewer instructions in all too).
G = os.path.join(SRC, "tests/data/ttgir36/matmul_bf16_small_gfx1200.ttgir")
rc, out, err = run(["swizzle", "--file", G, "--writer", "#blocked", "--reader",
                    "#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>", "--shared", "#shared1",
                    "--shape", "32x32", "--dtype", "bf16"])
check(rc == 0 and "the proposal is better overall (store + load below); trades: store instructions "
      "per thread 2 -> 8 for " in out
      and "store + load: wavefronts 80 -> 32 (ideal 48 -> 32), instructions per thread 18 -> 16, "
          "Triton bank_conflicts 1 -> 0 (whole CTA)\n" in out, f"swizzle totals: {out!r} {err!r}")

# A search winner that is not better than --shared is not the answer: the first
# line (and JSON "recommended") keeps the current layout (gfx942 attention: the
# search's best takes 1280 -> 2304 wavefronts for fewer instructions).
A942 = os.path.join(SRC, "tests/data/ttgir36/attention_w8_gfx942.ttgir")
rc, out, err = run(["swizzle", "--file", A942, "--writer", "@149", "--reader", "@111", "--shared", "#shared1"])
check(rc == 0 and out.startswith("#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>\n"
                                 "keep the current layout: no candidate is better")
      and "the proposal is not better; trades: load wavefronts 1024 -> 2048, load wavefronts over ideal 0 -> 1024 "
          "for" in out and "store + load: wavefronts 1280 -> 2304" in out, f"swizzle keeps current: {out!r} {err!r}")
rc, out, err = run(["swizzle", "--file", A942, "--writer", "@149", "--reader", "@111", "--shared", "#shared1", "--json"])
j = json.loads(out) if rc == 0 else {}
check(j.get("recommended") == "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>"
      and j.get("improves") is False and j.get("improves_overall") is False
      and j.get("proposal", "").startswith("#ttg.shared_linear"), f"swizzle --json recommended: {out[:300]!r}")
rc, out, err = run(["swizzle", "--file", G, "--writer", "#blocked", "--reader",
                    "#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>", "--shared", "#shared1",
                    "--shape", "32x32", "--dtype", "bf16", "--json"])
j = json.loads(out) if rc == 0 else {}
check(j.get("improves_overall") is True and j.get("recommended") == j.get("proposal"),
      f"swizzle --json recommends a better-overall proposal: {out[:300]!r}")

# A layout that does not parse is an error of its flag, at the place it stops.
fails(["banks", "--distributed", "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
       "warpsPerCTA = [4, 1], order = [1, 0]", "--shared", SHARED, "--shape", "64x64", "--dtype", "f16"],
      "unclosed --distributed",
      "error: --distributed: unbalanced '{' character in pretty dialect name at 1:13 near '<{sizePerThread '")
fails(["linear", "--file", ATT, "--layout", "tensor<128x64xf32, #mma"], "unclosed type",
      "error: --layout: expected '>' in tensor type at the end of the text")
# A layout of a warp no GPU runs prints, with one warning saying so.
rc, out, err = run(["print", "--layout", "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = "
                    "[2, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"])
check(rc == 0 and out.startswith("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 8]")
      and err == "warning: --layout: 16 threads per warp; no NVIDIA or AMD GPU runs such warps "
                 "(NVIDIA and RDNA: 32, CDNA: 64), so no kernel for them can use this layout\n",
      f"16-lane layout: {rc} {err!r}")
rc, out, err = run(["print", "--layout", "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = "
                    "[4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>"])
check(rc == 0 and err == "", f"64-lane layout: no warning: {err!r}")

# What the audit lists, pasted into the commands that explain it. A global
# access is listed by its pointer tensor: `sectors` counts its pointee's bytes
# (f32: 16 sectors per warp-instruction of 4 x f32, as the audit says), the
# same as for the loaded tensor.
SOFTMAX = os.path.join(SRC, "tests/data/ttgir36/softmax_sm90.ttgir")
PTRS = ("tensor<1024x!tt.ptr<f32>, #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], "
        "warpsPerCTA = [4], order = [0]}>>")
rc, out, err = run(["sectors", "--layout", PTRS])
check(rc == 0 and out.startswith("vector: 4 x f32 (128 bits), 2 instruction(s) per thread\n")
      and "warp 0 instruction 0: 16 sectors (minimum 16)" in out, f"sectors of a pointer tensor: {out[:120]!r} {err!r}")
same(["sectors", "--file", SOFTMAX, "--layout", "@24"], ["sectors", "--file", SOFTMAX, "--layout", "@25"],
     "sectors: the pointers (@24) and the loaded tensor (@25)")
# @LINE of a store names its stored value (no result has a layout).
TMA = os.path.join(SRC, "tests/data/ttgir36/matmul_tma_gfx942.ttgir")
rc, out, err = run(["linear", "--file", TMA, "--layout", "@93"])
rc2, out2, _ = run(["linear", "--file", TMA, "--layout", "tensor<128x64xf16, #blocked>"])
check(rc == 0 and out == out2 and out != "", f"@LINE of a local_store: {rc} {err!r}")
# An async copy's source (pointers to f32) into an f32 buffer: the banks of its pointee.
TF32 = os.path.join(SRC, "tests/data/ttgir36/matmul_tf32_sm90.ttgir")
audit = json.loads(run(["audit", "--file", TF32, "--json"])[1])
copy = [a for a in audit["shared"] if a["line"] == 125][0]
rc, out, err = run(["banks", "--distributed", copy["tensor"], "--shared", copy["memdesc"],
                    "--op", "store"])
check(rc == 0 and out.startswith(f"conflicts: {copy['conflicts']} (Triton's bank_conflicts)\n")
      and copy["tensor"].startswith("tensor<32x64x!tt.ptr<f32>"),
      f"banks of an async copy's pointer tensor: {rc} {err!r} {out[:80]!r}")

# --shared @LINE names the line's buffer (a local_store's memdesc): the same as the memdesc typed out.
G942 = os.path.join(SRC, "tests/data/ttgir36/attention_gfx942.ttgir")
line84 = open(G942).read().split("\n")[83]
memdesc = line84[line84.index("!ttg.memdesc<"):line84.index(" loc(")]
rc, out, err = run(["banks", "--file", G942, "--distributed", "@84", "--shared", "@84", "--op", "store"])
rc2, out2, err2 = run(["banks", "--file", G942, "--distributed", "@84", "--shared", memdesc, "--op", "store"])
check(rc == 0 and out == out2 and out.startswith("conflicts: 3 (Triton's bank_conflicts)"),
      f"--shared @LINE of a local_store: {rc} {err!r} {out[:60]!r}")
# convert --to @LINE of a tt.store: the value stored, not the pointers.
S100 = os.path.join(SRC, "tests/data/ttgir36/attention_sm100.ttgir")
rc, out, err = run(["convert", "--file", S100, "--from", "@273", "--to", "@275"])
check(rc == 0 and out.startswith("class: "), f"convert --to @LINE of a tt.store: {rc} {err!r}")

fails(["audit", "--file", ATT, "--time", "abc"], "--time not a number",
      "error: --time: 'abc' is not a number of runs (1..10000)")
fails(["audit", "--file", ATT, "--output", "/nonexistent-dir/x.txt"], "--output into a missing directory",
      "error: -o/--output: cannot write '/nonexistent-dir/x.txt': No such file or directory")

print(f"{count - len(failures)}/{count} checks passed")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
