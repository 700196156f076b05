#include "report/conversion_report.h"

#include <sstream>

#include "util/json_writer.h"

namespace ls::report {

namespace {

void minimalJson(JsonWriter &w, const LinearLayout &minimal) {
  w.beginObject();
  for (const auto &[name, bases] : minimal.getBases())
    w.key(name).matrix(bases);
  w.endObject();
}

} // namespace

std::string conversionCostJson(const LayoutConversion &c, const ConversionCost &cost,
                               const std::string &dtype, bool withScopes,
                               const std::string &machine) {
  JsonWriter w;
  w.beginObject();
  w.key("class").value(conversionKindName(cost.kind));
  if (!machine.empty())
    w.key("machine").value(machine);
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
  if (withScopes && c.destination().getTotalInDimSize() <= LayoutConversion::kMaxScannedLocations) {
    std::vector<int64_t> h = c.scopeHistogram();
    w.key("registers_by_scope").beginObject();
    for (int s = 0; s < 4; ++s)
      w.key(moveScopeName(static_cast<MoveScope>(s))).value(h[s]);
    w.endObject();
  }
  w.endObject();
  return w.str();
}

std::string conversionCostText(const LayoutConversion &c, const ConversionCost &cost,
                               const std::string &dtype, const std::string &machine) {
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
    // "sm90 scratch instructions on sm100": which instruction set the scratch
    // is costed with (generic: ld/st.shared only; sm80: + ldmatrix; sm90:
    // + stmatrix), and on which machine.
    o << "shared memory (" << dtype << ", " << scratchTargetName(s.target)
      << (machine.empty() ? "" : " scratch instructions on " + machine) << "): " << s.bytes
      << " bytes, " << s.reps
      << " rep(s), " << s.storesPerThread << " " << s.storeInstruction << " (x"
      << s.storeVectorElems << ") and " << s.loadsPerThread << " " << s.loadInstruction << " (x"
      << s.loadVectorElems << ") per thread, " << s.barriers
      << (s.warpSynchronous ? " warp barrier(s)\n" : " barrier(s)\n");
    if (s.conflicts)
      o << "bank conflicts: store " << s.conflicts->store << ", load " << s.conflicts->load << "\n";
    else
      o << "bank conflicts: unknown (bank analysis not wired in)\n";
  }
  if (cost.kind == ConversionKind::AcrossCtas)
    o << "across CTAs: distributed shared memory and cluster barriers (Triton 3.6 lowers it on "
         "NVIDIA for blocked, mma and slice layouts only); not costed here\n";
  o << "minimal conversion:" << c.minimalMap().toString() << "\n";
  return o.str();
}

} // namespace ls::report
