// `bench`: timings of the engine on a fixed set of cases.
#include <cstdio>

#include "bench_cases.h"
#include "cli_common.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

int runBenchCmd(const Args &args, std::ostream &out) {
  double seconds = 0.3;
  if (auto s = args.optional("seconds")) {
    try {
      seconds = std::stod(*s);
    } catch (...) {
      throw Error("--seconds", "expected a number of seconds per case");
    }
    if (!(seconds > 0 && seconds <= 60))
      throw Error("--seconds", "must be between 0 and 60");
  }
  auto cases = standardBenchCases();
  if (auto only = args.optional("filter")) {
    std::vector<BenchCase> kept;
    for (auto &c : cases)
      if (c.name.find(*only) != std::string::npos)
        kept.push_back(std::move(c));
    if (kept.empty())
      throw Error("--filter", "matches no bench case");
    cases = std::move(kept);
  }
  auto results = runBench(cases, seconds);
  if (args.flag("json")) {
    JsonWriter w;
    w.beginObject().key("cases").beginArray();
    for (size_t i = 0; i < results.size(); ++i) {
      const auto &r = results[i];
      w.beginObject()
          .key("name").value(r.name)
          .key("what").value(r.what)
          .key("attribute").value(cases[i].attribute)
          .key("shape").array(cases[i].shape)
          .key("unit").value(r.unit)
          .key("median").value(r.value)
          .key("iterations").value(static_cast<int64_t>(r.iterations))
          .endObject();
    }
    w.endArray().endObject();
    out << w.str() << "\n";
    return 0;
  }
  char line[256];
  std::snprintf(line, sizeof line, "%-28s %-24s %12s\n", "case", "what", "median");
  out << line;
  for (const auto &r : results) {
    std::snprintf(line, sizeof line, "%-28s %-24s %9.3f %s\n", r.name.c_str(), r.what.c_str(),
                  r.value, r.unit.c_str());
    out << line;
  }
  return 0;
}

CommandRegistration reg({"bench",
                         "time the engine on a fixed set of cases",
                         {{"json", false, "print JSON"},
                          {"seconds", true, "time budget per case (default 0.3)"},
                          {"filter", true, "only cases whose name contains this text"}},
                         false,
                         runBenchCmd});

} // namespace
} // namespace ls::cli
