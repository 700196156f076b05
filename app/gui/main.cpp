// layout-studio: the desktop application.
//
// Parses the command line (see command_line.h), then either runs the UI
// benchmark, renders a screenshot headless, or opens the main window.
// Command-line errors print one `error:` line and exit with status 2, like
// the CLI.
#include <QApplication>
#include <QCoreApplication>
#include <QTimer>
#include <cstdio>
#include <cstring>

#include "app_setup.h"
#include "main_window.h"
#include "panel_screenshot.h"
#include "ui_bench.h"

namespace {

bool hasArg(int argc, char **argv, std::initializer_list<const char *> names) {
  for (int i = 1; i < argc; ++i)
    for (const char *n : names)
      if (std::strcmp(argv[i], n) == 0 ||
          (std::strncmp(argv[i], n, std::strlen(n)) == 0 && argv[i][std::strlen(n)] == '='))
        return true;
  return false;
}

} // namespace

int main(int argc, char **argv) {
  // --help and --version print text: no display is needed (nor opened).
  if (hasArg(argc, argv, {"--help", "-h", "--help-all", "-?", "--version", "-v"})) {
    QCoreApplication text(argc, argv);
    ls::app::setApplicationIdentity();
    (void)ls::app::parseCommandLine(text.arguments()); // prints and exits
    return 0;
  }
  // Bad options are said before any window system is needed: one `error:`
  // line and status 2 even with no display.
  {
    QCoreApplication check(argc, argv);
    ls::app::setApplicationIdentity();
    ls::app::initResources();
    const ls::app::CommandLine early = ls::app::parseCommandLine(check.arguments());
    if (!early.error.isEmpty()) {
      std::fprintf(stderr, "error: %s\n", qPrintable(early.error));
      return 2;
    }
  }
  // A screenshot or the UI benchmark draws offscreen when there is no display.
  if (hasArg(argc, argv, {"--screenshot", "--bench-ui"}) &&
      qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
      qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
    qputenv("QT_QPA_PLATFORM", "offscreen");
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
  if (const QString e = ls::app::openFromCommandLine(w, cl); !e.isEmpty())
    return fail(e);
  if (const QString e = ls::app::applyViewOptions(w, cl); !e.isEmpty())
    return fail(e);
  if (const QString e = ls::app::showPanel(w, cl); !e.isEmpty())
    return fail(e);
  if (!cl.screenshot.isEmpty()) {
    const QString e = cl.panel.isEmpty() ? ls::app::renderScreenshot(w, cl)
                                         : ls::app::renderPanelScreenshot(w, cl);
    return e.isEmpty() ? 0 : fail(e);
  }
  w.show();
  if (!cl.noRecovery)
    QTimer::singleShot(0, &w, [&w] { w.offerRecovery(); });
  return app.exec();
}
