// The TMEM design widgets, offscreen at a pinned DPI and font: grid geometry
// (cell <-> pixel), the colours at known cells of the TMEM and register
// views, selection, tooltips, and the design widget's edit / error /
// suggest behaviour. Also renders the widget to tmem_design_widget.png in the
// build directory for a look.
#include "gui_test_main.h"
#include <QtTest>

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>

#include "analysis/tmem/tmem_design.h"
#include "tmem/tmem_design_widget.h"
#include "tmem/tmem_palette.h"
#include "tmem/tmem_register_view.h"
#include "tmem/tmem_view.h"

using namespace ls;
using namespace ls::ui;

namespace {

std::shared_ptr<const TmemMap> mapOf(const char *attr, Shape shape, const char *dtype, int warps,
                                     TmemVariant v) {
  return std::make_shared<const TmemMap>(
      TmemDesign::fromText(attr, shape, dtype, warps, v).map());
}

const char *kM64 = "#ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 1>";

// The colour (#rrggbb) of a pixel inside a cell that no label or border touches.
QString cornerOf(const QImage &img, const QRect &cell) {
  return img.pixelColor(cell.left() + 2, cell.top() + 2).name();
}

QString name(const QColor &c) { return c.name(); }

} // namespace

class TestTmemWidgets : public QObject {
  Q_OBJECT
private slots:
  void geometry() {
    TmemGridGeometry g;
    g.gutter = 58;
    g.header = 18;
    g.cellWidth = 34;
    g.cellHeight = 14;
    g.rows = 128;
    g.cols = 64;
    QCOMPARE(g.cellRect(0, 0), QRect(58, 18, 34, 14));
    QCOMPARE(g.cellRect(32, 1), QRect(92, 18 + 32 * 14 + 3, 34, 14));
    QCOMPARE(g.rowTop(127), 18 + 127 * 14 + 3 * 3);
    QCOMPARE(g.cellAt(QPoint(58, 18)), std::optional<GridCell>(GridCell{0, 0}));
    QCOMPARE(g.cellAt(QPoint(58 + 34 * 5 + 33, 18 + 14 * 31 + 13)),
             std::optional<GridCell>(GridCell{31, 5}));
    QVERIFY(!g.cellAt(QPoint(60, 18 + 32 * 14 + 1)).has_value()); // in the quarter gap
    QCOMPARE(g.cellAt(QPoint(60, 18 + 32 * 14 + 3)), std::optional<GridCell>(GridCell{32, 0}));
    QVERIFY(!g.cellAt(QPoint(57, 30)).has_value());
    QVERIFY(!g.cellAt(QPoint(58 + 64 * 34, 30)).has_value());
    GridRange r = g.cellsIn(QRect(100, 18 + 14 * 10, 50, 30));
    QCOMPARE(r.firstCol, 1);
    QCOMPARE(r.endCol, 3);
    QCOMPARE(r.firstRow, 10);
    QCOMPARE(r.endRow, 13);
    QCOMPARE(g.width(), 58 + 64 * 34 + 1);
  }

  // blockM = 64, 128x64 f16, 16x64b with 8 warps: lane 16 holds row 64,
  // read by warp 4; lane 32 holds row 16, read by warp 1.
  void tmemViewColoursByReadingWarp() {
    TmemView v;
    v.setMap(mapOf(kM64, {128, 64}, "f16", 8, TmemVariant::I16x64b));
    QCOMPARE(v.gridGeometry().rows, 128);
    QCOMPARE(v.gridGeometry().cols, 64); // 32 columns x 2 slots
    const QImage img = v.grab().toImage();
    const TmemGridGeometry &g = v.gridGeometry();
    QCOMPARE(cornerOf(img, g.cellRect(0, 0)), name(warpColor(0)));
    QCOMPARE(cornerOf(img, g.cellRect(16, 0)), name(warpColor(4)));
    QCOMPARE(cornerOf(img, g.cellRect(32, 1)), name(warpColor(1)));
    QCOMPARE(cornerOf(img, g.cellRect(127, 63)), name(warpColor(7)));
    QCOMPARE(v.toolTipAt(g.cellRect(16, 1).center()),
             QString("lane 16, column 0, slot 1\nelement (64, 1)\nread by warp 4, lane 0, register 1"));
  }

  void tmemViewEmptyAndCopySlots() {
    TmemView v;
    v.setMap(mapOf("#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>",
                   {64, 64}, "f32", 4, TmemVariant::I32x32b));
    QImage img = v.grab().toImage();
    QCOMPARE(cornerOf(img, v.gridGeometry().cellRect(16, 0)), name(emptyColor()));
    QCOMPARE(cornerOf(img, v.gridGeometry().cellRect(15, 0)), name(warpColor(0)));
    QCOMPARE(v.toolTipAt(v.gridGeometry().cellRect(16, 0).center()),
             QString("lane 16, column 0\nempty: holds no element"));

    v.setMap(mapOf("#ttng.tensor_memory_scales_encoding<>", {128, 4}, "i8", 4,
                   TmemVariant::I32x32b));
    img = v.grab().toImage();
    QCOMPARE(cornerOf(img, v.gridGeometry().cellRect(3, 6)), name(warpColor(0)));
    QCOMPARE(cornerOf(img, v.gridGeometry().cellRect(35, 6)), name(copyColor(1)));
  }

  void selectionIsOutlinedInBothViews() {
    auto map = mapOf(kM64, {128, 64}, "f16", 8, TmemVariant::I16x64b);
    TmemView tv;
    TmemRegisterView rv;
    tv.setMap(map);
    rv.setMap(map);
    QSignalSpy spy(&tv, &TmemView::elementSelected);
    const QRect cell = tv.gridGeometry().cellRect(16, 0);
    QTest::mouseClick(&tv, Qt::LeftButton, {}, cell.center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 64);
    QCOMPARE(spy.at(0).at(1).toInt(), 0);
    QImage img = tv.grab().toImage();
    QCOMPARE(img.pixelColor(cell.left() + 1, cell.center().y()).name(), name(selectionColor()));
    rv.setSelectedElement(std::make_pair(64, 0));
    img = rv.grab().toImage();
    // Warp 4, lane 0, register 0 carries (64, 0).
    const QRect reg = rv.gridGeometry().cellRect(4 * 32, 0);
    QCOMPARE(img.pixelColor(reg.left() + 1, reg.center().y()).name(), name(selectionColor()));
  }

  void registerViewShowsWarpsAndTheirLanes() {
    TmemRegisterView v;
    v.setMap(mapOf(kM64, {128, 64}, "f16", 8, TmemVariant::I16x64b));
    QCOMPARE(v.gridGeometry().rows, 256);
    QCOMPARE(v.gridGeometry().cols, 32);
    QCOMPARE(v.warpLabel(0), QString("w0 0-15"));
    QCOMPARE(v.warpLabel(4), QString("w4 16-31"));
    QCOMPARE(v.warpLabel(5), QString("w5 48-63"));
    const QImage img = v.grab().toImage();
    QCOMPARE(cornerOf(img, v.gridGeometry().cellRect(32, 0)), name(warpColor(1)));
    QCOMPARE(cornerOf(img, v.gridGeometry().cellRect(255, 31)), name(warpColor(7)));
    QCOMPARE(v.toolTipAt(v.gridGeometry().cellRect(4 * 32, 1).center()),
             QString("warp 4, lane 0, register 1\nelement (64, 1)\nTMEM lane 16, column 0, slot 1"));
  }

  void designWidgetEditsAndErrors() {
    TmemDesignWidget w;
    QSignalSpy edited(&w, &TmemDesignWidget::designEdited);
    w.layoutEdit()->setText("#ttng.tensor_memory_encoding<blockM = 96, blockN = 64, colStride = 1>");
    emit w.layoutEdit()->editingFinished();
    QCOMPARE(edited.count(), 0);
    QVERIFY2(w.errorText().contains("blockM must be 64 or 128 but got 96"), qPrintable(w.errorText()));
    QCOMPARE(QString::fromStdString(w.design().attributeText()),
             QString("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>"));

    w.layoutEdit()->setText(kM64);
    w.shapeEdit()->setText("128x64");
    emit w.layoutEdit()->editingFinished();
    QCOMPARE(edited.count(), 1);
    QVERIFY(w.errorText().isEmpty());
    QCOMPARE(QString::fromStdString(w.design().attributeText()), QString(kM64));

    // Gluon refuses 16x256b here; the message is Gluon's.
    w.shapeEdit()->setText("64x32");
    w.layoutEdit()->setText("#ttng.tensor_memory_encoding<blockM = 64, blockN = 16, colStride = 1>");
    w.dtypeBox()->setCurrentText("f8");
    w.variantBox()->setCurrentText("16x256b");
    QVERIFY2(w.errorText().contains("TMEM layout '16x256b' unsupported for shape [64, 32] and "
                                    "num_warps 4"),
             qPrintable(w.errorText()));
  }

  void suggestFillsTritonsAccumulatorDesign() {
    TmemDesignWidget w;
    w.setSuggestTile(256, 128, 64, "f16", "f16");
    w.suggest();
    QCOMPARE(QString::fromStdString(w.design().attributeText()),
             QString("#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>"));
    QCOMPARE(w.design().shape, (Shape{256, 128}));
    QCOMPARE(QString::fromStdString(w.design().element.name), QString("f16"));
    QVERIFY2(w.summaryText().startsWith("TMEM: 128 lanes x 256 columns per CTA"),
             qPrintable(w.summaryText()));
    // Routed through an undo stack: the widget only reports the edit.
    w.setApplyEditsImmediately(false);
    QSignalSpy edited(&w, &TmemDesignWidget::designEdited);
    w.setSuggestTile(128, 64, 32, "f8", "f32");
    w.suggest();
    QCOMPARE(edited.count(), 1);
    QCOMPARE(w.design().shape, (Shape{256, 128}));
    QCOMPARE(QString::fromStdString(edited.at(0).at(0).value<TmemDesign>().attributeText()),
             QString("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>"));
  }

  void rendersToPng() {
    TmemDesignWidget w;
    w.setDesign(TmemDesign::fromText(kM64, {128, 64}, "f16", 8, TmemVariant::I16x64b));
    w.tmemView()->setSelectedElement(std::make_pair(64, 3));
    w.registerView()->setSelectedElement(std::make_pair(64, 3));
    w.resize(1500, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QImage img = w.grab().toImage();
    QCOMPARE(img.size(), QSize(1500, 900));
    QVERIFY(img.save(QStringLiteral(LS_BINARY_DIR "/tmem_design_widget.png")));
  }
};

LS_GUI_TEST_MAIN_FONT(TestTmemWidgets, 10)

#include "tst_tmem_widgets.moc"
