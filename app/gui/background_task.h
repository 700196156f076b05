// Long work off the GUI thread, with progress and Cancel.
//
// Reading a large paste or kernel file takes seconds (an 8 MiB TTGIR paste,
// a 64 MiB kernel). runWithProgress runs such work on a worker thread
// (QtConcurrent) while the GUI thread keeps running its event loop -- the
// window repaints, timers fire -- behind a window-modal progress dialog with
// a Cancel button. The work reports how far it got and checks for Cancel
// through its TaskControl (TaskControl::readProgress() is exactly what the
// module reader takes, so reading stops within 64 KiB of text). A cancelled
// task's result is dropped, so the caller's document stays as it was.
#pragma once

#include <QCoreApplication>
#include <QEventLoop>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <atomic>
#include <functional>
#include <optional>

#include "ir/module_reader.h"

namespace ls::app {

// Shared between the GUI thread and the worker.
class TaskControl {
public:
  void setProgress(size_t done, size_t total) {
    permille_ = total == 0 ? 0 : static_cast<int>(std::min<double>(1000.0, 1000.0 * done / total));
  }
  int permille() const { return permille_.load(); }
  void cancel() { cancel_ = true; }
  bool cancelled() const { return cancel_.load(); }
  // For ir::readModuleFile: records the progress, says stop once cancelled.
  ir::ReadProgress readProgress() {
    return [this](size_t done, size_t total) {
      setProgress(done, total);
      return !cancelled();
    };
  }

private:
  std::atomic<int> permille_{0};
  std::atomic<bool> cancel_{false};
};

// The object name of the progress dialog (tests find it by this name).
inline const char *kTaskProgressName = "backgroundTaskProgress";

// How long work runs before its progress dialog appears (ms); tests set 0.
inline int &taskProgressDelayMs() {
  static int ms = 300;
  return ms;
}

// Runs work(control) on a worker thread; the GUI thread runs a local event
// loop until it finishes. Returns its result, or nullopt if the user
// cancelled (the result, if the work still finished, is dropped).
template <class T>
std::optional<T> runWithProgress(QWidget *parent, const QString &label,
                                 std::function<T(TaskControl &)> work) {
  TaskControl control;
  QProgressDialog dialog(label, QCoreApplication::translate("ls::app", "Cancel"), 0, 1000, parent);
  dialog.setObjectName(QString::fromLatin1(kTaskProgressName));
  dialog.setWindowTitle(QCoreApplication::translate("ls::app", "Layout Studio"));
  dialog.setWindowModality(Qt::WindowModal);
  dialog.setAutoClose(false);
  dialog.setAutoReset(false);
  dialog.setMinimumDuration(taskProgressDelayMs());
  QObject::connect(&dialog, &QProgressDialog::canceled, &dialog, [&control, &dialog] {
    control.cancel();
    dialog.setLabelText(QCoreApplication::translate("ls::app", "Cancelling..."));
  });
  dialog.setValue(0);
  QFutureWatcher<T> watcher;
  QEventLoop loop;
  QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
  QTimer poll;
  poll.setInterval(40);
  QObject::connect(&poll, &QTimer::timeout, &dialog, [&] {
    if (dialog.wasCanceled() && !control.cancelled())
      control.cancel();
    if (!control.cancelled())
      dialog.setValue(std::min(999, control.permille()));
  });
  watcher.setFuture(QtConcurrent::run([&control, work]() -> T { return work(control); }));
  poll.start();
  if (!watcher.isFinished())
    loop.exec(QEventLoop::AllEvents);
  poll.stop();
  watcher.waitForFinished();
  dialog.hide();
  if (control.cancelled())
    return std::nullopt;
  return watcher.result();
}

} // namespace ls::app
