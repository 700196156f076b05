#!/usr/bin/env python3
"""Extract the layout strings of Triton's lit tests (short facts, with provenance) for the lit oracle.

    python3 extract_lit.py GIT_DIR COMMIT OUT_DIR [--sections SECTIONS.jsonl]

Reads, at COMMIT of a Triton git directory, test/TritonGPU/**/*.mlir, test/Conversion/**/*.mlir (split
at `// -----` as lit's -split-input-file does) and the MLIR strings of python/test/gluon/test_frontend.py.
Per section it finds the alias definitions (`#name = <attr>`, also spanning lines or two on one line) and
every type carrying a layout (`tensor<..., #..>`, `!ttg.memdesc<...>`, `!tt.tensordesc<tensor<...>>`), and
writes OUT_DIR/strings.jsonl, one distinct string a line:
  {"id", "kind": "type"|"attr", "text", "defs": ["#a = ...", ...] (the aliases it needs, in order),
   "module": {"ttg.num-warps": 4, ...} (its section's module attributes), "where": "FILE:LINE", "uses"}
and OUT_DIR/PROVENANCE.md. With --sections it also writes each whole section (not committed: Triton's
text) for the device run and the local module-reader count.
"""
import json, os, re, subprocess, sys

OPEN = {"<": ">", "{": "}", "[": "]", "(": ")"}
CLOSE = {v: k for k, v in OPEN.items()}


def balanced(text, i):
    """End index (exclusive) of the bracketed text starting at text[i] (an opening bracket), or -1."""
    stack = []
    j = i
    in_str = False
    while j < len(text):
        c = text[j]
        if in_str:
            if c == "\\":
                j += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in OPEN:
            stack.append(OPEN[c])
        elif c in CLOSE:
            # '->' is not a bracket
            if c == ">" and j > 0 and text[j - 1] == "-":
                pass
            elif not stack or stack[-1] != c:
                return -1
            else:
                stack.pop()
                if not stack:
                    return j + 1
        j += 1
    return -1


ALIAS_DEF = re.compile(r"(?:^|(?<=>))[ \t]*(#[A-Za-z_][\w$.]*)[ \t]*=[ \t]*")
ATTR_START = re.compile(r"#[A-Za-z_][\w$]*\.[\w$.]+")
MODULE_ATTRS = re.compile(r"module\s+attributes\s*\{")


def strip_comments(text):
    # Keep offsets: blank out `//` comments (not inside strings; lit files have none in layouts).
    out = []
    for line in text.split("\n"):
        k = line.find("//")
        out.append(line if k < 0 else line[:k] + " " * (len(line) - k))
    return "\n".join(out)


def attr_end(text, i):
    """text[i] starts an attribute `#d.name<...>` or `#d.name` or `#alias`."""
    m = re.compile(r"#[A-Za-z_][\w$.]*").match(text, i)
    if not m:
        return -1
    j = m.end()
    if j < len(text) and text[j] == "<":
        return balanced(text, j)
    return j


def line_of(text, off):
    return text.count("\n", 0, off) + 1


def section_items(body):
    clean = strip_comments(body)
    defs = {}  # name -> (text, offset)
    order = []
    # alias definitions: at line start, or right after a previous definition's '>'
    pos = 0
    for m in re.finditer(r"(?m)^[ \t]*(#[A-Za-z_][\w$]*)[ \t]*=[ \t]*", clean):
        pass
    i = 0
    while i < len(clean):
        m = re.compile(r"[ \t]*(#[A-Za-z_][\w$]*)[ \t]*=[ \t]*(?=[#!])").match(clean, i)
        at_line_start = i == 0 or clean[i - 1] == "\n"
        if m and (at_line_start or defs_just_ended):
            name = m.group(1)
            s = m.end()
            e = attr_end(clean, s) if clean[s] == "#" else -1
            if e < 0:
                i = clean.find("\n", i) + 1 or len(clean)
                defs_just_ended = False
                continue
            defs[name] = (re.sub(r"\s+", " ", clean[s:e]).replace("< ", "<").replace(" >", ">")
                          if False else clean[s:e], s)
            order.append(name)
            i = e
            defs_just_ended = True
            continue
        defs_just_ended = False
        nl = clean.find("\n", i)
        if nl < 0:
            break
        # the rest of this line is not a definition
        i = nl + 1
    mod = {}
    mm = MODULE_ATTRS.search(clean)
    if mm:
        e = balanced(clean, mm.end() - 1)
        if e > 0:
            for k, v in re.findall(r'"?(ttg\.[\w-]+)"?\s*=\s*("[^"]*"|\d+)', clean[mm.end():e]):
                mod[k] = json.loads(v) if v.startswith('"') else int(v)
    types = []
    for m in re.finditer(r"(?<![\w.])(tensor<|!ttg\.memdesc<|!tt\.tensordesc<)", clean):
        s = m.start()
        e = balanced(clean, m.end() - 1)
        if e < 0:
            continue
        t = clean[s:e]
        if "#" not in t:
            continue
        if m.group(1) == "tensor<" and clean[max(0, s - 15):s].endswith("!tt.tensordesc<"):
            continue
        types.append((t, s))
    return defs, order, mod, types


def needed(text, defs, order):
    """Alias names `text` needs, transitively, in definition order."""
    need = set()
    todo = [text]
    while todo:
        t = todo.pop()
        for n in re.findall(r"#[A-Za-z_][\w$]*(?![\w$.])", t):
            if n in defs and n not in need:
                need.add(n)
                todo.append(defs[n][0])
    return [n for n in dict.fromkeys(order) if n in need]


def norm(s):
    return re.sub(r"\s+", " ", s).strip()


def main():
    git, commit, outdir = sys.argv[1:4]
    sec_out = sys.argv[sys.argv.index("--sections") + 1] if "--sections" in sys.argv else None
    files = subprocess.run(["git", "-C", git, "ls-tree", "-r", "--name-only", commit], capture_output=True,
                           text=True, check=True).stdout.split("\n")
    mlir = sorted(f for f in files if re.match(r"test/(TritonGPU|Conversion)/.*\.mlir$", f))
    py = [f for f in files if f == "python/test/gluon/test_frontend.py"]
    items, seen = [], {}
    sections = []
    nsec = 0
    for f in mlir + py:
        text = subprocess.run(["git", "-C", git, "show", f"{commit}:{f}"], capture_output=True, text=True,
                              errors="replace").stdout
        if f.endswith(".py"):
            # MLIR in the expected-output strings: each triple-quoted string holding '#ttg.' or 'tensor<'
            chunks = [(m.start(1) + (2 if m.group(1).startswith("\\\n") else 0),
                       m.group(1)[2:] if m.group(1).startswith("\\\n") else m.group(1))
                      for m in re.finditer(r'"""(.*?)"""', text, re.S)
                      if "#ttg." in m.group(1) or "#ttng." in m.group(1)]
        else:
            chunks, off = [], 0
            for part in re.split(r"(?m)^// -----.*\n|^//--- .*\n", text):
                k = text.find(part, off)
                chunks.append((k, part))
                off = k + len(part)
        for k, body in chunks:
            base_line = line_of(text, k)
            nsec += 1
            defs, order, mod, types = section_items(body)
            if sec_out and (defs or types):
                sections.append({"where": f"{f}:{base_line}", "text": body})
            for name in dict.fromkeys(order):
                t, s = defs[name]
                if re.fullmatch(r"#(ttg\.shared_memory|ttng\.tensor_memory|triton_gpu\.shared_memory)", norm(t)):
                    continue  # a memory space, not a layout
                key = ("attr", norm(t), tuple(norm(defs[n][0]) for n in needed(t, defs, order)))
                rec = {"kind": "attr", "text": norm(t),
                       "defs": [f"{n} = {norm(defs[n][0])}" for n in needed(t, defs, order)],
                       "module": mod, "where": f"{f}:{base_line + line_of(body, s) - 1}"}
                key = json.dumps([rec["kind"], rec["text"], rec["defs"]])
                if key in seen:
                    seen[key]["uses"] += 1
                    continue
                rec["uses"] = 1
                seen[key] = rec
                items.append(rec)
            for t, s in types:
                rec = {"kind": "type", "text": norm(t),
                       "defs": [f"{n} = {norm(defs[n][0])}" for n in needed(t, defs, order)],
                       "module": mod, "where": f"{f}:{base_line + line_of(body, s) - 1}"}
                key = json.dumps([rec["kind"], rec["text"], rec["defs"], sorted(mod.items())])
                if key in seen:
                    seen[key]["uses"] += 1
                    continue
                rec["uses"] = 1
                seen[key] = rec
                items.append(rec)
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "strings.jsonl"), "w") as o:
        for i, r in enumerate(items):
            r = {"id": i, **r}
            o.write(json.dumps(r) + "\n")
    if sec_out:
        with open(sec_out, "w") as o:
            for s in sections:
                o.write(json.dumps(s) + "\n")
    print(f"{len(mlir)} MLIR files + {len(py)} Python file, {nsec} sections, {len(items)} distinct strings "
          f"({sum(r['kind'] == 'attr' for r in items)} alias definitions, {sum(r['kind'] == 'type' for r in items)} types)"
          + (f", {len(sections)} sections with layouts" if sec_out else ""))


if __name__ == "__main__":
    main()
