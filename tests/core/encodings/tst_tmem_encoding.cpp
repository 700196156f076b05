// #ttng.tensor_memory_encoding and #ttng.tensor_memory_scales_encoding:
// attribute text round trips, Triton's verifier messages, the TMEM linear
// layout (row, col -> dim0, dim1) on the cases of Triton 3.6's
// LinearLayoutConversionsTest (TensorMemory_blockM_64/128, CTASplit) and the
// allocation getTmemAllocSizes reports.
#include <QtTest>

#include "encodings/tensor_memory.h"
#include "encodings/tensor_memory_scales.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "tmem_test_util.h"
#include "util/error.h"

using namespace ls;

namespace {

LinearLayout tmemLL(const QString &attr, Shape shape) {
  return ir::parseEncoding(attr.toStdString())->toLinearLayout(shape);
}

QString errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const Error &e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

const char *kTmem = "#ttng.tensor_memory_encoding<blockM = %1, blockN = %2, colStride = %3>";

} // namespace

class TestTmemEncoding : public QObject {
  Q_OBJECT
private slots:
  void printsCanonicalText_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("printed");
    auto row = [](const char *name, const char *in, const char *out) {
      QTest::newRow(name) << QString(in) << QString(out);
    };
    row("plain", "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>",
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>");
    row("split and 2cta",
        "#ttng.tensor_memory_encoding<blockM = 64, blockN = 256, colStride = 1, CTASplitM = 2, twoCTAs = true>",
        "#ttng.tensor_memory_encoding<blockM = 64, blockN = 256, colStride = 1, CTASplitM = 2, twoCTAs = true>");
    row("keys in any order, defaults dropped",
        "#ttng.tensor_memory_encoding<twoCTAs = false, colStride = 2, CTASplitN = 2, CTASplitM = 1, blockN = 64, blockM = 128>",
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2, CTASplitN = 2>");
    row("scales default", "#ttng.tensor_memory_scales_encoding<>",
        "#ttng.tensor_memory_scales_encoding<>");
    row("scales split", "#ttng.tensor_memory_scales_encoding<CTASplitN = 2, CTASplitM = 2>",
        "#ttng.tensor_memory_scales_encoding<CTASplitM = 2, CTASplitN = 2>");
    row("scales explicit default", "#ttng.tensor_memory_scales_encoding<CTASplitM = 1>",
        "#ttng.tensor_memory_scales_encoding<>");
  }
  void printsCanonicalText() {
    QFETCH(QString, input);
    QFETCH(QString, printed);
    QCOMPARE(QString::fromStdString(ir::printEncoding(*ir::parseEncoding(input.toStdString()))),
             printed);
  }

  void rejectsWithTritonsMessage_data() {
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("message");
    QTest::newRow("blockM") << QString(kTmem).arg(96).arg(64).arg(1)
                            << "blockM must be 64 or 128 but got 96";
    QTest::newRow("blockN pow2") << QString(kTmem).arg(128).arg(48).arg(1)
                                 << "blockN must be a power of 2 but got 48";
    QTest::newRow("blockN big") << QString(kTmem).arg(128).arg(1024).arg(1)
                                << "blockN must be less than or equal to 512 but got 1024";
    QTest::newRow("colStride") << QString(kTmem).arg(128).arg(64).arg(8)
                               << "colStride must be 1, 2, or 4 but got 8";
    QTest::newRow("split") << "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitM = 3>"
                           << "CTASplitM and CTASplitN must be greater than 0 and a power of 2";
    QTest::newRow("scales key") << "#ttng.tensor_memory_scales_encoding<blockM = 2>"
                                << "blockM: unknown field";
    QTest::newRow("scales body") << "#ttng.tensor_memory_scales_encoding"
                                 << "expected <> or <CTASplitM";
  }
  void rejectsWithTritonsMessage() {
    QFETCH(QString, input);
    QFETCH(QString, message);
    const QString err = errorOf([&] { (void)tmemLL(input, {128, 128}); });
    QVERIFY2(err.contains(message), qPrintable(err));
  }

  // Triton 3.6 unittest TensorMemory_blockM_64 / _128 / _CTASplit, and the
  // two-CTA blockM = 64 transpose (last row basis <-> last column basis).
  void linearLayout_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<qint64>("m");
    QTest::addColumn<qint64>("n");
    QTest::addColumn<QString>("bases");
    const QString m64 = QString(kTmem).arg(64).arg(64).arg(1);
    QTest::newRow("m64 128x64") << m64 << 128ll << 64ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [64, 0], [16, 0], [32, 0]] "
           "col=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]]";
    QTest::newRow("m64 64x64 holes") << m64 << 64ll << 64ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [0, 0], [16, 0], [32, 0]] "
           "col=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]]";
    QTest::newRow("m64 256x128") << m64 << 256ll << 128ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [64, 0], [16, 0], [32, 0]] "
           "col=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [128, 0], [0, 64]]";
    QTest::newRow("m64 64x256") << m64 << 64ll << 256ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [0, 64], [16, 0], [32, 0]] "
           "col=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 128]]";
    QTest::newRow("m128 256x256") << QString(kTmem).arg(128).arg(128).arg(1) << 256ll << 256ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]] "
           "col=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [128, 0], [0, 128]]";
    QTest::newRow("split N") << "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitN = 2>"
        << 128ll << 128ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]] "
           "col=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]]";
    QTest::newRow("unpacked f16") << QString(kTmem).arg(128).arg(16).arg(2) << 128ll << 16ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]] "
           "col=[[0, 0], [0, 1], [0, 2], [0, 4], [0, 8]]";
    QTest::newRow("m64 two CTAs")
        << "#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1, CTASplitM = 2, twoCTAs = true>"
        << 128ll << 64ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [0, 32]] "
           "col=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [64, 0]]";
    QTest::newRow("scales 128x4") << "#ttng.tensor_memory_scales_encoding<>" << 128ll << 4ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 0], [0, 0]] "
           "col=[[0, 1], [0, 2], [32, 0], [64, 0]]";
    QTest::newRow("scales 32x2 trimmed") << "#ttng.tensor_memory_scales_encoding<>" << 32ll << 2ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 0], [0, 0]] "
           "col=[[0, 1], [0, 0], [0, 0]]";
    QTest::newRow("scales split M") << "#ttng.tensor_memory_scales_encoding<CTASplitM = 2>" << 256ll << 8ll
        << "row=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 0], [0, 0]] "
           "col=[[0, 1], [0, 2], [32, 0], [64, 0], [0, 4], [128, 0]]";
  }
  void linearLayout() {
    QFETCH(QString, attr);
    QFETCH(qint64, m);
    QFETCH(qint64, n);
    QFETCH(QString, bases);
    QCOMPARE(tmemtest::layoutText(tmemLL(attr, {m, n})), bases);
  }

  void memDescChecks_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<qint64>("m");
    QTest::addColumn<qint64>("n");
    QTest::addColumn<int>("bits");
    QTest::addColumn<QString>("message");
    QTest::newRow("bitwidth*colStride") << QString(kTmem).arg(128).arg(64).arg(4) << 128ll << 64ll
        << 16 << "bitwidth * colStride must be less than or equal to 32. Got 16 and 4";
    QTest::newRow("alloc too small") << QString(kTmem).arg(128).arg(64).arg(1) << 64ll << 64ll
        << 32 << "the allocation shape must be at least 128x64. Got 64, 64";
    QTest::newRow("too many columns") << QString(kTmem).arg(128).arg(256).arg(1) << 128ll << 1024ll
        << 32 << "nCol / (CTASplitM * CTASplitN) must be less than or equal to 512 * 32 / bitwidth but got 1024";
    QTest::newRow("scales bitwidth") << "#ttng.tensor_memory_scales_encoding<>" << 128ll << 4ll
        << 16 << "bitwidth must be 8";
    QTest::newRow("ok f16 packed") << QString(kTmem).arg(128).arg(256).arg(1) << 128ll << 1024ll
        << 16 << "";
  }
  void memDescChecks() {
    QFETCH(QString, attr);
    QFETCH(qint64, m);
    QFETCH(qint64, n);
    QFETCH(int, bits);
    QFETCH(QString, message);
    EncodingPtr enc = ir::parseEncoding(attr.toStdString());
    const QString err = errorOf([&] {
      if (auto *t = dynamic_cast<const TensorMemoryEncoding *>(enc.get()))
        t->verifyMemDesc({m, n}, bits);
      else
        dynamic_cast<const TensorMemoryScalesEncoding &>(*enc).verifyMemDesc({m, n}, bits);
    });
    if (message.isEmpty())
      QVERIFY2(err.isEmpty(), qPrintable(err));
    else
      QVERIFY2(err.contains(message), qPrintable(err));
  }

  // getTmemAllocSizes: lanes (64 when each quarter's lanes 16..31 are empty)
  // and 32-bit columns per CTA.
  void allocation_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<qint64>("m");
    QTest::addColumn<qint64>("n");
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::newRow("128x128 f32") << QString(kTmem).arg(128).arg(128).arg(1) << 128ll << 128ll << 32 << 128 << 128;
    QTest::newRow("64x64 m64") << QString(kTmem).arg(64).arg(64).arg(1) << 64ll << 64ll << 32 << 64 << 64;
    QTest::newRow("128x64 m64") << QString(kTmem).arg(64).arg(64).arg(1) << 128ll << 64ll << 32 << 128 << 64;
    QTest::newRow("f16 packed") << QString(kTmem).arg(128).arg(128).arg(1) << 128ll << 128ll << 16 << 128 << 64;
    QTest::newRow("f16 unpacked") << QString(kTmem).arg(128).arg(128).arg(2) << 128ll << 128ll << 16 << 128 << 128;
    QTest::newRow("f8 packed") << QString(kTmem).arg(128).arg(128).arg(1) << 128ll << 128ll << 8 << 128 << 32;
    QTest::newRow("split N per CTA")
        << "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitN = 2>"
        << 128ll << 128ll << 32 << 128 << 64;
  }
  void allocation() {
    QFETCH(QString, attr);
    QFETCH(qint64, m);
    QFETCH(qint64, n);
    QFETCH(int, bits);
    QFETCH(int, rows);
    QFETCH(int, cols);
    auto enc = std::dynamic_pointer_cast<const TensorMemoryEncoding>(
        ir::parseEncoding(attr.toStdString()));
    QVERIFY(enc);
    TmemAllocation a = enc->allocation({m, n}, bits);
    QCOMPARE(a.numRows, rows);
    QCOMPARE(a.numCols, cols);
  }

  void memDescTypeGivesShapeAndElement() {
    ir::LayoutInput in = ir::parseLayoutInput(
        "!ttg.memdesc<128x4xi8, #ttng.tensor_memory_scales_encoding<>, #ttng.tensor_memory, mutable>");
    QCOMPARE(in.encoding->kind(), EncodingKind::TensorMemoryScales);
    QCOMPARE(*in.shape, (Shape{128, 4}));
    QCOMPARE(QString::fromStdString(in.element->name), QString("i8"));
  }
};

QTEST_GUILESS_MAIN(TestTmemEncoding)
#include "tst_tmem_encoding.moc"
