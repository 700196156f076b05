// `owner`: the two questions people ask first of a layout, both ways.
//
//   owner --layout A --shape S --element 37,5      who holds element (37, 5)?
//   owner --layout A --shape S --thread 37 [--block 0]
//   owner --layout A --shape S --warp 1 --lane 5   which elements does it hold?
//   owner --layout A --shape S --offset 96         (shared) which element is there?
//
// Every owner is listed, replicas included (for a shared layout: each
// (block, offset) holding the element). A thread is lane + lanesPerWarp * warp,
// as %tid.x numbers it. Answers come from core/analysis/ownership; the JSON is
// written by core/report/ownership_report.
#include "analysis/ownership/ownership.h"
#include "cli_common.h"
#include "cli_lists.h"
#include "report/ownership_report.h"
#include "util/error.h"

namespace ls::cli {
namespace {

int64_t inDimSize(const LinearLayout &ll, const DimName &d) {
  return ll.hasInDim(d) ? ll.getInDimSize(d) : 1;
}

int64_t parseIndex(const Args &args, const std::string &name, int64_t limit,
                   const std::string &what) {
  const std::string flag = "--" + name;
  const std::vector<int64_t> v = parseIntList(args.required(name), flag, /*allowZero=*/true);
  if (v.size() != 1)
    throw Error(flag, "expected one integer");
  if (v[0] >= limit)
    throw Error(flag, std::to_string(v[0]) + " is beyond the layout's " + std::to_string(limit) +
                          " " + what + ", numbered from 0");
  return v[0];
}

int runOwner(const Args &args, std::ostream &out) {
  ResolvedLayout r = resolveLayout(args);
  if (r.encoding->isTensorMemory())
    throw Error("--layout", "tensor memory layouts have no threads; use `tmem-reg` for the "
                            "registers a TMEM load uses");
  const LinearLayout ll = r.encoding->toLinearLayout(r.shape);
  const Ownership own(ll);
  const bool shared = r.encoding->isShared();
  const bool json = args.flag("json");
  const int asked = (args.optional("element") ? 1 : 0) + (args.optional("thread") ? 1 : 0) +
                    (args.optional("warp") || args.optional("lane") ? 1 : 0) +
                    (args.optional("offset") ? 1 : 0);
  if (asked != 1)
    throw Error("--element", "give exactly one of --element I,J,..., --thread T, --warp W --lane L "
                             "or --offset N (shared layouts)");

  if (auto e = args.optional("element")) {
    const std::vector<int64_t> coords = parseIntList(*e, "--element", /*allowZero=*/true);
    if (coords.size() != r.shape.size())
      throw Error("--element", "has " + std::to_string(coords.size()) +
                                   " coordinates; the tensor has rank " +
                                   std::to_string(r.shape.size()));
    for (size_t d = 0; d < coords.size(); ++d)
      if (coords[d] >= r.shape[d])
        throw Error("--element", "coordinate " + std::to_string(d) + " is " +
                                     std::to_string(coords[d]) + " but dim " + std::to_string(d) +
                                     " has size " + std::to_string(r.shape[d]));
    const report::ElementOwners owners = report::elementOwners(own, coords);
    out << (json ? report::elementOwnersJson(owners) + "\n" : report::elementOwnersText(owners));
    return 0;
  }

  report::HeldElements held;
  if (shared) {
    if (!args.optional("offset") || args.optional("thread") || args.optional("warp"))
      throw Error("--thread", "a shared layout has no threads; ask --element or --offset");
    const int64_t block =
        args.optional("block") ? parseIndex(args, "block", inDimSize(ll, kBlock), "blocks") : 0;
    const int64_t offset = parseIndex(args, "offset", inDimSize(ll, kOffset), "offsets");
    held = report::elementsAt(own, {{kOffset, offset}, {kBlock, block}});
  } else {
    if (args.optional("offset"))
      throw Error("--offset", "a distributed layout has no shared-memory offsets; ask --thread");
    const int64_t lanes = inDimSize(ll, kLane), warps = inDimSize(ll, kWarp);
    int64_t lane = 0, warp = 0;
    if (args.optional("thread")) {
      const int64_t t = parseIndex(args, "thread", lanes * warps,
                                   "threads per CTA (" + std::to_string(warps) + " warps x " +
                                       std::to_string(lanes) + " lanes)");
      lane = t % lanes;
      warp = t / lanes;
    } else {
      if (!args.optional("warp") || !args.optional("lane"))
        throw Error(args.optional("warp") ? "--lane" : "--warp", "give both --warp and --lane");
      warp = parseIndex(args, "warp", warps, "warps");
      lane = parseIndex(args, "lane", lanes, "lanes per warp");
    }
    const int64_t block =
        args.optional("block") ? parseIndex(args, "block", inDimSize(ll, kBlock), "blocks") : 0;
    held = report::elementsAt(own, {{kLane, lane}, {kWarp, warp}, {kBlock, block}});
    held.thread = lane + lanes * warp;
  }
  out << (json ? report::heldElementsJson(held) + "\n" : report::heldElementsText(held));
  return 0;
}

CommandRegistration reg({"owner",
                         "who holds an element (every replica), or which elements a thread holds",
                         {{"layout", true, "layout attribute or tensor/memdesc type"},
                          {"shape", true, "tensor shape, e.g. 64x64"},
                          {"dtype", true, "element type (ignored by most layouts)"},
                          {"element", true, "tensor coordinates, e.g. 37,5"},
                          {"thread", true, "thread index in the CTA (lane + lanes * warp)"},
                          {"warp", true, "warp index (with --lane)"},
                          {"lane", true, "lane index (with --warp)"},
                          {"block", true, "CTA index in the cluster (default 0)"},
                          {"offset", true, "shared-memory offset in elements (shared layouts)"},
                          {"json", false, "print JSON"}},
                         false,
                         runOwner});

} // namespace
} // namespace ls::cli
