#!/usr/bin/env python3
"""The layers of docs/architecture.md, checked on the includes.

    python3 tests/core/check_layers.py SOURCE_DIR

Every #include "x/..." in core/<module>/ must name a module at or below <module> in LAYERS; core
never includes Qt; widgets/ never includes app/; app/cli never includes widgets/ or Qt widgets.
Within core/analysis the feature folders are ordered too (ANALYSIS). Prints each violation as
file:line and exits 1 if there is any.
"""
import os, re, sys

LAYERS = ["util", "f2", "layout", "encodings", "notation", "ir", "analysis", "report", "audit", "codegen"]
# What each module may include besides itself (transitively below it).
ALLOWED = {
    "util": set(),
    "f2": {"util"},
    "layout": {"util", "f2"},
    "encodings": {"util", "f2", "layout"},
    "notation": {"util", "f2", "layout", "encodings"},
    "ir": {"util", "f2", "layout", "encodings", "notation"},
    "analysis": {"util", "f2", "layout", "encodings", "notation"},
    "report": {"util", "f2", "layout", "encodings", "notation", "analysis"},
    "audit": {"util", "f2", "layout", "encodings", "notation", "ir", "analysis", "report"},
    "codegen": {"util", "f2", "layout", "encodings", "notation", "analysis", "report"},
}
# analysis/<feature> may include analysis/<lower feature>.
ANALYSIS = {
    "ownership": set(),
    "banks": {"ownership"},
    "swizzle": {"ownership", "banks"},
    "convert": {"ownership", "banks", "swizzle"},
    "global": {"ownership"},
    "tmem": {"ownership", "banks", "swizzle"},
    "mma": {"ownership", "banks", "swizzle", "tmem"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')


def main():
    root = sys.argv[1]
    bad = []
    for top in ("core", "widgets", "app"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if not f.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, root)
                parts = rel.split(os.sep)
                for n, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    inc = m.group(1)
                    head = inc.split("/")[0]
                    where = f"{rel}:{n}: includes {inc}"
                    if top == "core":
                        mod = parts[1]
                        if inc.startswith("Q") or inc.startswith("qt"):
                            bad.append(where + " (core has no Qt)")
                        elif "/" in inc and head in LAYERS and head != mod and head not in ALLOWED.get(mod, set()):
                            bad.append(where + f" ({head} is not below {mod})")
                        elif mod == "analysis" and head == "analysis" and len(parts) > 3:
                            feat, other = parts[2], inc.split("/")[1]
                            if other != feat and other not in ANALYSIS.get(feat, set()):
                                bad.append(where + f" (analysis/{other} is not below analysis/{feat})")
                    elif top == "widgets" and (inc.startswith("app/") or head in ("cli", "gui")):
                        bad.append(where + " (widgets never include app/)")
                    elif top == "app" and parts[1] == "cli" and (inc.startswith("QtWidgets") or inc.startswith("QWidget")
                                                                  or head in ("grid", "banks", "convert", "forms",
                                                                              "export", "tmem", "kernel", "common")):
                        bad.append(where + " (the CLI links only the engine)")
    for b in bad:
        print(b)
    print(f"{len(bad)} layer violations")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
