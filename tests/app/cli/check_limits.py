#!/usr/bin/env python3
"""Every bound of core/util/limits.h, at its largest accepted input and one past it.

  check_limits.py CLI [--markdown]

Each case runs the CLI once on the largest input a limit accepts (it must
succeed) and once on the smallest one it refuses (exit 2 with one `error:`
line naming the field and the bound), and measures CPU time and peak
memory (ru_utime + ru_stime and ru_maxrss of the child, from wait4; wall time
only guards against a hang, as the machine may be busy with other tests). Both must stay within the
bounds stated here and in docs/limits.md; --markdown prints that table.
Sanitizer builds (LS_SANITIZED=1) get 10x the time and 4x the memory.
"""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time

CLI = sys.argv[1]
SAN = os.environ.get("LS_SANITIZED") == "1"
TIME_SCALE, MEM_SCALE = (10, 4) if SAN else (1, 1)
TMP = tempfile.mkdtemp(prefix="ls_limits_")
atexit.register(shutil.rmtree, TMP, ignore_errors=True)


def blocked(rank):
    tpw = [2] * min(rank, 5) + [1] * max(0, rank - 5)
    one = ", ".join(["1"] * rank)
    return ("#ttg.blocked<{sizePerThread = [%s], threadsPerWarp = [%s], warpsPerCTA = [%s], "
            "order = [%s]}>" % (one, ", ".join(map(str, tpw)), one,
                                ", ".join(str(i) for i in reversed(range(rank)))))


B1 = "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
B2 = ("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
      "order = [1, 0]}>")


def linear_bases(n):
    # Values stay below 2^30 (a basis past the 30th repeats 0: a broadcast).
    regs = ", ".join("[%d]" % ((1 << i) if i < 30 else 0) for i in range(n))
    return "#ttg.linear<{register = [%s], lane = [], warp = [], block = []}>" % regs


def slices(depth):
    text = blocked(20)
    for _ in range(depth):
        text = "#ttg.slice<{dim = 0, parent = %s}>" % text
    return text


def nested_list(depth):
    return "#ttg.blocked<{sizePerThread = %s1%s, threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>" % (
        "[" * depth, "]" * depth)


def write(name, text_or_fn):
    path = os.path.join(TMP, name)
    with open(path, "w") as f:
        if callable(text_or_fn):
            text_or_fn(f)
        else:
            f.write(text_or_fn)
    return path


def padded_alias(size):
    # One alias whose attribute text, padded with spaces, is `size` bytes.
    head, tail = "#ttg.blocked<{sizePerThread = [1], ", "threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>"
    return "#a = " + head + " " * (size - len(head) - len(tail)) + tail


def big_file(size):
    # A kernel whose op lines are padded to 128 bytes with trailing blanks:
    # 64 MiB is about 512 Ki ops, within kMaxOps, so the file-size bound is
    # what this case measures. Every line reads (unique names, %x defined).
    def fill(f):
        head = ("#blocked = " + B1 + "\nmodule attributes {\"ttg.num-warps\" = 4 : i32} {\n"
                "  tt.func @k(%x: f32) {\n")
        foot = "    tt.return\n  }\n}\n"
        f.write(head)
        written = len(head) + len(foot)
        i = 0
        lines = []
        while True:
            line = "    %%v%d = tt.splat %%x : f32 -> tensor<128xf32, #blocked>" % i
            line = line + " " * (127 - len(line)) + "\n"
            if written + len(line) > size:
                break
            lines.append(line)
            written += len(line)
            i += 1
            if len(lines) == 4096:
                f.write("".join(lines))
                lines = []
        f.write("".join(lines))
        f.write(" " * (size - written))
        f.write(foot)
    return fill


def many_ops(n):
    # n one-word ops (`a.b`) after the alias: the cheapest text per op.
    def fill(f):
        f.write("#blocked = " + B1 + "\n")
        f.write("a.b\n" * n)
    return fill


def many_values(total):
    # n results in lines of at most kMaxResultsPerOp = 1024 (`%r7:1024 = a.b`).
    def fill(f):
        f.write("#blocked = " + B1 + "\n")
        n = total
        k = 0
        while n > 0:
            m = min(n, 1024)
            f.write("%%r%d:%d = a.b\n" % (k, m))
            n -= m
            k += 1
    return fill


def bad_lines(n):
    # n lines the reader cannot read (a stray `}`), after one good alias.
    def fill(f):
        f.write("#blocked = " + B1 + "\n")
        f.write("}\n" * n)
    return fill


# name, limit text, argv (accepted), argv (one past), rule substring, time bound s, memory bound MiB
CASES = [
    ("rank", "kMaxRank = 20 dims",
     ["linear", "--layout", blocked(20), "--shape", "x".join(["2"] * 20)],
     ["linear", "--layout", blocked(21), "--shape", "x".join(["2"] * 21)],
     "at most 20 dim", 1.0, 64),
    ("dim size", "kMaxDimLog2 = 2^30 per dim",
     ["linear", "--layout", B1, "--shape", str(1 << 30)],
     ["linear", "--layout", B1, "--shape", str(1 << 31)],
     "exceeds 2^30 elements", 1.0, 64),
    ("tensor elements", "kMaxTensorLog2 = 2^40 elements",
     ["linear", "--layout", B2, "--shape", "%dx%d" % (1 << 20, 1 << 20)],
     ["linear", "--layout", B2, "--shape", "%dx%d" % (1 << 20, 1 << 21)],
     "more than 2^40 elements", 1.0, 64),
    ("grid cells", "kMaxGridCells = 2^20 cells",
     ["grid", "--layout", B2, "--shape", "1024x1024"],
     ["grid", "--layout", B2, "--shape", "1024x2048"],
     "at most 1048576", 10.0, 512),
    ("bases per dim", "kMaxBasesPerDim = 30",
     ["linear", "--layout", linear_bases(30), "--shape", str(1 << 30)],
     ["linear", "--layout", linear_bases(31), "--shape", str(1 << 30)],
     "at most 30 bases", 1.0, 64),
    ("slice nesting", "19 slices of a rank-20 parent (rank rule; each slice drops a dim)",
     ["print", "--layout", slices(19)],
     ["print", "--layout", slices(20)],
     "rank", 1.0, 64),
    ("syntax nesting", "kMaxNestingDepth = 64 levels",
     ["print", "--layout", B1],
     ["print", "--layout", nested_list(70)],
     "nesting deeper than 64 levels", 1.0, 64),
    ("layout text", "kMaxLayoutTextBytes = 4 MiB per attribute",
     lambda: ["layouts", "--file", write("text_ok.mlir", padded_alias((4 << 20)) + "\n")],
     lambda: ["layouts", "--file", write("text_big.mlir", padded_alias((4 << 20) + 1) + "\n")],
     "longer than 4194304 characters", 5.0, 256),
    ("file size", "kMaxFileBytes = 64 MiB (512 Ki ops of 128 bytes)",
     lambda: ["layouts", "--file", write("file_ok.mlir", big_file(64 << 20))],
     lambda: ["layouts", "--file", write("file_big.mlir", big_file((64 << 20) + 1))],
     "larger than 64 MiB", 20.0, 1024),
    ("operations", "kMaxOps = 2^20 ops per file",
     lambda: ["layouts", "--file", write("ops_ok.mlir", many_ops(1 << 20))],
     lambda: ["layouts", "--file", write("ops_big.mlir", many_ops((1 << 20) + 1))],
     "more than 1048576 operations", 10.0, 1024),
    ("values", "kMaxValues = 2^21 results per file",
     lambda: ["layouts", "--file", write("values_ok.mlir", many_values(1 << 21))],
     lambda: ["layouts", "--file", write("values_big.mlir", many_values((1 << 21) + 1))],
     "more than 2097152 values", 20.0, 1024),
    ("results of one op", "kMaxResultsPerOp = 1024",
     lambda: ["layouts", "--file", write("res_ok.mlir", "#blocked = " + B1 + "\n%r:1024 = a.b\n")],
     lambda: ["audit", "--file", write("res_big.mlir", "#blocked = " + B1 + "\n%r:1025 = a.b\n")],
     "at most 1024 results", 1.0, 64),
    ("unreadable lines", "kMaxDiagnostics = 1000 lines, then reading stops",
     lambda: ["layouts", "--file", write("bad_ok.mlir", bad_lines(1000))],
     lambda: ["layouts", "--file", write("bad_big.mlir", bad_lines((64 << 20) // 2 - 64))],
     "more than 1000 lines could not be read", 10.0, 512),
]


def run(argv):
    """Exit code, stderr, CPU seconds (user + system: what the input costs, not
    how busy the machine is - CTest runs two tests at once on two cores), peak
    MiB, wall seconds (a hang guard)."""
    start = time.monotonic()
    p = subprocess.Popen([CLI] + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = b""
    # wait4 gives this child's own CPU time and peak memory.
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return (p.returncode, err.decode(errors="replace"), ru.ru_utime + ru.ru_stime,
            ru.ru_maxrss / 1024, time.monotonic() - start)


def main():
    rows, failures = [], 0
    for name, limit, ok_argv, bad_argv, rule, tbound, mbound in CASES:
        ok_argv = ok_argv() if callable(ok_argv) else ok_argv
        bad_argv = bad_argv() if callable(bad_argv) else bad_argv
        rc1, err1, t1, m1, w1 = run(ok_argv)
        rc2, err2, t2, m2, w2 = run(bad_argv)
        tb, mb = tbound * TIME_SCALE, mbound * MEM_SCALE
        problems = []
        if rc1 != 0:
            problems.append("largest accepted input failed (%d): %s" % (rc1, err1.strip()[:200]))
        if rc2 != 2 or not err2.startswith("error: ") or err2.count("\n") != 1 or rule not in err2:
            problems.append("one past the limit: exit %d, stderr %r" % (rc2, err2[:200]))
        for what, t, m, w in (("accepted", t1, m1, w1), ("refused", t2, m2, w2)):
            if t > tb:
                problems.append("%s input took %.2f s of CPU (bound %.1f s)" % (what, t, tb))
            if w > 30 * tb:
                problems.append("%s input took %.2f s of wall time (hang guard %.0f s)" % (what, w, 30 * tb))
            if m > mb:
                problems.append("%s input peaked at %.0f MiB (bound %d MiB)" % (what, m, mb))
        for p in problems:
            print("FAIL %s: %s" % (name, p))
        failures += bool(problems)
        rows.append((name, limit, t1, m1, t2, m2, err2.strip(), tbound, mbound))
        if not problems:
            print("ok   %s: accepted %.2f s %.0f MiB; refused %.2f s %.0f MiB: %s" %
                  (name, t1, m1, t2, m2, err2.strip()[:100]))
    if "--markdown" in sys.argv:
        print("\n| limit | bound | largest accepted: time, peak RSS | one past: time, peak RSS | bound checked |")
        print("|---|---|---|---|---|")
        for name, limit, t1, m1, t2, m2, err, tb, mb in rows:
            print("| %s | %s | %.2f s, %.0f MiB | %.2f s, %.0f MiB | %.0f s, %d MiB |" %
                  (name, limit, t1, m1, t2, m2, tb, mb))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
