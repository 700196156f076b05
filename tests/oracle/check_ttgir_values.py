#!/usr/bin/env python3
"""Every tensor type of the real TTGIR corpus, read by the CLI, has Triton 3.6's own bases.

    python3 check_ttgir_values.py CLI tests/data/ttgir36/triton_reading.jsonl

triton_reading.jsonl (tests/data/ttgir36/README.md) holds, per file Triton 3.6 wrote, every distinct
tensor type with the bases Triton's to_linear_layout gives for it. Each type goes through
`linear --layout TYPE --json`; register/lane/warp/block must equal Triton's reg/lane/warp/block.
Prints a line per mismatch and 'N passed, M failed'; exits 1 on any failure.
"""
import json, subprocess, sys


def main():
    cli, path = sys.argv[1], sys.argv[2]
    passed = failed = 0
    for line in open(path):
        rec = json.loads(line)
        for ty, v in rec.get("values", {}).items():
            if "bases" not in v:
                continue  # Triton itself gave no bases
            p = subprocess.run([cli, "linear", "--layout", ty, "--json"], capture_output=True, text=True)
            ok = p.returncode == 0
            if ok:
                ours = json.loads(p.stdout)
                ok = all(ours.get(k2, []) == v["bases"].get(k1, [])
                         for k1, k2 in (("reg", "register"), ("lane", "lane"), ("warp", "warp"), ("block", "block")))
            if ok:
                passed += 1
            else:
                failed += 1
                print(f"FAIL {rec['file']}: {ty[:160]}: {p.stderr.strip()[:200] or 'bases differ'}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
