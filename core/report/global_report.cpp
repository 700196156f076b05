#include "report/global_report.h"

#include <cstdio>

#include "util/json_writer.h"

namespace ls::report {

std::string percentText(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", fraction * 100.0);
  return buf;
}

std::string globalAccessJson(const GlobalAccess &ga, const std::string &dtype,
                             const GlobalInstruction &detail) {
    JsonWriter w;
  w.beginObject();
  w.key("dtype").value(dtype);
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
  return w.str();
}

std::string globalAccessText(const GlobalAccess &ga, const std::string &dtype,
                             const GlobalInstruction &detail) {
  std::string t;
  t += "vector: " + std::to_string(ga.vectorElems()) + " x " + dtype + " (" +
       std::to_string(ga.vectorBits()) + " bits), " + std::to_string(ga.instructionsPerThread()) +
       " instruction(s) per thread\n";
  t += "all warps: " + std::to_string(ga.totalSectors()) + " sectors, minimum " +
       std::to_string(ga.totalMinSectors()) + ", efficiency " + percentText(ga.efficiency()) + "\n";
  size_t shown = 0;
  for (const GlobalInstructionSummary &s : ga.summaries()) {
    if (++shown > 64) {
      t += "... (" + std::to_string(ga.summaries().size() - 64) + " more; use --json)\n";
      break;
    }
    t += "warp " + std::to_string(s.warp) + " instruction " + std::to_string(s.index) + ": " +
         std::to_string(s.sectors) + " sectors (minimum " + std::to_string(s.minSectors) + ")\n";
  }
  t += "warp " + std::to_string(detail.warp) + " instruction " + std::to_string(detail.index) +
       ", sectors per lane:\n";
  for (const GlobalLaneAccess &l : detail.lanes) {
    t += "  lane " + std::to_string(l.lane) + ": byte " + std::to_string(l.firstByte) +
         " sector" + (l.lastSector > l.firstSector ? "s " : " ") + std::to_string(l.firstSector);
    if (l.lastSector > l.firstSector)
      t += "-" + std::to_string(l.lastSector);
    t += "\n";
  }
  return t;
}

} // namespace ls::report
