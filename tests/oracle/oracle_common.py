"""What the oracle checkers share: running the CLI, shape arguments, and the
loop over a JSON-lines file of reference cases with its per-check report."""
import json
import subprocess
from collections import Counter


def run(cli, args):
    p = subprocess.run([cli] + args, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def shape_arg(shape):
    return "x".join(str(s) for s in shape)


def check_file(path, check, show, key=lambda name, case: name, describe=lambda case: "",
               width=18):
    """Runs check(case) -> [(name, ok, detail)] on every case of the file, prints the first
    `show` failures (with describe(case)) and a count per key(name, case), and returns the
    exit status: 1 if anything failed or nothing was checked, else 0."""
    passed, failed, shown = Counter(), Counter(), 0
    for line in open(path):
        if not line.strip():
            continue
        case = json.loads(line)
        for name, ok, detail in check(case):
            k = key(name, case)
            if ok:
                passed[k] += 1
            else:
                failed[k] += 1
                if shown < show:
                    shown += 1
                    print(f"FAIL {case.get('id')} [{name}] {describe(case)}\n     {detail}")
    for k in sorted(set(passed) | set(failed)):
        print(f"  {k:{width}s} {passed[k]:5d} passed {failed[k]:5d} failed")
    total_p, total_f = sum(passed.values()), sum(failed.values())
    print(f"cases: {total_p} passed, {total_f} failed")
    if total_p == 0:
        print("no case was checked")
        return 1
    return 1 if total_f else 0
