// `sectors`: how a layout's global loads/stores hit 32-byte sectors, per warp
// and vector instruction.
#include "analysis/global/global_access.h"
#include "cli_common.h"
#include "cli_lists.h"
#include "util/error.h"
#include "report/global_report.h"

namespace ls::cli {
namespace {

int runSectors(const Args &args, std::ostream &out) {
  ResolvedLayout r = resolveLayout(args);
  if (r.element) // a tensor of pointers (the audit's `type`) accesses its pointee
    r.element = accessedElement(*r.element);
  if (!r.element)
    throw Error("--dtype", "is required (the element size sets vectors and sectors)");
  if (r.encoding->isShared() || r.encoding->isTensorMemory())
    throw Error("--layout", "is not a distributed layout; global loads and stores use "
                            "register layouts");
  std::vector<int64_t> strides;
  if (auto s = args.optional("strides"))
    strides = parseIntList(*s, "--strides", /*allowZero=*/true);
  GlobalAccess ga(r.encoding->toLinearLayout(r.shape), r.element->bits, strides);
  int warp = 0, instr = 0;
  if (auto w = args.optional("warp"))
    warp = static_cast<int>(parseIntList(*w, "--warp", true).at(0));
  if (auto i = args.optional("instruction"))
    instr = static_cast<int>(parseIntList(*i, "--instruction", true).at(0));
  GlobalInstruction detail;
  try {
    detail = ga.instruction(warp, instr);
  } catch (const Error &e) { // its "warp" and "instruction" are these flags
    throw Error(e.field() == "warp" || e.field() == "instruction" ? "--" + e.field() : e.field(),
                e.rule());
  }

  if (args.flag("json")) {
    writeOutput(args, out, report::globalAccessJson(ga, r.element->name, detail) + "\n");
    return 0;
  }
  writeOutput(args, out, report::globalAccessText(ga, r.element->name, detail));
  return 0;
}

CommandRegistration reg(
    {"sectors",
     "32-byte sectors touched by a layout's global loads/stores, per warp and instruction",
     {kFileOption,
          {"layout", true, "layout attribute or tensor type"},
      {"shape", true, "tensor shape, e.g. 64x64"},
      {"dtype", true, "element type"},
      {"strides", true, "global strides in elements, e.g. 64,1 (default row-major)"},
      {"warp", true, "warp shown lane by lane (default 0)"},
      {"instruction", true, "instruction shown lane by lane (default 0)"},
      {"json", false, "print JSON"},
      {"output", true, "write to this file instead of stdout"}},
     false,
     runSectors});

} // namespace
} // namespace ls::cli
