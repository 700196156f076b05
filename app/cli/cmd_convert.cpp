// `convert`: what a convert_layout from one distributed layout to another
// costs, and which registers go where.
#include <optional>
#include <sstream>

#include "analysis/convert/layout_conversion.h"
#include "cli_common.h"
#include "notation/mlir/layout_printer.h"
#include "report/conversion_report.h"
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
      throw Error("--to",
                  "has element type " + to.element->name + " but --from has " + from.element->name);
    dtype = e.name;
    bits = e.bits;
  }
  // The conversion's own words for its sides are the flags that gave them.
  auto flagOf = [](const std::string &field) {
    return field == "destination" ? std::string("--to")
           : field == "source"    ? std::string("--from")
           : field == "warp"      ? std::string("--warp")
                                  : field;
  };
  std::optional<LayoutConversion> made;
  try {
    made.emplace(distributedLayout(from, "from"), distributedLayout(to, "to"));
  } catch (const Error &e) {
    throw Error(flagOf(e.field()), e.rule());
  }
  LayoutConversion &c = *made;
  // The instructions Triton may use for scratch: the machine's (an AMD one
  // has no ldmatrix), or `generic` (ld/st.shared only).
  ScratchTarget target = ScratchTarget::Sm90;
  std::string machineName; // the machine the cost is for ("" for --target generic)
  if (args.optional("target").value_or("") == "generic") {
    target = ScratchTarget::Generic;
  } else {
    const int lanes = c.source().getInDimSize("lane");
    const audit::AuditTarget machine = machineTarget(args, lanes);
    checkTargetLanes(machine.banks, lanes, "--from");
    target = machine.scratch;
    machineName = machine.banks.name;
  }
  ConversionCost cost = conversionCost(c, bits, target);

  std::string text = args.flag("json")
                         ? report::conversionCostJson(c, cost, dtype, true, machineName) + "\n"
                         : report::conversionCostText(c, cost, dtype, machineName);
  if (args.flag("moves")) {
    int warp = 0;
    if (auto w = args.optional("warp")) {
      if (w->empty() || w->size() > 6 || w->find_first_not_of("0123456789") != std::string::npos)
        throw Error("--warp", "expects a warp index");
      warp = std::stoi(*w);
    }
    std::ostringstream o;
    const bool withBlock = c.numBlocks() > 1;
    std::vector<RegisterMove> moves;
    try {
      moves = c.movesInto(0, warp);
    } catch (const Error &e) {
      throw Error(flagOf(e.field()), e.rule());
    }
    for (const RegisterMove &m : moves)
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
       "the machine, for the shared-memory instructions a conversion may use: sm90/sm100 "
       "(ldmatrix, stmatrix), sm80 (ldmatrix), gfx90a/gfx942/gfx950/gfx1100/gfx1200 or any AMD target "
       "(ld/st.shared only), cuda:N, hip:gfxN, or generic (ld/st.shared only, Triton's default "
       "allocation); default: --file's ttg.target, else gfx942 for a 64-lane layout, else sm90"},
      {"json", false, "print JSON"},
      {"moves", false, "also list, for one destination warp, where each register comes from"},
      {"warp", true, "destination warp for --moves (default 0)"},
      {"output", true, "write to this file instead of stdout"}},
     false,
     runConvert});

} // namespace
} // namespace ls::cli
