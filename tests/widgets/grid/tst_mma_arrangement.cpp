// The MMA arrangement view: A left of C, B above it, one thread one colour
// and one label in all three, pixels at known cells (facts from the PTX ISA
// and AMD's matrix instruction calculator), and the vector exports (SVG and
// PDF with real text and one rectangle per cell, titles in full).
#include <QFile>
#include <QTemporaryDir>

#include "analysis/mma/mma_operands.h"
#include "export/view_export.h"
#include "grid/mma_arrangement_view.h"
#include "grid/tensor_grid_view.h"
#include "gui_test_main.h"
#include "notation/mlir/layout_printer.h"
#include "widgets/layout_fixture.h"
#include "widgets/vector_text.h"

using namespace ls::ui;
using ls::test::pdfTexts;
using ls::test::svgTexts;
using ls::test::withoutSpaces;

namespace {

const QString kAmpere = QStringLiteral("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                                       "warpsPerCTA = [1, 1], instrShape = [16, 8]}>");
const QString kMfma = QStringLiteral("#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], "
                                     "instrShape = [32, 32, 8], isTransposed = false}>");

ls::ui::LayoutResultPtr resultOf(const ls::EncodingPtr &enc, const ls::Shape &shape,
                                 const QString &dtype) {
  return makeResult(QString::fromStdString(ls::ir::printEncoding(*enc)), shape, dtype);
}

MmaArrangement arrangementOf(const QString &c, int bits, const QString &dtype) {
  const ls::MmaOperands o = ls::mmaOperands(ls::ir::parseEncoding(c.toStdString()), bits);
  MmaArrangement a;
  a.a = resultOf(o.a, o.aShape, dtype);
  a.b = resultOf(o.b, o.bShape, dtype);
  a.c = resultOf(o.c, o.cShape, QStringLiteral("f32"));
  a.heading = QString::fromStdString(o.instruction);
  return a;
}

// A point inside a cell clear of its label (centre) and its edges.
QPoint probe(const QRectF &r) {
  return (r.topLeft() + QPointF(r.width() * 0.14, r.height() * 0.14)).toPoint();
}

QRgb rgb(QRgb c) {
  return c & 0xffffff;
}

} // namespace

class TestMmaArrangement : public QObject {
  Q_OBJECT

  std::unique_ptr<MmaArrangementView> view;

  QImage show(const MmaArrangement &a, QSize size = QSize(1300, 1000)) {
    view = std::make_unique<MmaArrangementView>();
    view->setArrangement(a);
    view->resize(size);
    view->show();
    return view->grab().toImage();
  }

  void checkPixel(const QImage &img, MmaRole role, int64_t row, int64_t col) {
    const QPoint p = probe(view->cellRect(role, row, col));
    QCOMPARE(rgb(img.pixel(p)), rgb(view->cellColor(role, row, col)));
  }

private slots:
  // PTX ISA, mma.m16n8k16 .f16: a0 of thread 0 is A[0][0], b0 is B[0][0],
  // c0 is C[0][0] and c2 is C[8][0]; a1 = A[0][1], a2 = A[8][0], b1 = B[1][0];
  // thread 1 holds C[0][2].
  void ampereF16() {
    const QImage img = show(arrangementOf(kAmpere, 16, QStringLiteral("f16")));
    QCOMPARE(view->cellLabel(MmaRole::A, 0, 0), QStringLiteral("T0:0"));
    QCOMPARE(view->cellLabel(MmaRole::A, 0, 1), QStringLiteral("T0:1"));
    QCOMPARE(view->cellLabel(MmaRole::A, 8, 0), QStringLiteral("T0:2"));
    QCOMPARE(view->cellLabel(MmaRole::B, 0, 0), QStringLiteral("T0:0"));
    QCOMPARE(view->cellLabel(MmaRole::B, 1, 0), QStringLiteral("T0:1"));
    QCOMPARE(view->cellLabel(MmaRole::C, 0, 0), QStringLiteral("T0:0"));
    QCOMPARE(view->cellLabel(MmaRole::C, 8, 0), QStringLiteral("T0:2"));
    QCOMPARE(view->cellLabel(MmaRole::C, 0, 2), QStringLiteral("T1:0"));
    // One colour per thread in all three, and the pixels show it.
    const QRgb t0 = rgb(view->cellColor(MmaRole::C, 0, 0));
    for (auto [role, r, c] :
         {std::tuple{MmaRole::A, 0, 0}, std::tuple{MmaRole::B, 0, 0}, std::tuple{MmaRole::C, 0, 0},
          std::tuple{MmaRole::C, 8, 0}, std::tuple{MmaRole::A, 8, 9}}) {
      QCOMPARE(view->threadOf(role, r, c), std::optional<int64_t>(0));
      QCOMPARE(rgb(view->cellColor(role, r, c)), t0);
      checkPixel(img, role, r, c);
    }
    QVERIFY(rgb(view->cellColor(MmaRole::C, 0, 2)) != t0);
    checkPixel(img, MmaRole::C, 0, 2);
    checkPixel(img, MmaRole::B, 15, 7);
    // The picture's geometry: A left of C with its rows on C's rows, B above
    // C with its columns on C's columns, K the same length in A and B.
    for (int r : {0, 5, 15})
      QCOMPARE(view->cellRect(MmaRole::A, r, 0).top(), view->cellRect(MmaRole::C, r, 0).top());
    for (int c : {0, 7})
      QCOMPARE(view->cellRect(MmaRole::B, 0, c).left(), view->cellRect(MmaRole::C, 0, c).left());
    QVERIFY(view->cellRect(MmaRole::A, 0, 15).right() < view->cellRect(MmaRole::C, 0, 0).left());
    QVERIFY(view->cellRect(MmaRole::B, 15, 0).bottom() < view->cellRect(MmaRole::C, 0, 0).top());
    const double kA =
        view->cellRect(MmaRole::A, 0, 15).right() - view->cellRect(MmaRole::A, 0, 0).left();
    const double kB =
        view->cellRect(MmaRole::B, 15, 0).bottom() - view->cellRect(MmaRole::B, 0, 0).top();
    QCOMPARE(kA, kB);
    // Titles name the role and carry the whole attribute.
    QVERIFY(view->titleText(MmaRole::A).startsWith(QStringLiteral("A (M\u00d7K)")));
    QVERIFY(view->titleText(MmaRole::A).contains(QStringLiteral("kWidth = 2")));
    // Each matrix's axes are its role's (not dim0/dim1).
    using Axes = std::pair<QString, QString>;
    QCOMPARE(view->axisTitles(MmaRole::A), Axes(QStringLiteral("M"), QStringLiteral("K")));
    QCOMPARE(view->axisTitles(MmaRole::B), Axes(QStringLiteral("K"), QStringLiteral("N")));
    QCOMPARE(view->axisTitles(MmaRole::C), Axes(QStringLiteral("M"), QStringLiteral("N")));
  }

  // AMD matrix instruction calculator, v_mfma_f32_32x32x8f16: A[0][4] is in
  // lane 32, item 0; D[4][0] in lane 32, item 0; B[4][1] in lane 33.
  void mfma32x32x8() {
    const QImage img = show(arrangementOf(kMfma, 16, QStringLiteral("f16")));
    QCOMPARE(view->cellLabel(MmaRole::A, 0, 4), QStringLiteral("T32:0"));
    QCOMPARE(view->cellLabel(MmaRole::C, 4, 0), QStringLiteral("T32:0"));
    QCOMPARE(view->cellLabel(MmaRole::B, 4, 1), QStringLiteral("T33:0"));
    QCOMPARE(rgb(view->cellColor(MmaRole::A, 0, 4)), rgb(view->cellColor(MmaRole::C, 4, 0)));
    checkPixel(img, MmaRole::A, 0, 4);
    checkPixel(img, MmaRole::C, 4, 0);
    checkPixel(img, MmaRole::B, 4, 1);
    checkPixel(img, MmaRole::C, 31, 31);
  }

  // A click outlines the thread in all three; other threads wash out.
  void clickSelectsAThreadEverywhere() {
    show(arrangementOf(kAmpere, 16, QStringLiteral("f16")));
    const QRgb before = rgb(view->cellColor(MmaRole::A, 1, 0)); // T4
    QTest::mouseClick(view.get(), Qt::LeftButton, {},
                      view->cellRect(MmaRole::C, 8, 1).center().toPoint());
    QCOMPARE(view->selectedThread(), std::optional<int64_t>(0));
    QVERIFY(rgb(view->cellColor(MmaRole::A, 1, 0)) != before);
    QCOMPARE(rgb(view->cellColor(MmaRole::A, 0, 0)),
             rgb(view->cellColor(MmaRole::B, 0, 0))); // T0 stays in colour
    const QImage img = view->grab().toImage();
    checkPixel(img, MmaRole::A, 1, 0);
  }

  // Hopper: B comes from shared memory and shows offsets, not threads.
  void hopperSharedB() {
    show(arrangementOf(QStringLiteral("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
                                      "warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>"),
                       16, QStringLiteral("f16")));
    QCOMPARE(view->threadOf(MmaRole::B, 0, 0), std::nullopt);
    QCOMPARE(view->cellLabel(MmaRole::B, 0, 0), QStringLiteral("0"));
    QCOMPARE(view->cellLabel(MmaRole::A, 16, 0), QStringLiteral("T32:0"));
    QVERIFY(view->titleText(MmaRole::B).contains(QStringLiteral("shared memory")));
  }

  // SVG and PDF: labels and titles are text, cells are rectangles, no image.
  void vectorExports() {
    show(arrangementOf(kAmpere, 16, QStringLiteral("f16")));
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("a.svg")),
                  pdf = dir.filePath(QStringLiteral("a.pdf")),
                  png = dir.filePath(QStringLiteral("a.png"));
    QCOMPARE(exportArrangement(*view, svg), QString());
    QCOMPARE(exportArrangement(*view, pdf), QString());
    QCOMPARE(exportArrangement(*view, png), QString());
    QVERIFY(!exportArrangement(*view, dir.filePath(QStringLiteral("a.bmp"))).isEmpty());
    const QString attrA = withoutSpaces(view->arrangement().a->attribute);
    QVERIFY(attrA.contains(QStringLiteral("kWidth=2")));

    QFile fs(svg);
    QVERIFY(fs.open(QIODevice::ReadOnly));
    const QByteArray s = fs.readAll();
    QVERIFY(!s.contains("<image"));
    QVERIFY(s.count("<rect") >= 16 * 16 + 16 * 8 + 16 * 8);
    const QStringList texts = svgTexts(s);
    QVERIFY(texts.contains(QStringLiteral("T0:0")));
    QVERIFY(texts.contains(QStringLiteral("T0:2")));
    QVERIFY(texts.contains(QStringLiteral("T31:7")));
    QVERIFY2(withoutSpaces(texts.join(QString())).contains(attrA), qPrintable(texts.join('|')));

    QFile fp(pdf);
    QVERIFY(fp.open(QIODevice::ReadOnly));
    const QByteArray d = fp.readAll();
    QVERIFY(d.startsWith("%PDF"));
    QVERIFY(d.contains("/Font"));
    QVERIFY(!d.contains("/Subtype /Image"));
    const QStringList ptexts = pdfTexts(d);
    QVERIFY2(ptexts.contains(QStringLiteral("T0:0")), qPrintable(ptexts.mid(0, 40).join('|')));
    QVERIFY(ptexts.contains(QStringLiteral("T31:7")));
    QVERIFY(withoutSpaces(ptexts.join(QString())).contains(attrA));

    // The PNG is the picture at twice its natural size (under 2048 units).
    const QImage img(png);
    QCOMPARE(arrangementPngScale(*view), 2.0);
    QCOMPARE(img.size(), (view->sceneSize() * 2).toSize());
  }

  // The grid view's SVG and PDF: cells as rectangles, labels as text, and
  // the attribute in full although the on-screen title elides it.
  void gridViewVectorExports() {
    const QString attr = QStringLiteral(
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
        "order = [1, 0]}>");
    TensorGridView v;
    v.setResult(makeResult(attr, {8, 8}));
    v.setTitle(QStringLiteral("a design with a long name"), QStringLiteral("blocked 8x8 f32"));
    v.resize(520, 900);
    v.setColorBy(ColorBy::Thread);
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("v.svg")),
                  pdf = dir.filePath(QStringLiteral("v.pdf"));
    QCOMPARE(exportView(v, svg), QString());
    QCOMPARE(exportView(v, pdf), QString());
    QVERIFY(v.sceneState().showTitle); // restored after the export
    QFile fs(svg);
    QVERIFY(fs.open(QIODevice::ReadOnly));
    const QByteArray s = fs.readAll();
    QVERIFY(!s.contains("<image"));
    QVERIFY(s.count("<rect") >= 64);
    const QStringList texts = svgTexts(s);
    QVERIFY2(texts.contains(QStringLiteral("T0:0")), qPrintable(texts.join('|')));
    QVERIFY(withoutSpaces(texts.join(QString())).contains(withoutSpaces(attr)));
    QFile fp(pdf);
    QVERIFY(fp.open(QIODevice::ReadOnly));
    const QByteArray d = fp.readAll();
    QVERIFY(!d.contains("/Subtype /Image"));
    const QStringList ptexts = pdfTexts(d);
    QVERIFY(ptexts.contains(QStringLiteral("T0:0")));
    QVERIFY(withoutSpaces(ptexts.join(QString())).contains(withoutSpaces(attr)));

    // At the current step: a step-through highlight (thread 1 strong, the
    // rest washed out) is what the export shows, cell by cell.
    const LocationFields &f = v.plane()->fields();
    GridHighlight h;
    h.mode = GridHighlight::Mode::Sets;
    h.strongMask = f.threadMask();
    h.strongValue = f.lane.place(1);
    h.caption = QStringLiteral("step: T1");
    v.setExternalHighlight(h);
    const Cell t0{0, 0}, t1{0, 4}; // sizePerThread [1, 4]: column 4 is thread 1
    QCOMPARE(v.cellDescription(t1).contains(QStringLiteral("lane 1")), true);
    const QColor strong = v.drawnColor(t1), dim = v.drawnColor(t0);
    QVERIFY(strong != dim);
    const QString stepSvg = dir.filePath(QStringLiteral("step.svg"));
    QCOMPARE(exportView(v, stepSvg), QString());
    QFile fst(stepSvg);
    QVERIFY(fst.open(QIODevice::ReadOnly));
    const QByteArray st = fst.readAll();
    QVERIFY(st.contains(QStringLiteral("fill=\"%1\"").arg(strong.name()).toLatin1()));
    QVERIFY(st.contains(QStringLiteral("fill=\"%1\"").arg(dim.name()).toLatin1()));
    QVERIFY(!s.contains(QStringLiteral("fill=\"%1\"").arg(dim.name()).toLatin1()));
  }
};

LS_GUI_TEST_MAIN(TestMmaArrangement)
#include "tst_mma_arrangement.moc"
