#!/usr/bin/env python3
"""The mutation proof of the gluon-probe export (issue 15), on a GPU machine with Triton >= 3.6.

For every case of mutation_cases.jsonl (next to this file):

  1. `layout-studio-cli export --format gluon-probe` writes the probe;
  2. the probe is checked for exactly one top-level `LAYOUT = ...` and one `EXPECTED = ...`;
  3. it runs as exported: it must print PASS and exit 0;
  4. it runs twice more with EXPECTED corrupted in one place, each time it must print FAIL and
     exit 1:
       swap   two entries of EXPECTED that differ (distributed: the owner lists of element 0 and of
              the first element whose owners are disjoint from element 0's; shared: the elements of
              the first two slots that hold different elements);
       change one element's owner (distributed: the middle element gets an owner that is not among
              its owners) / one slot's element (shared: the middle slot gets the next element).

Every probe runs in its own subprocess with a timeout, --jobs at a time (one GPU). Writes, under
--out: rows.jsonl (the row format of /work/notes/mutation-rows.md, one row per case), and, with
the rows of any --merge files (tests/gpu/mutation_cuda.py's), mutation_table.md and
mutation_log.txt.

usage: mutation.py --cli CLI --out DIR [--cases FILE] [--jobs 16] [--timeout 150] [--merge ROWS...]
       mutation.py --compose --out DIR ROWS.jsonl...      (only rebuild the table from rows)
"""
import argparse
import ast
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


# --------------------------------------------------------------------------
# The probe's text: its one LAYOUT and one EXPECTED.
# --------------------------------------------------------------------------

def top_level(text, name):
    """The (start, end) character spans of the top-level assignments to `name`."""
    tree = ast.parse(text)
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    spans = []
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            v = node.value
            spans.append((starts[v.lineno - 1] + v.col_offset, starts[v.end_lineno - 1] + v.end_col_offset))
    return spans


def python_list(values):
    """EXPECTED as the exporter writes it: one literal, several items a line."""
    per = 8 if values and isinstance(values[0], list) else 16
    lines = []
    for i in range(0, len(values), per):
        lines.append("    " + " ".join(repr(v) + "," for v in values[i:i + per]))
    return "[\n" + "\n".join(lines) + "\n]"


def mutate(text, how):
    """The probe with EXPECTED corrupted in one place, and a short description."""
    (start, end), = top_level(text, "EXPECTED")
    exp = ast.literal_eval(text[start:end])
    exp = list(exp)
    distributed = bool(exp) and isinstance(exp[0], list)
    if distributed:
        if how == "swap":
            a = 0
            b = next((e for e in range(1, len(exp)) if not set(exp[e]) & set(exp[a])), None)
            if b is None:
                raise ValueError("every element shares an owner with element 0; nothing to swap")
            exp[a], exp[b] = exp[b], exp[a]
            what = f"EXPECTED[{a}] <-> EXPECTED[{b}] (owners {exp[b][:3]} <-> {exp[a][:3]})"
        else:
            e = len(exp) // 2
            everyone = sorted({o for x in exp for o in x} | {0})
            other = next((o for o in range(max(everyone) + 2) if o not in exp[e]))
            what = f"EXPECTED[{e}]: owners {exp[e][:3]} -> [{other}]"
            exp[e] = [other]
    else:
        valid = [i for i, v in enumerate(exp) if v >= 0]
        if how == "swap":
            a = valid[0]
            b = next(i for i in valid[1:] if exp[i] != exp[a])
            exp[a], exp[b] = exp[b], exp[a]
            what = f"EXPECTED[{a}] <-> EXPECTED[{b}] (elements {exp[b]} <-> {exp[a]})"
        else:
            s = valid[len(valid) // 2]
            n = max(exp) + 1
            new = (exp[s] + 1) % n
            what = f"EXPECTED[{s}]: element {exp[s]} -> {new}"
            exp[s] = new
    return text[:start] + python_list(exp) + text[end:], what


# --------------------------------------------------------------------------
# Running.
# --------------------------------------------------------------------------

def kind_of(layout):
    """A readable kind: the mnemonic, with the parent / version / swizzle that matter."""
    def mn(t):
        return t.split("<", 1)[0].replace("#ttg.", "").replace("#ttng.", "")
    k = mn(layout)
    if k in ("slice", "dot_op"):
        parent = layout.split("parent = ", 1)[1]
        p = mn(parent)
        if p == "nvidia_mma":
            p += " v" + parent.split("versionMajor = ", 1)[1][0]
        return f"{k} ({p})"
    if k == "nvidia_mma":
        return "nvidia_mma v" + layout.split("versionMajor = ", 1)[1][0]
    if k == "nvmma_shared":
        sw = layout.split("swizzlingByteWidth = ", 1)[1].split(",")[0]
        t = "transposed" if "transposed = true" in layout else "not transposed"
        return f"nvmma_shared {sw}B {t}"
    return k


def run_probe(path, timeout):
    t0 = time.time()
    try:
        p = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=timeout)
        out = (p.stdout + p.stderr).strip()
        if p.returncode == 0 and "PASS" in p.stdout:
            res = "PASS"
        elif p.returncode == 1 and "FAIL" in p.stdout:
            res = "FAIL"
        else:
            res = "ERROR"
        lines = p.stdout.splitlines()
        at = next((i for i, l in enumerate(lines) if l.startswith(("PASS", "FAIL", "ERROR"))), None)
        first = lines[at] if at is not None else (out.splitlines()[-1] if out else f"exit {p.returncode}")
        if at is not None and first.endswith("first:") and at + 1 < len(lines):
            first += " " + lines[at + 1].strip()  # the first differing element
        return res, first, out, time.time() - t0
    except subprocess.TimeoutExpired as e:
        return "TIMEOUT", f"timed out after {timeout} s", str(e.stdout or ""), time.time() - t0


def one_case(case, cli, work, timeout):
    row = {"layout": case["layout"], "shape": case["shape"], "dtype": case["dtype"],
           "kind": kind_of(case["layout"]), "format": "gluon-probe", "kernel": None,
           "exported": "ERROR", "corrupted": None, "mutation": None, "detail": "",
           "predicted_sectors": None, "measured_sectors": None, "seconds": 0.0,
           "name": case["name"], "lanes": None}
    log = [f"== {case['name']}: {case['layout']} {case['shape']} {case['dtype']}"]
    path = os.path.join(work, case["name"] + ".py")
    p = subprocess.run([cli, "export", "--layout", case["layout"], "--shape", case["shape"],
                        "--dtype", case["dtype"], "--format", "gluon-probe", "-o", path],
                       capture_output=True, text=True)
    if p.returncode != 0:
        row["detail"] = "export: " + p.stderr.strip()[:200]
        log.append(row["detail"])
        return row, log
    text = open(path).read()
    nl, ne = len(top_level(text, "LAYOUT")), len(top_level(text, "EXPECTED"))
    row["kernel"] = "owner" if 'KIND = "distributed"' in text else "shared-offsets"
    for line in text.splitlines():
        if line.startswith("LANES = "):
            row["lanes"] = int(line.split("=")[1])
    if (nl, ne) != (1, 1):
        row["detail"] = f"{nl} top-level LAYOUT and {ne} EXPECTED assignments (want 1 and 1)"
        log.append(row["detail"])
        return row, log
    res, first, out, secs = run_probe(path, timeout)
    row["exported"], row["seconds"] = res, secs
    log += ["as exported: " + res, out[-3000:]]
    details = [first]
    corrupted, whats = [], []
    for how in ("swap", "change"):
        try:
            bad_text, what = mutate(text, how)
        except (ValueError, StopIteration) as e:
            corrupted.append("ERROR")
            whats.append(f"{how}: {e}")
            continue
        bad = os.path.join(work, f"{case['name']}.{how}.py")
        with open(bad, "w") as f:
            f.write(bad_text)
        r, first_bad, out_bad, s = run_probe(bad, timeout)
        row["seconds"] += s
        corrupted.append(r)
        whats.append(what)
        details.append(f"{how}: {first_bad}")
        log += [f"corrupted ({how}: {what}): {r}", out_bad[-1500:]]
    row["corrupted"] = "FAIL" if all(c == "FAIL" for c in corrupted) else \
        next(c for c in corrupted if c != "FAIL")
    row["mutation"] = "; ".join(whats)
    row["detail"] = " | ".join(d[:300] for d in details)
    row["seconds"] = round(row["seconds"], 2)
    return row, log


# --------------------------------------------------------------------------
# The table.
# --------------------------------------------------------------------------

def good(row):
    sectors_ok = row.get("predicted_sectors") is None or row.get("measured_sectors") is None or \
        row["predicted_sectors"] == row["measured_sectors"]
    return row.get("exported") == "PASS" and row.get("corrupted") == "FAIL" and sectors_ok


def nvidia_runnable(row):
    # A 64-lane layout (CDNA's MFMA) cannot be lowered by Triton's NVIDIA backend: its
    # warps have 32 threads ("Layout has 64 threads per warp, but the module specifies 32").
    # HIP kernels and COMPILE-ONLY rows (tcgen05 without a Blackwell GPU) do not run here.
    return row.get("lanes") in (None, 32) and row.get("exported") != "COMPILE-ONLY" and \
        row.get("format") != "hip"


def cell(v, ok):
    text = "—" if v is None else str(v)
    return text if ok else f"**{text}**"


def compose(rows, out_dir, header):
    def esc(s):
        return str(s).replace("|", "\\|").replace("\n", " ")

    lines = ["# Mutation proof of the exported test kernels (issue 15)", ""]
    lines += header + [""]
    formats = []
    for r in rows:
        if r["format"] not in formats:
            formats.append(r["format"])
    lines += ["| format | layouts run | PASS as exported | FAIL when corrupted | both | sectors agree |",
              "|---|---|---|---|---|---|"]
    for f in formats:
        fr = [r for r in rows if r["format"] == f and nvidia_runnable(r)]
        sec = [r for r in fr if r.get("predicted_sectors") is not None]
        agree = sum(1 for r in sec if r["predicted_sectors"] == r.get("measured_sectors"))
        lines.append(f"| {f} | {len(fr)} | {sum(r['exported'] == 'PASS' for r in fr)}/{len(fr)} | "
                     f"{sum(r['corrupted'] == 'FAIL' for r in fr)}/{len(fr)} | "
                     f"{sum(good(r) for r in fr)}/{len(fr)} | "
                     f"{f'{agree}/{len(sec)}' if sec else '—'} |")
    off = [r for r in rows if not nvidia_runnable(r)]
    lanes64 = [r for r in off if r.get("lanes") == 64]
    if lanes64:
        lines += ["", f"Not counted above: {len(lanes64)} layout(s) with 64-lane warps (AMD CDNA `amd_mfma` "
                  "and its dot operands); Triton 3.6's NVIDIA backend refuses them (\"Layout has 64 threads "
                  "per warp, but the module specifies 32 threads per warp\"), so no NVIDIA GPU can run "
                  "their probe. They are listed at the end."]
    others = [r for r in off if r.get("lanes") != 64]
    if others:
        lines += ["", f"Not counted above either: {len(others)} row(s) that are compiled but not run here "
                  "(format hip: no AMD GPU; COMPILE-ONLY: no Blackwell GPU); listed at the end."]
    lines += ["", "Per kind (NVIDIA-runnable rows):", "", "| format | kind | layouts | good |", "|---|---|---|---|"]
    seen = {}
    for r in rows:
        if nvidia_runnable(r):
            k = (r["format"], r["kind"])
            n, g = seen.get(k, (0, 0))
            seen[k] = (n + 1, g + good(r))
    for (f, k), (n, g) in seen.items():
        lines.append(f"| {f} | {k} | {n} | {g}/{n} |")
    lines += ["", "## Rows", "",
              "| # | case | kind | shape | dtype | format | kernel | as exported | corrupted | "
              "predicted sectors | measured sectors | mutation | detail |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    ordered = [r for r in rows if nvidia_runnable(r)] + off
    for i, r in enumerate(ordered, 1):
        ok = good(r)
        lines.append("| " + " | ".join(esc(x) for x in [
            i, r.get("name", ""), r["kind"], r["shape"], r["dtype"], r["format"], r.get("kernel") or "—",
            cell(r["exported"], r["exported"] == "PASS" or not nvidia_runnable(r)),
            cell(r["corrupted"], r["corrupted"] == "FAIL" or not nvidia_runnable(r)),
            cell(r.get("predicted_sectors"), True), cell(r.get("measured_sectors"), True),
            (r.get("mutation") or "")[:160], (r.get("detail") or "")[:260]]) + " |")
    lines += ["", "Layouts (attribute text of each case):", ""]
    for i, r in enumerate(ordered, 1):
        lines.append(f"{i}. `{r['layout']}`")
    path = os.path.join(out_dir, "mutation_table.md")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def read_rows(paths):
    rows = []
    for p in paths:
        if os.path.exists(p):
            with open(p) as f:
                rows += [json.loads(l) for l in f if l.strip()]
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default="build/bin/layout-studio-cli")
    ap.add_argument("--out", required=True)
    ap.add_argument("--cases", default=os.path.join(HERE, "mutation_cases.jsonl"))
    ap.add_argument("--jobs", type=int, default=16)
    ap.add_argument("--timeout", type=int, default=150)
    ap.add_argument("--merge", nargs="*", default=[])
    ap.add_argument("--compose", action="store_true")
    ap.add_argument("rows", nargs="*")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.compose:
        rows = read_rows(a.rows)
        print(compose(rows, a.out, [f"Composed from {', '.join(os.path.basename(p) for p in a.rows)}."]))
        return 0

    cases = [json.loads(l) for l in open(a.cases) if l.strip()]
    t0 = time.time()
    work = tempfile.mkdtemp(prefix="ls_probe_")
    results = {}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futures = {pool.submit(one_case, c, a.cli, work, a.timeout): c["name"] for c in cases}
        for fut in concurrent.futures.as_completed(futures):
            results[futures[fut]] = fut.result()
    rows = [results[c["name"]][0] for c in cases]
    with open(os.path.join(a.out, "rows.jsonl"), "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    merged = read_rows(a.merge)
    try:
        import triton
        version = triton.__version__
    except Exception:
        version = "?"
    try:
        gpu = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                             capture_output=True, text=True).stdout.strip()
    except Exception:
        gpu = "?"
    run = [r for r in rows if nvidia_runnable(r)]
    header = [f"GPU: {gpu}; Triton {version}; {len(cases)} gluon-probe cases in {time.time() - t0:.0f} s "
              f"({a.jobs} at a time).",
              f"gluon-probe, NVIDIA-runnable layouts: {sum(r['exported'] == 'PASS' for r in run)}/{len(run)} PASS "
              f"as exported, {sum(r['corrupted'] == 'FAIL' for r in run)}/{len(run)} FAIL with EXPECTED "
              "corrupted (each row: both the swap and the change mutation must FAIL).",
              "", "Command (GPU machine, repository root): `OUT=<dir> bash tests/gpu/mutation.sh` "
              "(see tests/gpu/README.md)."]
    compose(rows + merged, a.out, header)
    with open(os.path.join(a.out, "mutation_log.txt"), "w") as f:
        for c in cases:
            f.write("\n".join(results[c["name"]][1]) + "\n\n")
    for line in header[:2]:
        print(line)
    for r in rows:
        if not good(r):
            print(f"  not good: {r['name']} ({r['kind']}): exported {r['exported']}, corrupted "
                  f"{r['corrupted']}: {r['detail'][:300]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
