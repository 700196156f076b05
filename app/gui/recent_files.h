// RecentFiles: the most recently opened or saved documents, newest first,
// kept in QSettings ("files/recent") and shown in File > Open Recent.
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace ls::app {

class RecentFiles : public QObject {
  Q_OBJECT
public:
  static constexpr int kMax = 10;

  explicit RecentFiles(QObject *parent = nullptr);

  QStringList files() const;
  void add(const QString &path);
  void remove(const QString &path);
  void clear();
  // Fills `menu` with one action per file (and "Clear").
  void populate(QMenu *menu);

signals:
  void openRequested(const QString &path);
  void changed();
};

} // namespace ls::app
