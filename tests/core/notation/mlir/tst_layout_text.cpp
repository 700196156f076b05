// Attribute text: parse and print every encoding byte for byte as Triton 3.6,
// legacy syntax in and out, types, aliases, and errors that name
// the field.
#include <QtTest>

#include "encodings/blocked.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

using namespace ls;

namespace {
QString roundTrip(const QString &text, ir::Syntax syntax = ir::Syntax::Triton36) {
  return QString::fromStdString(ir::printEncoding(*ir::parseEncoding(text.toStdString()), syntax));
}
QString errorOf(const QString &text) {
  try {
    ir::parseLayoutInput(text.toStdString());
  } catch (const Error &e) {
    return QString::fromStdString(e.field());
  }
  return QString();
}
} // namespace

class TestLayoutText : public QObject {
  Q_OBJECT
private slots:
  void canonicalRoundTrip_data() {
    QTest::addColumn<QString>("text");
    for (const char *t : {
             "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
             "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0], CGALayout = [[1], [1]]}>",
             "#ttg.slice<{dim = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2], instrShape = [16, 8]}>}>",
             "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], CGALayout = [[0, 0]], instrShape = [16, 8]}>",
             "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>, kWidth = 4}>",
             "#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>}>",
             "#ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 1], instrShape = [16, 16, 16], isTransposed = true, tilesPerWarp = [2, 2], elementBitWidth = 64}>",
             "#ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [1, 1], instrShape = [16, 16, 32]}>",
             "#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 1], tilesPerWarp = [1, 2]}>",
             "#ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]], warp = [[0, 0], [0, 0]], block = []}>",
             "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
             "#ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1]}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 32, CGALayout = [[1, 0]]}>",
             "#ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 64]}>",
             "#ttg.padded_shared<[4:+1] {offset = [[1, 0], [0, 1], [0, 2], [2, 0]], block = []}>",
             "#ttg.shared_linear<{offset = [[0, 1], [1, 1], [2, 0], [0, 2]]}, alignment = 16>",
             "#ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [[2, 0]]}, alignment = 128>",
             "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>",
             "#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 2, CTASplitM = 2, CTASplitN = 2, twoCTAs = true>",
         })
      QTest::newRow(t) << QString(t);
  }
  void canonicalRoundTrip() {
    QFETCH(QString, text);
    QCOMPARE(roundTrip(text), text);
  }

  void keysInAnyOrderPrintCanonically() {
    QCOMPARE(roundTrip("#ttg.blocked<{order = [1, 0], warpsPerCTA = [4 : i32, 1 : i32], "
                       "threadsPerWarp = [2, 16], sizePerThread = [1, 4], CGALayout = []}>"),
             QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                            "warpsPerCTA = [4, 1], order = [1, 0]}>"));
    QCOMPARE(roundTrip("#ttg.dot_op<{parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = "
                       "[4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>, kWidth = 0, opIdx = 1}>"),
             QStringLiteral("#ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], "
                            "threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>}>"));
  }

  void legacyInput() {
    QCOMPARE(roundTrip("#triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                       "warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], "
                       "CTAOrder = [1, 0]}>"),
             QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                            "warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>"));
    QCOMPARE(roundTrip("#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], "
                       "hasLeadingOffset = true}>"),
             QStringLiteral("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                            "elementBitWidth = 16}>"));
    QCOMPARE(roundTrip("#triton_gpu.amd_mfma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
                       "instrShape = [32, 32], isTransposed = false}>"),
             QStringLiteral("#ttg.amd_mfma<{version = 2, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
                            "isTransposed = false}>"));
  }

  void legacyOutput() {
    QCOMPARE(roundTrip("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = "
                       "[4, 1], order = [1, 0]}>",
                       ir::Syntax::Legacy),
             QStringLiteral("#triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                            "warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = "
                            "[1, 1], CTAOrder = [1, 0]}>"));
    QCOMPARE(roundTrip("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                       "elementBitWidth = 16}>",
                       ir::Syntax::Legacy),
             QStringLiteral("#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], "
                            "CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0], "
                            "hasLeadingOffset = true}>"));
    QVERIFY_THROWS_EXCEPTION(Error, roundTrip("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = "
                                              "[32], warpsPerCTA = [4], order = [0], CGALayout = "
                                              "[[2], [1], [0]]}>",
                                              ir::Syntax::Legacy));
    QVERIFY_THROWS_EXCEPTION(Error, roundTrip("#ttg.padded_shared<[32:+4] {order = [1, 0], shape = "
                                              "[64, 64]}>",
                                              ir::Syntax::Legacy));
  }

  void types() {
    auto in = ir::parseLayoutInput("tensor<16x16x!tt.ptr<f16>, #ttg.blocked<{sizePerThread = [1, 4], "
                                   "threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>");
    QCOMPARE(*in.shape, (Shape{16, 16}));
    QVERIFY(!in.isMemDesc);
    auto md = ir::parseLayoutInput("!ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, "
                                   "maxPhase = 8, order = [1, 0]}>, #ttg.shared_memory, mutable, 2x64x64>");
    QVERIFY(md.isMemDesc);
    QCOMPARE(md.element->name, std::string("f16"));
    QCOMPARE(md.element->bits, 16);
    QCOMPARE(*md.allocShape, (Shape{2, 64, 64}));
    auto f8 = ir::parseLayoutInput("tensor<8x8xf8E5M2, #ttg.blocked<{sizePerThread = [1, 1], "
                                   "threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>");
    QCOMPARE(f8.element->bits, 8);
  }

  void errorsNameTheField_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    const QString b = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>";
    QTest::newRow("missing order") << "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1]}>" << "order";
    QTest::newRow("not pow2") << "#ttg.blocked<{sizePerThread = [1, 3], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>" << "sizePerThread";
    QTest::newRow("order not perm") << "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 0]}>" << "order";
    QTest::newRow("unknown key") << "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], vec = 1}>" << "vec";
    QTest::newRow("cga not surjective") << "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 2]]}>" << "CGALayout";
    QTest::newRow("kWidth on blocked") << "#ttg.dot_op<{opIdx = 0, parent = " + b + ", kWidth = 2}>" << "kWidth";
    QTest::newRow("slice dim") << "#ttg.slice<{dim = 2, parent = " + b + "}>" << "dim";
    QTest::newRow("mfma 64x4") << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [64, 4, 4], isTransposed = false}>" << "isTransposed";
    QTest::newRow("wmma shape") << "#ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 1], instrShape = [16, 16, 32]}>" << "instrShape";
    QTest::newRow("nvmma swizzle") << "#ttg.nvmma_shared<{swizzlingByteWidth = 96, transposed = false, elementBitWidth = 16}>" << "swizzlingByteWidth";
    QTest::newRow("linear two dims") << "#ttg.linear<{register = [[1, 1]], lane = [], warp = [], block = []}>" << "register";
    QTest::newRow("undefined alias") << "#blocked" << "#blocked";
    QTest::newRow("element type") << "tensor<4x4xq8, " + b + ">" << "element type";
    QTest::newRow("tmem blockM") << "#ttng.tensor_memory_encoding<blockM = 32, blockN = 128, colStride = 1>" << "blockM";
  }
  void errorsNameTheField() {
    QFETCH(QString, text);
    QFETCH(QString, field);
    QCOMPARE(errorOf(text), field);
  }

  // Syntax errors say line:column of the text given (1:col for one line).
  void syntaxErrorsSayLineColumn_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("one line") << "#ttg.blocked<{sizePerThread = [1}>"
                              << "attribute text: unbalanced '[' character in pretty dialect name at 1:13 near "
                                 "'<{sizePerThread '";
    QTest::newRow("second line") << "#ttg.blocked<{sizePerThread = [1],\n  order = [0 1]}>"
                                 << "attribute text: expected ']' at 2:13 near ' 1]}>'";
    QTest::newRow("string") << "#ttg.blocked<{a = \"x}>"
                            << "attribute text: expected '\"' in string literal at the end of the text";
    QTest::newRow("end") << "#ttg.blocked<{sizePerThread = [1"
                         << "attribute text: unbalanced '[' character in pretty dialect name at 1:13 near "
                            "'<{sizePerThread '";
  }
  void syntaxErrorsSayLineColumn() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    QString got;
    try {
      ir::parseLayoutInput(text.toStdString());
    } catch (const Error &e) {
      got = QString::fromUtf8(e.what());
    }
    QCOMPARE(got, message);
  }
};

QTEST_GUILESS_MAIN(TestLayoutText)
#include "tst_layout_text.moc"
