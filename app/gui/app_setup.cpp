#include "app_setup.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QImage>
#include <QSaveFile>

#include "analysis_docks.h"
#include "export/view_export.h"
#include "grid/grid_panel.h"
#include "main_window.h"
#include "mma_arrangement.h"

// Q_INIT_RESOURCE must be used outside any namespace.
static void initLayoutStudioResources() {
  Q_INIT_RESOURCE(resources);
}

namespace ls::app {

void initResources() {
  initLayoutStudioResources();
}

void setApplicationIdentity() {
  QCoreApplication::setOrganizationName(QStringLiteral("LayoutStudio"));
  QCoreApplication::setApplicationName(QStringLiteral("layout-studio"));
  QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
}

QString applyViewOptions(MainWindow &w, const CommandLine &cl) {
  if (!cl.kernel.isEmpty()) {
    QString why;
    if (!w.openKernelFile(cl.kernel, &why))
      return QStringLiteral("--kernel: %1").arg(why);
  }
  if (cl.compare >= 0) {
    if (cl.compare >= w.document()->count())
      return QStringLiteral("--compare: the document has %1 design(s)").arg(w.document()->count());
    w.setCompareIndex(cl.compare);
  }
  if (cl.presentation)
    w.setPresentationMode(true);
  if (!cl.arrangement.isEmpty() && cl.screenshot.isEmpty() && !cl.benchUi)
    w.showMmaArrangement();
  ui::GridPanel *panel = w.primaryPanel();
  if (cl.hardwareView)
    panel->hardwareBox()->setChecked(true);
  if (!cl.labels.isEmpty())
    w.setCellLabels(cl.labels);
  if (cl.step > 0) {
    ui::StepPlayer *player = w.stepPlayer();
    if (cl.step > player->stepCount())
      return QStringLiteral("--step: the layout has %1 steps").arg(player->stepCount());
    player->goTo(cl.step - 1);
  }
  if (!cl.colorBy.isEmpty()) {
    QComboBox *box = panel->colorBox();
    for (int i = 0; i < box->count(); ++i)
      if (box->itemText(i)
              .section(QLatin1Char(' '), 0, 0)
              .compare(cl.colorBy, Qt::CaseInsensitive) == 0) {
        box->setCurrentIndex(i);
        return {};
      }
    QStringList modes;
    for (int i = 0; i < box->count(); ++i)
      modes << box->itemText(i).section(QLatin1Char(' '), 0, 0).toLower();
    return QStringLiteral("--color-by: '%1' is not available for this layout; choose %2")
        .arg(cl.colorBy, modes.join(QStringLiteral(", ")));
  }
  return {};
}

QString renderArrangementScreenshot(MainWindow &w, const CommandLine &cl) {
  Document *doc = w.document();
  if (doc->currentIndex() < 0)
    return QStringLiteral("--arrangement: no design to show");
  const Design &c = doc->design(doc->currentIndex());
  // --shape is C's shape; without it, one instruction tile.
  auto a = mmaArrangementFor(c, {}, cl.shape.isEmpty() ? ls::Shape{} : c.shape);
  if (auto *e = std::get_if<FieldError>(&a))
    return QStringLiteral("--arrangement: %1%2")
        .arg(e->field.isEmpty() ? QString() : e->field + QStringLiteral(": "), e->rule);
  ui::MmaArrangementView view;
  view.setGridPalette(w.primaryPanel()->view()->gridPalette());
  view.setArrangement(std::get<ui::MmaArrangement>(a));
  view.resize(view.sceneSize().toSize());
  if (const QString e = ui::exportArrangement(view, cl.screenshot); !e.isEmpty())
    return QStringLiteral("--screenshot: cannot write '%1': %2").arg(cl.screenshot, e);
  return {};
}

QString renderScreenshot(MainWindow &w, const CommandLine &cl) {
  if (!cl.arrangement.isEmpty())
    return renderArrangementScreenshot(w, cl);
  w.resize(cl.size);
  w.show();
  for (int i = 0; i < 5; ++i)
    QApplication::processEvents();
  if (!cl.kernel.isEmpty()) {
    // A kernel's findings, tables and source need most of the window; the
    // panels show the designs opened from it as the window would after its
    // pause (no timer runs before the picture is taken).
    w.document()->waitForEvaluations();
    w.analysisDocks()->updateNow();
    w.analysisDocks()->raiseKernel();
    w.resizeDocks({w.analysisDocks()->kernelDock()}, {w.width() * 3 / 4}, Qt::Horizontal);
    for (int i = 0; i < 3; ++i)
      QApplication::processEvents();
  }
  w.document()->waitForEvaluations();
  QApplication::processEvents();
  if (!cl.kernel.isEmpty()) {
    // The debounced panel update of the opened designs has run by now; the
    // kernel is what the picture is of.
    w.analysisDocks()->updateNow();
    w.analysisDocks()->raiseKernel();
    QApplication::processEvents();
  }
  const QString suffix = cl.screenshot.section(QLatin1Char('.'), -1).toLower();
  if (suffix == QLatin1String("svg") || suffix == QLatin1String("pdf")) {
    // Vector output: the grid view as shapes and text, its title in full.
    if (const QString e = ui::exportView(*w.primaryPanel()->view(), cl.screenshot); !e.isEmpty())
      return QStringLiteral("--screenshot: cannot write '%1': %2").arg(cl.screenshot, e);
    return {};
  }
  const QImage img = w.grab().toImage();
  return saveScreenshotPng(img, cl.screenshot);
}

QString saveScreenshotPng(const QImage &img, const QString &path) {
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly))
    return QStringLiteral("--screenshot: cannot write '%1': %2").arg(path, f.errorString());
  if (!img.save(&f, "PNG") || !f.commit())
    return QStringLiteral("--screenshot: cannot write '%1'").arg(path);
  return {};
}

} // namespace ls::app
