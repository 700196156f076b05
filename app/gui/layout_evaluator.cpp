#include "layout_evaluator.h"

#include "encodings/module_params.h"
#include "ir/layout_parser.h"
#include "ir/layout_printer.h"
#include "util/error.h"

namespace ls::app {

namespace {

FieldError fromError(const ls::Error &e) {
  return {QString::fromStdString(e.field()), QString::fromStdString(e.rule())};
}

struct Checked {
  ls::EncodingPtr encoding;
  ls::LinearLayout layout;
  int elementBits = 16;
  QString canonical;
};

// Every rule, in the order a user fixes them. Throws ls::Error.
Checked check(const QString &attribute, const ls::Shape &shape, const QString &elementType,
              const ls::ModuleParams &module) {
  Checked c;
  c.elementBits = ls::ir::parseElementType(elementType.toStdString(), "dtype").bits;
  c.encoding = ls::ir::parseEncoding(attribute.toStdString());
  if (c.encoding->kind() == ls::EncodingKind::TensorMemory)
    throw ls::Error("layout", "tensor memory layouts are shown in the TMEM view, not here");
  ls::validateShape(shape, c.encoding->rank(), "shape");
  int64_t elements = 1;
  for (int64_t s : shape)
    elements *= s;
  if (elements > kMaxDrawnElements)
    throw ls::Error("shape", "the tensor has " + std::to_string(elements) +
                                 " elements; at most 2^26 (8192x8192) are drawn");
  c.layout = c.encoding->toLinearLayout(shape);
  ls::checkModuleParams(*c.encoding, module);
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
  try {
    const Checked c = check(draft.attribute, d.shape, d.elementType, d.module);
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
    check(d.attribute, d.shape, d.elementType, d.module);
  } catch (const ls::Error &e) {
    return fromError(e);
  } catch (const std::exception &e) {
    return FieldError{QString(), QString::fromStdString(e.what())};
  }
  return std::nullopt;
}

ui::LayoutResultPtr evaluateDesign(const Design &d, quint64 generation) {
  Checked c = check(d.attribute, d.shape, d.elementType, d.module);
  auto r = std::make_shared<ui::LayoutResult>();
  r->generation = generation;
  r->designName = d.name;
  r->attribute = c.canonical;
  r->shape = d.shape;
  r->elementType = d.elementType;
  r->elementBits = c.elementBits;
  r->encoding = c.encoding;
  r->ownership = std::make_shared<const ls::Ownership>(c.layout);
  return r;
}

ls::ModuleParams impliedModule(const QString &attribute) {
  try {
    return ls::impliedModuleParams(*ls::ir::parseEncoding(attribute.toStdString()));
  } catch (const std::exception &) {
    return {};
  }
}

} // namespace ls::app
