#!/usr/bin/env python3
"""Random one-edit mutants of real Triton 3.6 kernels, for a differential test against Triton's reader.

    python3 gen_mutants.py OUT_DIR [COUNT]

Deterministic: mutant k is made from the seed k alone, so `verdicts.jsonl` (Triton 3.6's verdict on each,
made on the GPU machine with `ir.parse_mlir_module`, NVIDIA and AMD dialects loaded) stays valid.
Each mutant is one of the kernels in ../ttgir36 with one small edit of the kinds a person or a tool
makes by mistake: a number in a layout, a shape or an attribute changed; a token deleted, doubled or
swapped for another; a type of one operand replaced with another's; a line dropped or repeated. From
mutant 800 on, also: a token of a layout alias deleted or doubled, a dimension of a type changed, a
layout alias named in an op replaced by another of the file's.
"""
import os, random, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "ttgir36")
# The 180 files of the corpus's first 20 kernels: verdicts.jsonl was judged on mutants of these (the
# kernels added in session 16, kernels.KERNELS_16, are not among them, so mutant N stays the same text).
LATER = ("grouped_matmul_", "dropout_", "ln_bwd_lock_", "persistent_matmul_", "int4_dequant_", "cross_entropy_",
         "conv_im2col_")
FILES = sorted(f for f in os.listdir(SRC) if f.endswith(".ttgir") and not f.startswith(LATER))
NUMBERS = ["0", "1", "2", "3", "4", "8", "16", "32", "48", "64", "128", "256", "-1", "2147483648"]
WORDS = ["#blocked", "#blocked1", "#mma", "#shared", "#smem", "mutable", "i32", "i64", "f16", "f32",
         "bf16", "i1", "tensor", "ttg.convert_layout", "tt.load", "arith.addi", "scf.yield", "loc(#loc)",
         "#ttg.shared_memory", "true", "order", "warpsPerCTA", "opIdx", "kWidth", "parent"]


def body_lines(text):
    """Indices of lines inside the module (not aliases, not #loc lines)."""
    lines = text.split("\n")
    return lines, [i for i, l in enumerate(lines) if l.startswith("  ") and l.strip()]


def mutate(k):
    rng = random.Random(k)
    name = FILES[rng.randrange(len(FILES))]
    text = open(os.path.join(SRC, name)).read()
    lines, body = body_lines(text)
    kinds = ["number", "number", "number", "token_delete", "token_double", "word",
             "line_drop", "line_repeat", "type_swap", "alias_number"]
    if k >= 800:  # mutants 800 on: also edits of layouts and shapes
        kinds += ["alias_token", "shape", "layout_swap", "layout_swap", "alias_number"]
    kind = rng.choice(kinds)
    if kind in ("number", "alias_number"):
        pool = [i for i, l in enumerate(lines) if l.startswith("#") and not l.startswith("#loc")] \
            if kind == "alias_number" else body
        i = rng.choice(pool)
        nums = list(re.finditer(r"(?<![\w#%.])\d+(?![\w.])", lines[i]))
        if nums:
            m = rng.choice(nums)
            lines[i] = lines[i][:m.start()] + rng.choice(NUMBERS) + lines[i][m.end():]
    elif kind in ("token_delete", "token_double", "word"):
        i = rng.choice(body)
        toks = list(re.finditer(r"[%#!]?[\w.$-]+|[^\s\w]", lines[i]))
        if toks:
            m = rng.choice(toks)
            l = lines[i]
            if kind == "token_delete":
                lines[i] = l[:m.start()] + l[m.end():]
            elif kind == "token_double":
                lines[i] = l[:m.end()] + " " + m.group(0) + l[m.end():]
            else:
                lines[i] = l[:m.start()] + rng.choice(WORDS) + l[m.end():]
    elif kind == "line_drop":
        del lines[rng.choice(body)]
    elif kind == "line_repeat":
        i = rng.choice(body)
        lines.insert(i, lines[i])
    elif kind == "alias_token":  # a token of a layout alias deleted or doubled
        pool = [i for i, l in enumerate(lines) if l.startswith("#") and not l.startswith("#loc")]
        i = rng.choice(pool)
        toks = list(re.finditer(r"[%#!]?[\w.$-]+|[^\s\w]", lines[i]))
        m = rng.choice(toks[2:] or toks)
        l = lines[i]
        lines[i] = l[:m.start()] + l[m.end():] if rng.random() < 0.5 else l[:m.end()] + m.group(0) + l[m.end():]
    elif kind == "shape":  # a dimension of a tensor or memdesc type changed
        i = rng.choice(body)
        dims = list(re.finditer(r"(?<=[<x])\d+(?=x)", lines[i]))
        if dims:
            m = rng.choice(dims)
            lines[i] = lines[i][:m.start()] + rng.choice(["1", "2", "16", "32", "64", "96", "128", "256"]) + lines[i][m.end():]
    elif kind == "layout_swap":  # one layout named in a line replaced by another alias of the file
        aliases = re.findall(r"^(#\w+) = #(?:ttg|ttng|triton_gpu)\.", text, re.M)
        i = rng.choice(body)
        here = [m for m in re.finditer(r"#\w+(?![\w.<])", lines[i]) if m.group(0) in aliases]
        if aliases and here:
            m = rng.choice(here)
            lines[i] = lines[i][:m.start()] + rng.choice(aliases) + lines[i][m.end():]
    else:  # type_swap: one `tensor<...>` of a line replaced by another from the file
        types = re.findall(r"tensor<[^<>]*(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>[^<>]*)*>", text)
        i = rng.choice(body)
        here = list(re.finditer(r"tensor<[^<>]*(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>[^<>]*)*>", lines[i]))
        if types and here:
            m = rng.choice(here)
            lines[i] = lines[i][:m.start()] + rng.choice(types) + lines[i][m.end():]
    return name, kind, "\n".join(lines)


if __name__ == "__main__":
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    os.makedirs(out, exist_ok=True)
    for k in range(count):
        name, kind, text = mutate(k)
        with open(os.path.join(out, "m%04d.ttgir" % k), "w") as f:
            f.write(text)
    print(count, "mutants")
