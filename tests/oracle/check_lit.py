#!/usr/bin/env python3
"""Triton 3.6's lit-test layout strings, read by the CLI as Triton 3.6 read them.

    python3 check_lit.py CLI tests/data/lit36 [--verbose] [--max-fail N]

tests/data/lit36/strings.jsonl holds every distinct layout string (alias definition or type) of Triton's
lit tests (extract_lit.py, with FILE:LINE and commit); lit36_oracle.jsonl is Triton 3.6's reading of
each (tests/gpu/lit/gen_lit_oracle.py, made on the GPU machine). Each string goes, in the same tiny
module Triton parsed (its aliases and module attributes), through `print --file M --layout X` and, for
tensor types Triton gave bases for, `linear --file M --layout X --json`:
  accepted by Triton  => exit 0, the attribute text equal to Triton's canonical text byte for byte,
                         and the bases equal to Triton's to_linear_layout;
  rejected by Triton  => exit 2 and exactly one line on stderr, starting with `error:`.
Prints each failure and a summary line; exits 1 on any failure.
"""
import json, os, re, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "gpu", "lit"))
from gen_lit_oracle import module_text  # noqa: E402


def encoding_of(ty):
    """The layout attribute inside a canonical type text."""
    if ty.startswith("!tt.tensordesc<"):
        ty = ty[len("!tt.tensordesc<"):-1]
    i = ty.index("<") + 1
    depth, start = 0, None
    for j in range(i, len(ty)):
        c = ty[j]
        if c in "<[{(":
            depth += 1
        elif c in ">]})" and not (c == ">" and ty[j - 1] == "-"):
            if depth == 0:
                return ty[start:j].strip() if start is not None else None
            depth -= 1
        elif c == "," and depth == 0:
            if start is None:
                start = j + 1
            else:
                return ty[start:j].strip()
    return None


def check(args):
    cli, rec, ora, tmp = args
    path = os.path.join(tmp, f"m{rec['id']}.mlir")
    with open(path, "w") as f:
        f.write(module_text(rec))
    what = "#ls_probe" if rec["kind"] == "attr" else rec["text"]
    p = subprocess.run([cli, "print", "--file", path, "--layout", what], capture_output=True, text=True)
    lines = [l for l in p.stderr.splitlines() if l.strip()]
    if rec["where"].startswith("forms:main_"):
        # Triton main's spellings: Triton 3.6 rejects or misreads them; ours reads them with main's
        # meaning and says so (a warning naming Triton 3.6), or refuses with one error line that
        # says the layout has no Triton 3.6 spelling.
        warned = p.returncode == 0 and any(l.startswith("warning:") and "Triton 3.6" in l for l in lines)
        # (or a rule Triton main also has: a generic_linear layout must be surjective)
        refused = (p.returncode == 2 and len(lines) == 1 and lines[0].startswith("error:")
                   and ("no Triton 3.6 spelling" in lines[0] or "surjective" in lines[0]))
        return ("main-ok", None) if warned or refused else \
            ("main-FAIL", f"Triton main form: ours rc {p.returncode} {p.stdout[:120]!r} {p.stderr[:200]!r}")
    if not ora["accepted"]:
        if p.returncode == 2 and len(lines) == 1 and lines[0].startswith("error:"):
            return "rejected-ok", None
        return "rejected-FAIL", f"Triton rejects ({ora['error'][:160]}); ours: rc {p.returncode} {p.stdout[:120]!r} {p.stderr[:160]!r}"
    if p.returncode != 0:
        return "accepted-FAIL", f"Triton accepts; ours: rc {p.returncode}: {p.stderr.strip()[:220]}"
    want = ora["canonical"] if rec["kind"] == "attr" else encoding_of(ora["canonical"])
    got = p.stdout.strip()
    if got != want:
        return "text-FAIL", f"text differs:\n    ours   {got}\n    Triton {want}"
    if "bases" in ora:
        q = subprocess.run([cli, "linear", "--file", path, "--layout", what, "--json"], capture_output=True, text=True)
        if q.returncode != 0:
            return "bases-FAIL", f"linear failed: {q.stderr.strip()[:200]}"
        ours = json.loads(q.stdout)
        for k in ("register", "lane", "warp", "block"):
            if ours.get(k, []) != ora["bases"][k]:
                return "bases-FAIL", f"{k} bases differ: ours {ours.get(k)} Triton {ora['bases'][k]}"
        return "bases-ok", None
    return "text-ok", None


def main():
    cli, data = sys.argv[1], sys.argv[2]
    verbose = "--verbose" in sys.argv
    strings = {}
    for name in ("strings.jsonl", "forms.jsonl"):  # lit-test strings, and the hand-written forms
        if os.path.exists(os.path.join(data, name)):
            for l in open(os.path.join(data, name)):
                r = json.loads(l)
                strings[r["id"]] = r
    oracle = [json.loads(l) for l in open(os.path.join(data, "lit36_oracle.jsonl"))]
    crashed = [o for o in oracle if o.get("crash")]
    # Triton leaves these fields unset when missing (an undefined value it prints back): no byte to match
    undefined = [o for o in oracle if o.get("accepted") and re.search(
        r"#ttg\.nvmma_shared<\{[^}]*\}>", strings[o["id"]]["text"] + " ".join(strings[o["id"]]["defs"])) and
        any("nvmma_shared" in t and "elementBitWidth" not in t
            for t in re.findall(r"#ttg\.nvmma_shared<\{[^}]*\}>",
                                strings[o["id"]]["text"] + " ".join(strings[o["id"]]["defs"])))]
    skip = {o["id"] for o in crashed + undefined}
    oracle = [o for o in oracle if o["id"] not in skip and o.get("accepted") is not None]
    tmp = tempfile.mkdtemp()
    try:
        with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
            results = list(ex.map(check, [(cli, strings[o["id"]], o, tmp) for o in oracle]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    counts = {}
    fails = 0
    for o, (kind, msg) in zip(oracle, results):
        counts[kind] = counts.get(kind, 0) + 1
        if msg:
            fails += 1
            if verbose or fails <= 60:
                s = strings[o["id"]]
                print(f"FAIL [{kind}] {s['where']} {s['text'][:200]}\n  {msg}")
    main_forms = [o for o in oracle if strings[o["id"]]["where"].startswith("forms:main_")]
    rest = [o for o in oracle if o not in main_forms]
    acc = sum(1 for o in rest if o["accepted"])
    ok_acc = counts.get("text-ok", 0) + counts.get("bases-ok", 0)
    print(f"skipped: {len(crashed)} that crash Triton's binding, {len(undefined)} where Triton prints an "
          f"unset field (nvmma_shared without elementBitWidth)")
    print(f"{len(rest)} strings: Triton accepts {acc}, rejects {len(rest) - acc}; ours: {ok_acc}/{acc} accepted "
          f"match (text; {counts.get('bases-ok', 0)} also bases), {counts.get('rejected-ok', 0)}/{len(rest) - acc} "
          f"rejected with one error line; Triton main forms {counts.get('main-ok', 0)}/{len(main_forms)} read "
          f"or refused as main's; {fails} failures {sorted((k, v) for k, v in counts.items() if 'FAIL' in k)}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
