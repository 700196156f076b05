#!/usr/bin/env python3
"""Runs `layout-studio-cli grid` (tensor and hardware views) on tensor types whose
getLayoutStr output was captured from Triton 3.6 and compares byte for byte.
Types Triton rejected must be rejected (exit 2, one error line).
usage: check_grids.py CLI data/triton36_grids.jsonl"""
import json
import subprocess
import sys


def main():
    cli, path = sys.argv[1], sys.argv[2]
    passed = failed = 0
    for line in open(path):
        case = json.loads(line)
        views = [] if "error" in case else [(False, case["tensor_view"]), (True, case["hw_view"])]
        if not views:
            p = subprocess.run([cli, "grid", "--layout", case["type"]], capture_output=True, text=True)
            if "padded_shared" in case["type"]:
                # Triton 3.6 aborts here; Layout Studio shows the unpadded linear component.
                ok = p.returncode == 0 and p.stdout.startswith("[")
            else:
                ok = p.returncode == 2 and p.stderr.startswith("error: ")
            passed += ok
            failed += not ok
            if not ok:
                print("FAIL (should be rejected)", case["type"][:160], p.returncode)
            continue
        for hw, want in views:
            p = subprocess.run([cli, "grid", "--layout", case["type"]] + (["--hw-view"] if hw else []),
                               capture_output=True, text=True)
            if p.returncode == 0 and p.stdout == want:
                passed += 1
            else:
                failed += 1
                print("FAIL", "hw" if hw else "tensor", case["type"][:160], p.stderr[:200])
    print(f"grids: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
