#include "document_file.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <cerrno>
#include <cstring>

#include "util/limits.h"

namespace ls::app {

namespace {

SaveFault g_fault = SaveFault::None;

QString tooLarge() {
  return QStringLiteral("the file is larger than %1 MiB").arg(limits::kMaxFileBytes >> 20);
}

// Why a write failed in the system's words: Qt 6.4 reports a failed buffered
// write (ENOSPC, EFBIG) as "Unknown error", so errno speaks when it is set.
QString causeOf(const QFileDevice &f) {
  if (errno != 0)
    return QString::fromLocal8Bit(std::strerror(errno));
  return f.errorString();
}

} // namespace

std::optional<DocumentFile> readDocumentJson(const QByteArray &json, QString *error) {
  auto fail = [error](const QString &why) -> std::optional<DocumentFile> {
    if (error)
      *error = why;
    return std::nullopt;
  };
  if (json.size() > limits::kMaxFileBytes)
    return fail(tooLarge());
  QJsonParseError pe;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
  if (doc.isNull())
    return fail(QStringLiteral("not JSON: %1 at byte %2").arg(pe.errorString()).arg(pe.offset));
  const QJsonObject root = doc.object();
  if (root.value(QStringLiteral("format")).toString() != QLatin1String("layout-studio"))
    return fail(
        QStringLiteral("not a Layout Studio document (\"format\" is not \"layout-studio\")"));
  const int version = root.value(QStringLiteral("version")).toInt();
  if (version > kDocumentFormatVersion)
    return fail(QStringLiteral("written by a newer Layout Studio (version %1)").arg(version));
  const QJsonArray arr = root.value(QStringLiteral("designs")).toArray();
  if (arr.size() > limits::kMaxDesigns)
    return fail(QStringLiteral("more than %1 designs").arg(limits::kMaxDesigns));
  DocumentFile file;
  for (const auto &v : arr) {
    QString why;
    auto d = designFromJson(v.toObject(), &why);
    if (!d)
      return fail(why);
    file.designs.push_back(std::move(*d));
  }
  file.current = root.value(QStringLiteral("current")).toInt(0);
  const QJsonValue kernel = root.value(QStringLiteral("kernel"));
  if (!kernel.isUndefined() && !kernel.isNull()) {
    if (!kernel.isObject())
      return fail(QStringLiteral("\"kernel\" is not an object"));
    const QJsonObject k = kernel.toObject();
    const QJsonValue path = k.value(QStringLiteral("path")), text = k.value(QStringLiteral("text"));
    if ((!path.isUndefined() && !path.isString()) || (!text.isUndefined() && !text.isString()))
      return fail(QStringLiteral("\"kernel\": \"path\" and \"text\" must be strings"));
    file.kernel.path = path.toString();
    file.kernel.text = file.kernel.path.isEmpty() ? text.toString() : QString();
  }
  const QJsonValue target = root.value(QStringLiteral("target"));
  if (!target.isUndefined()) {
    QString why;
    const std::optional<QString> t =
        target.isString() ? canonicalTarget(target.toString(), &why) : std::nullopt;
    if (!t)
      return fail(QStringLiteral("\"target\": %1")
                      .arg(target.isString() ? why : QStringLiteral("must be a string")));
    file.target = *t;
  }
  return file;
}

QByteArray writeDocumentJson(const DocumentFile &file) {
  QJsonObject root;
  root[QStringLiteral("format")] = QStringLiteral("layout-studio");
  root[QStringLiteral("version")] = kDocumentFormatVersion;
  root[QStringLiteral("current")] = file.current;
  if (!file.target.isEmpty())
    root[QStringLiteral("target")] = file.target;
  QJsonArray designs;
  for (const Design &d : file.designs)
    designs.append(designToJson(d));
  root[QStringLiteral("designs")] = designs;
  if (!file.kernel.path.isEmpty())
    root[QStringLiteral("kernel")] = QJsonObject{{QStringLiteral("path"), file.kernel.path}};
  else if (!file.kernel.text.isEmpty())
    root[QStringLiteral("kernel")] = QJsonObject{{QStringLiteral("text"), file.kernel.text}};
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

void setSaveFaultForTesting(SaveFault fault) {
  g_fault = fault;
}

bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error) {
  auto fail = [&](const QString &why) {
    if (error)
      *error = why;
    return false;
  };
  QSaveFile f(path);
  // The seam stands where the operating system answers: a refused open or a
  // short write, before anything replaced the old file.
  if (g_fault == SaveFault::PermissionDenied)
    return fail(QStringLiteral("cannot write %1: permission denied").arg(path));
  if (!f.open(QIODevice::WriteOnly))
    return fail(QStringLiteral("cannot write %1: %2").arg(path, f.errorString()));
  errno = 0;
  const qint64 written = g_fault == SaveFault::DiskFull ? -1 : f.write(bytes);
  if (written != bytes.size()) {
    // Read the cause before cancelWriting() replaces it with its own.
    const QString why =
        g_fault == SaveFault::DiskFull ? QStringLiteral("no space left on device") : causeOf(f);
    f.cancelWriting();
    return fail(QStringLiteral("cannot write %1: %2").arg(path, why));
  }
  errno = 0;
  if (!f.commit()) // flushes, syncs and renames; leaves the old file on failure
    return fail(QStringLiteral("cannot write %1: %2").arg(path, causeOf(f)));
  return true;
}

std::optional<QByteArray> readDocumentBytes(const QString &path, QString *error) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    if (error)
      *error = QStringLiteral("cannot open %1: %2").arg(path, f.errorString());
    return std::nullopt;
  }
  if (f.size() > limits::kMaxFileBytes) {
    if (error)
      *error = tooLarge();
    return std::nullopt;
  }
  return f.readAll();
}

} // namespace ls::app
