// layout-studio: the desktop application.
//
// Parses the command line (see command_line.h), then either runs the UI
// benchmark, renders a screenshot headless, or opens the main window.
// Command-line errors print one `error:` line and exit with status 2, like
// the CLI.
#include <QApplication>
#include <QTimer>
#include <cstdio>

#include "app_setup.h"
#include "main_window.h"
#include "ui_bench.h"

int main(int argc, char **argv) {
  QApplication app(argc, argv);
  ls::app::setApplicationIdentity();
  ls::app::initResources();
  const ls::app::CommandLine cl = ls::app::parseCommandLine(app.arguments());
  auto fail = [](const QString &why) {
    std::fprintf(stderr, "error: %s\n", qPrintable(why));
    return 2;
  };
  if (!cl.error.isEmpty())
    return fail(cl.error);
  if (cl.benchUi) {
    QTextStream out(stdout);
    return ls::app::runUiBench(out);
  }
  ls::app::MainWindow w(/*interactive=*/!cl.headless());
  QString error;
  if (!cl.layout.isEmpty() && !w.openLayout(cl.layout, cl.shape, cl.dtype, &error))
    return fail(error);
  if (!cl.file.isEmpty() && !w.openFile(cl.file, &error))
    return fail(cl.file + QStringLiteral(": ") + error);
  if (const QString e = ls::app::applyViewOptions(w, cl); !e.isEmpty())
    return fail(e);
  if (!cl.screenshot.isEmpty()) {
    const QString e = ls::app::renderScreenshot(w, cl);
    return e.isEmpty() ? 0 : fail(e);
  }
  w.show();
  if (!cl.noRecovery)
    QTimer::singleShot(0, &w, [&w] { w.offerRecovery(); });
  return app.exec();
}
