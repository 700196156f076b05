#!/usr/bin/env python3
"""`layout-studio-cli export`: the command-line contract (docs/export.md).

usage: check_export_cli.py CLI CASES.jsonl

Every format of every export case succeeds; -o writes exactly what stdout
would show, atomically; bad input exits 2 with one `error:` line naming the
flag and leaves no file behind.  Prints one line per check and
`N passed, N failed`; exits 1 on any failure.
"""
import json
import os
import subprocess
import sys
import tempfile

FORMATS = ["mlir", "mlir-module", "cpp", "gluon", "gluon-probe", "descriptor", "cuda", "hip"]
BLOCKED = ("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
           "order = [1, 0]}>")
SWIZZLED = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"


class Checker:
    def __init__(self, cli):
        self.cli = cli
        self.passed = 0
        self.failed = 0

    def run(self, *args):
        return subprocess.run([self.cli, "export", *args], capture_output=True, text=True)

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL {what}: {detail}")

    def error(self, what, args, flag):
        p = self.run(*args)
        lines = p.stderr.splitlines()
        self.check(p.returncode == 2 and p.stdout == "" and len(lines) == 1 and
                   lines[0].startswith("error: " + flag), what,
                   f"exit {p.returncode}, stderr {p.stderr!r}")


def main():
    cli, cases_path = sys.argv[1:3]
    c = Checker(cli)
    cases = [json.loads(l) for l in open(cases_path) if l.strip()]
    for case in cases:
        for fmt in FORMATS:
            p = c.run("--layout", case["layout"], "--shape", case["shape"], "--dtype",
                      case["dtype"], "--format", fmt)
            shared = "shared" in case["layout"].split("<")[0]
            if fmt in ("cuda", "hip") and shared and p.returncode != 0:
                # A shared layout has a cuda kernel only where wgmma reads it (nvmma_shared,
                # 16-bit, rank 2); otherwise one error line, and gluon-probe checks it.
                lines = p.stderr.splitlines()
                c.check(p.returncode == 2 and p.stdout == "" and len(lines) == 1 and
                        lines[0].startswith("error: ") and
                        not (fmt == "cuda" and case["name"] == "nvmma_shared"),
                        f"{case['name']} {fmt} refused cleanly", p.stderr.strip())
                continue
            c.check(p.returncode == 0 and len(p.stdout) > 0 and p.stderr == "",
                    f"{case['name']} {fmt}", p.stderr.strip())

    with tempfile.TemporaryDirectory() as tmp:
        for fmt in FORMATS:
            path = os.path.join(tmp, "out." + fmt)
            shown = c.run("--layout", BLOCKED, "--shape", "64x64", "--format", fmt).stdout
            p = c.run("--layout", BLOCKED, "--shape", "64x64", "--format", fmt, "-o", path)
            written = open(path).read() if os.path.exists(path) else None
            c.check(p.returncode == 0 and p.stdout == "" and written == shown,
                    f"-o writes what stdout shows ({fmt})")
            c.check(not os.path.exists(path + ".tmp"), f"-o leaves no temporary file ({fmt})")
        # A failing export leaves an existing file as it was.
        keep = os.path.join(tmp, "keep.cu")
        with open(keep, "w") as f:
            f.write("previous\n")
        p = c.run("--layout", BLOCKED, "--shape", "8192x4096", "--format", "cuda", "-o", keep)
        c.check(p.returncode == 2 and open(keep).read() == "previous\n",
                "a failed export does not touch -o")
        missing = os.path.join(tmp, "missing.cu")
        c.run("--layout", BLOCKED, "--shape", "8192x4096", "--format", "cuda", "-o", missing)
        c.check(not os.path.exists(missing), "a failed export creates no file")
        bad_dir = os.path.join(tmp, "no", "such", "dir", "x.cu")
        c.error("-o into a missing directory", ["--layout", BLOCKED, "--shape", "64x64",
                                                "--format", "cuda", "-o", bad_dir], "-o")

    p = c.run("--layout", BLOCKED, "--shape", "64x64", "--format", "mlir", "--syntax", "legacy")
    c.check(p.stdout.startswith("#triton_gpu.blocked<{"), "--syntax legacy", p.stdout)
    p = c.run("--layout", SWIZZLED, "--shape", "64x64", "--format", "mlir-module", "--target",
              "hip:gfx942", "--num-warps", "8")
    c.check('"ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64'
            in p.stdout, "--target and --num-warps reach the module", p.stderr)
    # The one --target vocabulary: sm90 and gfx942 as cuda:90 and hip:gfx942.
    p = c.run("--layout", SWIZZLED, "--shape", "64x64", "--format", "mlir-module", "--target",
              "gfx942", "--num-warps", "8")
    c.check('ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64' in p.stdout,
            "--target gfx942 is hip:gfx942", p.stderr)
    p = c.run("--layout", BLOCKED, "--shape", "64x64", "--format", "mlir-module", "--target", "sm90")
    c.check('ttg.target = "cuda:90"' in p.stdout, "--target sm90 is cuda:90", p.stderr)
    p = c.run("--layout", "tensor<64x64xf16, " + BLOCKED + ">", "--format", "descriptor")
    c.check(p.returncode == 0 and json.loads(p.stdout)["shape"] == [64, 64],
            "shape and dtype from a tensor type")
    p = c.run("--layout", SWIZZLED, "--shape", "64x64", "--format", "descriptor", "--dtype", "f32")
    d = json.loads(p.stdout)
    c.check(d["shared_memory_bytes"] == 16384 and d["element"]["bits"] == 32,
            "--dtype sets the element", p.stdout[:200])

    c.error("unknown format", ["--layout", BLOCKED, "--shape", "64x64", "--format", "ptx"],
            "--format")
    c.error("missing format", ["--layout", BLOCKED, "--shape", "64x64"], "--format")
    c.error("bad syntax", ["--layout", BLOCKED, "--shape", "64x64", "--format", "mlir",
                           "--syntax", "2.0"], "--syntax")
    c.error("bad target", ["--layout", BLOCKED, "--shape", "64x64", "--format", "cuda",
                           "--target", "sm_90"], "--target")
    c.error("num-warps not a power of two", ["--layout", SWIZZLED, "--shape", "64x64", "--format",
                                            "cuda", "--num-warps", "3"], "--num-warps")
    c.error("unknown kernel", ["--layout", BLOCKED, "--shape", "64x64", "--format", "cuda",
                               "--kernel", "ldmatrix2"], "--kernel")
    c.error("no mma kernel for blocked", ["--layout", BLOCKED, "--shape", "64x64", "--format",
                                          "cuda", "--kernel", "mma"], "--kernel")
    c.error("num-warps against the layout", ["--layout", BLOCKED, "--shape", "64x64", "--format",
                                             "cuda", "--num-warps", "8"], "--num-warps")
    c.error("shape too large for a kernel", ["--layout", BLOCKED, "--shape", "8192x4096",
                                             "--format", "hip"], "--shape")
    c.error("bad layout", ["--layout", "#ttg.blocked<{sizePerThread = [3]}>", "--shape", "64",
                           "--format", "cuda"], "")
    c.error("rank mismatch", ["--layout", BLOCKED, "--shape", "64", "--format", "gluon"], "")
    print(f"{c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
