// `convert`: what a convert_layout from one distributed layout to another
// costs, and which registers go where.
#include <sstream>

#include "analysis/convert/layout_conversion.h"
#include "cli_common.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

LinearLayout distributedLayout(const ResolvedLayout &r, const std::string &flag) {
  if (r.encoding->isShared() || r.encoding->isTensorMemory())
    throw Error("--" + flag, "is not a distributed layout; convert_layout converts between "
                             "register layouts (blocked, slice, mma, dot_op, linear, ...)");
  return r.encoding->toLinearLayout(r.shape);
}

std::string locText(const HardwareLocation &l, bool withBlock) {
  std::string s = withBlock ? "b" + std::to_string(l.block) + " " : "";
  return s + "w" + std::to_string(l.warp) + " t" + std::to_string(l.lane) + " r" +
         std::to_string(l.reg);
}

void minimalJson(JsonWriter &w, const LinearLayout &minimal) {
  w.beginObject();
  for (const auto &[name, bases] : minimal.getBases())
    w.key(name).matrix(bases);
  w.endObject();
}

std::string costJson(const LayoutConversion &c, const ConversionCost &cost,
                     const std::string &dtype) {
  JsonWriter w;
  w.beginObject();
  w.key("class").value(conversionKindName(cost.kind));
  w.key("trivial").value(c.isTrivial());
  w.key("moved_dims").beginArray();
  for (const auto &d : c.movedDims())
    w.value(d);
  w.endArray();
  w.key("minimal");
  minimalJson(w, c.minimalMap());
  w.key("dtype").value(dtype);
  w.key("element_bits").value(int64_t{cost.elementBits});
  w.key("shuffle");
  if (cost.shuffle) {
    const WarpShufflePlan &p = *cost.shuffle;
    w.beginObject();
    w.key("method").value(p.method);
    w.key("shuffle_rounds").value(p.shuffles);
    w.key("selects").value(p.selects);
    w.key("mixed_transpositions").beginArray();
    for (auto [r, l] : p.mixedTranspositions) {
      w.beginArray().value(int64_t{r}).value(int64_t{l}).endArray();
    }
    w.endArray();
    w.key("lane_permutation_trivial").value(p.lanePermutationIsTrivial);
    w.key("pack_bits").value(int64_t{p.packBits});
    w.key("words_per_thread").value(p.wordsPerThread);
    w.endObject();
  } else {
    w.null();
  }
  w.key("shared_memory");
  if (cost.scratch) {
    const ConversionScratch &s = *cost.scratch;
    w.beginObject();
    w.key("target").value(scratchTargetName(s.target));
    w.key("bytes").value(s.bytes);
    w.key("reps").value(int64_t{s.reps});
    w.key("element_bits").value(int64_t{s.elementBits});
    w.key("vector_elems").value(int64_t{s.vectorElems});
    w.key("store_vector_elems").value(int64_t{s.storeVectorElems});
    w.key("load_vector_elems").value(int64_t{s.loadVectorElems});
    w.key("store_instruction").value(s.storeInstruction);
    w.key("load_instruction").value(s.loadInstruction);
    w.key("stores_per_thread").value(s.storesPerThread);
    w.key("loads_per_thread").value(s.loadsPerThread);
    w.key("barriers").value(s.barriers);
    w.key("warp_synchronous").value(s.warpSynchronous);
    w.key("conflicts");
    if (s.conflicts) {
      w.beginObject();
      w.key("store").value(s.conflicts->store);
      w.key("load").value(s.conflicts->load);
      w.endObject();
    } else {
      w.null();
    }
    w.key("buffer").beginObject();
    for (const auto &[name, bases] : s.buffer.getBases())
      w.key(name).matrix(bases);
    w.endObject();
    w.endObject();
  } else {
    w.null();
  }
  if (c.destination().getTotalInDimSize() <= LayoutConversion::kMaxScannedLocations) {
    std::vector<int64_t> h = c.scopeHistogram();
    w.key("registers_by_scope").beginObject();
    for (int s = 0; s < 4; ++s)
      w.key(moveScopeName(static_cast<MoveScope>(s))).value(h[s]);
    w.endObject();
  }
  w.endObject();
  return w.str();
}

std::string costText(const LayoutConversion &c, const ConversionCost &cost,
                     const std::string &dtype) {
  std::ostringstream o;
  o << "class: " << conversionKindName(cost.kind) << "\n";
  o << "trivial (is_convert_layout_trivial): " << (c.isTrivial() ? "yes" : "no") << "\n";
  o << "moved dims:";
  if (c.movedDims().empty())
    o << " none";
  for (const auto &d : c.movedDims())
    o << " " << d;
  o << "\n";
  if (cost.shuffle) {
    const WarpShufflePlan &p = *cost.shuffle;
    o << "warp shuffles (" << dtype << "): " << p.shuffles << " rounds per thread, " << p.selects
      << " selects, method " << p.method << ", " << p.mixedTranspositions.size()
      << " register/lane transposition(s), lane permutation "
      << (p.lanePermutationIsTrivial ? "trivial" : "non-trivial") << "\n";
  }
  if (cost.scratch) {
    const ConversionScratch &s = *cost.scratch;
    o << "shared memory (" << dtype << ", " << scratchTargetName(s.target) << "): " << s.bytes
      << " bytes, " << s.reps << " rep(s), " << s.storesPerThread << " " << s.storeInstruction
      << " (x" << s.storeVectorElems << ") and " << s.loadsPerThread << " " << s.loadInstruction
      << " (x" << s.loadVectorElems << ") per thread, " << s.barriers
      << (s.warpSynchronous ? " warp barrier(s)\n" : " barrier(s)\n");
    if (s.conflicts)
      o << "bank conflicts: store " << s.conflicts->store << ", load " << s.conflicts->load
        << "\n";
    else
      o << "bank conflicts: unknown (bank analysis not wired in)\n";
  }
  if (cost.kind == ConversionKind::AcrossCtas)
    o << "across CTAs: distributed shared memory and cluster barriers (Triton 3.6 lowers it on "
         "NVIDIA for blocked, mma and slice layouts only); not costed here\n";
  o << "minimal conversion:" << c.minimalMap().toString() << "\n";
  return o.str();
}

int runConvert(const Args &args, std::ostream &out) {
  ResolvedLayout from = resolveLayout(args, "from");
  ResolvedLayout to = resolveLayout(args, "to");
  if (from.shape != to.shape)
    throw Error("--to", "has a different shape than --from");
  std::string dtype = "f32";
  int bits = 32;
  if (from.element || to.element) {
    const ir::ElementType &e = from.element ? *from.element : *to.element;
    if (from.element && to.element && from.element->name != to.element->name)
      throw Error("--to", "has element type " + to.element->name + " but --from has " +
                              from.element->name);
    dtype = e.name;
    bits = e.bits;
  }
  ScratchTarget target = ScratchTarget::Sm90;
  if (auto t = args.optional("target")) {
    if (*t == "generic")
      target = ScratchTarget::Generic;
    else if (*t == "sm80")
      target = ScratchTarget::Sm80;
    else if (*t != "sm90")
      throw Error("--target", "'" + *t + "' is not one of generic, sm80, sm90");
  }
  LayoutConversion c(distributedLayout(from, "from"), distributedLayout(to, "to"));
  ConversionCost cost = conversionCost(c, bits, target);

  std::string text = args.flag("json") ? costJson(c, cost, dtype) + "\n" : costText(c, cost, dtype);
  if (args.flag("moves")) {
    int warp = 0;
    if (auto w = args.optional("warp")) {
      if (w->empty() || w->size() > 6 || w->find_first_not_of("0123456789") != std::string::npos)
        throw Error("--warp", "expects a warp index");
      warp = std::stoi(*w);
    }
    std::ostringstream o;
    const bool withBlock = c.numBlocks() > 1;
    for (const RegisterMove &m : c.movesInto(0, warp))
      o << locText(m.to, withBlock) << " <- " << locText(m.from, withBlock) << " ("
        << moveScopeName(m.scope) << ")\n";
    text += o.str();
  }
  writeOutput(args, out, text);
  return 0;
}

CommandRegistration reg(
    {"convert",
     "classify and cost a convert_layout between two distributed layouts",
     {kFileOption,
          {"from", true, "source layout attribute or tensor type"},
      {"to", true, "destination layout attribute or tensor type"},
      {"shape", true, "tensor shape, e.g. 64x64"},
      {"dtype", true, "element type (default f32); sets shuffle packing and scratch bytes"},
      {"target", true,
       "shared-memory instructions: sm90 (default: ldmatrix, stmatrix), sm80 (ldmatrix), "
       "generic (ld/st.shared only, as AMD and Triton's default allocation)"},
      {"json", false, "print JSON"},
      {"moves", false, "also list, for one destination warp, where each register comes from"},
      {"warp", true, "destination warp for --moves (default 0)"},
      {"output", true, "write to this file instead of stdout"}},
     false,
     runConvert});

} // namespace
} // namespace ls::cli
