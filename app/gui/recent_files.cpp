#include "recent_files.h"

#include <QFileInfo>
#include <QMenu>

#include "setting_key.h"

namespace ls::app {

namespace {
const SettingKey<QStringList> kRecent{"files/recent", {}};
} // namespace

RecentFiles::RecentFiles(QObject *parent) : QObject(parent) {}

QStringList RecentFiles::files() const {
  return kRecent.get();
}

void RecentFiles::add(const QString &path) {
  if (path.isEmpty() || path.startsWith(QLatin1String(":/")))
    return;
  const QString abs = QFileInfo(path).absoluteFilePath();
  QStringList l = files();
  l.removeAll(abs);
  l.prepend(abs);
  while (l.size() > kMax)
    l.removeLast();
  kRecent.set(l);
  emit changed();
}

void RecentFiles::remove(const QString &path) {
  QStringList l = files();
  l.removeAll(path);
  kRecent.set(l);
  emit changed();
}

void RecentFiles::clear() {
  kRecent.set({});
  emit changed();
}

void RecentFiles::populate(QMenu *menu) {
  menu->clear();
  const QStringList l = files();
  int n = 0;
  for (const QString &f : l) {
    QAction *a =
        menu->addAction(QStringLiteral("&%1 %2").arg(++n % 10).arg(QFileInfo(f).fileName()));
    a->setToolTip(f);
    a->setStatusTip(f);
    connect(a, &QAction::triggered, this, [this, f] { emit openRequested(f); });
  }
  if (l.isEmpty())
    menu->addAction(tr("(none)"))->setEnabled(false);
  menu->addSeparator();
  connect(menu->addAction(tr("Clear")), &QAction::triggered, this, &RecentFiles::clear);
}

} // namespace ls::app
