#include "design.h"

#include <QJsonArray>

#include "analysis/banks/bank_model.h"
#include "audit/audit_target.h"
#include "util/error.h"

namespace ls::app {

QStringList targetNames() {
  QStringList names;
  for (const std::string &n : ls::BankTarget::names())
    names << QString::fromStdString(n);
  return names;
}

std::optional<QString> canonicalTarget(const QString &text, QString *error) {
  const QString t = text.trimmed();
  if (t.isEmpty() || t.compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0)
    return QString();
  try {
    return QString::fromStdString(
        ls::audit::auditTarget(t.toLower().toStdString(), "target").banks.name);
  } catch (const ls::Error &) {
    if (error)
      *error = QStringLiteral("unknown target \u201c%1\u201d; choose one of %2 (or Triton's "
                              "cuda:90, hip:gfx942)")
                   .arg(t, targetNames().join(QStringLiteral(", ")));
    return std::nullopt;
  }
}

bool isAmdTarget(const QString &canonical) {
  return canonical.startsWith(QLatin1String("gfx"));
}

QString impliedTarget(const std::vector<Design> &designs) {
  for (const Design &d : designs)
    if (d.module.threadsPerWarp == 64 && !d.isTensorMemory())
      return kDefaultAmdTarget;
  return kDefaultTarget;
}

QString targetMismatch(int lanesPerWarp, const QString &target) {
  if (lanesPerWarp == 64 && !target.startsWith(QLatin1String("gfx9")))
    return QStringLiteral("this layout has 64 lanes per warp; choose an AMD target (gfx90a, "
                          "gfx942, gfx950) instead of %1")
        .arg(target);
  // CDNA runs 64-lane warps only (RDNA, gfx10-12, runs 32 as NVIDIA does).
  if (lanesPerWarp == 32 && target.startsWith(QLatin1String("gfx9")))
    return QStringLiteral("this layout has 32 lanes per warp; %1 runs 64-lane warps: choose an "
                          "NVIDIA target (sm80 ... sm120) or RDNA (gfx1100, gfx1200)")
        .arg(target);
  return {};
}

QString Design::shapeText() const {
  QStringList parts;
  for (int64_t d : shape)
    parts << QString::number(d);
  return parts.join(QLatin1Char('x'));
}

bool Design::isTensorMemory() const {
  // Any spelling the parser takes (#ttng. or the legacy dialect name).
  return attribute.contains(QLatin1String(".tensor_memory_encoding<")) ||
         attribute.contains(QLatin1String(".tensor_memory_scales_encoding<"));
}

ui::DesignDraft Design::toDraft() const {
  ui::DesignDraft d;
  d.name = name;
  d.attribute = attribute;
  d.shapeText = shapeText();
  d.elementType = elementType;
  d.module = module;
  d.tmemVariant = tmemVariant;
  return d;
}

QJsonObject designToJson(const Design &d) {
  QJsonObject o;
  o[QStringLiteral("name")] = d.name;
  o[QStringLiteral("attribute")] = d.attribute;
  QJsonArray shape;
  for (int64_t s : d.shape)
    shape.append(static_cast<qint64>(s));
  o[QStringLiteral("shape")] = shape;
  o[QStringLiteral("elementType")] = d.elementType;
  o[QStringLiteral("numWarps")] = d.module.numWarps;
  o[QStringLiteral("threadsPerWarp")] = d.module.threadsPerWarp;
  o[QStringLiteral("numCTAs")] = d.module.numCTAs;
  QJsonObject view;
  view[QStringLiteral("colorBy")] = d.view.colorBy;
  view[QStringLiteral("hardware")] = d.view.hardware;
  QJsonArray outer;
  for (int64_t v : d.view.outer)
    outer.append(static_cast<qint64>(v));
  view[QStringLiteral("outer")] = outer;
  view[QStringLiteral("labels")] = d.view.labels;
  if (!d.view.rowAxis.isEmpty() || !d.view.colAxis.isEmpty())
    view[QStringLiteral("axes")] = QJsonArray{d.view.rowAxis, d.view.colAxis};
  o[QStringLiteral("view")] = view;
  // Only tensor-memory designs carry an access; files of other designs stay
  // as they were.
  if (d.isTensorMemory() || d.tmemVariant != kDefaultTmemVariant)
    o[QStringLiteral("tmemVariant")] = d.tmemVariant;
  return o;
}

std::optional<Design> designFromJson(const QJsonObject &o, QString *error) {
  auto fail = [error](const QString &why) -> std::optional<Design> {
    if (error)
      *error = why;
    return std::nullopt;
  };
  Design d;
  if (!o.value(QStringLiteral("attribute")).isString())
    return fail(QStringLiteral("a design has no \"attribute\" string"));
  d.attribute = o.value(QStringLiteral("attribute")).toString();
  d.name = o.value(QStringLiteral("name")).toString(QStringLiteral("design"));
  const QJsonArray shape = o.value(QStringLiteral("shape")).toArray();
  if (shape.isEmpty() || shape.size() > 8)
    return fail(QStringLiteral("design \"%1\": \"shape\" must list 1 to 8 dims").arg(d.name));
  for (const auto &v : shape) {
    const qint64 s = v.toInteger(-1);
    if (s <= 0 || s > (qint64{1} << 30))
      return fail(QStringLiteral("design \"%1\": \"shape\" holds %2")
                      .arg(d.name, v.toVariant().toString()));
    d.shape.push_back(s);
  }
  d.elementType = o.value(QStringLiteral("elementType")).toString(QStringLiteral("f16"));
  d.module.numWarps = o.value(QStringLiteral("numWarps")).toInt(4);
  d.module.threadsPerWarp = o.value(QStringLiteral("threadsPerWarp")).toInt(32);
  d.module.numCTAs = o.value(QStringLiteral("numCTAs")).toInt(1);
  const QJsonObject view = o.value(QStringLiteral("view")).toObject();
  d.view.colorBy = view.value(QStringLiteral("colorBy")).toString(QStringLiteral("warp"));
  d.view.hardware = view.value(QStringLiteral("hardware")).toBool(false);
  for (const auto &v : view.value(QStringLiteral("outer")).toArray())
    d.view.outer.push_back(std::max<qint64>(0, v.toInteger(0)));
  d.view.labels = view.value(QStringLiteral("labels")).toString(QStringLiteral("thread"));
  if (d.view.labels != QLatin1String("thread") && d.view.labels != QLatin1String("lane") &&
      d.view.labels != QLatin1String("fragment"))
    return fail(QStringLiteral("design \"%1\": view \"labels\" must be thread, lane or fragment, "
                               "got \"%2\"")
                    .arg(d.name, d.view.labels));
  const QJsonArray axes = view.value(QStringLiteral("axes")).toArray();
  if (axes.size() == 2) {
    d.view.rowAxis = axes[0].toString().left(40);
    d.view.colAxis = axes[1].toString().left(40);
  }
  d.tmemVariant = o.value(QStringLiteral("tmemVariant")).toString(kDefaultTmemVariant);
  if (d.tmemVariant.size() > 32)
    return fail(QStringLiteral("design \"%1\": \"tmemVariant\" is not a TMEM access").arg(d.name));
  return d;
}

} // namespace ls::app
