#include "codegen/gluon_probe.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <vector>

#include "codegen/flat_layout.h"
#include "encodings/padded_shared.h"
#include "encodings/shared_linear.h"
#include "layout/layout_utils.h"
#include "notation/gluon/gluon_printer.h"
#include "util/bits.h"
#include "util/error.h"
#include "util/seq_text.h"

namespace ls::codegen {

namespace {

// Most elements / slots a probe checks (the EXPECTED literal stays a few MB).
constexpr int kMaxProbeBits = 16;


// The flat row-major element index of every element of a rank-R tensor, built
// in `layoutVar` from 1-D aranges in nested SliceLayouts (the only way Gluon
// makes an index tensor in an arbitrary distributed layout).
std::string offsetsCode(const Shape &shape, const std::string &layoutVar) {
  const int rank = static_cast<int>(shape.size());
  std::ostringstream o;
  if (rank == 1) {
    o << "    offs = ttgl.arange(0, " << shape[0] << ", layout=" << layoutVar << ")\n";
    return o.str();
  }
  std::vector<std::string> terms;
  int64_t stride = 1;
  std::vector<int64_t> strides(rank);
  for (int d = rank - 1; d >= 0; --d) {
    strides[d] = stride;
    stride *= shape[d];
  }
  for (int d = 0; d < rank; ++d) {
    std::string lay = layoutVar;
    for (int k = rank - 1; k >= 0; --k)
      if (k != d)
        lay = "ttgl.SliceLayout(" + std::to_string(k) + ", " + lay + ")";
    std::string x = "ttgl.arange(0, " + std::to_string(shape[d]) + ", layout=" + lay + ")";
    o << "    i" << d << " = " << x << "\n";
    std::string e = "i" + std::to_string(d);
    for (int k = 0; k < rank; ++k)
      if (k != d)
        e = "ttgl.expand_dims(" + e + ", " + std::to_string(k) + ")";
    terms.push_back(strides[d] == 1 ? e : e + " * " + std::to_string(strides[d]));
  }
  o << "    offs = ";
  for (size_t i = 0; i < terms.size(); ++i)
    o << (i ? " + " : "") << terms[i];
  o << "\n";
  return o.str();
}

std::string allocShapeText(const Shape &shape) {
  return seqText(shape);
}

// Writes a Python list literal, `perLine` items a line, 4-space indent.
template <typename F> void writeList(std::ostream &o, size_t n, size_t perLine, F item) {
  o << "[\n";
  for (size_t i = 0; i < n; ++i) {
    if (i % perLine == 0)
      o << "    ";
    o << item(i) << ",";
    o << ((i % perLine == perLine - 1 || i + 1 == n) ? "\n" : " ");
  }
  o << "]\n";
}

std::string layoutLine(const Encoding &enc, const LinearLayout &ll, bool &amdImport);

// The script's opening comment and imports (Gluon's AMD classes when LAYOUT
// needs them); `layout` receives the LAYOUT = ... line.
std::string header(const ExportDesign &design, const Encoding &enc, const LinearLayout &ll,
                   const char *what, std::string &layout) {
  bool amd = false;
  layout = layoutLine(enc, ll, amd);
  std::ostringstream o;
  o << "#!/usr/bin/env python3\n"
    << "# Layout Studio export: gluon-probe (Triton >= 3.6 with Gluon, an NVIDIA GPU)\n"
    << "# Layout: " << ir::printEncoding(enc) << "\n"
    << "# Tensor: tensor<" << shapeText(design.shape) << "x" << design.element.name << ">\n"
    << "#\n"
    << what << "#\n"
    << "# LAYOUT is the one top-level assignment of the layout and EXPECTED the one of\n"
    << "# Layout Studio's table; the kernel never reads EXPECTED, so swapping in\n"
    << "# another layout or corrupting one entry makes the probe fail.\n"
    << "# Run: python3 probe.py  -> exit 0 and PASS, or exit 1 and FAIL with the first\n"
    << "# differing elements (exit 2: Triton or the GPU could not run it).\n"
    << "import sys\n\n"
    << "import torch\n"
    << "import triton\n"
    << "from triton.experimental import gluon\n"
    << "from triton.experimental.gluon import language as ttgl\n";
  if (amd)
    o << "from triton.experimental.gluon.language.amd import AMDMFMALayout, AMDWMMALayout\n";
  return o.str();
}

std::string layoutLine(const Encoding &enc, const LinearLayout &ll, bool &amdImport) {
  std::optional<notation::gluon::GluonText> ctor =
      notation::gluon::printGluon(enc, notation::gluon::GluonStyle::Source);
  if (ctor) {
    amdImport = ctor->needsAmdImport;
    return "LAYOUT = " + ctor->text + "\n";
  }
  // No Gluon 3.6 class (amd_rotating_shared, amd_mfma version 0): its bases.
  std::string text;
  if (enc.isShared()) {
    unsigned alignment = 16;
    if (enc.kind() == EncodingKind::SharedLinear)
      alignment = static_cast<const SharedLinearEncoding &>(enc).alignment;
    text = "ttgl.SharedLinearLayout(offset_bases=" + basesText(inDimBases(ll, kOffset)) +
           ", block_bases=" + basesText(inDimBases(ll, kBlock)) +
           ", alignment=" + std::to_string(alignment) + ")";
  } else {
    std::vector<int64_t> sizes;
    for (const auto &[name, size] : ll.getOutDims())
      sizes.push_back(size);
    text = "ttgl.DistributedLinearLayout(reg_bases=" + basesText(inDimBases(ll, kRegister)) +
           ", lane_bases=" + basesText(inDimBases(ll, kLane)) +
           ", warp_bases=" + basesText(inDimBases(ll, kWarp)) +
           ", block_bases=" + basesText(inDimBases(ll, kBlock)) + ", shape=" + seqText(sizes) + ")";
  }
  return "# Gluon 3.6 has no constructor for #ttg." + std::string(mnemonic(enc.kind())) +
         " with these parameters; the probe uses its bases.\nLAYOUT = " + text + "\n";
}

const char *kCommonPython = R"PY(

def _fail(lines):
    print("FAIL: " + lines[0])
    for line in lines[1:]:
        print("  " + line)
    sys.exit(1)


def _error(what, exc):
    print(f"ERROR: {what}: {type(exc).__name__}: {str(exc).strip()[-1500:]}")
    sys.exit(2)


def _coords(flat):
    c = []
    for size in reversed(SHAPE):
        c.append(flat % size)
        flat //= size
    return "(" + ", ".join(str(x) for x in reversed(c)) + ")"


def _launch_options():
    options = {"num_warps": NUM_WARPS}
    if NUM_CTAS > 1:
        options["num_ctas"] = NUM_CTAS
    return options
)PY";

// ---------------------------------------------------------------------------
// Distributed layouts: who owns each element.

std::string distributedProbe(const ExportDesign &design, const Encoding &enc,
                             const LinearLayout &ll) {
  FlatLayout flat(ll);
  if (flat.elementBits() > kMaxProbeBits)
    throw Error("--shape", "gluon-probe checks at most 2^" + std::to_string(kMaxProbeBits) +
                               " elements; this tensor has 2^" +
                               std::to_string(flat.elementBits()));
  const int regBits = flat.bits(kRegister), laneBits = flat.bits(kLane),
            warpBits = flat.bits(kWarp), blockBits = flat.bits(kBlock);
  if (regBits + laneBits + warpBits + blockBits > 24)
    throw Error("layout", "gluon-probe checks at most 2^24 hardware locations");
  const int64_t lanes = int64_t{1} << laneBits, warps = int64_t{1} << warpBits,
                ctas = int64_t{1} << blockBits;
  const int64_t threadsPerCta = lanes * warps;
  if (threadsPerCta > 1024)
    throw Error("layout", std::to_string(threadsPerCta) +
                              " threads per CTA is more than the 1024 a CTA may have");

  // The tool's ownership map: element -> sorted owners.
  std::vector<std::set<int64_t>> owners(static_cast<size_t>(flat.numElements()));
  for (int64_t b = 0; b < ctas; ++b)
    for (int64_t w = 0; w < warps; ++w)
      for (int64_t l = 0; l < lanes; ++l) {
        const uint64_t base =
            flat.element(kLane, l) ^ flat.element(kWarp, w) ^ flat.element(kBlock, b);
        const int64_t id = b * threadsPerCta + w * lanes + l;
        for (int64_t r = 0; r < (int64_t{1} << regBits); ++r)
          owners[base ^ flat.element(kRegister, r)].insert(id);
      }

  std::ostringstream o;
  std::string layout;
  o << header(design, enc, ll,
              "# Triton decides: a @gluon.jit kernel makes a tensor in LAYOUT whose every element\n"
              "# is the id of the thread holding it, read with inline PTX (%tid.x, and\n"
              "# %cluster_ctarank when the CGA has several CTAs) on the values in LAYOUT, and\n"
              "# stores it.  Each element's storer must be one of its owners in EXPECTED\n"
              "# (replicated elements: any of them).\n",
              layout);
  o << "\nKIND = \"distributed\"\n"
    << "SHAPE = " << seqText(design.shape) << "\n"
    << "LANES = " << lanes << "\n"
    << "NUM_WARPS = " << warps << "\n"
    << "NUM_CTAS = " << ctas << "\n"
    << "THREADS_PER_CTA = " << threadsPerCta << "\n\n"
    << layout << "\n"
    << "# Layout Studio's ownership map: EXPECTED[e] = the owners of element e (row-major\n"
    << "# flat index), each block * THREADS_PER_CTA + warp * LANES + lane.\n"
    << "EXPECTED = ";
  writeList(o, owners.size(), 8, [&](size_t e) {
    return seqText(std::vector<int64_t>(owners[e].begin(), owners[e].end()));
  });
  o << kCommonPython;
  o << R"PY(

@gluon.jit
def probe_kernel(out_ptr, layout: ttgl.constexpr, fallback: ttgl.constexpr,
                 THREADS: ttgl.constexpr, MULTI_CTA: ttgl.constexpr, CONVERT: ttgl.constexpr):
    # Element indices in LAYOUT; the inline assembly runs on them in LAYOUT.
)PY";
  o << offsetsCode(design.shape, "layout");
  o << R"PY(    owner = ttgl.inline_asm_elementwise("mov.u32 $0, %tid.x;", "=r,r", [offs],
                                        dtype=ttgl.int32, is_pure=False, pack=1)
    if MULTI_CTA:
        cta = ttgl.inline_asm_elementwise("mov.u32 $0, %cluster_ctarank;", "=r,r", [offs],
                                          dtype=ttgl.int32, is_pure=False, pack=1)
        owner = owner + cta * THREADS
    if CONVERT:
        # Only after the assembly: move the finished values to a blocked layout to store.
        ttgl.store(out_ptr + ttgl.convert_layout(offs, fallback),
                   ttgl.convert_layout(owner, fallback))
    else:
        ttgl.store(out_ptr + offs, owner)


def _blocked_for_shape():
    rank = len(SHAPE)
    tpw, lanes = [1] * rank, 32
    for d in reversed(range(rank)):
        t = min(lanes, SHAPE[d])
        tpw[d], lanes = t, lanes // t
    tpw[0] *= lanes
    wpc, warps = [1] * rank, NUM_WARPS
    for d in range(rank):
        w = min(warps, max(1, SHAPE[d] // tpw[d]))
        wpc[d], warps = w, warps // w
    wpc[0] *= warps
    return ttgl.BlockedLayout([1] * rank, tpw, wpc, list(reversed(range(rank))))


def _who(owner):
    block, rest = divmod(owner, THREADS_PER_CTA)
    warp, lane = divmod(rest, LANES)
    return f"{owner} (block {block} warp {warp} lane {lane})"


def main():
    n = 1
    for size in SHAPE:
        n *= size
    if len(EXPECTED) != n:
        _fail([f"EXPECTED has {len(EXPECTED)} entries, the tensor {n} elements"])
    out = torch.full((n,), -1, dtype=torch.int32, device="cuda")
    route = "stored from LAYOUT"
    try:
        probe_kernel[(1,)](out, LAYOUT, LAYOUT, THREADS_PER_CTA, NUM_CTAS > 1, False,
                           **_launch_options())
        torch.cuda.synchronize()
    except Exception as direct:  # Triton could not store from LAYOUT itself
        if NUM_CTAS > 1:
            _error("Triton could not compile or run the probe", direct)
        route = f"converted to a blocked layout after the asm ({type(direct).__name__} storing from LAYOUT)"
        try:
            out.fill_(-1)
            probe_kernel[(1,)](out, LAYOUT, _blocked_for_shape(), THREADS_PER_CTA, False, True,
                               **_launch_options())
            torch.cuda.synchronize()
        except Exception as exc:
            _error("Triton could not compile or run the probe", exc)
    got = out.cpu().tolist()
    bad = [e for e in range(n) if got[e] not in EXPECTED[e]]
    if bad:
        lines = [f"{len(bad)} of {n} elements are not stored by an owner EXPECTED names; first:"]
        for e in bad[:8]:
            stored = "nobody" if got[e] < 0 else _who(got[e])
            want = ", ".join(_who(x) for x in EXPECTED[e][:4]) + (" ..." if len(EXPECTED[e]) > 4 else "")
            lines.append(f"element {_coords(e)} [flat {e}]: stored by {stored}; EXPECTED owners: {want}")
        _fail(lines)
    held = max(len(x) for x in EXPECTED)
    print(f"PASS: {n} elements, each stored by one of its owners in EXPECTED (up to {held} each); "
          f"{NUM_CTAS} CTA(s) x {NUM_WARPS} warps x {LANES} lanes; {route}; "
          f"Triton {triton.__version__}, {torch.cuda.get_device_name()}")
    sys.exit(0)


if __name__ == "__main__":
    main()
)PY";
  return o.str();
}

// ---------------------------------------------------------------------------
// Shared layouts: which element each offset holds.

// A distributed layout that holds every element of each CTA's tile once
// (row-major bits: lanes first, then warps, then registers) and splits the
// CTAs as `blockBases` do, so that storing from it into LAYOUT needs no
// cross-CTA traffic.
std::string sourceLayout(const FlatLayout &flat, const std::vector<uint64_t> &blockBases,
                         int warpBits) {
  const int bits = flat.elementBits();
  // Element bits independent of the block bases (GF(2) elimination).
  std::vector<uint64_t> span; // reduced rows, by leading bit
  auto reduce = [&](uint64_t v) {
    for (uint64_t r : span)
      v = std::min(v, v ^ r);
    return v;
  };
  auto add = [&](uint64_t v) {
    v = reduce(v);
    if (!v)
      return false;
    span.push_back(v);
    std::sort(span.begin(), span.end(), std::greater<>());
    return true;
  };
  for (uint64_t b : blockBases)
    add(b);
  std::vector<uint64_t> own;
  for (int i = 0; i < bits; ++i)
    if (add(uint64_t{1} << i))
      own.push_back(uint64_t{1} << i);
  auto coordsOf = [&](uint64_t v) { return seqText(flat.coords(v)); };
  auto zero = seqText(std::vector<int64_t>(flat.shape().size(), 0));
  std::vector<std::string> lane, warp, reg;
  size_t next = 0;
  for (int i = 0; i < 5; ++i)
    lane.push_back(next < own.size() ? coordsOf(own[next++]) : zero);
  for (int i = 0; i < warpBits; ++i)
    warp.push_back(next < own.size() ? coordsOf(own[next++]) : zero);
  while (next < own.size())
    reg.push_back(coordsOf(own[next++]));
  std::vector<std::string> block;
  for (uint64_t b : blockBases)
    block.push_back(coordsOf(b));
  auto list = [](const std::vector<std::string> &v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i)
      s += (i ? ", " : "") + v[i];
    return s + "]";
  };
  std::vector<int64_t> shape(flat.shape().begin(), flat.shape().end());
  return "ttgl.DistributedLinearLayout(reg_bases=" + list(reg) + ", lane_bases=" + list(lane) +
         ", warp_bases=" + list(warp) + ", block_bases=" + list(block) +
         ", shape=" + seqText(shape) + ")";
}

std::string sharedProbe(const ExportDesign &design, const ExportOptions &options,
                        const Encoding &enc, const LinearLayout &ll) {
  FlatLayout flat(ll);
  const int bits = design.element.bits;
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    throw Error("--dtype", "gluon-probe stores element indices in 8-, 16-, 32- or 64-bit "
                           "integers; " +
                               design.element.name + " has " + std::to_string(bits) + " bits");
  const int offsetBits = flat.bits(kOffset), blockBits = flat.bits(kBlock);
  const int64_t offsets = int64_t{1} << offsetBits, ctas = int64_t{1} << blockBits;
  int64_t allocated = offsets; // per CTA, in elements (padding included)
  const PaddedSharedEncoding *padded = nullptr;
  if (enc.kind() == EncodingKind::PaddedShared) {
    padded = static_cast<const PaddedSharedEncoding *>(&enc);
    allocated = padded->paddedOffset(offsets - 1) + 1;
  }
  int64_t slotsPerCta = 1;
  while (slotsPerCta < allocated)
    slotsPerCta <<= 1;
  if (log2Floor(static_cast<uint64_t>(slotsPerCta * ctas)) > kMaxProbeBits)
    throw Error("--shape", "gluon-probe checks at most 2^" + std::to_string(kMaxProbeBits) +
                               " shared-memory slots; this layout has " +
                               std::to_string(slotsPerCta * ctas));
  if (slotsPerCta * (bits / 8) > 227 * 1024)
    throw Error("--shape", "the allocation is more than the 227 KiB of shared memory a CTA has");
  const int warps = exportNumWarps(enc, options);
  const int warpBits = log2Floor(static_cast<uint64_t>(warps));

  std::vector<int64_t> expected(static_cast<size_t>(slotsPerCta * ctas), -1);
  for (int64_t b = 0; b < ctas; ++b)
    for (int64_t off = 0; off < offsets; ++off) {
      const int64_t slot = b * slotsPerCta + (padded ? padded->paddedOffset(off) : off);
      expected[static_cast<size_t>(slot)] =
          static_cast<int64_t>(flat.element(kOffset, off) ^ flat.element(kBlock, b));
    }

  // A CTA split for the 1-D views: block i holds slots [i * SLOTS_PER_CTA, ...).
  std::string cga;
  if (ctas > 1) {
    std::vector<std::vector<int32_t>> units;
    for (int i = 0; i < blockBits; ++i)
      units.push_back({int32_t{1} << i});
    cga = ", cga_layout=" + basesText(units);
  }
  const int indexBits = std::max(1, log2Floor(static_cast<uint64_t>(flat.numElements())));
  const int rounds = (indexBits + bits - 1) / bits;

  std::ostringstream o;
  std::string layout;
  o << header(design, enc, ll,
              "# Triton decides: a @gluon.jit kernel stores every element's index through\n"
              "# LAYOUT into shared memory (allocate_shared_memory + store), reads the raw\n"
              "# allocation back through a flat 1-D SwizzledSharedLayout(1, 1, 1, [0]) view of\n"
              "# it (_reinterpret) and stores that to global memory.  Every slot must hold the\n"
              "# element EXPECTED says.\n",
              layout);
  const char *intType = bits == 8 ? "int8" : bits == 16 ? "int16" : bits == 32 ? "int32" : "int64";
  o << "\nKIND = \"shared\"\n"
    << "SHAPE = " << seqText(design.shape) << "\n"
    << "NUM_WARPS = " << warps << "\n"
    << "NUM_CTAS = " << ctas << "\n"
    << "ELEMENT_BITS = " << bits << "  # " << design.element.name << ", stored as ttgl." << intType
    << "\n"
    << "ROUNDS = " << rounds << "  # launches, ELEMENT_BITS bits of each index at a time\n"
    << "SLOTS_PER_CTA = " << slotsPerCta << "  # the allocation (" << allocated
    << " elements), rounded up to a power of two\n"
    << "ALLOC_WITH_LAYOUT = " << (slotsPerCta == allocated ? "True" : "False")
    << "  # False: allocate the flat view, then reinterpret it as LAYOUT\n\n"
    << "# Stores every element of each CTA's tile once (no cross-CTA traffic).\n"
    << "SOURCE = " << sourceLayout(flat, flat.bases(kBlock), warpBits) << "\n"
    << "FLAT = ttgl.SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[0]" << cga << ")\n"
    << "READ = ttgl.BlockedLayout(size_per_thread=[1], threads_per_warp=[32], warps_per_cta=["
    << warps << "], order=[0]" << cga << ")\n\n"
    << layout << "\n"
    << "# Layout Studio's offset map: EXPECTED[cta * SLOTS_PER_CTA + offset] = the element\n"
    << "# (row-major flat index) stored there; -1 = padding or past the allocation.\n"
    << "EXPECTED = ";
  writeList(o, expected.size(), 16, [&](size_t i) { return std::to_string(expected[i]); });
  o << kCommonPython;
  const std::string alloc = allocShapeText(design.shape);
  o << R"PY(

@gluon.jit
def probe_kernel(out_ptr, shift, layout: ttgl.constexpr, source: ttgl.constexpr,
                 flat_layout: ttgl.constexpr, read_layout: ttgl.constexpr, elem: ttgl.constexpr,
                 MASK: ttgl.constexpr, SLOTS: ttgl.constexpr, ALLOC_WITH_LAYOUT: ttgl.constexpr):
)PY";
  o << offsetsCode(design.shape, "source");
  o << "    vals = ((offs >> shift) & MASK).to(elem)\n"
    << "    if ALLOC_WITH_LAYOUT:\n"
    << "        smem = ttgl.allocate_shared_memory(elem, " << alloc << ", layout)\n"
    << "        flat = smem._reinterpret(elem, [SLOTS], flat_layout)\n"
    << "    else:\n"
    << "        flat = ttgl.allocate_shared_memory(elem, [SLOTS], flat_layout)\n"
    << "        smem = flat._reinterpret(elem, " << alloc << ", layout)\n";
  o << R"PY(    smem.store(vals)
    raw = flat.load(read_layout)
    ttgl.store(out_ptr + ttgl.arange(0, SLOTS, layout=read_layout), raw.to(ttgl.int32) & MASK)


def main():
    total = SLOTS_PER_CTA * NUM_CTAS
    if len(EXPECTED) != total:
        _fail([f"EXPECTED has {len(EXPECTED)} entries, the allocation {total} slots"])
    elem = {8: ttgl.int8, 16: ttgl.int16, 32: ttgl.int32, 64: ttgl.int64}[ELEMENT_BITS]
    mask = (1 << ELEMENT_BITS) - 1 if ELEMENT_BITS < 32 else -1
    got = [0] * total
    out = torch.empty((total,), dtype=torch.int32, device="cuda")
    try:
        for r in range(ROUNDS):
            out.fill_(-1)
            probe_kernel[(1,)](out, r * ELEMENT_BITS, LAYOUT, SOURCE, FLAT, READ, elem, mask,
                               total, ALLOC_WITH_LAYOUT, **_launch_options())
            torch.cuda.synchronize()
            part = out.cpu().tolist()
            for i in range(total):
                got[i] |= (part[i] & (mask if mask > 0 else 0xFFFFFFFF)) << (r * ELEMENT_BITS)
    except Exception as exc:
        _error("Triton could not compile or run the probe", exc)
    checked = [i for i in range(total) if EXPECTED[i] >= 0]
    bad = [i for i in checked if got[i] != EXPECTED[i]]
    if bad:
        lines = [f"{len(bad)} of {len(checked)} shared-memory slots hold another element than EXPECTED; first:"]
        for i in bad[:8]:
            cta, off = divmod(i, SLOTS_PER_CTA)
            lines.append(f"cta {cta} offset {off}: holds element {_coords(got[i])} [flat {got[i]}]; "
                         f"EXPECTED {_coords(EXPECTED[i])} [flat {EXPECTED[i]}]")
        _fail(lines)
    print(f"PASS: {len(checked)} shared-memory slots ({NUM_CTAS} CTA(s), {SLOTS_PER_CTA} slots each) "
          f"hold the elements EXPECTED says; {ELEMENT_BITS}-bit elements, {ROUNDS} launch(es); "
          f"Triton {triton.__version__}, {torch.cuda.get_device_name()}")
    sys.exit(0)


if __name__ == "__main__":
    main()
)PY";
  return o.str();
}

} // namespace

std::string exportGluonProbe(const ExportDesign &design, const ExportOptions &options) {
  const LinearLayout ll = checkedLayout(design);
  const Encoding &enc = *design.encoding;
  if (enc.isTensorMemory())
    throw Error("layout", "tensor-memory layouts have no gluon-probe: Gluon 3.6's TMEM "
                          "round trip (tcgen05) needs an sm_100 GPU");
  const Target target = resolveTarget(enc, options);
  (void)target; // the probe runs wherever Triton runs; PTX is NVIDIA's
  if (enc.isShared())
    return sharedProbe(design, options, enc, ll);
  (void)exportNumWarps(enc, options); // rejects a contradicting --num-warps
  return distributedProbe(design, enc, ll);
}

} // namespace ls::codegen
