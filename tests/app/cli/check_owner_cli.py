#!/usr/bin/env python3
"""`owner` and `grid --json`: exact answers on known layouts, both directions agreeing on oracle layouts,
and one `error:` line with exit 2 for every bad question.

    python3 check_owner_cli.py CLI [ORACLE.jsonl]
"""
import json, subprocess, sys

CLI = sys.argv[1]
BLOCKED = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>"
SWIZZLED = "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>"
MMA = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>"
passed = failed = 0


def cli(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True)


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def exact(name, args, expected):
    p = cli(*args)
    check(name, p.returncode == 0 and p.stdout == expected, f"rc={p.returncode}\n{p.stdout}{p.stderr}")


def rejected(name, args, needle):
    p = cli(*args)
    lines = p.stderr.splitlines()
    check(name, p.returncode == 2 and len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0]
          and p.stdout == "", f"rc={p.returncode} stderr={p.stderr!r}")


# Who holds (9, 37): row 9 = lane row bit 1 + register row bit (8), col 37 = lane col 9, register 1.
exact("element", ["owner", "--layout", BLOCKED, "--shape", "16x64", "--element", "9,37"],
      "element (9, 37): 1 owner\n  block 0, warp 0, lane 25, register 5\n")
exact("element json", ["owner", "--layout", BLOCKED, "--shape", "16x64", "--element", "9,37", "--json"],
      '{"element": [9, 37], "owners": [{"block": 0, "warp": 0, "lane": 25, "register": 5}]}\n')
exact("thread", ["owner", "--layout", BLOCKED, "--shape", "16x64", "--thread", "37"],
      "thread 37 (block 0, warp 1, lane 5): 8 registers\n" + "".join(
          f"  register {r}: ({2 + 8 * (r // 4)}, {20 + r % 4})\n" for r in range(8)))
exact("warp lane json", ["owner", "--layout", BLOCKED, "--shape", "8x64", "--warp", "1", "--lane", "5", "--json"],
      '{"thread": 37, "block": 0, "warp": 1, "lane": 5, "elements": [{"register": 0, "element": [2, 20]}, '
      '{"register": 1, "element": [2, 21]}, {"register": 2, "element": [2, 22]}, '
      '{"register": 3, "element": [2, 23]}]}\n')
# Replicas: a 4x4 tensor in a layout covering 8x64 -- element (0, 0) has 32 owners.
p = cli("owner", "--layout", BLOCKED, "--shape", "4x4", "--element", "0,0", "--json")
owners = json.loads(p.stdout)["owners"] if p.returncode == 0 else []
check("replicas", len(owners) == 32 and owners[0] == {"block": 0, "warp": 0, "lane": 0, "register": 0},
      str(owners[:3]))
# mma v2 accumulator: element (8, 1) is c2's row+8 half: lane 0, register 3? PTX: c0,c1 row g, c2,c3 row g+8.
exact("mma accumulator", ["owner", "--layout", MMA, "--shape", "16x8", "--element", "8,1"],
      "element (8, 1): 1 owner\n  block 0, warp 0, lane 0, register 3\n")
# Shared: offset 37 of an 8x32 swizzled tile is row 1, stored chunk 1 ^ phase 1 = chunk 0: element (1, 1).
exact("offset", ["owner", "--layout", SWIZZLED, "--shape", "8x32", "--offset", "37"],
      "block 0, offset 37: element (1, 1)\n")
exact("shared element", ["owner", "--layout", SWIZZLED, "--shape", "8x32", "--element", "1,5"],
      "element (1, 5): 1 owner\n  block 0, offset 33\n")
# grid --json: every element's owners, row-major.
p = cli("grid", "--layout", BLOCKED, "--shape", "8x64", "--json")
g = json.loads(p.stdout) if p.returncode == 0 else {}
check("grid json shape", g.get("shape") == [8, 64] and len(g.get("cells", [])) == 512, str(g.get("shape")))
if g.get("cells"):
    check("grid json cell", g["cells"][9 * 0 + 64 * 1 + 37] == [{"block": 0, "warp": 0, "lane": 25, "register": 1}],
          str(g["cells"][64 + 37]))

for name, args, needle in [
    ("outside", ["owner", "--layout", BLOCKED, "--shape", "8x64", "--element", "8,0"], "--element: coordinate 0 is 8"),
    ("rank", ["owner", "--layout", BLOCKED, "--shape", "8x64", "--element", "1,2,3"], "--element: has 3 coordinates"),
    ("thread beyond", ["owner", "--layout", BLOCKED, "--shape", "8x64", "--thread", "128"], "--thread: 128 is beyond"),
    ("lane beyond", ["owner", "--layout", BLOCKED, "--shape", "8x64", "--warp", "0", "--lane", "32"], "--lane: 32"),
    ("warp alone", ["owner", "--layout", BLOCKED, "--shape", "8x64", "--warp", "0"], "--lane"),
    ("two questions", ["owner", "--layout", BLOCKED, "--shape", "8x64", "--thread", "1", "--element", "0,0"],
     "exactly one"),
    ("none", ["owner", "--layout", BLOCKED, "--shape", "8x64"], "exactly one"),
    ("shared thread", ["owner", "--layout", SWIZZLED, "--shape", "8x32", "--thread", "1"], "no threads"),
    ("offset beyond", ["owner", "--layout", SWIZZLED, "--shape", "8x32", "--offset", "256"], "--offset: 256"),
    ("block beyond", ["owner", "--layout", BLOCKED, "--shape", "8x64", "--thread", "1", "--block", "1"], "--block"),
    ("junk element", ["owner", "--layout", BLOCKED, "--shape", "8x64", "--element", "a,b"], "--element"),
]:
    rejected(name, args, needle)

# Both directions agree: on oracle layouts, every element a thread holds lists that thread among its owners.
if len(sys.argv) > 2:
    n = 0
    for line in open(sys.argv[2]):
        r = json.loads(line)
        if r.get("kind") in (None, "banks") or not r.get("ok") or len(r["bases"]["block"]) or n >= 40:
            continue
        shape = "x".join(map(str, r["shape"]))
        if len(r["shape"]) > 3:
            continue
        n += 1
        p = cli("owner", "--layout", r["attr"], "--shape", shape, "--thread", "1", "--json")
        if p.returncode != 0:
            check(f"thread {r['id']}", False, p.stderr)
            continue
        held = json.loads(p.stdout)
        for item in held["elements"][:4]:
            q = cli("owner", "--layout", r["attr"], "--shape", shape, "--element",
                    ",".join(map(str, item["element"])), "--json")
            own = json.loads(q.stdout)["owners"] if q.returncode == 0 else []
            me = {"block": 0, "warp": held["warp"], "lane": held["lane"], "register": item["register"]}
            check(f"both ways {r['id']}", me in own, f"{me} not in {own[:4]}")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
