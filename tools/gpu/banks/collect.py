#!/usr/bin/env python3
"""Turns ncu's CSV output (ncu_raw.txt from run.sh) into one row per kernel.

usage: collect.py ncu_raw.txt > banks_h100.csv
Each case's binary launches store<1>, store<3>, load<1>, load<3> in that
order (ncu IDs 0..3); the columns are case, kernel and one column per metric
(its .sum value, thousands separators removed).
"""
import csv
import io
import sys

KERNELS = ["store1", "store3", "load1", "load3"]


def parse_case(lines):
    rows = [l for l in lines if l.startswith('"')]
    if not rows:
        return {}
    values = {}
    reader = csv.reader(io.StringIO("".join(rows)))
    header = None
    for rec in reader:
        if "Metric Name" in rec:
            header = rec
            continue
        if not header or len(rec) != len(header):
            continue
        r = dict(zip(header, rec))
        try:
            kid = int(r["ID"])
        except (KeyError, ValueError):
            continue
        v = r.get("Metric Value", "").replace(",", "")
        try:
            v = int(float(v))
        except ValueError:
            continue
        values.setdefault(kid, {})[r["Metric Name"]] = v
    return values


def main():
    cases, current = [], None
    for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
        if line.startswith("### case "):
            current = (line.split()[2], [])
            cases.append(current)
        elif current:
            current[1].append(line)
    parsed = [(cid, parse_case(lines)) for cid, lines in cases]
    metrics = sorted({m for _, v in parsed for k in v.values() for m in k})
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["case", "kernel"] + metrics)
    for cid, v in parsed:
        for kid, name in enumerate(KERNELS):
            if kid in v:
                out.writerow([cid, name] + [v[kid].get(m, "") for m in metrics])


if __name__ == "__main__":
    main()
