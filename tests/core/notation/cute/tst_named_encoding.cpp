// The named-encoding matcher: a layout read as bases (CuTe) prints as the
// simplest named Triton attribute with exactly those bases, else #ttg.linear /
// #ttg.shared_linear. Each row: a Triton attribute and shape; its bases go
// through the matcher; the result must have the same bases (checked here, not
// assumed) and print as `expect` -- the attribute itself, or where two named
// encodings share the bases, the one the matcher tries first.
#include <QtTest>

#include "encodings/linear.h"
#include "layout/layout_utils.h"
#include "notation/cute/cute_layout.h"
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
const char *kMfma = "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
                    "isTransposed = false}>";
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
    // AMD MFMA accumulators (wave64). Version and K do not reach the bases:
    // the matcher writes version 3 and K 8 (32x32), 16 (16x16), 4 (4x64).
    QTest::newRow("amd_mfma 32x32")
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
           "isTransposed = false}>"
        << "64x64"
        << "";
    QTest::newRow("amd_mfma 32x32 transposed")
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], "
           "isTransposed = true}>"
        << "64x128"
        << "";
    // Many accumulators are also blocked layouts (the same bases); blocked is tried first.
    QTest::newRow("amd_mfma 16x16 transposed = blocked")
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 1], instrShape = [16, 16, 16], "
           "isTransposed = true}>"
        << "32x32"
        << "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 4], warpsPerCTA = [2"
           ", 1], order = [0, 1]}>";
    QTest::newRow("amd_mfma 16x16 fp64")
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2], instrShape = [16, 16, 16], "
           "isTransposed = false, elementBitWidth = 64}>"
        << "32x64"
        << "";
    QTest::newRow("amd_mfma rank 3 = blocked")
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 1, 2], instrShape = [32, 32, 8], "
           "isTransposed = false}>"
        << "4x64x64"
        << "#ttg.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [1, 2, 32], warpsPerCT"
           "A = [2, 1, 2], order = [2, 1, 0]}>";
    QTest::newRow("amd_mfma v4 K16 -> v3 K8")
        << "#ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [32, 32, 16], "
           "isTransposed = false}>"
        << "64x64"
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
           "isTransposed = false}>";
    // 4x64 on a 4x64 tile: registers down M, lanes along N -- a blocked layout.
    QTest::newRow("amd_mfma 4x64 = blocked")
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [4, 64, 4], "
           "isTransposed = false}>"
        << "4x64"
        << "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [1, 64], warpsPerCTA = [1, 1], "
           "order = [1, 0]}>";
    // AMD WMMA accumulators (wave32): version 1 interleaves rows, 2 and 3 share bases (2 is
    // written).
    QTest::newRow("amd_wmma v1")
        << "#ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 2]}>"
        << "64x64"
        << "";
    QTest::newRow("amd_wmma v2 = blocked")
        << "#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [4, 1]}>"
        << "64x32"
        << "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4"
           ", 1], order = [1, 0]}>";
    QTest::newRow("amd_wmma v2 transposed")
        << "#ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [1, 2]}>"
        << "32x64"
        << "";
    QTest::newRow("amd_wmma v3 -> v2")
        << "#ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [1, 2], instrShape = "
           "[16, 16, 32]}>"
        << "32x64"
        << "#ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [1, 2]}>";
    // dot_op of AMD parents: kWidth from the register bases.
    QTest::newRow("dot_op A of mfma 32x32 kWidth 8")
        << QString("#ttg.dot_op<{opIdx = 0, parent = %1, kWidth = 8}>").arg(kMfma) << "64x64"
        << "";
    QTest::newRow("dot_op B of mfma 32x32 kWidth 4 = blocked")
        << QString("#ttg.dot_op<{opIdx = 1, parent = %1, kWidth = 4}>").arg(kMfma) << "64x64"
        << "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [2, 32], warpsPerCTA = [1"
           ", 4], order = [1, 0]}>";
    QTest::newRow("dot_op A of mfma 16x16 kWidth 16 = blocked")
        << "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], "
           "instrShape = [16, 16, 16], isTransposed = false}>, kWidth = 16}>"
        << "64x128"
        << "#ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [16, 4], warpsPerCTA = ["
           "4, 1], order = [0, 1]}>";
    QTest::newRow("dot_op A of wmma v1 kWidth 16")
        << "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, isTranspose = false, "
           "warpsPerCTA = [2, 2]}>, kWidth = 16}>"
        << "64x64"
        << "";
    QTest::newRow("dot_op B of wmma v2 kWidth 8")
        << "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_wmma<{version = 2, isTranspose = false, "
           "warpsPerCTA = [2, 2]}>, kWidth = 8}>"
        << "64x64"
        << "";
    // An FMA operand (blocked parent) holds all of K per thread and broadcasts
    // lanes and warps along K: that is a blocked layout, tried first.
    QTest::newRow("dot_op of blocked = blocked")
        << "#ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp "
           "= [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>}>"
        << "32x16"
        << "#ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], "
           "order = [1, 0]}>";
    // Slices: a blocked parent with one more dim, derived for each removed dim.
    QTest::newRow("slice dim 0 of blocked")
        << "#ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = "
           "[4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>"
        << "128"
        << "";
    QTest::newRow("slice dim 1 of blocked")
        << "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = "
           "[8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>}>"
        << "64"
        << "";
    QTest::newRow("slice dim 1 of rank-3 blocked")
        << "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp "
           "= "
           "[2, 4, 4], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>}>"
        << "8x32"
        << "";
    QTest::newRow("slice dim 0 of mfma = slice of blocked")
        << QString("#ttg.slice<{dim = 0, parent = %1}>").arg(kMfma) << "64"
        << "#ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWa"
           "rp = [2, 32], warpsPerCTA = [2, 2], order = [1, 0]}>}>";
    QTest::newRow("slice dim 1 of nvidia_mma")
        << QString("#ttg.slice<{dim = 1, parent = %1}>").arg(kMma2) << "64"
        << "";
    // A slice whose parent tile covers the shape: the same bases as a blocked.
    QTest::newRow("slice = blocked")
        << "#ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = "
           "[4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>"
        << "32"
        << "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = "
           "[0]}>";
    QTest::newRow("linear wave64 lanes out of order")
        << "#ttg.linear<{register = [[1, 0]], lane = [[0, 2], [0, 1], [0, 4], [0, 8], [0, 16], "
           "[2, 0]], warp = [], block = []}>"
        << "4x32"
        << "";
    QTest::newRow("linear rank 1 lanes swapped")
        << "#ttg.linear<{register = [[4]], lane = [[2], [1], [8], [16], [32]], warp = [], block = "
           "[]}>"
        << "64"
        << "";
    QTest::newRow("amd_mfma 16x16 warps [2, 2] = blocked")
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], "
           "isTransposed = false}>"
        << "64x64"
        << "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 16], warpsPerCTA = [2"
           ", 2], order = [1, 0]}>";
    QTest::newRow("amd_mfma 64x4 transposed = blocked")
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [64, 4, 4], "
           "isTransposed = true}>"
        << "128x16"
        << "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [64, 1], warpsPerCTA = [2"
           ", 2], order = [1, 0]}>";
    QTest::newRow("amd_mfma rank 3 warps [1, 2, 2]")
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2, 2], instrShape = [32, 32, 8], "
           "isTransposed = true}>"
        << "2x64x64"
        << "";
    QTest::newRow("amd_wmma v1 transposed")
        << "#ttg.amd_wmma<{version = 1, isTranspose = true, warpsPerCTA = [2, 2]}>"
        << "32x64"
        << "";
    QTest::newRow("amd_wmma v2 transposed rank 3 = blocked")
        << "#ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [2, 1, 2]}>"
        << "2x32x32"
        << "#ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 16, 2], warpsPerCT"
           "A = [2, 1, 2], order = [1, 2, 0]}>";
    QTest::newRow("dot_op B of mfma 16x16 kWidth 8")
        << "#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], "
           "instrShape = [16, 16, 16], isTransposed = false}>, kWidth = 8}>"
        << "64x64"
        << "";
    // An operand with the bases of an accumulator prints as the accumulator (tried first).
    QTest::newRow("dot_op A of mfma 4x64 kWidth 4 = 4x64 transposed accumulator")
        << "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], "
           "instrShape = [4, 64, 4], isTransposed = false}>, kWidth = 4}>"
        << "8x64"
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [4, 64, 4], isTra"
           "nsposed = true}>";
    // WMMA v2 and v3 operands with one kWidth and K in one instruction share bases: v2 is tried
    // first.
    QTest::newRow("dot_op A of wmma v3 kWidth 8 -> v2 parent")
        << "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 3, isTranspose = false, "
           "warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>, kWidth = 8}>"
        << "64x64"
        << "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, isTranspose = false"
           ", warpsPerCTA = [2, 2]}>, kWidth = 8}>";
    QTest::newRow("slice dim 1 of mfma")
        << QString("#ttg.slice<{dim = 1, parent = %1}>").arg(kMfma) << "64"
        << "";
    QTest::newRow("slice dim 1 of wmma v1")
        << "#ttg.slice<{dim = 1, parent = #ttg.amd_wmma<{version = 1, isTranspose = false, "
           "warpsPerCTA = [2, 2]}>}>"
        << "64"
        << "";
    QTest::newRow("dot_op B of mfma 32x32 kWidth 8 = blocked")
        << QString("#ttg.dot_op<{opIdx = 1, parent = %1, kWidth = 8}>").arg(kMfma) << "64x64"
        << "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [2, 32], warpsPerCTA = [1, 4], "
           "order = [1, 0]}>";
    QTest::newRow("amd_mfma 32x32 fp64 transposed")
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
           "isTransposed = true, elementBitWidth = 64}>"
        << "64x64"
        << "";
    // tilesPerWarp > 1 is tried after every kind with tiles 1 (oracle row
    // mfma, seed 7: Triton 3.6's version 4 layout; version and K as above).
    QTest::newRow("amd_mfma tilesPerWarp [2, 2]")
        << "#ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
           "isTransposed = false, tilesPerWarp = [2, 2]}>"
        << "16x128"
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
           "isTransposed = false, tilesPerWarp = [2, 2]}>";
    QTest::newRow("amd_wmma v1 tilesPerWarp [1, 2, 1] rank 3")
        << "#ttg.amd_wmma<{version = 1, isTranspose = true, warpsPerCTA = [1, 2, 1], tilesPerWarp "
           "= [1, 2, 1]}>"
        << "64x256x256"
        << "";
    QTest::newRow("nvidia_mma v2 rank 3")
        << "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1, 2], "
           "instrShape = [1, 16, 8]}>"
        << "4x64x32"
        << "";
    QTest::newRow("dot_op A of nvidia_mma v2 rank 3")
        << "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
           "warpsPerCTA = [2, 1, 2], instrShape = [1, 16, 8]}>, kWidth = 2}>"
        << "4x64x32"
        << "";
    // sizePerThread beyond the shape: zero registers (oracle row blocked, seed 7);
    // Triton's default order is tried first, zero bases join the dim being filled.
    QTest::newRow("blocked sizePerThread beyond the shape")
        << "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [2, 4], "
           "order = [0, 1]}>"
        << "4x4"
        << "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [1, 8], "
           "order = [1, 0]}>";
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
    // The same through CuTe text: the bases written as a TV layout, read back.
    // (CuTe's thread index holds no CTA split here: single-CTA rows only.)
    if (!ll.hasInDim(kOffset) && inDimBases(ll, kBlock).empty()) {
      const std::string cute = notation::cute::distributedToCute(ll);
      notation::LayoutInputContext ctx;
      ctx.shape = s;
      ctx.threadsPerWarp = ll.getInDimSize(kLane);
      const ir::LayoutInput in = notation::readLayoutInput("cute:" + cute, ctx);
      QVERIFY(in.encoding->toLinearLayout(s).getBases() == ll.getBases());
      QCOMPARE(QString::fromStdString(ir::printEncoding(*in.encoding)),
               expect.isEmpty() ? attr : expect);
    }
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
