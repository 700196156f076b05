#include "analysis/tmem/tmem_design.h"

#include "encodings/tensor_memory.h"
#include "encodings/tensor_memory_scales.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls {

TmemDesign TmemDesign::fromText(const std::string &text, const Shape &shape,
                                const std::string &dtype, int numWarps, TmemVariant variant) {
  TmemDesign d;
  ir::LayoutInput in = ir::parseLayoutInput(text);
  d.layout = in.encoding;
  d.shape = in.shape && shape.empty() ? *in.shape : shape;
  if (in.shape && !shape.empty() && *in.shape != shape)
    throw Error("shape", "differs from the shape of the memdesc type");
  d.element = in.element && dtype.empty() ? *in.element : ir::parseElementType(dtype, "dtype");
  d.numWarps = numWarps;
  d.variant = variant;
  d.validate();
  return d;
}

TmemRegRequest TmemDesign::request() const {
  TmemRegRequest r;
  r.layout = layout;
  r.shape = shape;
  r.bitwidth = element.bits;
  r.numWarps = numWarps;
  r.variant = variant;
  r.cgaBases = cgaBases;
  return r;
}

int TmemDesign::numCTAs() const { return layout ? layout->numCTAs() : 1; }

std::string TmemDesign::attributeText() const {
  if (!layout)
    throw Error("layout", "a TMEM layout is required");
  return ir::printEncoding(*layout);
}

std::string TmemDesign::typeBody() const {
  std::string dims;
  for (int64_t d : shape)
    dims += std::to_string(d) + "x";
  return dims + element.name;
}

std::string TmemDesign::memDescText(const std::string &encoding) const {
  return "!ttg.memdesc<" + typeBody() + ", " + (encoding.empty() ? attributeText() : encoding) +
         ", #ttng.tensor_memory, mutable>";
}

void TmemDesign::validate() const { (void)registerLayout(); }

LinearLayout TmemDesign::tmemLayout() const {
  if (!layout)
    throw Error("layout", "a TMEM layout is required");
  if (!layout->isTensorMemory())
    throw Error("layout", "expected #ttng.tensor_memory_encoding<...> or "
                          "#ttng.tensor_memory_scales_encoding<...>");
  return layout->toLinearLayout(shape);
}

LinearLayout TmemDesign::registerLayout() const { return tmemRegLayout(request()); }

TmemAllocation TmemDesign::allocation() const {
  return tmemAllocation(tmemLayout(), element.bits, numCTAs());
}

TmemMap TmemDesign::map() const {
  return TmemMap(tmemLayout(), element.bits, numCTAs(), registerLayout());
}

bool TmemDesign::operator==(const TmemDesign &o) const {
  auto text = [](const TmemDesign &d) { return d.layout ? ir::printEncoding(*d.layout) : ""; };
  return text(*this) == text(o) && shape == o.shape && element.name == o.element.name &&
         numWarps == o.numWarps && variant == o.variant && cgaBases == o.cgaBases;
}

TmemDesign suggestTmemDesign(const Tcgen05Request &request, const std::string &accDtype) {
  const ir::ElementType acc = ir::parseElementType(accDtype, "acc_dtype");
  Tcgen05Request r = request;
  r.accBits = acc.bits;
  const Tcgen05Suggestion s = suggestTcgen05(r);
  TmemDesign d;
  d.layout = std::make_shared<TensorMemoryEncoding>(s.accumulator);
  d.shape = {r.m, r.n};
  d.element = acc;
  d.numWarps = r.numWarps;
  d.variant = TmemVariant::I32x32b;
  return d;
}

} // namespace ls
