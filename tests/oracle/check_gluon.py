#!/usr/bin/env python3
"""Gluon 3.6's repr() of its layout objects, read back by our CLI.

usage: check_gluon.py CLI FILE [--show N]

FILE is JSON lines; each record with a "repr" (the text Gluon 3.6 printed for a layout object) is
checked:
  gluon-bases  `linear --layout REPR --shape S --json` gives the bases Gluon's to_linear_layout gave
               ("bases", recorded as register/lane/warp/block or reg/lane/warp/block/offset);
  gluon-attr   `print --layout REPR` gives the attribute Triton printed for the same object ("attr"),
               when the record has one and no "bases_error" says Triton could not make bases;
  gluon-round  `print --layout REPR --syntax gluon-repr` gives the repr back byte for byte (only when the
               CLI knows --syntax gluon);
  gluon-expr   `print --layout EXPR --syntax gluon-repr` gives the repr too: EXPR is the Python expression that
               built the object ("expr": constructor calls with the gl./ttgl. prefix, and the static
               NVMMASharedLayout.get_default_for / PaddedSharedLayout.with_identity_for);
  gluon-reject a record where Gluon raised ("error", no repr): our CLI rejects the expression too (exit 2).
Records come from tests/gpu/gen_gluon_cases.py (and tests/oracle/data/triton36_*.jsonl, whose
distributed cases carry Gluon's repr too)."""
import argparse
import json
import sys

from oracle_common import check_file, run, shape_arg

NAMES = {"reg": "register", "register": "register", "lane": "lane", "warp": "warp",
         "block": "block", "offset": "offset"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("file")
    ap.add_argument("--show", type=int, default=10)
    a = ap.parse_args()
    rc, _, err = run(a.cli, ["print", "--layout", "BlockedLayout([1], [32], [1], [0])",
                             "--syntax", "gluon-repr"])
    has_gluon_syntax = rc == 0

    def check(case):
        text = case.get("repr", case.get("layout_repr"))  # triton36_seed7 calls it layout_repr
        if text is None and "error" in case and "expr" in case and has_gluon_syntax:
            rc, out, err = run(a.cli, ["print", "--layout", case["expr"]])
            return [("gluon-reject", rc == 2 and err.startswith("error: "),
                     f"rc={rc} {out.strip()!r} {err[:200]} (Gluon: {case['error'][:160]})")]
        if text is None or case.get("ok") is False:
            return []
        results = []
        if "expr" in case and has_gluon_syntax:
            rc, out, err = run(a.cli, ["print", "--layout", case["expr"], "--syntax", "gluon-repr"])
            results.append(("gluon-expr", rc == 0 and out.strip() == text,
                            f"rc={rc} {out.strip()!r} want {text!r} {err[:200]}"))
        if "bases" in case and "shape" in case:
            rc, out, err = run(a.cli, ["linear", "--layout", text, "--shape", shape_arg(case["shape"]),
                                       "--json"])
            ok = False
            if rc == 0:
                got = json.loads(out)
                ok = all(got.get(NAMES[k], []) == v for k, v in case["bases"].items())
            results.append(("gluon-bases", ok, f"rc={rc} {err[:200]} got {out[:300]} want {case['bases']}"))
        if "attr" in case:
            rc, out, err = run(a.cli, ["print", "--layout", text])
            results.append(("gluon-attr", rc == 0 and out.strip() == case["attr"],
                            f"rc={rc} {out.strip()!r} want {case['attr']!r} {err[:200]}"))
        if has_gluon_syntax:
            rc, out, err = run(a.cli, ["print", "--layout", text, "--syntax", "gluon-repr"])
            results.append(("gluon-round", rc == 0 and out.strip() == text,
                            f"rc={rc} {out.strip()!r} {err[:200]}"))
        return results

    return check_file(a.file, check, a.show,
                      key=lambda name, case: f"{name} {(case.get('repr') or case.get('layout_repr') or case['expr']).split('(')[0]}", width=40)


if __name__ == "__main__":
    sys.exit(main())
