#include "analysis/swizzle/swizzle_search.h"

#include <algorithm>
#include <numeric>
#include <tuple>

#include "analysis/banks/bank_conflicts.h"
#include "analysis/banks/shared_access.h"
#include "analysis/swizzle/optimal_swizzling.h"
#include "encodings/nvmma_shared.h"
#include "encodings/shared_linear.h"
#include "encodings/swizzled_shared.h"
#include "layout/layout_utils.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls {
namespace {

// Lexicographic score, smaller is better.
using Score = std::tuple<int, int64_t, int64_t, int, int>;

int kindRank(EncodingKind k) {
  switch (k) {
  case EncodingKind::NvmmaShared:
    return 0;
  case EncodingKind::SwizzledShared:
    return 1;
  default:
    return 2;
  }
}

int complexity(const Encoding &e) {
  if (e.kind() == EncodingKind::SwizzledShared) {
    const auto &s = static_cast<const SwizzledSharedEncoding &>(e);
    return static_cast<int>(s.maxPhase * 10000 + s.perPhase * 100 + s.vec);
  }
  if (e.kind() == EncodingKind::NvmmaShared) {
    const auto &n = static_cast<const NvmmaSharedEncoding &>(e);
    return static_cast<int>(n.swizzlingByteWidth) * 2 + (n.transposed ? 1 : 0);
  }
  return 0;
}

Score score(const SwizzleFigures &f) {
  return {f.instructions(), f.conflicts(), f.storeWavefronts + f.loadWavefronts,
          kindRank(f.shared->kind()), complexity(*f.shared)};
}

std::vector<std::vector<unsigned>> candidateOrders(int rank) {
  std::vector<unsigned> order(static_cast<size_t>(rank));
  std::iota(order.rbegin(), order.rend(), 0u); // [rank-1, ..., 0]
  std::vector<std::vector<unsigned>> all;
  if (rank > 3) {
    all.push_back(order);
    std::swap(order[0], order[1]);
    all.push_back(order);
    return all;
  }
  std::sort(order.begin(), order.end());
  do
    all.push_back(order);
  while (std::next_permutation(order.begin(), order.end()));
  return all;
}

std::vector<EncodingPtr> candidates(const Encoding &writer, const Encoding &reader,
                                    const Shape &shape, int elementBits, const BankTarget &target) {
  std::vector<EncodingPtr> out;
  const int rank = static_cast<int>(shape.size());
  const int storageBits = std::max(8, elementBits);
  // nvmma_shared is what NVIDIA's TMA and wgmma read; Triton's AMD backend
  // never lowers it, so an AMD target is offered AMD-valid layouts only.
  if (target.vendor == Vendor::Nvidia && rank >= 2 && storageBits <= 64) {
    for (unsigned swizzle : {0u, 32u, 64u, 128u})
      for (bool transposed : {false, true}) {
        auto e = std::make_shared<NvmmaSharedEncoding>();
        e->swizzlingByteWidth = swizzle;
        e->transposed = transposed;
        e->elementBitWidth = static_cast<unsigned>(storageBits);
        e->cga = CGALayout::singleCTA(rank);
        out.push_back(e);
      }
  }
  const unsigned maxVec = static_cast<unsigned>(std::max(1, 128 / storageBits));
  for (const auto &order : candidateOrders(rank))
    for (unsigned maxPhase = 1; maxPhase <= 32; maxPhase *= 2)
      for (unsigned perPhase = 1; perPhase <= (maxPhase == 1 ? 1u : 16u); perPhase *= 2)
        for (unsigned vec = 1; vec <= (maxPhase == 1 ? 1u : maxVec); vec *= 2) {
          auto e = std::make_shared<SwizzledSharedEncoding>();
          e->vec = vec;
          e->perPhase = perPhase;
          e->maxPhase = maxPhase;
          e->order = order;
          e->cga = CGALayout::singleCTA(rank);
          out.push_back(e);
        }
  // Triton's optimal swizzling, as a shared_linear layout.
  try {
    auto e = std::make_shared<SharedLinearEncoding>();
    e->layout = optimalSharedLayout(writer.toLinearLayout(shape), reader.toLinearLayout(shape),
                                    storageBits);
    e->alignment = 16;
    out.push_back(e);
  } catch (const Error &) {
    // No optimal swizzling for these layouts (e.g. non-injective registers).
  }
  return out;
}

} // namespace

std::vector<SwizzleFigureChange> swizzleFigureChanges(const SwizzleFigures &c,
                                                      const SwizzleFigures &p) {
  std::vector<SwizzleFigureChange> out;
  auto add = [&](const char *figure, int64_t before, int64_t after) {
    if (before != after)
      out.push_back({figure, before, after});
  };
  add("store instructions per thread", c.storeInstructions, p.storeInstructions);
  add("load instructions per thread", c.loadInstructions, p.loadInstructions);
  add("store wavefronts", c.storeWavefronts, p.storeWavefronts);
  add("load wavefronts", c.loadWavefronts, p.loadWavefronts);
  // Over the ideal: the conflicts of the wavefront model (not Triton's
  // bank_conflicts, named below, hence not called conflicts). Named even when
  // the ideal did not move (then it repeats the wavefront change), so that
  // more conflicts are always said in so many words.
  add("store wavefronts over ideal", c.storeWavefronts - c.storeIdeal,
      p.storeWavefronts - p.storeIdeal);
  add("load wavefronts over ideal", c.loadWavefronts - c.loadIdeal, p.loadWavefronts - p.loadIdeal);
  add("store Triton bank_conflicts", c.tritonStoreConflicts, p.tritonStoreConflicts);
  add("load Triton bank_conflicts", c.tritonLoadConflicts, p.tritonLoadConflicts);
  return out;
}

std::vector<SwizzleFigureChange> SwizzleProposal::worse() const {
  std::vector<SwizzleFigureChange> out;
  if (current)
    for (auto &c : swizzleFigureChanges(*current, proposed))
      if (c.proposed > c.current)
        out.push_back(c);
  return out;
}

std::vector<SwizzleFigureChange> SwizzleProposal::better() const {
  std::vector<SwizzleFigureChange> out;
  if (current)
    for (auto &c : swizzleFigureChanges(*current, proposed))
      if (c.proposed < c.current)
        out.push_back(c);
  return out;
}

bool SwizzleProposal::improves() const {
  return !current || (worse().empty() && !better().empty());
}

bool SwizzleProposal::improvesOverall() const {
  if (!current)
    return true;
  const int64_t now = current->storeWavefronts + current->loadWavefronts;
  const int64_t then = proposed.storeWavefronts + proposed.loadWavefronts;
  const int nowInstr = current->instructions(), thenInstr = proposed.instructions();
  return (then < now && thenInstr <= nowInstr) || (then == now && thenInstr < nowInstr);
}

std::string SwizzleProposal::trades() const {
  auto list = [](const std::vector<SwizzleFigureChange> &changes) {
    std::string s;
    for (const auto &c : changes)
      s += (s.empty() ? "" : ", ") + c.figure + " " + std::to_string(c.current) + " -> " +
           std::to_string(c.proposed);
    return s;
  };
  const auto w = worse(), b = better();
  if (w.empty())
    return {};
  if (b.empty())
    return "worse: " + list(w);
  return "trades: " + list(w) + " for " + list(b);
}

SwizzleFigures evaluateSharedLayout(const Encoding &writer, const Encoding &reader,
                                    const EncodingPtr &shared, const Shape &shape, int elementBits,
                                    const BankTarget &target) {
  SwizzleFigures f;
  f.shared = shared;
  f.attribute = ir::printEncoding(*shared);
  SharedAccessOptions opt;
  opt.target = target;
  opt.detailLimit = 0;
  opt.allWarps = false;
  opt.direction = AccessDirection::Store;
  SharedAccessReport st = analyzeSharedAccess(writer, *shared, shape, elementBits, opt);
  opt.direction = AccessDirection::Load;
  SharedAccessReport ld = analyzeSharedAccess(reader, *shared, shape, elementBits, opt);
  f.storeInstruction = st.instruction;
  f.loadInstruction = ld.instruction;
  f.storeVector = st.plan.vectorElements;
  f.loadVector = ld.plan.vectorElements;
  f.storeInstructions = st.instructionsPerThread();
  f.loadInstructions = ld.instructionsPerThread();
  f.storeWavefronts = st.ctaWavefronts;
  f.storeIdeal = st.ctaIdealWavefronts;
  f.loadWavefronts = ld.ctaWavefronts;
  f.loadIdeal = ld.ctaIdealWavefronts;
  f.tritonStoreConflicts = sharedBankConflicts(writer, *shared, shape, elementBits);
  f.tritonLoadConflicts = sharedBankConflicts(reader, *shared, shape, elementBits);
  return f;
}

SwizzleProposal proposeSharedLayout(const Encoding &writer, const Encoding &reader,
                                    const Shape &shape, int elementBits, const BankTarget &target,
                                    const EncodingPtr &current) {
  if (writer.isShared())
    throw Error("--writer", "is a shared layout; expected a distributed (register) layout");
  if (reader.isShared())
    throw Error("--reader", "is a shared layout; expected a distributed (register) layout");
  if (writer.numCTAs() != 1 || reader.numCTAs() != 1)
    throw Error("--writer", "the swizzle search handles layouts of one CTA");
  SwizzleProposal p;
  if (current)
    p.current = evaluateSharedLayout(writer, reader, current, shape, elementBits, target);
  std::optional<SwizzleFigures> best;
  for (const EncodingPtr &c : candidates(writer, reader, shape, elementBits, target)) {
    SwizzleFigures f;
    try {
      f = evaluateSharedLayout(writer, reader, c, shape, elementBits, target);
    } catch (const Error &) {
      continue; // this candidate does not fit the shape
    }
    ++p.candidates;
    if (!best || score(f) < score(*best))
      best = std::move(f);
  }
  if (!best)
    throw Error("--shape", "no shared layout fits these layouts and this shape");
  p.proposed = std::move(*best);
  return p;
}

} // namespace ls
