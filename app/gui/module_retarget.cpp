#include "module_retarget.h"

#include "encodings/amd_mfma.h"
#include "encodings/amd_wmma.h"
#include "encodings/blocked.h"
#include "encodings/nvidia_mma.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"

namespace ls::app {

namespace {

// Scales entry `d` of `v` by to/from; false if it would not stay a whole
// power of two.
bool rescale(std::vector<unsigned> &v, size_t d, int from, int to) {
  if (d >= v.size() || from <= 0 || to <= 0)
    return false;
  const int64_t scaled = static_cast<int64_t>(v[d]) * to;
  if (scaled % from != 0 || scaled / from < 1)
    return false;
  v[d] = static_cast<unsigned>(scaled / from);
  return true;
}

template <typename E> QString retargetWarps(const E &enc, size_t dim, int from, int to) {
  E copy = enc;
  if (!rescale(copy.warpsPerCTA, dim, from, to))
    return {};
  return QString::fromStdString(ls::ir::printEncoding(copy));
}

} // namespace

QString retargetAttribute(const QString &attribute, const ls::ModuleParams &from,
                          const ls::ModuleParams &to) {
  ls::EncodingPtr enc;
  try {
    enc = ls::ir::parseEncoding(attribute.toStdString());
  } catch (const std::exception &) {
    return attribute;
  }
  QString out;
  try {
    if (auto *b = dynamic_cast<const ls::BlockedEncoding *>(enc.get())) {
      ls::BlockedEncoding copy = *b;
      const size_t slow = copy.order.empty() ? 0 : copy.order.back();
      bool ok = true;
      if (from.numWarps != to.numWarps && copy.numWarps() == from.numWarps)
        ok = rescale(copy.warpsPerCTA, slow, from.numWarps, to.numWarps);
      if (ok && from.threadsPerWarp != to.threadsPerWarp && copy.warpSize() == from.threadsPerWarp)
        ok = rescale(copy.threadsPerWarp, slow, from.threadsPerWarp, to.threadsPerWarp);
      if (ok)
        out = QString::fromStdString(ls::ir::printEncoding(copy));
    } else if (from.numWarps != to.numWarps && enc->numWarps() == from.numWarps) {
      if (auto *m = dynamic_cast<const ls::NvidiaMmaEncoding *>(enc.get()))
        out = retargetWarps(*m, 0, from.numWarps, to.numWarps);
      else if (auto *f = dynamic_cast<const ls::AmdMfmaEncoding *>(enc.get()))
        out = retargetWarps(*f, 0, from.numWarps, to.numWarps);
      else if (auto *w = dynamic_cast<const ls::AmdWmmaEncoding *>(enc.get()))
        out = retargetWarps(*w, 0, from.numWarps, to.numWarps);
    }
  } catch (const std::exception &) {
    return attribute;
  }
  return out.isEmpty() ? attribute : out;
}

} // namespace ls::app
