#include "report/layout_report.h"

namespace ls::report {

void writeBases(JsonWriter &w, const LinearLayout &ll) {
  for (const auto &[name, bases] : ll.getBases())
    w.key(name).matrix(bases);
}

std::string layoutJson(const LinearLayout &ll, const Shape &shape) {
  JsonWriter w;
  w.beginObject();
  writeBases(w, ll);
  w.key("shape").array(std::vector<int64_t>(shape.begin(), shape.end()));
  w.endObject();
  return w.str();
}

} // namespace ls::report
