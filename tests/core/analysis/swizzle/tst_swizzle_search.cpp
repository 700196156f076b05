// Swizzle search and Triton's optimal swizzling.
#include <QtTest>

#include "analysis/swizzle/optimal_swizzling.h"
#include "analysis/swizzle/swizzle_search.h"
#include "layout/layout_utils.h"
#include "notation/mlir/layout_parser.h"

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
// gfx942 (64 lanes): a 16-byte-row writer and the MFMA v3 A operand.
const char *kAmdBlocked8 = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], "
                           "warpsPerCTA = [4, 1], order = [1, 0]}>";
const char *kMfmaA = "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = "
                     "[2, 2], instrShape = [32, 32, 8], isTransposed = true}>, kWidth = 4}>";
const char *kSwizzled4x16 =
    "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>";
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

  // The same pair on an AMD target: nvmma_shared (NVIDIA's TMA/wgmma layout)
  // is never proposed, and the winner is one Triton's AMD backend lowers.
  void amdTargetNeverGetsNvmma_data() {
    QTest::addColumn<QString>("writer");
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QString>("target");
    // CDNA (gfx9) runs 64-lane warps, RDNA (gfx1100, gfx1200) 32-lane ones.
    QTest::newRow("mfma A on gfx942") << kAmdBlocked8 << kMfmaA << "gfx942";
    QTest::newRow("rows to rows on gfx942") << kAmdBlocked8 << kAmdBlocked8 << "gfx942";
    QTest::newRow("rows to rows on gfx90a") << kAmdBlocked8 << kAmdBlocked8 << "gfx90a";
    QTest::newRow("rows to rows on gfx950") << kAmdBlocked8 << kAmdBlocked8 << "gfx950";
    QTest::newRow("mma A on gfx1200") << kBlocked8 << kMmaA << "gfx1200";
    QTest::newRow("rows to rows on gfx1100") << kBlocked8 << kBlocked8 << "gfx1100";
  }
  void amdTargetNeverGetsNvmma() {
    QFETCH(QString, writer);
    QFETCH(QString, reader);
    QFETCH(QString, target);
    auto w = ir::parseEncoding(writer.toStdString()), r = ir::parseEncoding(reader.toStdString());
    auto p = proposeSharedLayout(*w, *r, {128, 64}, 16, BankTarget::byName(target.toStdString()),
                                 ir::parseEncoding(kRowMajor));
    QVERIFY2(p.proposed.shared->kind() != EncodingKind::NvmmaShared,
             qPrintable(QString::fromStdString(p.proposed.attribute)));
    QVERIFY(!QString::fromStdString(p.proposed.attribute).contains("nvmma"));
    QVERIFY(p.candidates > 0);
  }

  // The search's winner halves the instructions but doubles the wavefronts
  // on both sides (0 -> 384 conflicts): not an improvement, and the trade is
  // spelled out figure by figure.
  void worseOnSomeFigureDoesNotImprove() {
    auto w = ir::parseEncoding(kAmdBlocked8), r = ir::parseEncoding(kMfmaA);
    auto p = proposeSharedLayout(*w, *r, {128, 64}, 16, BankTarget::byName("gfx942"),
                                 ir::parseEncoding(kSwizzled4x16));
    QVERIFY(p.current);
    QCOMPARE(p.current->conflicts(), int64_t{0});
    QCOMPARE(p.proposed.conflicts(), int64_t{384});
    QCOMPARE(p.proposed.instructions(), 12);
    QCOMPARE(p.current->instructions(), 24);
    QVERIFY(!p.improves());
    QCOMPARE(p.worse().size(), size_t{4});
    QCOMPARE(p.better().size(), size_t{2});
    QCOMPARE(QString::fromStdString(p.trades()),
             QString("trades: store wavefronts 128 -> 256, load wavefronts 256 -> 512, store "
                     "wavefronts over ideal 0 -> 128, load wavefronts over ideal 0 -> 256 for "
                     "store instructions per thread 8 -> 4, load instructions per thread 16 -> 8"));
  }

  // MFMA A operand written and read back: 16-byte accesses at the same
  // wavefronts, no worse anywhere -> a real improvement, nothing traded.
  void betterEverywhereImproves() {
    auto a = ir::parseEncoding(kMfmaA);
    auto p = proposeSharedLayout(*a, *a, {128, 64}, 16, BankTarget::byName("gfx942"),
                                 ir::parseEncoding(kSwizzled4x16));
    QVERIFY(p.current);
    QVERIFY(p.improves());
    QVERIFY(p.worse().empty());
    QCOMPARE(QString::fromStdString(p.trades()), QString());
    QCOMPARE(p.better().size(), size_t{2});
    QCOMPARE(p.better()[0].figure, std::string("store instructions per thread"));
    QCOMPARE(p.better()[0].current, int64_t{16});
    QCOMPARE(p.better()[0].proposed, int64_t{8});
    QCOMPARE(p.better()[1].figure, std::string("load instructions per thread"));
    QCOMPARE(p.proposed.storeWavefronts, p.current->storeWavefronts);
    QCOMPARE(p.proposed.loadWavefronts, p.current->loadWavefronts);
  }

  // The current layout scored against itself: nothing differs, so it is
  // not an improvement and there is nothing to trade.
  void sameLayoutDoesNotImprove() {
    auto w = ir::parseEncoding(kAmdBlocked8), r = ir::parseEncoding(kMfmaA);
    auto shared = ir::parseEncoding(kSwizzled4x16);
    SwizzleProposal p;
    p.current = evaluateSharedLayout(*w, *r, shared, {128, 64}, 16, BankTarget::byName("gfx942"));
    p.proposed = *p.current;
    QVERIFY(!p.improves());
    QVERIFY(p.worse().empty() && p.better().empty());
    p.current.reset();
    QVERIFY(p.improves()); // nothing to compare against
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
