// mmaOperands: A and B of an MMA derived from its result layout C, checked
// against the PTX ISA's fragment tables and AMD's matrix instruction
// calculator (facts written here, not computed), and against Triton's kWidth.
#include <QtTest>

#include "analysis/mma/mma_operands.h"
#include "analysis/ownership/ownership.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

using namespace ls;

namespace {

// "T<thread>:<register>" of the first owner of (row, col).
QString owner(const EncodingPtr &enc, const Shape &shape, int64_t row, int64_t col) {
  const Ownership own(enc->toLinearLayout(shape));
  const uint64_t loc = own.firstOwner(own.packElement({row, col}));
  const std::vector<int32_t> hw = own.unpackLocation(loc);
  int32_t reg = 0, lane = 0, warp = 0;
  for (size_t i = 0; i < own.inDims().size(); ++i) {
    if (own.inDims()[i] == "register")
      reg = hw[i];
    else if (own.inDims()[i] == "lane")
      lane = hw[i];
    else if (own.inDims()[i] == "warp")
      warp = hw[i];
  }
  return QStringLiteral("T%1:%2").arg(warp * enc->warpSize() + lane).arg(reg);
}

QString text(const EncodingPtr &e) {
  return QString::fromStdString(ir::printEncoding(*e));
}

} // namespace

class TestMmaOperands : public QObject {
  Q_OBJECT
private slots:
  // PTX ISA, mma.m16n8k16 with .f16 A/B: a0,a1 = A[g][2t..2t+1], a2,a3 rows
  // g+8, a4..a7 columns +8; b0,b1 = B[2t..2t+1][g]; c0,c1 = C[g][2t..2t+1],
  // c2,c3 = C[g+8][..] (g = lane / 4, t = lane % 4).
  void ampereF16() {
    const EncodingPtr c = ir::parseEncoding(
        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], "
        "instrShape = [16, 8]}>");
    const MmaOperands o = mmaOperands(c, 16);
    QCOMPARE(o.instruction, std::string("mma.sync m16n8k16"));
    QCOMPARE(o.kWidth, 2u);
    QCOMPARE(o.aShape, (Shape{16, 16}));
    QCOMPARE(o.bShape, (Shape{16, 8}));
    QCOMPARE(o.cShape, (Shape{16, 8}));
    QVERIFY(text(o.a).contains("opIdx = 0"));
    QVERIFY(text(o.a).contains("kWidth = 2"));
    QVERIFY(text(o.b).contains("opIdx = 1"));
    QCOMPARE(owner(o.a, o.aShape, 0, 0), QStringLiteral("T0:0")); // a0
    QCOMPARE(owner(o.a, o.aShape, 0, 1), QStringLiteral("T0:1")); // a1
    QCOMPARE(owner(o.a, o.aShape, 8, 0), QStringLiteral("T0:2")); // a2
    QCOMPARE(owner(o.a, o.aShape, 0, 8), QStringLiteral("T0:4")); // a4
    QCOMPARE(owner(o.a, o.aShape, 1, 2), QStringLiteral("T5:0")); // g=1, t=1
    QCOMPARE(owner(o.b, o.bShape, 0, 0), QStringLiteral("T0:0")); // b0
    QCOMPARE(owner(o.b, o.bShape, 1, 0), QStringLiteral("T0:1")); // b1
    QCOMPARE(owner(o.b, o.bShape, 0, 1), QStringLiteral("T4:0")); // g=1
    QCOMPARE(owner(o.b, o.bShape, 8, 0), QStringLiteral("T0:2")); // b2
    QCOMPARE(owner(o.c, o.cShape, 0, 0), QStringLiteral("T0:0")); // c0
    QCOMPARE(owner(o.c, o.cShape, 8, 0), QStringLiteral("T0:2")); // c2
    QCOMPARE(owner(o.c, o.cShape, 0, 2), QStringLiteral("T1:0"));
  }

  // kWidth = 32 / bits (Triton's DotOperandEncodingAttr builder): f8 4, tf32 1.
  void ampereKWidthFollowsType() {
    const EncodingPtr c = ir::parseEncoding(
        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
        "instrShape = [16, 8]}>");
    QCOMPARE(mmaOperands(c, 8).kWidth, 4u);
    QCOMPARE(mmaOperands(c, 8).k, 32u);
    QCOMPARE(mmaOperands(c, 32).kWidth, 1u);
    QCOMPARE(mmaOperands(c, 32).k, 8u);
    const MmaOperands big = mmaOperands(c, 16, {64, 32});
    QCOMPARE(big.aShape, (Shape{64, 16}));
    QCOMPARE(big.bShape, (Shape{16, 32}));
  }

  // Hopper wgmma: A in registers, B in shared memory (128-byte swizzle for a
  // 16x64 f16 tile: rows of 128 bytes).
  void hopperBIsShared() {
    const EncodingPtr c = ir::parseEncoding(
        "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
        "instrShape = [16, 64, 16]}>");
    const MmaOperands o = mmaOperands(c, 16);
    QCOMPARE(o.instruction, std::string("wgmma m64n64k16"));
    QCOMPARE(o.cShape, (Shape{64, 64}));
    QVERIFY(!o.aShared);
    QVERIFY(o.bShared);
    QVERIFY(o.b->isShared());
    QVERIFY(text(o.b).contains("swizzlingByteWidth = 128"));
    // Warp 1 holds rows 16..31 of A and of C.
    QCOMPARE(owner(o.a, o.aShape, 16, 0), QStringLiteral("T32:0"));
    QCOMPARE(owner(o.c, o.cShape, 16, 0), QStringLiteral("T32:0"));
  }

  // AMD matrix instruction calculator, v_mfma_f32_32x32x8f16: A[i][k] is in
  // lane i + 32 * (k / 4), item k % 4; B[k][j] in lane j + 32 * (k / 4);
  // D[i][j] in lane j + 32 * ((i / 4) % 2), item 4 * (i / 8) + i % 4.
  void mfma32x32x8() {
    const EncodingPtr c = ir::parseEncoding(
        "#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, 32, 8], "
        "isTransposed = false}>");
    const MmaOperands o = mmaOperands(c, 16);
    QCOMPARE(o.kWidth, 4u); // kBase = 8 * 32 / 64
    QCOMPARE(o.aShape, (Shape{32, 8}));
    QCOMPARE(owner(o.a, o.aShape, 0, 0), QStringLiteral("T0:0"));
    QCOMPARE(owner(o.a, o.aShape, 5, 3), QStringLiteral("T5:3"));
    QCOMPARE(owner(o.a, o.aShape, 0, 4), QStringLiteral("T32:0"));
    QCOMPARE(owner(o.b, o.bShape, 4, 1), QStringLiteral("T33:0"));
    QCOMPARE(owner(o.b, o.bShape, 2, 7), QStringLiteral("T7:2"));
    QCOMPARE(owner(o.c, o.cShape, 0, 0), QStringLiteral("T0:0"));
    QCOMPARE(owner(o.c, o.cShape, 4, 0), QStringLiteral("T32:0"));
    QCOMPARE(owner(o.c, o.cShape, 9, 3), QStringLiteral("T3:5"));
  }

  // RDNA3 wmma (version 1): both half-waves hold all 16 K values (kWidth 16);
  // RDNA4 (version 2): half a wave each, kWidth 8.
  void wmmaKWidth() {
    const EncodingPtr v1 = ir::parseEncoding(
        "#ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 1]}>");
    const EncodingPtr v2 = ir::parseEncoding(
        "#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [1, 1]}>");
    QCOMPARE(mmaOperands(v1, 16).kWidth, 16u);
    QCOMPARE(mmaOperands(v2, 16).kWidth, 8u);
    const MmaOperands o = mmaOperands(v2, 16);
    QCOMPARE(o.cShape, (Shape{16, 16}));
    QCOMPARE(owner(o.a, o.aShape, 3, 0), QStringLiteral("T3:0"));
    QCOMPARE(owner(o.a, o.aShape, 3, 8), QStringLiteral("T19:0"));
  }

  void tcgen05SharedOperands() {
    const EncodingPtr c =
        ir::parseEncoding("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>");
    const MmaOperands o = mmaOperands(c, 16);
    QCOMPARE(o.instruction, std::string("tcgen05.mma m128n64k16"));
    QVERIFY(o.aShared && o.bShared);
    QCOMPARE(o.aShape, (Shape{128, 16}));
    QCOMPARE(o.bShape, (Shape{16, 64}));
    QVERIFY(text(o.a).contains("swizzlingByteWidth = 32")); // 16 f16 = 32-byte rows
  }

  void refusals() {
    const EncodingPtr blocked = ir::parseEncoding(
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
        "order = [1, 0]}>");
    try {
      mmaOperands(blocked, 16);
      QFAIL("a blocked layout is no MMA result");
    } catch (const Error &e) {
      QCOMPARE(e.field(), std::string("layout"));
      QVERIFY(QString::fromStdString(e.rule()).contains("not blocked"));
    }
    const EncodingPtr c = ir::parseEncoding(
        "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], "
        "instrShape = [16, 8]}>");
    QVERIFY_THROWS_EXCEPTION(Error, mmaOperands(c, 4));
  }
};

QTEST_GUILESS_MAIN(TestMmaOperands)
#include "tst_mma_operands.moc"
