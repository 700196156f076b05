#include "paste_import.h"

#include <QRegularExpression>
#include <set>

#include "encodings/tensor_memory.h"
#include "ir/file_layouts.h"
#include "ir/module_reader.h"
#include "layout_evaluator.h"
#include "notation/cute/cute_layout.h"
#include "notation/layout_input.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

namespace ls::app {

namespace {

ls::Shape defaultShape(int rank, const Design &base) {
  if (static_cast<int>(base.shape.size()) == rank)
    return base.shape;
  return ls::Shape(static_cast<size_t>(std::max(1, rank)), 64);
}

QString elementOr(const std::string &type, const QString &fallback) {
  try {
    return QString::fromStdString(ls::ir::parseElementType(type, "element type").name);
  } catch (const ls::Error &) {
    return fallback;
  }
}

// A TMEM layout without a type: the shapes and element types to try, the
// first that fits wins -- the current design's, then the layout's own block
// (times its CTA split) and one 128x128 tile; f32 (an accumulator), then i8
// (scales are 8-bit).
std::optional<FieldError> settleTensorMemory(Design &d, bool typeGiven) {
  std::vector<ls::Shape> shapes = {d.shape};
  QStringList elements = {d.elementType};
  if (!typeGiven) {
    try {
      // Keep the parsed encoding alive while its fields are read.
      const auto enc = ls::ir::parseEncoding(d.attribute.toStdString());
      if (const auto *t = dynamic_cast<const ls::TensorMemoryEncoding *>(enc.get()))
        shapes.push_back({int64_t{t->blockM} * t->ctaSplitM, int64_t{t->blockN} * t->ctaSplitN});
    } catch (const std::exception &) {
    }
    shapes.push_back({128, 128});
    elements << QStringLiteral("f32") << QStringLiteral("i8");
  }
  const auto first = checkDesign(d);
  for (const QString &e : elements)
    for (const ls::Shape &s : shapes) {
      Design t = d;
      t.shape = s;
      t.elementType = e;
      if (!checkDesign(t)) {
        d = t;
        return std::nullopt;
      }
    }
  return first;
}

// Makes the design valid if it can: first as given, then with the module the
// encoding implies, then with a default shape. Returns the rule it breaks.
std::optional<FieldError> settle(Design &d, const Design &base, bool typeGiven = false) {
  auto err = checkDesign(d);
  if (!err)
    return std::nullopt;
  if (d.isTensorMemory())
    return settleTensorMemory(d, typeGiven);
  Design tryModule = d;
  const ls::ModuleParams implied = impliedModule(d.attribute);
  tryModule.module.numCTAs = implied.numCTAs;
  if (implied.numWarps > 0 && !ls::ir::parseEncoding(d.attribute.toStdString())->isShared()) {
    tryModule.module.numWarps = implied.numWarps;
    tryModule.module.threadsPerWarp = implied.threadsPerWarp;
  }
  if (!checkDesign(tryModule)) {
    d = tryModule;
    return std::nullopt;
  }
  Design tryShape = tryModule;
  tryShape.shape = ls::Shape(d.shape.size(), 64);
  if (tryShape.shape != d.shape && !checkDesign(tryShape)) {
    d = tryShape;
    return std::nullopt;
  }
  return err;
}

Design designFor(const ls::EncodingPtr &enc, const QString &name, const Design &base) {
  Design d = base;
  d.name = name;
  d.attribute = QString::fromStdString(ls::ir::printEncoding(*enc));
  d.shape = defaultShape(enc->rank(), base);
  d.view = ViewSettings{};
  if (d.isTensorMemory()) {
    // Read by the current warps if they make a warpgroup or more.
    const int w = base.module.numWarps;
    d.module.numWarps = w >= 4 && (w & (w - 1)) == 0 ? w : 4;
    d.module.threadsPerWarp = 32;
    d.module.numCTAs = 1;
    d.shape = base.shape.size() == 2 ? base.shape : ls::Shape{128, 128};
    return d;
  }
  if (!enc->isShared()) {
    const ls::ModuleParams m = impliedModule(d.attribute);
    d.module.numWarps = m.numWarps;
    d.module.threadsPerWarp = m.threadsPerWarp;
  }
  d.module.numCTAs = enc->numCTAs();
  if (enc->isShared())
    d.view.colorBy = QStringLiteral("offset");
  return d;
}

ImportResult importTtgir(const QString &text, const Design &base,
                         const ls::ir::ReadProgress &progress) {
  ImportResult r;
  const ls::ir::ModuleFile f = ls::ir::readModuleFile(text.toStdString(), progress);
  if (f.cancelled) {
    r.error = QStringLiteral("reading the pasted text was cancelled");
    return r;
  }
  for (const ls::Diagnostic &w : f.warnings.all())
    r.warnings
        << QStringLiteral("line %1: %2").arg(w.pos.line).arg(QString::fromStdString(w.message));
  QStringList problems;
  for (const ls::Diagnostic &diag : f.diagnostics.all())
    problems << QStringLiteral("line %1:%2: %3")
                    .arg(diag.pos.line)
                    .arg(diag.pos.column)
                    .arg(QString::fromStdString(diag.message));
  Design moduleBase = base;
  std::optional<int> numWarps;
  for (const ls::ir::Module &m : f.modules) {
    if (m.numWarps && !numWarps)
      numWarps = m.numWarps;
    if (m.numWarps)
      moduleBase.module.numWarps = *m.numWarps;
    if (m.threadsPerWarp)
      moduleBase.module.threadsPerWarp = *m.threadsPerWarp;
    if (m.numCTAs)
      moduleBase.module.numCTAs = *m.numCTAs;
    if (m.numWarps || m.threadsPerWarp || m.numCTAs)
      break; // the first module that says
  }
  // The machine: the first module's ttg.target, else its warp width.
  for (const ls::ir::Module &m : f.modules) {
    if (!m.target.empty()) {
      QString why;
      if (auto t = canonicalTarget(QString::fromStdString(m.target), &why))
        r.target = *t;
      else
        r.warnings << QStringLiteral("ttg.target: %1").arg(why);
      break;
    }
    if (m.threadsPerWarp) {
      if (*m.threadsPerWarp == 64)
        r.target = kDefaultAmdTarget;
      break;
    }
  }
  auto add = [&](const ls::EncodingPtr &enc, const QString &name,
                 const ls::ir::FileLayoutUse *use) {
    Design d = designFor(enc, name, moduleBase);
    if (numWarps && !enc->isShared()) {
      // A TMEM access takes the module's warps; its lanes and CTA are fixed.
      if (d.isTensorMemory())
        d.module.numWarps = moduleBase.module.numWarps;
      else
        d.module = moduleBase.module;
    }
    if (use) {
      d.shape = use->shape;
      d.elementType = elementOr(use->elementType, base.elementType);
    }
    if (auto err = settle(d, base, use != nullptr)) {
      r.notes << QStringLiteral("%1: %2%3")
                     .arg(name,
                          err->field.isEmpty() ? QString() : err->field + QStringLiteral(": "),
                          err->rule);
      return;
    }
    r.designs.push_back(d);
  };
  int inlineCount = 0;
  for (const ls::ir::FileLayout &l : ls::ir::fileLayouts(f)) {
    if (!l.alias.empty()) {
      // The first use with a real element type (pointer tensors come first
      // in loads, but their element type is a pointer).
      const ls::ir::FileLayoutUse *use = nullptr;
      for (const auto &u : l.uses) {
        if (!u.shapeFits)
          continue;
        const bool plain = elementOr(u.elementType, QString()) != QString();
        if (!use || (plain && elementOr(use->elementType, QString()).isEmpty()))
          use = &u;
        if (plain)
          break;
      }
      add(l.encoding, QString::fromStdString(l.alias), use);
      continue;
    }
    // A layout written inline in types (no alias): one design per distinct type.
    std::set<std::string> types;
    for (const auto &u : l.uses)
      if (u.shapeFits && types.insert(u.typeText).second)
        add(l.encoding, QStringLiteral("inline %1 (line %2)").arg(++inlineCount).arg(u.line), &u);
  }
  if (r.designs.empty() && r.error.isEmpty()) {
    if (!problems.isEmpty())
      r.error = problems.join(QLatin1Char('\n'));
    else
      r.error = r.notes.isEmpty()
                    ? QStringLiteral("no layout found: expected `#name = #ttg.<layout>"
                                     "<...>` lines or tensor types with an encoding")
                    : r.notes.join(QLatin1Char('\n'));
  } else {
    r.notes << problems;
  }
  return r;
}

} // namespace

bool looksLikeTtgir(const QString &text) {
  static const QRegularExpression aliasLine(QStringLiteral("^#[A-Za-z_][A-Za-z0-9_]* = "),
                                            QRegularExpression::MultilineOption);
  return text.contains(QStringLiteral("module")) || text.contains(aliasLine);
}

ImportResult importLayouts(const QString &text, const Design &base,
                           const ls::ir::ReadProgress &progress) {
  const QString t = text.trimmed();
  if (t.isEmpty())
    return {{}, QStringLiteral("the clipboard holds no text"), {}};
  if (t.size() > (8 << 20))
    return {{}, QStringLiteral("the text is longer than 8 MiB"), {}};
  if (looksLikeTtgir(t))
    return importTtgir(t, base, progress);
  ImportResult r;
  try {
    // CuTe needs a tile: `cute:... --shape 16x16` (or `shape 16x16`) names it;
    // without one a thread-value layout takes the current design's shape and
    // a swizzled shared layout its own.
    QString body = t;
    ls::notation::LayoutInputContext ctx;
    ctx.threadsPerWarp = base.module.threadsPerWarp;
    if (ls::notation::detectNotation(t.toStdString()) == ls::notation::Notation::Cute) {
      static const QRegularExpression shapeTail(
          QStringLiteral("\\s+(?:--shape[ =]|shape[ =:]\\s*)([0-9]+(?:x[0-9]+)*)\\s*$"));
      const auto m = shapeTail.match(t);
      if (m.hasMatch()) {
        body = t.left(m.capturedStart());
        ls::Shape s;
        for (const QString &p : m.captured(1).split(QLatin1Char('x')))
          s.push_back(p.toLongLong());
        ctx.shape = s;
      } else if (!ls::notation::cute::isCuteShared(
                     (t.trimmed().startsWith(QStringLiteral("cute:")) ? t.trimmed().mid(5)
                                                                      : t.trimmed())
                         .toStdString())) {
        ctx.shape = base.shape;
      }
    }
    const ls::ir::LayoutInput in = ls::notation::readLayoutInput(body.toStdString(), ctx);
    Design d = designFor(in.encoding, base.name, base);
    if (in.shape) {
      d.shape = *in.shape;
      if (in.isMemDesc && in.allocShape && in.allocShape->size() >= in.shape->size())
        d.shape = ls::Shape(in.allocShape->end() - static_cast<long>(in.shape->size()),
                            in.allocShape->end());
    }
    if (in.element)
      d.elementType = QString::fromStdString(in.element->name);
    if (auto err = settle(d, base, in.shape && in.element)) {
      r.error = (err->field.isEmpty() ? QString() : err->field + QStringLiteral(": ")) + err->rule;
      return r;
    }
    r.designs.push_back(d);
    for (const auto &[field, what] : in.warnings)
      r.warnings << QString::fromStdString(field + ": " + what);
  } catch (const ls::Error &e) {
    r.error = QString::fromStdString(e.what());
  } catch (const std::exception &e) {
    r.error = QStringLiteral("internal: ") + QString::fromStdString(e.what());
  }
  return r;
}

} // namespace ls::app
