// Autosave: a copy of the open document written every few seconds while it
// has unsaved changes, and recovered after a crash.
//
// Each running session owns <AppDataLocation>/autosave/<id>.lstudio and holds
// <id>.lock (a QLockFile) for as long as it runs. A clean exit removes both.
// At the next start, an autosave whose lock is stale -- its process is gone --
// is an orphan: the application offers to recover it (as an untitled,
// modified document) or to discard it. Writes go through the document's
// atomic save path (writeFileAtomically), so a crash while autosaving leaves
// the previous copy intact. LS_AUTOSAVE_INTERVAL_MS overrides the 15 s
// interval (the end-to-end recovery test kills the process after a write).
#pragma once

#include <QLockFile>
#include <QObject>
#include <QTimer>
#include <memory>

namespace ls::app {

class Document;

class Autosave : public QObject {
  Q_OBJECT
public:
  explicit Autosave(Document *doc, QObject *parent = nullptr);
  ~Autosave() override;

  static QString directory();
  QString filePath() const { return path_; }
  void setInterval(int ms) { timer_.setInterval(ms); }
  void start() { timer_.start(); }

  // Writes the document now if it changed since the last write (or `force`).
  bool saveNow(bool force = false);
  // Removes this session's autosave (after a save, and on a clean exit).
  void discard();

  // Autosaves left by sessions that are no longer running, newest first.
  static QStringList orphans();
  // Deletes an orphan and its lock.
  static void removeOrphan(const QString &path);
  // Loads an orphan into `doc` as an untitled document with unsaved changes
  // (recovered work is unsaved work); false with *error if it cannot be read.
  static bool recover(Document *doc, const QString &orphan, QString *error);

private:
  Document *doc_;
  QString path_;
  std::unique_ptr<QLockFile> lock_;
  QTimer timer_;
  QByteArray lastWritten_;
};

} // namespace ls::app
