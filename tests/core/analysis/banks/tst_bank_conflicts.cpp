// Triton's bank_conflicts and largestVectorisation, on Triton-computed facts.
#include <QtTest>

#include <random>

#include "analysis/banks/bank_conflicts.h"
#include "analysis/banks/shared_vectorisation.h"
#include "analysis/swizzle/optimal_swizzling.h"
#include "util/error.h"
#include "notation/mlir/layout_parser.h"
#include "layout/layout_utils.h"

using namespace ls;

class TestBankConflicts : public QObject {
  Q_OBJECT
private slots:
  void tritonCount_data() {
    QTest::addColumn<QString>("distributed");
    QTest::addColumn<QString>("shared");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("conflicts");
    // Rows of ../shared/oracle/visible.jsonl (computed by Triton 3.6).
    QTest::newRow("banks-1-0 linear/nvmma0 f16")
        << "#ttg.linear<{register = [[2, 0], [0, 2], [1, 0], [0, 1], [8, 0], [4, 0]], lane = "
           "[[0, 0], [0, 0], [0, 0], [0, 0], [0, 0]], warp = [[0, 0], [0, 0]], block = []}>"
        << "#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>"
        << "16x4" << 16 << 0;
    QTest::newRow("banks-1-1 blocked/swizzled f64")
        << "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, "
           "1], order = [1, 0]}>"
        << "#ttg.swizzled_shared<{vec = 8, perPhase = 8, maxPhase = 4, order = [0, 1]}>"
        << "64x32" << 64 << 3;
    QTest::newRow("banks-1-2 dot_op/swizzled i8")
        << "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = "
           "0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 4}>"
        << "#ttg.swizzled_shared<{vec = 8, perPhase = 8, maxPhase = 1, order = [0, 1]}>"
        << "128x256" << 8 << 3;
    // The worked example of bank_conflicts.h: the warp down one column.
    QTest::newRow("column 32-way")
        << "#ttg.linear<{register = [[0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], "
           "[8, 0], [16, 0]], warp = [[0, 1], [0, 2]], block = []}>"
        << "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"
        << "32x32" << 32 << 31;
  }
  void tritonCount() {
    QFETCH(QString, distributed);
    QFETCH(QString, shared);
    QFETCH(QString, shape);
    QFETCH(int, bits);
    QFETCH(int, conflicts);
    Shape s;
    for (const auto &part : shape.split('x'))
      s.push_back(part.toLongLong());
    auto d = ir::parseEncoding(distributed.toStdString());
    auto m = ir::parseEncoding(shared.toStdString());
    QCOMPARE(sharedBankConflicts(*d, *m, s, bits), conflicts);
  }

  void vectorisationPermutesRegisters() {
    // The worked example of shared_vectorisation.h.
    LinearLayout cvt({{kRegister, {{2}, {1}, {64}, {4}}}, {kLane, {{12}}}}, {{kOffset, 128}},
                     /*requireSurjective=*/false);
    Vectorisation v = largestVectorisation(cvt, 16);
    QCOMPARE(v.elements, 4);
    QCOMPARE(v.registerOrder, (std::vector<int>{1, 0, 2, 3}));
    // Padded layouts allow no permutation: only single elements remain.
    QCOMPARE(largestVectorisation(cvt, 16, 8).elements, 1);
  }

  void broadcastRegistersAreDropped() {
    LinearLayout l({{kRegister, {{0, 1}, {0, 0}, {1, 0}}}}, {S("dim0"), S("dim1")});
    QCOMPARE(nonBroadcastRegisters(l), (std::vector<int>{0, 2}));
    QCOMPARE(removeBroadcastRegisters(l).getInDimSizeLog2(kRegister), 2);
  }

  // permuteBases reorders (or keeps some of) one in-dim's bases; an index
  // that is not a basis of it is refused.
  void permuteBasesReordersOneInDim() {
    const LinearLayout l({{kRegister, {{1, 0}, {0, 1}, {2, 0}}}, {kLane, {{0, 2}}}},
                         {{"dim0", 4}, {"dim1", 4}}, false);
    const LinearLayout p = permuteBases(l, kRegister, {2, 0});
    QCOMPARE(p.getInDimSizeLog2(kRegister), 2);
    QCOMPARE(std::vector<int32_t>(p.getBasis(kRegister, 0).begin(), p.getBasis(kRegister, 0).end()),
             (std::vector<int32_t>{2, 0}));
    QCOMPARE(std::vector<int32_t>(p.getBasis(kRegister, 1).begin(), p.getBasis(kRegister, 1).end()),
             (std::vector<int32_t>{1, 0}));
    QCOMPARE(std::vector<int32_t>(p.getBasis(kLane, 0).begin(), p.getBasis(kLane, 0).end()),
             (std::vector<int32_t>{0, 2}));
    QCOMPARE(p.getOutDims(), l.getOutDims());
    QVERIFY_THROWS_EXCEPTION(ls::InternalError, (void)permuteBases(l, kRegister, {3}));
  }

  void intersectionFollowsTriton() {
    // Powers of two: b1 entries found in b2, duplicates counted.
    QCOMPARE(intersectionBasisSize({1, 4, 8}, {4, 8, 16}), 2);
    QCOMPARE(intersectionBasisSize({4, 4}, {4}), 2);
    // Otherwise the dimension of the span intersection.
    QCOMPARE(intersectionBasisSize({3, 4}, {1, 2}), 1);
    QCOMPARE(intersectionBasisSize({3, 0}, {5}), 0);
  }

  // The size alone (what the bank counts and the conversion's swizzle
  // choice use) equals the size of the basis intersectionBasis builds, on
  // random bases: powers of two with repeats, and any vectors with zeros.
  void intersectionSizeIsTheBasisSize() {
    std::mt19937 rng(14);
    int nonPow2 = 0, shared = 0;
    for (int round = 0; round < 4000; ++round) {
      const int dim = 1 + int(rng() % 12);
      const bool pow2 = round % 2 == 0;
      auto pick = [&]() {
        std::vector<int32_t> v(rng() % 9);
        for (int32_t &x : v)
          x = pow2 ? int32_t{1} << (rng() % unsigned(dim)) : int32_t(rng() % (1u << dim));
        return v;
      };
      const std::vector<int32_t> a = pick(), b = pick();
      const int size = intersectionBasisSize(a, b);
      QCOMPARE(size, int(intersectionBasis(a, b, dim).size()));
      nonPow2 += !pow2;
      shared += size > 0;
    }
    QVERIFY(nonPow2 == 2000 && shared > 1000);
  }
};

QTEST_GUILESS_MAIN(TestBankConflicts)
#include "tst_bank_conflicts.moc"
