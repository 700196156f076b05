#include "banks_common.h"
#include "notation/layout_input.h"

#include <cstdio>
#include <fstream>

#include "util/error.h"

namespace ls::cli {
namespace {

int parseCount(const std::string &flag, const std::string &text, int lo, int hi) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
    throw Error(flag, "'" + text + "' is not a non-negative integer");
  const int v = std::stoi(text);
  if (v < lo || v > hi)
    throw Error(flag, "must be in " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

} // namespace

BanksInput resolveBanksInput(const Args &args, const std::string &first, const std::string &second,
                             bool secondOptional) {
  BanksInput in;
  ResolvedLayout a = resolveLayout(args, first, /*requireShape=*/false);
  std::optional<ResolvedLayout> b;
  if (!secondOptional || args.optional(second))
    b = resolveLayout(args, second, /*requireShape=*/false);
  if (!a.shape.empty())
    in.shape = a.shape;
  if (b && !b->shape.empty()) {
    if (!in.shape.empty() && in.shape != b->shape)
      throw Error("--" + second, "has a different shape than --" + first);
    in.shape = b->shape;
  }
  if (in.shape.empty())
    throw Error("--shape", "is required (or give a layout as a tensor/memdesc type)");
  // A tensor of pointers (an async copy's source, as the audit lists it)
  // stores its pointee.
  std::optional<ir::ElementType> elem = a.element;
  if (elem)
    elem = accessedElement(*elem);
  if (b && b->element) {
    if (elem && elem->name != b->element->name)
      throw Error("--" + second, "has a different element type than --" + first);
    elem = b->element;
  }
  if (!elem)
    throw Error("--dtype", "is required (or give a layout as a tensor/memdesc type)");
  in.element = *elem;
  in.distributed = a.encoding;
  if (b) {
    in.shared = b->encoding;
    validateShape(in.shape, in.shared->rank(), "--shape");
  }
  validateShape(in.shape, in.distributed->rank(), "--shape");
  return in;
}

EncodingPtr resolveExtraLayout(const Args &args, const std::string &flag, const Shape &shape) {
  ir::LayoutInput li = readLayoutFlag(args, flag);
  if (li.shape && *li.shape != shape)
    throw Error("--" + flag, "has a different shape than the other layouts");
  validateShape(shape, li.encoding->rank(), "--shape");
  return li.encoding;
}

SharedAccessOptions accessOptions(const Args &args, const Encoding &distributed,
                                  const Shape &shape) {
  SharedAccessOptions o;
  const int lanes = distributed.toLinearLayout(shape).getInDimSize("lane");
  o.target = machineTarget(args, lanes).banks;
  if (auto w = args.optional("warp"))
    o.warp = parseCount("--warp", *w, 0, 1 << 20);
  o.allowMatrix = !args.flag("no-matrix");
  if (auto d = args.optional("detail"))
    o.detailLimit = parseCount("--detail", *d, 0, 1 << 20);
  return o;
}

void writeTextFile(const std::string &path, const std::string &flag, const std::string &text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f)
      throw Error(flag, "cannot write '" + path + "'");
    f << text;
    if (!f.flush())
      throw Error(flag, "cannot write '" + path + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw Error(flag, "cannot write '" + path + "'");
  }
}

} // namespace ls::cli
