// `sectors`: how a layout's global loads/stores hit 32-byte sectors, per warp
// and vector instruction.
#include <cstdio>

#include "analysis/global/global_access.h"
#include "cli_common.h"
#include "cli_lists.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

std::string percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", v * 100.0);
  return buf;
}

int runSectors(const Args &args, std::ostream &out) {
  ResolvedLayout r = resolveLayout(args);
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
  GlobalInstruction detail = ga.instruction(warp, instr);

  if (args.flag("json")) {
    JsonWriter w;
    w.beginObject();
    w.key("dtype").value(r.element->name);
    w.key("strides").array(ga.strides());
    w.key("vector_elems").value(int64_t{ga.vectorElems()});
    w.key("vector_bits").value(int64_t{ga.vectorBits()});
    w.key("instructions_per_thread").value(int64_t{ga.instructionsPerThread()});
    w.key("sectors").value(ga.totalSectors());
    w.key("min_sectors").value(ga.totalMinSectors());
    w.key("efficiency").value(ga.efficiency());
    w.key("instructions").beginArray();
    for (const GlobalInstructionSummary &s : ga.summaries()) {
      w.beginObject();
      w.key("warp").value(int64_t{s.warp});
      w.key("instruction").value(int64_t{s.index});
      w.key("sectors").value(s.sectors);
      w.key("min_sectors").value(s.minSectors);
      w.key("bytes").value(s.uniqueBytes);
      w.endObject();
    }
    w.endArray();
    w.key("detail").beginObject();
    w.key("warp").value(int64_t{detail.warp});
    w.key("instruction").value(int64_t{detail.index});
    w.key("lanes").beginArray();
    for (const GlobalLaneAccess &l : detail.lanes) {
      w.beginObject();
      w.key("lane").value(int64_t{l.lane});
      w.key("byte").value(l.firstByte);
      w.key("bytes").value(int64_t{l.bytes});
      w.key("sectors").beginArray();
      for (int64_t s = l.firstSector; s <= l.lastSector; ++s)
        w.value(s);
      w.endArray();
      w.endObject();
    }
    w.endArray();
    w.endObject();
    w.endObject();
    writeOutput(args, out, w.str() + "\n");
    return 0;
  }
  std::string t;
  t += "vector: " + std::to_string(ga.vectorElems()) + " x " + r.element->name + " (" +
       std::to_string(ga.vectorBits()) + " bits), " + std::to_string(ga.instructionsPerThread()) +
       " instruction(s) per thread\n";
  t += "all warps: " + std::to_string(ga.totalSectors()) + " sectors, minimum " +
       std::to_string(ga.totalMinSectors()) + ", efficiency " + percent(ga.efficiency()) + "\n";
  size_t shown = 0;
  for (const GlobalInstructionSummary &s : ga.summaries()) {
    if (++shown > 64) {
      t += "... (" + std::to_string(ga.summaries().size() - 64) + " more; use --json)\n";
      break;
    }
    t += "warp " + std::to_string(s.warp) + " instruction " + std::to_string(s.index) + ": " +
         std::to_string(s.sectors) + " sectors (minimum " + std::to_string(s.minSectors) + ")\n";
  }
  t += "warp " + std::to_string(warp) + " instruction " + std::to_string(instr) +
       ", sectors per lane:\n";
  for (const GlobalLaneAccess &l : detail.lanes) {
    t += "  lane " + std::to_string(l.lane) + ": byte " + std::to_string(l.firstByte) +
         " sector" + (l.lastSector > l.firstSector ? "s " : " ") + std::to_string(l.firstSector);
    if (l.lastSector > l.firstSector)
      t += "-" + std::to_string(l.lastSector);
    t += "\n";
  }
  writeOutput(args, out, t);
  return 0;
}

CommandRegistration reg(
    {"sectors",
     "32-byte sectors touched by a layout's global loads/stores, per warp and instruction",
     {{"layout", true, "layout attribute or tensor type"},
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
