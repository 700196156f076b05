#!/usr/bin/env python3
"""The CLI's verdict on Triton's rejection probes against Triton 3.6's (CTest oracle_verify36).

    python3 check_verify.py CLI

Regenerates the cases (gen_cases.py) and runs `audit --file` on each. Where Triton 3.6 rejects the
module, the CLI must exit 2 with one `error:` line, at Triton's line:column when Triton names a place
in the file (parser errors); where Triton accepts it, the CLI must audit it (exit 0). Deliberate
differences, each checked for what the CLI does instead:
  - ops of dialects Triton's Python context does not load (`foo.bar`) and unknown op names of
    Triton's own dialects (a newer Triton may have them): audited, listed in unknown_ops;
  - the func dialect (`func.return`): read, as triton-opt, which runs Triton's lit tests, loads it;
  - files with nothing to audit (empty, only a comment, only a non-layout alias): exit 2 "not MLIR text";
  - a target string with no machine in it (`cuda:abc`): exit 2 naming ttg.target (the audit's
    figures need a machine; --target gives one).
"""
import atexit, json, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
cli = sys.argv[1]
tmp = tempfile.mkdtemp()
atexit.register(shutil.rmtree, tmp, ignore_errors=True)
subprocess.run([sys.executable, os.path.join(HERE, "gen_cases.py"), tmp], check=True, capture_output=True)
LISTED = {"custom_unknown_dialect": "foo.bar", "generic_unknown_dialect": "foo.bar",
          "opname_ttg": "ttg.convert_layuot", "opname_tt": "tt.lod",
          "s20_unk3": "tt.expand_di", "s20_unk_later_ok": "tt.expnd_dims"}
FUNC = {"func_return"}  # the func dialect: triton-opt (Triton's lit tests) loads it
NOTHING = {"empty", "comment_only", "alias_only"}
bad, counts = [], {"reject": 0, "accept": 0, "deliberate": 0}
for line in open(os.path.join(HERE, "triton_verdicts.jsonl")):
    r = json.loads(line)
    case, path = r["case"], os.path.join(tmp, r["case"] + ".ttgir")
    p = subprocess.run([cli, "audit", "--file", path, "--json"], capture_output=True, text=True, timeout=60)
    err = p.stderr.strip().splitlines()
    if case in LISTED:
        counts["deliberate"] += 1
        ok = p.returncode == 0 and any(u.get("op") == LISTED[case]
                                       for u in json.loads(p.stdout).get("unknown_ops", []))
        if not ok:
            bad.append(f"{case}: expected {LISTED[case]} listed in unknown_ops (rc {p.returncode}: {err[:1]})")
        continue
    if case in FUNC:
        counts["deliberate"] += 1
        if p.returncode != 0:
            bad.append(f"{case}: the func dialect's ops are read; the CLI says {err[:1]}")
        continue
    if case in NOTHING:
        counts["deliberate"] += 1
        want = "is not MLIR text"
        if p.returncode != 2 or len(err) != 1 or want not in err[0]:
            bad.append(f"{case}: expected one error line with '{want}' (rc {p.returncode}: {err[:2]})")
        continue
    if case == "target_bogus":  # audited (Triton reads it), with the stand-in machine said
        if p.returncode != 0 or "names no machine this tool knows" not in p.stderr:
            bad.append(f"{case}: expected the audit with a warning on ttg.target (rc {p.returncode}: {p.stderr[:200]})")
    if r["accepted"]:
        counts["accept"] += 1
        if p.returncode != 0:
            bad.append(f"{case}: Triton accepts it, the CLI says {err[:1]}")
        continue
    counts["reject"] += 1
    if p.returncode != 2 or len(err) != 1 or not err[0].startswith("error:"):
        bad.append(f"{case}: Triton rejects it ({r['diagnostic'][:120]}); CLI rc {p.returncode}, {err[:2]}")
        continue
    m = re.search(r'\.ttgir":(\d+):(\d+)\)', r["diagnostic"])
    if m and f"{case}.ttgir:{m.group(1)}:{m.group(2)}:" not in err[0]:
        bad.append(f"{case}: Triton says line {m.group(1)} column {m.group(2)}; the CLI: {err[0][:200]}")
    if "invalid layout" in r["diagnostic"] and "invalid layout" not in err[0] and "num-warps" not in err[0]:
        bad.append(f"{case}: Triton finds an invalid layout; the CLI: {err[0][:200]}")
print(f"{sum(counts.values())} cases: Triton rejects {counts['reject']}, accepts {counts['accept']}, "
      f"{counts['deliberate']} deliberate differences; {len(bad)} disagree")
for b in bad:
    print("DISAGREE", b)
sys.exit(1 if bad else 0)
