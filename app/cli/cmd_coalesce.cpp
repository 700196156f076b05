// `coalesce`: the blocked layout Triton's coalesce pass picks for a global
// load or store, with the reasoning step by step.
#include "analysis/global/coalesce_heuristic.h"
#include "cli_common.h"
#include "cli_lists.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

int parseCount(const std::string &text, const std::string &flag) {
  if (text.empty() || text.size() > 7 || text.find_first_not_of("0123456789") != std::string::npos)
    throw Error(flag, "'" + text + "' is not a positive integer");
  return std::stoi(text);
}

int runCoalesce(const Args &args, std::ostream &out) {
  CoalesceInput in;
  in.shape = parseShape(args.required("shape"));
  in.elementBits = ir::parseElementType(args.required("dtype")).bits;
  in.contiguity = parseIntList(args.required("contiguity"), "--contiguity");
  if (auto d = args.optional("divisibility"))
    in.divisibility = parseIntList(*d, "--divisibility");
  else
    in.divisibility.assign(in.shape.size(), 16);
  const auto warps = flagOrModule(args, "num-warps"); // --file's ttg.num-warps by default
  in.numWarps = parseCount(warps ? *warps : args.required("num-warps"), "--num-warps");
  if (auto t = flagOrModule(args, "threads-per-warp"))
    in.threadsPerWarp = parseCount(*t, "--threads-per-warp");
  CoalesceResult res;
  try {
    res = coalescedLayout(in);
  } catch (const Error &e) {
    throw Error("--" + e.field(), e.rule());
  }
  const std::string attr = ir::printEncoding(res.encoding);
  if (args.flag("json")) {
    JsonWriter w;
    auto arr = [&](const std::vector<unsigned> &v) {
      return std::vector<int64_t>(v.begin(), v.end());
    };
    w.beginObject();
    w.key("layout").value(attr);
    w.key("sizePerThread").array(arr(res.encoding.sizePerThread));
    w.key("threadsPerWarp").array(arr(res.encoding.threadsPerWarp));
    w.key("warpsPerCTA").array(arr(res.encoding.warpsPerCTA));
    w.key("order").array(arr(res.encoding.order));
    w.key("steps").beginArray();
    for (const auto &s : res.steps) {
      w.beginObject();
      w.key("name").value(s.name);
      w.key("detail").value(s.detail);
      w.endObject();
    }
    w.endArray();
    w.endObject();
    writeOutput(args, out, w.str() + "\n");
  } else {
    std::string text = attr + "\n";
    int i = 1;
    for (const auto &s : res.steps)
      text += "  " + std::to_string(i++) + ". " + s.name + ": " + s.detail + "\n";
    writeOutput(args, out, text);
  }
  return 0;
}

CommandRegistration
    reg({"coalesce",
         "the blocked layout Triton's coalesce pass picks for a global load/store, step by step",
         {kFileOption,
          {"shape", true, "tensor shape, e.g. 64x64"},
          {"dtype", true, "element type"},
          {"contiguity", true, "per-dim contiguity of the pointers, e.g. 1,64"},
          {"divisibility", true, "per-dim divisibility in bytes (default 16 for every dim)"},
          {"num-warps", true, "warps per CTA"},
          {"threads-per-warp", true, "lanes per warp (default 32)"},
          {"json", false, "print JSON"},
          {"output", true, "write to this file instead of stdout"}},
         false,
         runCoalesce});

} // namespace
} // namespace ls::cli
