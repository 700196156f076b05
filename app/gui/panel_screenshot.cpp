#include "panel_screenshot.h"

#include "export/view_export.h"
#include "grid/grid_panel.h"

#include <QApplication>
#include <QDockWidget>
#include <QImage>
#include <QSaveFile>

#include "analysis_docks.h"
#include "app_setup.h"
#include "banks/bank_heatmap.h"
#include "document.h"
#include "layout_evaluator.h"
#include "main_window.h"

namespace ls::app {

namespace {

QDockWidget *panelDock(MainWindow &w, const QString &panel) {
  AnalysisDocks *a = w.analysisDocks();
  if (panel == QLatin1String("banks"))
    return a->banksDock();
  if (panel == QLatin1String("conversion"))
    return a->conversionDock();
  if (panel == QLatin1String("kernel"))
    return a->kernelDock();
  if (panel == QLatin1String("basis"))
    return w.findChild<QDockWidget *>(QStringLiteral("BasisDock"));
  return nullptr;
}

// The AnalysisDocks slot of a panel (for its hint), -1 for others.
int analysisSlot(const QString &panel) {
  return panel == QLatin1String("banks") ? 0 : panel == QLatin1String("conversion") ? 1 : -1;
}

void settle(int rounds = 5) {
  for (int i = 0; i < rounds; ++i)
    QApplication::processEvents();
}

} // namespace

QString openFromCommandLine(MainWindow &w, const CommandLine &cl) {
  QString error;
  if (!cl.layout.isEmpty()) {
    if (!w.openLayout(cl.layout, cl.shape, cl.dtype, &error))
      return error;
    if (!cl.shared.isEmpty()) {
      Document *doc = w.document();
      Design s = doc->design(doc->currentIndex());
      s.name = QStringLiteral("shared");
      s.attribute = cl.shared;
      s.view = ViewSettings{};
      s.view.colorBy = QStringLiteral("bank");
      if (auto e = checkDesign(s))
        return QStringLiteral("--shared: %1").arg(e->rule);
      const int first = doc->currentIndex();
      doc->addDesign(s);
      doc->setCurrentIndex(first);
      w.setCompareIndex(doc->count() - 1);
      doc->undoStack()->clear();
    }
  }
  if (!cl.example.isEmpty() &&
      !w.openCopy(QStringLiteral(":/examples/%1.lstudio").arg(cl.example), &error))
    return QStringLiteral("--example: %1").arg(error);
  if (!cl.openCopy.isEmpty() && !w.openCopy(cl.openCopy, &error))
    return QStringLiteral("--open-copy: %1: %2").arg(cl.openCopy, error);
  if (!cl.file.isEmpty() && !w.openFile(cl.file, &error))
    return cl.file + QStringLiteral(": ") + error;
  return {};
}

// The grid is the window's centre, not a dock: its panel (the current
// design's, beside the compared one when there is one).
bool isGridPanel(const QString &panel) {
  return panel == QLatin1String("grid");
}

QString showPanel(MainWindow &w, const CommandLine &cl) {
  if (!cl.target.isEmpty()) { // the document's target: every panel follows it
    w.document()->setTarget(cl.target);
    w.document()->undoStack()->clear();
  }
  if (!cl.access.isEmpty())
    w.analysisDocks()->banks()->setDirection(
        cl.access == QLatin1String("store") ? AccessDirection::Store : AccessDirection::Load);
  if (cl.panel.isEmpty() || isGridPanel(cl.panel))
    return {}; // the grid is always in view
  QDockWidget *dock = panelDock(w, cl.panel);
  if (!dock)
    return QStringLiteral("--panel: no panel '%1'").arg(cl.panel);
  dock->show();
  dock->raise();
  return {};
}

QString renderPanelScreenshot(MainWindow &w, const CommandLine &cl) {
  const QString suffix = cl.screenshot.section(QLatin1Char('.'), -1).toLower();
  const bool vector = suffix == QLatin1String("svg") || suffix == QLatin1String("pdf");
  if (vector && !isGridPanel(cl.panel))
    return QStringLiteral("--screenshot: the %1 panel is saved as PNG only (the grid, "
                          "--panel grid, also as SVG or PDF)")
        .arg(cl.panel);
  if (isGridPanel(cl.panel)) {
    w.resize(cl.size);
    w.show();
    settle();
    w.document()->waitForEvaluations();
    settle();
    if (vector) {
      // The grid as shapes and text, as the window's vector screenshot.
      if (const QString e = ui::exportView(*w.primaryPanel()->view(), cl.screenshot); !e.isEmpty())
        return QStringLiteral("--screenshot: cannot write '%1': %2").arg(cl.screenshot, e);
      return {};
    }
    // The grid alone at the size asked for: its panel, taken out of the
    // window's layout for the picture.
    ui::GridPanel *grid = w.primaryPanel();
    const QSize old = grid->size();
    grid->resize(cl.size); // a visible widget gets its resize event at once
    const QImage img = grid->grab().toImage();
    grid->resize(old);
    return saveScreenshotPng(img, cl.screenshot);
  }
  QDockWidget *dock = panelDock(w, cl.panel);
  if (!dock)
    return QStringLiteral("--panel: no panel '%1'").arg(cl.panel);
  w.resize(cl.size);
  w.show();
  dock->show();
  dock->raise();
  settle();
  w.document()->waitForEvaluations();
  settle();
  AnalysisDocks *a = w.analysisDocks();
  a->updateNow(true);
  if (const int slot = analysisSlot(cl.panel); slot >= 0 && !a->hint(slot).isEmpty())
    return QStringLiteral("--panel %1: %2").arg(cl.panel, a->hint(slot));
  if (cl.panel == QLatin1String("banks")) {
    ui::BankHeatmap *banks = a->banks();
    if (!cl.target.isEmpty() && banks->target() != cl.target)
      return QStringLiteral("--target: %1 does not fit this layout; the panel chose %2")
          .arg(cl.target, banks->target());
    if (!banks->errorText().isEmpty())
      return QStringLiteral("--panel banks: %1").arg(banks->errorText());
  }
  // The panel alone, at the size asked for.
  dock->setFloating(true);
  dock->resize(cl.size);
  dock->show();
  settle(8);
  const QImage img = dock->grab().toImage();
  return saveScreenshotPng(img, cl.screenshot);
}

} // namespace ls::app
