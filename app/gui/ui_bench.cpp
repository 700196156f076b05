#include "ui_bench.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <algorithm>
#include <ctime>
#include <vector>

#include "forms/design_form.h"
#include "grid/grid_panel.h"
#include "main_window.h"

namespace ls::app {

namespace {

double peakRssMiB() {
  QFile f(QStringLiteral("/proc/self/status"));
  if (!f.open(QIODevice::ReadOnly))
    return -1;
  for (const QByteArray &line : f.readAll().split('\n'))
    if (line.startsWith("VmHWM:"))
      return line.mid(6).trimmed().split(' ').front().toDouble() / 1024.0;
  return -1;
}

// CPU time of the whole process (all threads): what an edit costs, apart
// from waiting for a busy machine.
double processCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

QString loadAverage() {
  QFile f(QStringLiteral("/proc/loadavg"));
  if (!f.open(QIODevice::ReadOnly))
    return QStringLiteral("?");
  return QString::fromLatin1(f.readAll()).section(QLatin1Char(' '), 0, 0);
}

struct Stats {
  double min, median, p95, max;
};

Stats stats(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  auto at = [&](double q) { return v[std::min(v.size() - 1, static_cast<size_t>(q * v.size()))]; };
  return {v.front(), at(0.5), at(0.95), v.back()};
}

// Applies one edit like the form does and returns milliseconds until the
// grid view has painted the new layout; *cpuMs gets the CPU time it took.
double editToFrame(MainWindow &w, const ui::DesignDraft &draft, double *cpuMs) {
  const double cpu0 = processCpuMs();
  Document *doc = w.document();
  ui::TensorGridView *view = w.primaryPanel()->view();
  QElapsedTimer t;
  t.start();
  w.applyDraft(draft, QStringLiteral("sizePerThread"));
  const int cur = doc->currentIndex();
  // Large tensors evaluate on a worker: wait for its result, as the event
  // loop would deliver it.
  while (doc->isEvaluating(cur))
    QApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
  QApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
  view->repaint();
  *cpuMs = processCpuMs() - cpu0;
  return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

} // namespace

int runUiBench(QTextStream &out) {
  struct Case {
    QString shape;
    double budgetMs;
  };
  const Case cases[] = {{QStringLiteral("256x256"), 16.0}, {QStringLiteral("4096x4096"), 100.0}};
  const QString a =
      QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                     "warpsPerCTA = [4, 1], order = [1, 0]}>");
  const QString b = QStringLiteral("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
                                   "warpsPerCTA = [2, 2], order = [1, 0]}>");
  constexpr int kEdits = 40;
  bool ok = true;
  out << "layout-studio UI benchmark: edit-to-frame (edit -> evaluated -> grid painted), " << kEdits
      << " edits per size, window 1400x860\n";
  out << "machine: " << QThread::idealThreadCount() << " hardware threads, load average "
      << loadAverage() << "\n";
  out << "size        min      median   p95      max      budget   result  (CPU median)\n";
  for (const Case &c : cases) {
    MainWindow w(/*interactive=*/false);
    w.resize(1400, 860);
    w.show();
    QString error;
    if (!w.openLayout(a, c.shape, QStringLiteral("f32"), &error)) {
      out << "error: " << error << "\n";
      return 1;
    }
    w.document()->waitForEvaluations();
    QApplication::processEvents();
    w.primaryPanel()->view()->repaint();
    ui::DesignDraft draft = w.document()->design(0).toDraft();
    std::vector<double> times, cpu;
    for (int i = 0; i < kEdits; ++i) {
      draft.attribute = (i % 2 == 0) ? b : a;
      double c = 0;
      times.push_back(editToFrame(w, draft, &c));
      cpu.push_back(c);
    }
    const Stats s = stats(times);
    const bool pass = s.median <= c.budgetMs;
    ok = ok && pass;
    out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7  (%8 ms)\n")
               .arg(c.shape, -10)
               .arg(QString::number(s.min, 'f', 2) + QStringLiteral(" ms"), -8)
               .arg(QString::number(s.median, 'f', 2) + QStringLiteral(" ms"), -8)
               .arg(QString::number(s.p95, 'f', 2) + QStringLiteral(" ms"), -8)
               .arg(QString::number(s.max, 'f', 2) + QStringLiteral(" ms"), -8)
               .arg(QString::number(c.budgetMs, 'f', 0) + QStringLiteral(" ms"), -8)
               .arg(pass ? QStringLiteral("ok") : QStringLiteral("OVER BUDGET"))
               .arg(stats(cpu).median, 0, 'f', 2);
    out.flush();
  }
  const double rss = peakRssMiB();
  const bool memOk = rss >= 0 && rss <= 300;
  ok = ok && memOk;
  out << QStringLiteral("peak resident memory: %1 MiB (budget 300 MB) %2\n")
             .arg(rss, 0, 'f', 1)
             .arg(memOk ? QStringLiteral("ok") : QStringLiteral("OVER BUDGET"));
  return ok ? 0 : 1;
}

} // namespace ls::app
