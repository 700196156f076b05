#include "autosave.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUuid>

#include "document.h"
#include "document_file.h"

namespace ls::app {

namespace {

QString lockPathFor(const QString &autosavePath) {
  QString p = autosavePath;
  p.chop(QStringLiteral(".lstudio").size());
  return p + QStringLiteral(".lock");
}

} // namespace

QString Autosave::directory() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
         QStringLiteral("/autosave");
}

Autosave::Autosave(Document *doc, QObject *parent) : QObject(parent), doc_(doc) {
  QDir().mkpath(directory());
  // Locks of sessions that ended without writing anything are just litter.
  for (const QFileInfo &fi :
       QDir(directory()).entryInfoList({QStringLiteral("*.lock")}, QDir::Files)) {
    QString twin = fi.absoluteFilePath();
    twin.chop(QStringLiteral(".lock").size());
    if (QFile::exists(twin + QStringLiteral(".lstudio")))
      continue;
    QLockFile stale(fi.absoluteFilePath());
    stale.setStaleLockTime(0);
    if (stale.tryLock(0))
      stale.unlock(); // removes the file
  }
  const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
  path_ = directory() + QLatin1Char('/') + id + QStringLiteral(".lstudio");
  lock_ = std::make_unique<QLockFile>(lockPathFor(path_));
  lock_->setStaleLockTime(0); // stale only when the owner process is gone
  lock_->tryLock(0);
  const int interval = qEnvironmentVariableIntValue("LS_AUTOSAVE_INTERVAL_MS");
  timer_.setInterval(interval > 0 ? interval : 15000);
  connect(&timer_, &QTimer::timeout, this, [this] { saveNow(); });
}

Autosave::~Autosave() {
  discard();
}

bool Autosave::saveNow(bool force) {
  if (!force && !doc_->isModified()) {
    // Nothing unsaved: an older copy would only confuse a recovery.
    if (!lastWritten_.isEmpty())
      discard();
    return true;
  }
  const QByteArray json = doc_->toJson();
  if (!force && json == lastWritten_)
    return true;
  QString why;
  if (!writeFileAtomically(path_, json, &why))
    return false;
  lastWritten_ = json;
  return true;
}

void Autosave::discard() {
  QFile::remove(path_);
  lastWritten_.clear();
}

QStringList Autosave::orphans() {
  QDir dir(directory());
  QStringList out;
  const QFileInfoList files =
      dir.entryInfoList({QStringLiteral("*.lstudio")}, QDir::Files, QDir::Time);
  for (const QFileInfo &fi : files) {
    QLockFile lock(lockPathFor(fi.absoluteFilePath()));
    lock.setStaleLockTime(0);
    if (lock.tryLock(0)) { // nobody holds it: its session ended without cleaning up
      lock.unlock();
      out << fi.absoluteFilePath();
    }
  }
  return out;
}

bool Autosave::recover(Document *doc, const QString &orphan, QString *error) {
  const std::optional<QByteArray> bytes = readDocumentBytes(orphan, error);
  if (!bytes || !doc->loadJson(*bytes, error))
    return false;
  doc->setFilePath(QString());
  doc->markModified();
  return true;
}

void Autosave::removeOrphan(const QString &path) {
  QFile::remove(path);
  QFile::remove(lockPathFor(path));
}

} // namespace ls::app
