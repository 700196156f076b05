// `swizzle`: the shared layout to put between a writer and a reader layout,
// printed as attribute text with its figures (and the current layout's).
#include "analysis/swizzle/swizzle_search.h"
#include "banks_common.h"
#include "cli_common.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

void writeFigures(JsonWriter &w, const SwizzleFigures &f) {
  w.beginObject();
  w.key("shared").value(f.attribute);
  w.key("kind").value(mnemonic(f.shared->kind()));
  w.key("instructions").value(int64_t{f.instructions()});
  w.key("conflicts").value(f.conflicts());
  w.key("store").beginObject();
  w.key("instruction").value(f.storeInstruction);
  w.key("vectorElements").value(int64_t{f.storeVector});
  w.key("instructionsPerThread").value(int64_t{f.storeInstructions});
  w.key("wavefronts").value(f.storeWavefronts);
  w.key("idealWavefronts").value(f.storeIdeal);
  w.key("tritonConflicts").value(int64_t{f.tritonStoreConflicts});
  w.endObject();
  w.key("load").beginObject();
  w.key("instruction").value(f.loadInstruction);
  w.key("vectorElements").value(int64_t{f.loadVector});
  w.key("instructionsPerThread").value(int64_t{f.loadInstructions});
  w.key("wavefronts").value(f.loadWavefronts);
  w.key("idealWavefronts").value(f.loadIdeal);
  w.key("tritonConflicts").value(int64_t{f.tritonLoadConflicts});
  w.endObject();
  w.endObject();
}

void writeChanges(JsonWriter &w, const std::vector<SwizzleFigureChange> &changes) {
  w.beginArray();
  for (const auto &c : changes) {
    w.beginObject();
    w.key("figure").value(c.figure);
    w.key("current").value(c.current);
    w.key("proposed").value(c.proposed);
    w.endObject();
  }
  w.endArray();
}

void writeFiguresText(std::ostream &out, const char *label, const SwizzleFigures &f) {
  // Wavefronts of the whole CTA (every warp), as the sums line says.
  out << label << f.attribute << "\n";
  out << "  store: " << f.storeInstruction << " x" << f.storeInstructions << " per thread ("
      << f.storeVector << (f.storeVector == 1 ? " element" : " elements")
      << " each): " << f.storeWavefronts << " wavefronts per CTA, ideal " << f.storeIdeal
      << "; Triton bank_conflicts " << f.tritonStoreConflicts << "\n";
  out << "  load:  " << f.loadInstruction << " x" << f.loadInstructions << " per thread ("
      << f.loadVector << (f.loadVector == 1 ? " element" : " elements")
      << " each): " << f.loadWavefronts << " wavefronts per CTA, ideal " << f.loadIdeal
      << "; Triton bank_conflicts " << f.tritonLoadConflicts << "\n";
}

int runSwizzle(const Args &args, std::ostream &out) {
  // --writer is required; --reader defaults to the writer.
  BanksInput in = resolveBanksInput(args, "writer", "reader", /*secondOptional=*/true);
  EncodingPtr reader = in.shared ? in.shared : in.distributed;
  EncodingPtr current;
  if (args.optional("shared"))
    current = resolveExtraLayout(args, "shared", in.shape);
  if (current && !current->isShared())
    throw Error("--shared", "is a distributed layout; expected a shared-memory layout");
  SharedAccessOptions opt = accessOptions(args, *in.distributed, in.shape);
  SwizzleProposal p =
      proposeSharedLayout(*in.distributed, *reader, in.shape, in.element.bits, opt.target, current);
  // A search winner that is not better than the layout the user has is not
  // the answer: the first line (and JSON "recommended") keeps the current one.
  const bool keepCurrent = p.current && !p.improves() && !p.improvesOverall();
  if (args.flag("json")) {
    JsonWriter w;
    w.beginObject();
    w.key("proposal").value(p.proposed.attribute);
    // The layout to use: the proposal where it is better (or better
    // overall), else the current one, which is then kept.
    w.key("recommended").value(keepCurrent ? p.current->attribute : p.proposed.attribute);
    w.key("target").value(opt.target.name);
    w.key("candidates").value(int64_t{p.candidates});
    w.key("improves").value(p.improves());
    w.key("improves_overall").value(p.improvesOverall());
    if (p.current) {
      // What the proposal gains and loses, so that a false "improves" is
      // never silent about why.
      w.key("trades").value(p.trades());
      w.key("worse");
      writeChanges(w, p.worse());
      w.key("better");
      writeChanges(w, p.better());
    }
    w.key("proposed");
    writeFigures(w, p.proposed);
    if (p.current) {
      w.key("current");
      writeFigures(w, *p.current);
    }
    w.endObject();
    out << w.str() << "\n";
    return 0;
  }
  if (keepCurrent)
    out << p.current->attribute << "\n"
        << "keep the current layout: no candidate is better (the search's best, by fewer "
           "instructions, is below as proposed)\n";
  else
    out << p.proposed.attribute << "\n";
  writeFiguresText(out, "proposed: ", p.proposed);
  if (p.current) {
    writeFiguresText(out, "current:  ", *p.current);
    if (p.improves())
      out << "the proposal is better\n";
    else if (p.improvesOverall())
      out << "the proposal is better overall (store + load below); " << p.trades() << "\n";
    else if (p.worse().empty())
      out << "the current layout is already as good\n";
    else
      out << "the proposal is not better; " << p.trades() << "\n";
    // The store and the load together, which a trade may still favour: the
    // verdict above is per figure, these are the sums the user weighs.
    const SwizzleFigures &c = *p.current, &n = p.proposed;
    out << "store + load: wavefronts " << c.storeWavefronts + c.loadWavefronts << " -> "
        << n.storeWavefronts + n.loadWavefronts << " (ideal " << c.storeIdeal + c.loadIdeal
        << " -> " << n.storeIdeal + n.loadIdeal << "), instructions per thread "
        << c.storeInstructions + c.loadInstructions << " -> "
        << n.storeInstructions + n.loadInstructions << ", Triton bank_conflicts "
        << c.tritonStoreConflicts + c.tritonLoadConflicts << " -> "
        << n.tritonStoreConflicts + n.tritonLoadConflicts << " (whole CTA)\n";
  }
  out << p.candidates << " candidate layouts scored for " << opt.target.name << "\n";
  return 0;
}

CommandRegistration
    reg({"swizzle",
         "propose the shared layout between a writer and a reader layout, with its figures",
         {kFileOption,
          {"writer", true, "distributed layout that stores the tensor"},
          {"reader", true, "distributed layout that loads it (default: the writer)"},
          {"shared", true, "the current shared layout, to compare against"},
          {"shape", true, "tensor shape, e.g. 64x64"},
          {"dtype", true, "element type"},
          {"target", true,
           "sm80, sm90, sm100, sm120, gfx90a, gfx942, gfx950, gfx1100, gfx1200 or cuda:N / hip:gfxN "
           "(default: --file's ttg.target, else gfx942 for a 64-lane layout, else sm90)"},
          {"json", false, "print JSON"}},
         false,
         runSwizzle});

} // namespace
} // namespace ls::cli
