#include "codegen/kernel_descriptor.h"

#include <cstdio>

#include "codegen/companion_layout.h"
#include "encodings/padded_shared.h"
#include "util/bits.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::codegen {

namespace {

constexpr int kMaxKernelBits = 24; // elements and locations a descriptor describes

BasisTable table(const FlatLayout &flat, const DimName &in) {
  BasisTable t;
  t.inDim = in;
  t.flat = flat.bases(in);
  for (uint64_t f : t.flat)
    t.coords.push_back(flat.coords(f));
  return t;
}

std::vector<BasisTable> tables(const FlatLayout &flat) {
  std::vector<BasisTable> out;
  for (const auto &in : flat.layout().getInDimNames())
    out.push_back(table(flat, in));
  return out;
}

// Consecutive values of `in` that land on consecutive elements of one dim.
void vectorOf(const LinearLayout &ll, const DimName &in, KernelDescriptor &d) {
  d.vectorDim = static_cast<int>(d.shape.size()) - 1;
  int run = 0;
  if (ll.hasInDim(in) && ll.getInDimSizeLog2(in) > 0) {
    auto first = ll.getBasis(in, 0);
    for (size_t k = 0; k < first.size(); ++k)
      if (first[k] == 1)
        d.vectorDim = static_cast<int>(k);
    for (int i = 0; i < ll.getInDimSizeLog2(in); ++i) {
      auto b = ll.getBasis(in, i);
      bool unit = true;
      for (size_t k = 0; k < b.size(); ++k)
        unit = unit && b[k] == (static_cast<int>(k) == d.vectorDim ? (1 << i) : 0);
      if (!unit)
        break;
      ++run;
    }
  }
  int64_t elems = int64_t{1} << run;
  while (elems > 1 && elems * d.elementBytes > 16)
    elems /= 2;
  d.vectorElements = static_cast<int>(elems);
}

int log2Of(const LinearLayout &ll, const DimName &in) {
  return ll.hasInDim(in) ? ll.getInDimSizeLog2(in) : 0;
}

} // namespace

int64_t paddedSlot(const KernelDescriptor &d, int64_t offset) {
  int64_t pad = 0;
  for (size_t i = 0; i < d.paddingIntervals.size(); ++i)
    pad += (offset >> log2Floor(d.paddingIntervals[i])) << log2Floor(d.paddingAmounts[i]);
  return offset + pad;
}

KernelDescriptor describeKernel(const ExportDesign &design, const ExportOptions &options) {
  const LinearLayout ll = checkedLayout(design);
  const Encoding &enc = *design.encoding;
  if (enc.isTensorMemory())
    throw Error("layout", "tensor-memory layouts have no kernel export yet");
  if (design.element.name.rfind("!tt.ptr", 0) == 0)
    throw Error("--dtype",
                "kernels store numbers; use a numeric element type, not " + design.element.name);
  KernelDescriptor d;
  d.attribute = ir::printEncoding(enc);
  d.kind = enc.kind();
  d.shared = enc.isShared();
  d.shape = design.shape;
  d.element = design.element;
  d.target = resolveTarget(enc, options);
  d.elementBytes = std::max(1, design.element.bits / 8);

  FlatLayout flat(ll);
  if (flat.elementBits() > kMaxKernelBits)
    throw Error("--shape", "kernel descriptors describe at most 2^24 elements; this tensor has 2^" +
                               std::to_string(flat.elementBits()));
  const int inBits = ll.getTotalInDimSizeLog2();
  if (inBits > kMaxKernelBits)
    throw Error("layout",
                "kernel descriptors describe at most 2^24 hardware locations; this layout "
                "has 2^" +
                    std::to_string(inBits));
  d.elements = flat.numElements();
  d.locations = int64_t{1} << inBits;
  d.replication = int64_t{1} << (inBits - ll.getRank());
  d.ctas = 1 << log2Of(ll, kBlock);
  d.tables = tables(flat);
  d.fingerprint = flat.fingerprint();

  if (!d.shared) {
    d.lanesPerWarp = 1 << log2Of(ll, kLane);
    d.warpsPerCta = 1 << log2Of(ll, kWarp);
    d.registersPerThread = int64_t{1} << log2Of(ll, kRegister);
    (void)exportNumWarps(enc, options); // rejects a contradicting --num-warps
    vectorOf(ll, kRegister, d);
  } else {
    d.lanesPerWarp = d.target.threadsPerWarp;
    d.warpsPerCta = exportNumWarps(enc, options);
    vectorOf(ll, kOffset, d);
    const int64_t offsets = int64_t{1} << log2Of(ll, kOffset);
    if (enc.kind() == EncodingKind::PaddedShared) {
      const auto &p = static_cast<const PaddedSharedEncoding &>(enc);
      d.paddingIntervals = p.intervals;
      d.paddingAmounts = p.paddings;
    }
    d.sharedMemorySlots = paddedSlot(d, offsets - 1) + 1;
    d.sharedMemoryBytes = d.sharedMemorySlots * d.elementBytes;
    EncodingPtr reader = companionLayout(design.shape, d.lanesPerWarp, d.warpsPerCta, ll);
    const LinearLayout readLl = reader->toLinearLayout(design.shape);
    FlatLayout readFlat(readLl);
    if (readLl.getTotalInDimSizeLog2() > kMaxKernelBits)
      throw Error("layout", "the read-back layout has more than 2^24 hardware locations");
    d.readLayout = ir::printEncoding(*reader);
    d.readTables = tables(readFlat);
    d.readFingerprint = readFlat.fingerprint();
    d.registersPerThread = int64_t{1} << log2Of(readLl, kRegister);
    d.inverseOffsets = flat.pseudoInverse(kOffset);
  }
  if (d.threadsPerCta() > 1024)
    throw Error("layout", std::to_string(d.warpsPerCta) + " warps x " +
                              std::to_string(d.lanesPerWarp) +
                              " lanes is more than the 1024 threads a CTA may have");
  return d;
}

std::string descriptorJson(const KernelDescriptor &d) {
  JsonWriter w;
  auto writeTables = [&](const std::vector<BasisTable> &ts) {
    w.beginObject();
    for (const auto &t : ts) {
      w.key(t.inDim).beginObject();
      w.key("coords").beginArray();
      for (const auto &c : t.coords)
        w.array(c);
      w.endArray();
      w.key("flat").array(std::vector<int64_t>(t.flat.begin(), t.flat.end()));
      w.endObject();
    }
    w.endObject();
  };
  char fp[32];
  w.beginObject();
  w.key("layout").value(d.attribute);
  w.key("kind").value(mnemonic(d.kind));
  w.key("memory").value(d.shared ? "shared" : "distributed");
  w.key("shape").array(std::vector<int64_t>(d.shape.begin(), d.shape.end()));
  w.key("element").beginObject();
  w.key("type").value(d.element.name);
  w.key("bits").value(int64_t{d.element.bits});
  w.key("bytes").value(int64_t{d.elementBytes});
  w.endObject();
  w.key("target").value(d.target.text());
  w.key("launch").beginObject();
  w.key("ctas").value(int64_t{d.ctas});
  w.key("warps_per_cta").value(int64_t{d.warpsPerCta});
  w.key("lanes_per_warp").value(int64_t{d.lanesPerWarp});
  w.key("threads_per_cta").value(int64_t{d.threadsPerCta()});
  w.endObject();
  w.key("registers_per_thread").value(d.registersPerThread);
  w.key("shared_memory_bytes").value(d.sharedMemoryBytes);
  w.key("vector").beginObject();
  w.key("dim").value(int64_t{d.vectorDim});
  w.key("elements").value(int64_t{d.vectorElements});
  w.key("bytes").value(int64_t{d.vectorBytes()});
  w.endObject();
  w.key("elements").value(d.elements);
  w.key("locations").value(d.locations);
  w.key("replication").value(d.replication);
  w.key("bases");
  writeTables(d.tables);
  std::snprintf(fp, sizeof fp, "0x%016llx", static_cast<unsigned long long>(d.fingerprint));
  w.key("fingerprint").value(std::string(fp));
  if (d.shared) {
    w.key("shared_memory_slots").value(d.sharedMemorySlots);
    if (!d.paddingIntervals.empty()) {
      w.key("padding").beginArray();
      for (size_t i = 0; i < d.paddingIntervals.size(); ++i)
        w.array({int64_t{d.paddingIntervals[i]}, int64_t{d.paddingAmounts[i]}});
      w.endArray();
    }
    w.key("inverse_offsets")
        .array(std::vector<int64_t>(d.inverseOffsets.begin(), d.inverseOffsets.end()));
    w.key("read_layout").value(d.readLayout);
    w.key("read_bases");
    writeTables(d.readTables);
  }
  w.endObject();
  return w.str() + "\n";
}

} // namespace ls::codegen
