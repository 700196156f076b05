// Tooltips on demand: showToolTip turns a QEvent::ToolTip into the text a
// view computes for the pixel, and the grid view's tooltip is its hover text.
#include <QHelpEvent>
#include <QToolTip>

#include "gui_test_main.h"
#include "widgets/layout_fixture.h"
#include "grid/tensor_grid_view.h"
#include "common/tooltip_event.h"

using namespace ls::ui;

class TestTooltipEvent : public QObject {
  Q_OBJECT

  static QHelpEvent helpAt(QWidget &w, QPoint p) {
    return QHelpEvent(QEvent::ToolTip, p, w.mapToGlobal(p));
  }

private slots:
  void showsTheTextForThePixel() {
    QWidget w;
    w.resize(200, 100);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QPoint asked;
    QHelpEvent e = helpAt(w, QPoint(30, 40));
    QVERIFY(showToolTip(&w, &e, [&](QPoint p) {
      asked = p;
      return QStringLiteral("cell (%1, %2)").arg(p.x()).arg(p.y());
    }));
    QCOMPARE(asked, QPoint(30, 40));
    QTRY_COMPARE(QToolTip::text(), QStringLiteral("cell (30, 40)"));

    // Empty text hides it.
    QHelpEvent off = helpAt(w, QPoint(190, 90));
    QVERIFY(showToolTip(&w, &off, [](QPoint) { return QString(); }));
    QTRY_VERIFY(!QToolTip::isVisible());
  }

  void otherEventsAreLeftAlone() {
    QWidget w;
    QEvent e(QEvent::MouseMove);
    bool called = false;
    QVERIFY(!showToolTip(&w, &e, [&](QPoint) {
      called = true;
      return QStringLiteral("x");
    }));
    QVERIFY(!called);
  }

  void gridViewTooltipIsTheCellDescription() {
    TensorGridView v;
    v.resize(900, 700);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.setResult(makeResult(kTransposeLoad, {64, 64}));
    const QPoint p = v.cellCenter({1, 4}).toPoint();
    QHelpEvent e = helpAt(v, p);
    QVERIFY(QApplication::sendEvent(&v, &e));
    QTRY_COMPARE(QToolTip::text(), v.cellDescription({1, 4}));
    QVERIFY(QToolTip::text().contains(QStringLiteral("T17:0  warp 0, lane 17, register 0")));
  }
};

LS_GUI_TEST_MAIN(TestTooltipEvent)
#include "tst_tooltip_event.moc"
