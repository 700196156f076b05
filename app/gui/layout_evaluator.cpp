#include "layout_evaluator.h"

#include "analysis/tmem/tmem_design.h"
#include "encodings/linear.h"
#include "encodings/module_params.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls::app {

namespace {

FieldError fromError(const ls::Error &e) {
  return {QString::fromStdString(e.field()), QString::fromStdString(e.rule())};
}

struct Checked {
  ls::EncodingPtr encoding;
  ls::EncodingPtr distributed; // the encoding, or a TMEM access's registers
  ls::LinearLayout layout;
  int elementBits = 16;
  QString canonical;
  bool tensorMemory = false;
};

// Gluon names its arguments; the form names its fields.
ls::Error renamed(const ls::Error &e) {
  if (e.field() == "num_warps")
    return ls::Error("num-warps", e.rule());
  return e;
}

// A tensor-memory design is drawn as the registers its TMEM load/store
// fills: Gluon's get_tmem_reg_layout with the design's shape, element type,
// module warps and access. Throws Gluon's (or Triton's verifier's) errors.
void checkTensorMemory(Checked &c, const ls::Shape &shape, const QString &elementType,
                       const ls::ModuleParams &module, const QString &variant) {
  if (module.threadsPerWarp != 32)
    throw ls::Error("threads-per-warp", "tensor memory is read by 32-lane warps (tcgen05.ld / "
                                        "tcgen05.st); set threads-per-warp to 32");
  ls::TmemDesign t;
  t.layout = c.encoding;
  t.shape = shape;
  t.element = ls::ir::parseElementType(elementType.toStdString(), "dtype");
  t.numWarps = module.numWarps;
  t.variant = ls::parseTmemVariant(variant.toStdString());
  try {
    c.layout = t.registerLayout();
  } catch (const ls::Error &e) {
    throw renamed(e);
  }
  const int ctas = c.layout.getInDimSize("block");
  if (module.numCTAs != ctas)
    throw ls::Error("num-ctas", "a TMEM load/store covers one CTA's registers (" +
                                    std::to_string(ctas) + " block); set num-ctas to " +
                                    std::to_string(ctas));
  auto regs = std::make_shared<ls::LinearEncoding>();
  regs->layout = c.layout;
  c.distributed = regs;
  c.tensorMemory = true;
}

// Every rule, in the order a user fixes them. Throws ls::Error.
Checked check(const QString &attribute, const ls::Shape &shape, const QString &elementType,
              const ls::ModuleParams &module, const QString &tmemVariant) {
  Checked c;
  c.elementBits = ls::ir::parseElementType(elementType.toStdString(), "dtype").bits;
  c.encoding = ls::ir::parseEncoding(attribute.toStdString());
  ls::validateShape(shape, c.encoding->rank(), "shape");
  int64_t elements = 1;
  for (int64_t s : shape)
    elements *= s;
  if (elements > kMaxDrawnElements)
    throw ls::Error("shape", "the tensor has " + std::to_string(elements) +
                                 " elements; at most 2^26 (8192x8192) are drawn");
  if (c.encoding->isTensorMemory()) {
    checkTensorMemory(c, shape, elementType, module, tmemVariant);
  } else {
    c.layout = c.encoding->toLinearLayout(shape);
    ls::checkModuleParams(*c.encoding, module);
    c.distributed = c.encoding;
  }
  if (c.layout.getTotalInDimSizeLog2() > 32)
    throw ls::Error("shape", "the layout has more than 2^32 hardware locations");
  c.canonical = QString::fromStdString(ls::ir::printEncoding(*c.encoding));
  return c;
}

} // namespace

std::variant<ls::Shape, FieldError> parseShapeText(const QString &text) {
  ls::Shape shape;
  const QString t = text.trimmed();
  if (t.isEmpty())
    return FieldError{QStringLiteral("shape"), QStringLiteral("is empty; write dims separated by "
                                                              "'x', e.g. 64x64")};
  const QStringList parts = t.split(QLatin1Char('x'));
  if (parts.size() > 8)
    return FieldError{QStringLiteral("shape"), QStringLiteral("at most 8 dimensions")};
  for (const QString &p : parts) {
    bool ok = false;
    const qint64 v = p.trimmed().toLongLong(&ok);
    if (!ok || v <= 0)
      return FieldError{QStringLiteral("shape"),
                        QStringLiteral("'%1' is not a positive number; write dims separated by "
                                       "'x', e.g. 64x64")
                            .arg(p)};
    shape.push_back(v);
  }
  try {
    ls::validateShape(shape, 0, "shape");
  } catch (const ls::Error &e) {
    return fromError(e);
  }
  return shape;
}

std::variant<Design, FieldError> validateDraft(const ui::DesignDraft &draft, const Design &base) {
  if (draft.name.trimmed().isEmpty())
    return FieldError{QStringLiteral("name"), QStringLiteral("must not be empty")};
  auto shape = parseShapeText(draft.shapeText);
  if (auto *e = std::get_if<FieldError>(&shape))
    return *e;
  Design d = base;
  d.name = draft.name; // as typed: trimming would eat the space before the next word
  d.shape = std::get<ls::Shape>(shape);
  d.elementType = draft.elementType;
  d.module = draft.module;
  d.tmemVariant = draft.tmemVariant.isEmpty() ? kDefaultTmemVariant : draft.tmemVariant;
  try {
    const Checked c = check(draft.attribute, d.shape, d.elementType, d.module, d.tmemVariant);
    d.attribute = c.canonical;
  } catch (const ls::Error &e) {
    return fromError(e);
  } catch (const std::exception &e) {
    return FieldError{QString(), QString::fromStdString(e.what())};
  }
  if (d.view.outer.size() + 2 != d.shape.size())
    d.view.outer.assign(d.shape.size() > 2 ? d.shape.size() - 2 : 0, 0);
  return d;
}

std::optional<FieldError> checkDesign(const Design &d) {
  try {
    check(d.attribute, d.shape, d.elementType, d.module, d.tmemVariant);
  } catch (const ls::Error &e) {
    return fromError(e);
  } catch (const std::exception &e) {
    return FieldError{QString(), QString::fromStdString(e.what())};
  }
  return std::nullopt;
}

ui::LayoutResultPtr evaluateDesign(const Design &d, quint64 generation) {
  Checked c = check(d.attribute, d.shape, d.elementType, d.module, d.tmemVariant);
  auto r = std::make_shared<ui::LayoutResult>();
  r->generation = generation;
  r->designName = d.name;
  r->attribute = c.canonical;
  r->shape = d.shape;
  r->elementType = d.elementType;
  r->elementBits = c.elementBits;
  r->encoding = c.encoding;
  r->distributed = c.distributed;
  if (c.tensorMemory)
    r->tmemVariant = d.tmemVariant;
  r->ownership = std::make_shared<const ls::Ownership>(c.layout);
  return r;
}

ls::ModuleParams impliedModule(const QString &attribute) {
  try {
    const ls::EncodingPtr enc = ls::ir::parseEncoding(attribute.toStdString());
    // A TMEM layout fixes no warps; Gluon's loads need at least a warpgroup,
    // and its register layout covers one CTA.
    if (enc->isTensorMemory())
      return ls::ModuleParams{4, 32, 1};
    return ls::impliedModuleParams(*enc);
  } catch (const std::exception &) {
    return {};
  }
}

ls::TmemDesign tmemDesignOf(const Design &d) {
  ls::TmemDesign t;
  t.layout = ls::ir::parseEncoding(d.attribute.toStdString());
  if (!t.layout->isTensorMemory())
    throw ls::Error("layout", "not a tensor-memory layout");
  t.shape = d.shape;
  t.element = ls::ir::parseElementType(d.elementType.toStdString(), "dtype");
  t.numWarps = d.module.numWarps;
  t.variant = ls::parseTmemVariant(d.tmemVariant.toStdString());
  return t;
}

Design withTmemDesign(Design d, const ls::TmemDesign &t) {
  d.attribute = QString::fromStdString(t.attributeText());
  d.shape = t.shape;
  d.elementType = QString::fromStdString(t.element.name);
  d.module.numWarps = t.numWarps;
  d.module.threadsPerWarp = 32;
  d.module.numCTAs = 1;
  d.tmemVariant = QString::fromLatin1(ls::tmemVariantName(t.variant));
  if (d.view.outer.size() + 2 != d.shape.size())
    d.view.outer.clear();
  return d;
}

} // namespace ls::app
