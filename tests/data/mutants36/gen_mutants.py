#!/usr/bin/env python3
"""Random one-edit mutants of real Triton 3.6 kernels, for a differential test against Triton's reader.

    python3 gen_mutants.py OUT_DIR [COUNT]

Deterministic: mutant k is made from the seed k alone, so `verdicts.jsonl` (Triton 3.6's verdict on each,
made on the GPU machine with `ir.parse_mlir_module`, NVIDIA and AMD dialects loaded) stays valid.
Each mutant is one of the kernels in ../ttgir36 with one small edit of the kinds a person or a tool
makes by mistake: a number in a layout, a shape or an attribute changed; a token deleted, doubled or
swapped for another; a type of one operand replaced with another's; a line dropped or repeated. From
mutant 800 on, also: a token of a layout alias deleted or doubled, a dimension of a type changed, a
layout alias named in an op replaced by another of the file's. Later sets add more kinds of edit (see the
`k >=` lines of mutate()): module attributes, locations, braces, op names, dictionaries, operands (2400),
element types, line order, names (3600), doubled keys, quoted names, block labels, layout lists (4200), one
character or a span changed, the text cut, numbers respelt (6000, 7200), lines joined and split (8400), one
tensor type's shape or element type or one layout alias changed everywhere it is written (9600), a layout
alias tuned (an order reversed, a factor moved between dims, a size doubled or halved) or an op's integer
attribute changed (10800).
"""
import os, random, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "ttgir36")
# The 180 files of the corpus's first 20 kernels: verdicts.jsonl was judged on mutants of these (the
# kernels added in session 16, kernels.KERNELS_16, are not among them, so mutant N stays the same text).
LATER = ("grouped_matmul_", "dropout_", "ln_bwd_lock_", "persistent_matmul_", "int4_dequant_", "cross_entropy_",
         "conv_im2col_")
FILES = sorted(f for f in os.listdir(SRC) if f.endswith(".ttgir") and not f.startswith(LATER))
# From mutant 2400 on (session 17): every file of the corpus, and edits of module attributes, locations,
# braces, op names, attribute dictionaries and operands.
ALL_FILES = sorted(f for f in os.listdir(SRC) if f.endswith(".ttgir"))
MODULE_VALUES = ['"cuda:80"', '"cuda:90"', '"cuda:100"', '"hip:gfx942"', '"hip:gfx1200"', '"cuda"', "4 : i32",
                 "8 : i32", "0 : i32", "64 : i32", "32 : i32", "3 : i32", "-1 : i32", "true", '"x"']
NUMBERS = ["0", "1", "2", "3", "4", "8", "16", "32", "48", "64", "128", "256", "-1", "2147483648"]
WORDS = ["#blocked", "#blocked1", "#mma", "#shared", "#smem", "mutable", "i32", "i64", "f16", "f32",
         "bf16", "i1", "tensor", "ttg.convert_layout", "tt.load", "arith.addi", "scf.yield", "loc(#loc)",
         "#ttg.shared_memory", "true", "order", "warpsPerCTA", "opIdx", "kWidth", "parent"]

CHARS = list("%#!^<>()[]{},:=x\"' .-_0123456789az$@*+")

TENSOR = r"tensor<[^<>]*(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>[^<>]*)*>"


def body_lines(text):
    """Indices of lines inside the module (not aliases, not #loc lines)."""
    lines = text.split("\n")
    return lines, [i for i, l in enumerate(lines) if l.startswith("  ") and l.strip()]


def mutate(k):
    rng = random.Random(k)
    files = ALL_FILES if k >= 2400 else FILES
    name = files[rng.randrange(len(files))]
    text = open(os.path.join(SRC, name)).read()
    lines, body = body_lines(text)
    kinds = ["number", "number", "number", "token_delete", "token_double", "word",
             "line_drop", "line_repeat", "type_swap", "alias_number"]
    if k >= 800:  # mutants 800 on: also edits of layouts and shapes
        kinds += ["alias_token", "shape", "layout_swap", "layout_swap", "alias_number"]
    if k >= 2400:  # mutants 2400 on: module attributes, locations, braces, op names, dictionaries, operands
        kinds += ["module_attr", "loc_edit", "brace", "op_swap", "dict_edit", "operand_swap", "operand_swap"]
    if k >= 3600:  # mutants 3600 on: element types, line order, alias names, results, region lines
        kinds += ["elem_type", "elem_type", "line_swap", "alias_rename", "result_rename", "region_line"]
    if k >= 4200:  # mutants 4200 on: a dictionary's key doubled, an op quoted, a block label, a layout's list
        kinds += ["dup_key", "quote_op", "block_label", "alias_list", "alias_list"]
    if k >= 6000:  # mutants 6000 on: one character deleted, inserted, replaced or swapped, the text cut,
        # a number respelled, an attribute's integer type changed
        kinds += ["char_delete", "char_insert", "char_replace", "char_swap", "char_delete", "char_insert",
                  "char_replace", "truncate", "num_format", "num_format", "attr_type"]
    if k >= 7200:  # mutants 7200 on: a span of characters deleted or doubled, two neighbouring tokens
        # swapped, a letter's case flipped
        kinds += ["span_delete", "span_dup", "token_swap", "case_flip", "span_delete"]
    if k >= 8400:  # mutants 8400 on: two lines joined, a line split at a blank, a dictionary key renamed
        kinds += ["line_join", "line_split", "line_split", "key_rename"]
    if k >= 9600:  # mutants 9600 on: one type's shape, element type or one layout alias changed everywhere
        # it is written (what stays consistent for the parser and is for the verifiers to judge)
        kinds += ["all_shape", "all_shape", "all_layout", "all_layout", "all_elem"]
    kind = rng.choice(kinds)
    if k >= 9600 and rng.random() < 0.5:  # half of them
        kind = rng.choice(["all_shape", "all_shape", "all_layout", "all_layout", "all_elem"])
    if k >= 10800 and rng.random() < 0.5:  # mutants 10800 on: half of them a layout alias edited as a person
        # tuning it would (an order reversed, a factor of 2 moved between dims, a size or width doubled or
        # halved) or an op's integer attribute or array changed
        kind = rng.choice(["alias_tune", "alias_tune", "alias_tune", "attr_tune", "attr_tune"])
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
    elif kind == "module_attr":  # one value of the module's attribute dictionary replaced
        i = next((j for j, l in enumerate(lines) if l.startswith("module attributes")), None)
        vals = list(re.finditer(r'(?<== )("[^"]*"|-?\d+ : i\d+|true|false)', lines[i])) if i is not None else []
        if vals:
            m = rng.choice(vals)
            lines[i] = lines[i][:m.start()] + rng.choice(MODULE_VALUES) + lines[i][m.end():]
    elif kind == "loc_edit":  # a #loc definition or an op's loc(...) edited
        locdefs = [j for j, l in enumerate(lines) if l.startswith("#loc")]
        if locdefs and rng.random() < 0.5:
            i = rng.choice(locdefs)
            toks = list(re.finditer(r'"[^"]*"|[%#!]?[\w.$-]+|[^\s\w]', lines[i]))
            m = rng.choice(toks[1:] or toks)
            l = lines[i]
            lines[i] = l[:m.start()] + l[m.end():] if rng.random() < 0.5 else \
                l[:m.start()] + rng.choice(["#loc", "#loc999", "0", '"f.py"', "callsite", "fused", "(", ")"]) + l[m.end():]
        else:
            i = rng.choice(body)
            m = re.search(r"loc\((#loc\d*)\)\s*$", lines[i])
            if m:
                lines[i] = lines[i][:m.start(1)] + rng.choice(["#loc999", "#loc", '"x.py":1:2', "unknown", ""]) + lines[i][m.end(1):]
    elif kind == "brace":  # a region's brace deleted or doubled, or a line's closing bracket deleted
        i = rng.choice(body)
        br = list(re.finditer(r"[{}()\[\]]", lines[i]))
        if br:
            m = rng.choice(br)
            l = lines[i]
            lines[i] = l[:m.start()] + l[m.end():] if rng.random() < 0.6 else l[:m.end()] + m.group(0) + l[m.end():]
    elif kind == "op_swap":  # an op's name replaced by another op name of the file
        ops = sorted(set(re.findall(r"(?:= |^\s+)((?:tt|ttg|ttng|amdg|arith|scf|math|gpu|cf)\.[\w.]+)", text, re.M)))
        i = rng.choice(body)
        m = re.search(r"(?:= |^\s+)((?:tt|ttg|ttng|amdg|arith|scf|math|gpu|cf)\.[\w.]+)", lines[i])
        if ops and m:
            lines[i] = lines[i][:m.start(1)] + rng.choice(ops) + lines[i][m.end(1):]
    elif kind == "dict_edit":  # one entry of an op's {...} attributes dropped, or its value changed
        i = rng.choice(body)
        ents = list(re.finditer(r"([\w.-]+) = ([^,{}]+?)(?=[,}])", lines[i]))
        if ents:
            m = rng.choice(ents)
            l = lines[i]
            r = rng.random()
            if r < 0.4:
                lines[i] = l[:m.start()] + l[m.end():]
            else:
                lines[i] = l[:m.start(2)] + rng.choice(["0 : i32", "1", "true", '"x"', "array<i32: 1>", "-1 : i64",
                                                         "16 : i32", "#blocked"]) + l[m.end(2):]
    elif kind == "operand_swap":  # one operand use replaced by another value defined in the file
        names = re.findall(r"^\s+(%[\w.$-]+)(?::\d+)? = ", text, re.M)
        i = rng.choice(body)
        eq = lines[i].find(" = ")
        uses = [m for m in re.finditer(r"%[\w.$-]+(?:#\d+)?", lines[i]) if m.start() > eq]
        if names and uses:
            m = rng.choice(uses)
            lines[i] = lines[i][:m.start()] + rng.choice(names) + lines[i][m.end():]
    elif kind == "elem_type":  # one element type of a line changed
        i = rng.choice(body)
        els = list(re.finditer(r"(?<=[x<])(f16|f32|bf16|i32|i64|i1|i8|f8E4M3FN)(?=[,>])", lines[i]))
        if els:
            m = rng.choice(els)
            lines[i] = lines[i][:m.start()] + rng.choice(["f16", "f32", "bf16", "i32", "i64", "i1", "i8", "f64"]) + \
                lines[i][m.end():]
    elif kind == "line_swap":  # two neighbouring body lines swapped
        i = rng.choice(body)
        if i + 1 < len(lines) and lines[i + 1].startswith("  "):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif kind == "alias_rename":  # a use of a layout alias renamed (to one that may not exist)
        i = rng.choice(body)
        uses = list(re.finditer(r"#(blocked|mma|shared|linear|smem|tmem)\d*(?![\w.<])", lines[i]))
        if uses:
            m = rng.choice(uses)
            lines[i] = lines[i][:m.start()] + rng.choice(["#blocked9", "#mma1", "#shared", "#smem", "#linear",
                                                          "#blocked"]) + lines[i][m.end():]
    elif kind == "result_rename":  # an op's result renamed to another name of the file
        names = re.findall(r"^\s+(%[\w.$-]+)(?::\d+)? = ", text, re.M)
        i = rng.choice(body)
        m = re.match(r"^\s+(%[\w.$-]+)", lines[i])
        if names and m and " = " in lines[i]:
            lines[i] = lines[i][:m.start(1)] + rng.choice(names) + lines[i][m.end(1):]
    elif kind == "region_line":  # a line that closes or opens a region dropped or doubled
        pool = [j for j in body if lines[j].strip().startswith("}") or lines[j].rstrip().endswith("{")]
        if pool:
            i = rng.choice(pool)
            if rng.random() < 0.5:
                del lines[i]
            else:
                lines.insert(i, lines[i])
    elif kind == "dup_key":  # one entry of a dictionary written twice
        i = rng.choice(body)
        ents = list(re.finditer(r"([\w.-]+) = ([^,{}]+?)(?=[,}])", lines[i]))
        if ents:
            m = rng.choice(ents)
            lines[i] = lines[i][:m.end()] + ", " + m.group(0) + lines[i][m.end():]
    elif kind == "quote_op":  # a custom op's name written in quotes (the generic form's)
        i = rng.choice(body)
        m = re.search(r"(?:= |^\s+)((?:tt|ttg|ttng|amdg|arith|scf|math)\.[\w.]+)", lines[i])
        if m:
            lines[i] = lines[i][:m.start(1)] + '"' + m.group(1) + '"' + lines[i][m.end(1):]
    elif kind == "block_label":  # a block label inserted before a body line
        i = rng.choice(body)
        lines.insert(i, "  " + rng.choice(["^bb1:", "^bb0:", "^bb1(%z: i32):", "^entry:"]))
    elif kind == "alias_list":  # a list of a layout alias edited: an entry dropped, doubled or negated
        pool = [j for j, l in enumerate(lines) if l.startswith("#") and not l.startswith("#loc")]
        i = rng.choice(pool)
        lists = list(re.finditer(r"\[([^\[\]]*)\]", lines[i]))
        if lists:
            m = rng.choice(lists)
            items = [x.strip() for x in m.group(1).split(",") if x.strip()]
            r = rng.random()
            if items and r < 0.35:
                del items[rng.randrange(len(items))]
            elif items and r < 0.7:
                j = rng.randrange(len(items))
                items.insert(j, items[j])
            elif items:
                j = rng.randrange(len(items))
                items[j] = "-" + items[j] if not items[j].startswith("-") else items[j][1:]
            lines[i] = lines[i][:m.start(1)] + ", ".join(items) + lines[i][m.end(1):]
    elif kind in ("char_delete", "char_insert", "char_replace", "char_swap"):
        # any line but comments and blank ones: aliases, #loc lines, the module line, the body
        pool = [j for j, l in enumerate(lines) if l.strip() and not l.lstrip().startswith("//")]
        i = rng.choice(pool)
        l = lines[i]
        at = rng.randrange(len(l))
        if kind == "char_delete":
            lines[i] = l[:at] + l[at + 1:]
        elif kind == "char_swap":
            at = min(at, len(l) - 2) if len(l) > 1 else 0
            lines[i] = l[:at] + l[at + 1:at + 2] + l[at:at + 1] + l[at + 2:]
        else:
            c = rng.choice(CHARS)
            lines[i] = l[:at] + c + (l[at:] if kind == "char_insert" else l[at + 1:])
    elif kind == "truncate":  # the text cut inside the module
        first = body[0] if body else 0
        cut = sum(len(l) + 1 for l in lines[:first]) + rng.randrange(
            max(1, sum(len(l) + 1 for l in lines[first:])))
        lines = "\n".join(lines)[:cut].split("\n")
    elif kind == "num_format":  # a number respelled: hex, a sign, leading zeros, a float, an exponent
        pool = [j for j, l in enumerate(lines) if l.strip() and not l.startswith("#loc")]
        i = rng.choice(pool)
        nums = list(re.finditer(r"(?<![\w#%.])\d+(?![\w.])", lines[i]))
        if nums:
            m = rng.choice(nums)
            v = int(m.group(0))
            lines[i] = lines[i][:m.start()] + rng.choice(
                [hex(v), "+" + m.group(0), "0" + m.group(0), m.group(0) + ".0", "%de0" % v, "-" + m.group(0),
                 m.group(0) + "_0", m.group(0) + " " + m.group(0)]) + lines[i][m.end():]
    elif kind == "attr_type":  # an attribute's or a constant's `: iN` changed or dropped
        pool = [j for j, l in enumerate(lines) if re.search(r"\d : i\d+", l)]
        if pool:
            i = rng.choice(pool)
            m = rng.choice(list(re.finditer(r"(?<=\d) : (i\d+)", lines[i])))
            lines[i] = lines[i][:m.start()] + rng.choice([" : i64", " : i1", " : i8", " : index", " : f32", "",
                                                          " : i32 : i32", " :i32", " : si32"]) + lines[i][m.end():]
    elif kind in ("span_delete", "span_dup", "token_swap", "case_flip"):
        pool = [j for j, l in enumerate(lines) if l.strip() and not l.lstrip().startswith("//")]
        i = rng.choice(pool)
        l = lines[i]
        if kind in ("span_delete", "span_dup"):
            at = rng.randrange(len(l))
            n = rng.randint(2, 12)
            lines[i] = l[:at] + l[at + n:] if kind == "span_delete" else l[:at + n] + l[at:at + n] + l[at + n:]
        elif kind == "token_swap":
            toks = list(re.finditer(r"[%#!]?[\w.$-]+|[^\s\w]", l))
            if len(toks) >= 2:
                j = rng.randrange(len(toks) - 1)
                a, b = toks[j], toks[j + 1]
                lines[i] = l[:a.start()] + b.group(0) + l[a.end():b.start()] + a.group(0) + l[b.end():]
        else:
            letters = [j for j, ch in enumerate(l) if ch.isalpha()]
            if letters:
                j = rng.choice(letters)
                lines[i] = l[:j] + l[j].swapcase() + l[j + 1:]
    elif kind == "line_join":  # a body line and the next written as one
        i = rng.choice(body)
        if i + 1 < len(lines):
            lines[i] = lines[i] + " " + lines[i + 1].lstrip()
            del lines[i + 1]
    elif kind == "line_split":  # a body line broken at one of its blanks
        i = rng.choice(body)
        blanks = [j for j, ch in enumerate(lines[i]) if ch == " " and j > len(lines[i]) - len(lines[i].lstrip())]
        if blanks:
            j = rng.choice(blanks)
            lines[i:i + 1] = [lines[i][:j], "      " + lines[i][j + 1:]]
    elif kind == "key_rename":  # a key of a dictionary (an op's or a layout's) renamed
        pool = [j for j, l in enumerate(lines) if re.search(r"[{,] *[\w.-]+ = ", l)]
        if pool:
            i = rng.choice(pool)
            keys = list(re.finditer(r"(?<=[{,] )([\w.-]+)(?= = )|(?<=\{)([\w.-]+)(?= = )", lines[i]))
            if keys:
                m = rng.choice(keys)
                key = m.group(0)
                new = rng.choice([key + "s", key[:-1], key.upper(), "x" + key, key.replace("_", ""),
                                  "order", "axis", "dim", "kWidth", "warpsPerCTA"])
                lines[i] = lines[i][:m.start()] + new + lines[i][m.end():]
    elif kind in ("all_shape", "all_elem"):  # one tensor type, every time it is written
        found = sorted(set(re.findall(TENSOR, text)))
        if found:
            old = rng.choice(found)
            m = re.match(r"tensor<((?:\d+x)*)([^,>]+)(.*)", old, re.S)
            if m:
                dims = [d for d in m.group(1).split("x") if d]
                elem = m.group(2)
                if kind == "all_shape" and dims:
                    j = rng.randrange(len(dims))
                    dims[j] = rng.choice([str(int(dims[j]) * 2), str(max(1, int(dims[j]) // 2)), "1", "3", "32"])
                elif kind == "all_elem":
                    elem = rng.choice(["f16", "bf16", "f32", "i32", "i8", "i1", "f64", "i64", "f8E4M3FN"])
                new = "tensor<" + "".join(d + "x" for d in dims) + elem + m.group(3)
                lines = text.replace(old, new).split("\n")
    elif kind == "all_layout":  # every use of one layout alias in the body replaced by another alias
        names = sorted(set(re.findall(r"^(#\w+) = #ttg\.", text, re.M)))
        if len(names) >= 2:
            old, new = rng.sample(names, 2)
            pat = re.compile(re.escape(old) + r"(?![\w])")
            lines = [l if not l.startswith("  ") else pat.sub(new, l) for l in lines]
    elif kind == "alias_tune":  # one list or number of a layout alias changed the way a person tunes it
        defs = [i for i, l in enumerate(lines) if re.match(r"#\w+ = #ttg\.", l)]
        if defs:
            i = rng.choice(defs)
            fields = list(re.finditer(r"(\w+) = (\[[-\d, ]*\]|\d+)", lines[i]))
            if fields:
                m = rng.choice(fields)
                key, val = m.group(1), m.group(2)
                if val.startswith("["):
                    xs = [int(x) for x in val[1:-1].split(",") if x.strip()]
                    if key in ("order", "CTAOrder") or rng.random() < 0.2:
                        xs = xs[::-1]
                    elif len(xs) >= 2 and key in ("threadsPerWarp", "warpsPerCTA", "CTAsPerCGA"):
                        a, b = rng.sample(range(len(xs)), 2)
                        if xs[a] % 2 == 0:
                            xs[a] //= 2
                            xs[b] *= 2
                    elif xs:
                        j = rng.randrange(len(xs))
                        xs[j] = xs[j] * 2 if (xs[j] <= 1 or rng.random() < 0.5) else xs[j] // 2
                    new = "[" + ", ".join(str(x) for x in xs) + "]"
                else:
                    v = int(val)
                    new = str(v * 2 if (v <= 1 or rng.random() < 0.5) else v // 2)
                lines[i] = lines[i][:m.start(2)] + new + lines[i][m.end(2):]
    elif kind == "attr_tune":  # an op's integer attribute or i32 array changed
        pool = [j for j in body if re.search(r"\w+ = (\d+ : i32|array<i32: [\d, ]+>)", lines[j])]
        if pool:
            i = rng.choice(pool)
            ms = list(re.finditer(r"(\w+) = (\d+) : i32|(\w+) = array<i32: ([\d, ]+)>", lines[i]))
            m = rng.choice(ms)
            if m.group(2) is not None:
                v = int(m.group(2))
                new = str(rng.choice([v + 1, max(0, v - 1), v * 2, 0, 1]))
                lines[i] = lines[i][:m.start(2)] + new + lines[i][m.end(2):]
            else:
                xs = [x.strip() for x in m.group(4).split(",")]
                new = ", ".join(xs[::-1] if len(xs) > 1 and rng.random() < 0.6 else xs + [xs[-1]])
                lines[i] = lines[i][:m.start(4)] + new + lines[i][m.end(4):]
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
