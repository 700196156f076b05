#!/usr/bin/env python3
"""Checks layout-studio-cli's Blackwell helpers against Gluon 3.6's own answers.

usage: check_tmem.py CLI FILE [--show N]

For every line of FILE (made by ../shared/oracle/gen_tmem.py):
  kind tmem, ok:          tmem-reg --tmem ATTR --shape MxN --dtype T --num-warps W --variant V --json
                          -> register/lane/warp/block bases equal, in order; and the memdesc type
                          given as --tmem gives the same; and `print --layout ATTR` gives ATTR back
  kind tmem, not ok:      the same command exits 2 with one `error:` line containing Gluon's message
  kind nvmma_default:     nvmma-default --shape MxN --dtype T [--transposed] -> the #ttg.nvmma_shared
                          text with Gluon's swizzle_byte_width, element_bitwidth, transposed, rank
Prints a count per check, the first failures, and exits 1 if any failed.
"""
import argparse
import json
import re
import sys

from oracle_common import check_file, run, shape_arg


def gluon_message(error):
    """Gluon's own message ("ValueError: text" / "AssertionError: text" -> "text"), or None
    when the rejection came from elsewhere (an MLIR verifier, a C++ abort), whose text is
    not compared."""
    head, sep, rest = error.partition(": ")
    return rest if sep and head in ("ValueError", "AssertionError") else None


def tmem_attr(case):
    """The attribute of a case Gluon rejected before printing one."""
    if "block" not in case:
        split = case.get("cta_split_num") or [1, 1]
        parts = [f"CTASplitM = {split[0]}"] if split[0] != 1 else []
        parts += [f"CTASplitN = {split[1]}"] if split[1] != 1 else []
        return "#ttng.tensor_memory_scales_encoding<" + ", ".join(parts) + ">"
    split = case.get("cta_split_num") or [1, 1]
    s = (f"#ttng.tensor_memory_encoding<blockM = {case['block'][0]}, blockN = {case['block'][1]}, "
         f"colStride = {case['col_stride']}")
    s += f", CTASplitM = {split[0]}" if split[0] != 1 else ""
    s += f", CTASplitN = {split[1]}" if split[1] != 1 else ""
    s += ", twoCTAs = true" if case.get("two_ctas") else ""
    return s + ">"


def bases_arg(bases):
    return "[" + ", ".join("[" + ", ".join(str(x) for x in b) + "]" for b in bases) + "]"


def nvmma_text(case):
    if case.get("attr_text"):
        return case["attr_text"]
    s = (f"#ttg.nvmma_shared<{{swizzlingByteWidth = {case['swizzle_byte_width']}, "
         f"transposed = {'true' if case['transposed'] else 'false'}, "
         f"elementBitWidth = {case['element_bitwidth']}")
    if case.get("rank", 2) != 2:
        s += f", rank = {case['rank']}"
    return s + "}>"


def check(cli, case):
    kind = case.get("kind")
    if kind == "nvmma_default":
        if not case.get("ok"):
            return []
        args = ["nvmma-default", "--shape", shape_arg(case["shape"]), "--dtype", case["dtype"]]
        if case.get("transposed"):
            args.append("--transposed")
        if case.get("fp4_padded"):
            args.append("--fp4-padded")
        if case.get("cga_layout"):
            args += ["--cga-layout", bases_arg(case["cga_layout"])]
        rc, out, err = run(cli, args)
        if not case.get("attr_text") and (case.get("fp4_padded") or case.get("cga_layout")):
            # Records without Triton's printed text give the fields Gluon chose
            # (swizzle, element width, rank); the fp4/CGA clauses follow the input.
            fields = re.findall(r"(swizzlingByteWidth|elementBitWidth|rank) = (\d+)", out)
            got = {k: int(v) for k, v in fields}
            want = {"swizzlingByteWidth": case["swizzle_byte_width"],
                    "elementBitWidth": case["element_bitwidth"]}
            ok = rc == 0 and all(got.get(k) == v for k, v in want.items()) and \
                got.get("rank", 2 if case.get("cga_layout") else case["rank"]) in (2, case["rank"]) and \
                (("fp4Padded = true" in out) == bool(case.get("fp4_padded"))) and \
                (("CGALayout" in out) == bool(case.get("cga_layout")))
            return [("nvmma-default", ok, f"rc={rc} got {out.strip()!r} want fields {want} {err[:200]}")]
        want = nvmma_text(case)
        return [("nvmma-default", rc == 0 and out.strip() == want, f"rc={rc} got {out.strip()!r} want {want!r} {err[:200]}")]
    if kind != "tmem" or "shape" not in case:
        return []
    attr = case.get("attr") or tmem_attr(case)
    common = ["--shape", shape_arg(case["shape"]), "--dtype", case["dtype"],
              "--num-warps", str(case["num_warps"]), "--variant", case["variant"], "--json"]
    if case.get("cga_layout"):
        common += ["--cga-layout", bases_arg(case["cga_layout"])]
    rc, out, err = run(cli, ["tmem-reg", "--tmem", attr] + common)
    if not case.get("ok"):
        msg = gluon_message(case["error"])
        ok = rc == 2 and err.startswith("error: ") and err.count("\n") == 1
        if msg is None:
            return [("tmem-reject-other", ok, f"rc={rc} stderr={err[:300]!r} (Gluon: {case['error'][:200]})")]
        ok = ok and msg in err
        return [("tmem-reject", ok, f"rc={rc} stderr={err[:300]!r} want {msg[:200]!r}")]
    results = []
    ok = False
    if rc == 0:
        got = json.loads(out)
        ok = all(got.get(k) == v for k, v in case["reg_layout"].items()) and got.get("shape") == case["shape"]
    results.append(("tmem-reg", ok, f"rc={rc} {err[:200]} got {out[:400]} want {case['reg_layout']}"))
    if "memdesc" in case:
        rc2, out2, err2 = run(cli, ["tmem-reg", "--tmem", case["memdesc"], "--num-warps", str(case["num_warps"]),
                                    "--variant", case["variant"], "--json"] + common[common.index("--json") + 1:])
        results.append(("tmem-reg-memdesc", rc2 == 0 and out2 == out, f"rc={rc2} {err2[:200]}"))
    rc3, out3, err3 = run(cli, ["print", "--layout", case["attr"]])
    results.append(("tmem-print", rc3 == 0 and out3.strip() == case["attr"], f"rc={rc3} {out3.strip()!r} {err3[:200]}"))
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("file")
    ap.add_argument("--show", type=int, default=5)
    a = ap.parse_args()
    return check_file(
        a.file, lambda case: check(a.cli, case), a.show,
        describe=lambda case: f"{case.get('attr', '')} {case.get('dtype')} {case.get('shape')} "
                              f"nw={case.get('num_warps')} {case.get('variant', '')}")


if __name__ == "__main__":
    sys.exit(main())
