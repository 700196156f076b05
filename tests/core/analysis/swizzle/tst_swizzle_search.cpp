// Swizzle search and Triton's optimal swizzling.
#include <QtTest>

#include "analysis/swizzle/optimal_swizzling.h"
#include "analysis/swizzle/swizzle_search.h"
#include "notation/mlir/layout_parser.h"
#include "layout/layout_utils.h"

using namespace ls;

namespace {
const char *kBlocked8 = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
                        "warpsPerCTA = [4, 1], order = [1, 0]}>";
const char *kMmaA = "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, "
                    "versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>";
const char *kRowMajor =
    "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>";
const char *kRowsF32 = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], "
                       "warpsPerCTA = [4, 1], order = [1, 0]}>";
const char *kColsF32 = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], "
                       "warpsPerCTA = [1, 4], order = [0, 1]}>";
} // namespace

class TestSwizzleSearch : public QObject {
  Q_OBJECT
private slots:
  void mmaOperandGetsNvmma128() {
    auto w = ir::parseEncoding(kBlocked8), r = ir::parseEncoding(kMmaA);
    auto p = proposeSharedLayout(*w, *r, {128, 64}, 16, BankTarget::byName("sm90"),
                                 ir::parseEncoding(kRowMajor));
    QCOMPARE(QString::fromStdString(p.proposed.attribute),
             QString("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                     "elementBitWidth = 16}>"));
    QCOMPARE(p.proposed.conflicts(), int64_t{0});
    QVERIFY(p.current);
    QCOMPARE(p.current->loadWavefronts, int64_t{1024}); // 8-way ldmatrix on 4 warps x 8 instr
    QCOMPARE(p.current->tritonLoadConflicts, 7);
    QVERIFY(p.improves());
  }

  void transposeNeedsTritonsSwizzle() {
    // Rows written, columns read: Triton's optimal swizzling is conflict-free
    // both ways with 16-byte accesses, which no swizzled_shared achieves.
    auto w = ir::parseEncoding(kRowsF32), r = ir::parseEncoding(kColsF32);
    auto p = proposeSharedLayout(*w, *r, {64, 64}, 32, BankTarget::byName("sm90"));
    QCOMPARE(mnemonic(p.proposed.shared->kind()), "shared_linear");
    QCOMPARE(p.proposed.storeVector, 4);
    QCOMPARE(p.proposed.loadVector, 4);
    QCOMPARE(p.proposed.conflicts(), int64_t{0});
    QCOMPARE(p.proposed.tritonStoreConflicts, 0);
    QCOMPARE(p.proposed.tritonLoadConflicts, 0);
  }

  void optimalSwizzlingCoversTheTensor() {
    auto w = ir::parseEncoding(kRowsF32)->toLinearLayout({64, 64});
    auto r = ir::parseEncoding(kColsF32)->toLinearLayout({64, 64});
    LinearLayout smem = optimalSharedLayout(w, r, 32);
    QCOMPARE(smem.getInDimSize(kOffset), 64 * 64);
    QVERIFY(smem.isInvertible() || smem.isSurjective());
  }

  void intersectionBasisKeepsOrder() {
    QCOMPARE(intersectionBasis({8, 1, 4}, {4, 8}, 4), (std::vector<int32_t>{8, 4}));
    QCOMPARE(intersectionBasis({3, 4}, {1, 2}, 3).size(), size_t{1});
  }
};

QTEST_GUILESS_MAIN(TestSwizzleSearch)
#include "tst_swizzle_search.moc"
