// The named-encoding matcher: a layout read as bases (CuTe) prints as the
// simplest named Triton attribute with exactly those bases, else #ttg.linear /
// #ttg.shared_linear. Each row: a Triton attribute and shape; its bases go
// through the matcher; the result must have the same bases (checked here, not
// assumed) and print as `expect` -- the attribute itself, or where two named
// encodings share the bases, the one the matcher tries first.
#include <QtTest>

#include "encodings/linear.h"
#include "layout/layout_utils.h"
#include "notation/layout_input.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "notation/named_encoding.h"
#include "util/error.h"

using namespace ls;

namespace {
Shape shapeOf(const QString &s) {
  Shape out;
  for (const QString &p : s.split('x'))
    out.push_back(p.toLongLong());
  return out;
}
const char *kMma2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
                    "instrShape = [16, 8]}>";
} // namespace

class TestNamedEncoding : public QObject {
  Q_OBJECT
private slots:
  void match_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("expect"); // empty: the attribute itself
    QTest::newRow("blocked") << "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], "
                                "warpsPerCTA = [4, 1], order = [1, 0]}>"
                             << "64x64"
                             << "";
    QTest::newRow("blocked order [0, 1]")
        << "#ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], "
           "order = [0, 1]}>"
        << "32x32"
        << "";
    QTest::newRow("blocked rank 3")
        << "#ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = "
           "[2, 1, 1], order = [2, 1, 0]}>"
        << "4x8x64"
        << "";
    QTest::newRow("blocked broadcast lanes")
        << "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], "
           "order = [1, 0]}>"
        << "4x4"
        << "";
    QTest::newRow("blocked 2 CTAs")
        << "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
           "order = [1, 0], CGALayout = [[1, 0]]}>"
        << "64x64"
        << "";
    QTest::newRow("nvidia_mma v2") << kMma2 << "64x64"
                                   << "";
    QTest::newRow("dot_op B kWidth 2")
        << QString("#ttg.dot_op<{opIdx = 1, parent = %1, kWidth = 2}>").arg(kMma2) << "64x64"
        << "";
    QTest::newRow("dot_op A kWidth 4")
        << QString("#ttg.dot_op<{opIdx = 0, parent = %1, kWidth = 4}>").arg(kMma2) << "64x64"
        << "";
    // v3 64xN accumulators repeat v2's 16x8 pattern: the same bases, v2 is tried first.
    QTest::newRow("nvidia_mma v3 = v2")
        << "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
           "instrShape = [16, 128, 16]}>"
        << "64x128"
        << "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], "
           "instrShape = [16, 8]}>";
    QTest::newRow("nvmma_shared 128B f16")
        << "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = "
           "16}>"
        << "64x64"
        << "";
    QTest::newRow("nvmma_shared 64B transposed f32")
        << "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 32}>"
        << "64x32"
        << "";
    QTest::newRow("swizzled_shared")
        << "#ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>"
        << "32x32"
        << "";
    QTest::newRow("swizzled_shared plain order [0, 1]")
        << "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>"
        << "16x32"
        << "";
    // No named encoding: lanes out of order.
    QTest::newRow("linear") << "#ttg.linear<{register = [[0, 1]], lane = [[2, 0], [1, 0], [4, 0], "
                               "[8, 0], [0, 2]], warp = [], block = []}>"
                            << "16x4"
                            << "";
    QTest::newRow("shared_linear")
        << "#ttg.shared_linear<{offset = [[0, 1], [1, 1], [2, 0], [0, 2]]}, alignment = 16>"
        << "4x4"
        << "";
  }
  void match() {
    QFETCH(QString, attr);
    QFETCH(QString, shape);
    QFETCH(QString, expect);
    const Shape s = shapeOf(shape);
    const LinearLayout ll = ir::parseEncoding(attr.toStdString())->toLinearLayout(s);
    const EncodingPtr got = notation::simplestEncoding(ll, s);
    const LinearLayout back = got->toLinearLayout(s);
    QVERIFY(back.getBases() == ll.getBases());
    QVERIFY(back.getOutDims() == ll.getOutDims());
    QCOMPARE(QString::fromStdString(ir::printEncoding(*got)), expect.isEmpty() ? attr : expect);
    QCOMPARE(notation::matchNamedEncoding(ll, s) == nullptr,
             attr.startsWith("#ttg.linear") || attr.startsWith("#ttg.shared_linear"));
  }

  // CuTe text read through the one entry point prints as the named encoding.
  void cuteInput_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("attr");
    QTest::newRow("SM80 tf32 A")
        << "cute:((4,8),(2,2)):((16,1),(8,64))"
        << "16x8"
        << "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor "
           "= 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, "
           "8]}>, kWidth = 1}>";
    QTest::newRow("blocked") << "cute:((8,4),4):((16,1),4)"
                             << "4x32"
                             << "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], "
                                "warpsPerCTA = [1, 1], order = [1, 0]}>";
    QTest::newRow("GMMA K_SW128 f16")
        << "cute:Swizzle<3,3,3> o (8,64):(64,1)"
        << ""
        << "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = "
           "false, elementBitWidth = 16}>";
    QTest::newRow("tiled by --shape")
        << "cute:Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"
        << "128x64"
        << "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = "
           "false, elementBitWidth = 16}>";
    QTest::newRow("composition")
        << "cute:Swizzle<2,2,3> o Swizzle<2,2,5> o (32,32):(32,1)"
        << ""
        << "#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 4, "
           "order = [1, 0]}>";
  }
  void cuteInput() {
    QFETCH(QString, text);
    QFETCH(QString, shape);
    QFETCH(QString, attr);
    notation::LayoutInputContext ctx;
    if (!shape.isEmpty())
      ctx.shape = shapeOf(shape);
    const ir::LayoutInput in = notation::readLayoutInput(text.toStdString(), ctx);
    const QString printed = QString::fromStdString(ir::printEncoding(*in.encoding));
    QCOMPARE(printed, attr);
  }
};

QTEST_GUILESS_MAIN(TestNamedEncoding)
#include "tst_named_encoding.moc"
