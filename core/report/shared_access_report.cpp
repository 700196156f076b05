#include "report/shared_access_report.h"

namespace ls::report {

std::vector<int64_t> laneList(uint64_t mask) {
  std::vector<int64_t> v;
  for (int l = 0; l < 64; ++l)
    if ((mask >> l) & 1)
      v.push_back(l);
  return v;
}

void writeSharedAccess(JsonWriter &w, const SharedAccessReport &r) {
  w.beginObject();
  w.key("instruction").value(r.instruction);
  w.key("class").value(r.plan.cls == InstructionClass::Matrix ? "matrix" : "ldst");
  w.key("transposed").value(r.plan.transposed);
  w.key("vectorElements").value(int64_t{r.plan.vectorElements});
  w.key("accessBytes").value(int64_t{r.plan.accessBytes});
  w.key("matrices").value(int64_t{r.plan.matrices});
  w.key("instructionsPerThread").value(int64_t{r.instructionsPerThread()});
  w.key("lanesPerWarp").value(int64_t{r.plan.laneCount});
  w.key("warps").value(int64_t{r.plan.warpCount});
  w.key("warp").value(int64_t{r.warp});
  w.key("wavefronts").value(r.wavefronts);
  w.key("idealWavefronts").value(r.idealWavefronts);
  w.key("conflicts").value(r.conflicts());
  w.key("ctaWavefronts").value(r.ctaWavefronts);
  w.key("ctaIdealWavefronts").value(r.ctaIdealWavefronts);
  w.key("truncated").value(r.truncated);
  w.key("instructions").beginArray();
  for (const auto &in : r.instructions) {
    w.beginObject();
    w.key("index").value(int64_t{in.index});
    w.key("wavefronts").value(int64_t{in.served.wavefronts});
    w.key("ideal").value(int64_t{in.served.ideal});
    std::vector<int64_t> lanes, addresses;
    for (const auto &a : in.lanes) {
      lanes.push_back(a.lane);
      addresses.push_back(a.byteAddress);
    }
    w.key("lanes").array(lanes);
    w.key("addresses").array(addresses);
    w.key("groups").beginArray();
    for (const auto &g : in.served.groups) {
      w.beginObject();
      w.key("lanes").array(laneList(g.lanes));
      w.key("wavefronts").value(int64_t{g.wavefronts});
      w.key("wordsPerBank")
          .array(std::vector<int64_t>(g.wordsPerBank.begin(), g.wordsPerBank.end()));
      w.endObject();
    }
    w.endArray();
    w.key("fronts").beginArray();
    for (const auto &f : in.served.fronts) {
      std::vector<int64_t> banks, words;
      for (const auto &c : f.cells) {
        banks.push_back(c.bank);
        words.push_back(c.word);
      }
      w.beginObject();
      w.key("group").value(int64_t{f.group});
      w.key("lanes").array(laneList(f.lanes));
      w.key("banks").array(banks);
      w.key("words").array(words);
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.endObject();
}

void writeSharedAccessText(std::ostream &out, const char *what, const SharedAccessReport &r) {
  out << what << " (" << r.target.name << "): " << r.instruction << ", " << r.plan.vectorElements
      << " element" << (r.plan.vectorElements == 1 ? "" : "s") << " per lane, "
      << r.instructionsPerThread() << " instruction" << (r.instructionsPerThread() == 1 ? "" : "s")
      << " per thread, " << r.plan.warpCount << " warp" << (r.plan.warpCount == 1 ? "" : "s")
      << "\n";
  out << "  warp " << r.warp << ": " << r.wavefronts << " wavefronts, ideal " << r.idealWavefronts
      << ", " << r.conflicts() << " conflicts; CTA: " << r.ctaWavefronts << " wavefronts, ideal "
      << r.ctaIdealWavefronts << "\n";
  for (const auto &in : r.instructions) {
    out << "  #" << in.index << ": " << in.served.wavefronts << " wavefronts (ideal "
        << in.served.ideal << ")";
    int worst = 0, worstBank = 0;
    for (const auto &g : in.served.groups)
      for (size_t b = 0; b < g.wordsPerBank.size(); ++b)
        if (g.wordsPerBank[b] > worst) {
          worst = g.wordsPerBank[b];
          worstBank = static_cast<int>(b);
        }
    if (worst > 1)
      out << "; bank " << worstBank << " holds " << worst << " distinct words";
    out << "\n";
  }
  if (r.truncated)
    out << "  (detail shown for the first " << r.instructions.size() << " instructions)\n";
}

} // namespace ls::report
