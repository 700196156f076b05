// CuTe thread-value layouts against CUTLASS's own MMA traits, both ways, and
// a property test: every expressible random layout survives CuTe out -> CuTe
// in unchanged; every inexpressible one is refused naming its basis.
//
// Facts (CUTLASS commit 7107b05535f8977f5ecb9d01ee203205b1fd9bc4):
//   include/cute/atom/mma_traits_sm80.hpp
//     :53   SM80_16x8_Row = ((4,8),(2,2)):((32,1),(16,8))  (CLayout of every 16x8 MMA below)
//     :87   SM80_16x8x16_F16F16F16F16_TN ALayout ((4,8),(2,2,2)):((32,1),(16,8,128))
//     :89   SM80_16x8x16_F16F16F16F16_TN BLayout ((4,8),(2,2)):((16,1),(8,64))
//     :172  SM80_16x8x8_F32TF32TF32F32_TN ALayout ((4,8),(2,2)):((16,1),(8,64))
//     :174  SM80_16x8x8_F32TF32TF32F32_TN BLayout ((4,8),2):((8,1),32)
//     :273  SM80_16x8x32_S32S8S8S32_TN ALayout ((4,8),(4,2,2)):((64,1),(16,8,256))
//     :275  SM80_16x8x32_S32S8S8S32_TN BLayout ((4,8),(4,2)):((32,1),(8,128))
//   include/cute/atom/mma_traits_sm90_gmma.hpp
//     :434  CLayout_64xN ((4,8,4),(2,2,N/8)):((128,1,16),(64,8,512))
// CUTLASS indexes A as (M,K), B as (N,K) and C as (M,N), column-major.
#include <QtTest>

#include <random>

#include "encodings/linear.h"
#include "layout/layout_utils.h"
#include "notation/cute/cute_layout.h"
#include "notation/mlir/layout_parser.h"
#include "util/error.h"

using namespace ls;

namespace {
const char *kMma2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], "
                    "instrShape = [16, 8]}>";

QString dot(int op, int kWidth) {
  return QString("#ttg.dot_op<{opIdx = %1, parent = %2, kWidth = %3}>")
      .arg(op)
      .arg(kMma2)
      .arg(kWidth);
}

Shape shapeOf(const QString &s) {
  Shape out;
  for (const QString &p : s.split('x'))
    out.push_back(p.toLongLong());
  return out;
}

// The Triton layout's bases with the two tile dims swapped (B is (K,N) in
// Triton, (N,K) in CUTLASS).
LinearLayout transposed(const LinearLayout &ll) {
  LinearLayout::BasesT bases;
  for (const DimName &in : ll.getInDimNames()) {
    std::vector<LinearLayout::Basis> v;
    for (auto b : inDimBases(ll, in))
      v.push_back({b[1], b[0]});
    bases.push_back({in, v});
  }
  auto dims = ll.getOutDims();
  return LinearLayout(bases, {{dims[0].first, dims[1].second}, {dims[1].first, dims[0].second}},
                      false);
}

QString basesText(const LinearLayout &ll) {
  QString s;
  for (const DimName &in : {kRegister, kLane, kWarp, kBlock}) {
    s += QString::fromStdString(std::string(in)) + "=";
    if (ll.hasInDim(in))
      for (auto b : inDimBases(ll, in)) {
        s += "[";
        for (auto x : b)
          s += QString::number(x) + ",";
        s += "]";
      }
    s += " ";
  }
  return s;
}
} // namespace

class TestCute : public QObject {
  Q_OBJECT
private slots:
  void cutlassFacts_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("shape"); // Triton's tile
    QTest::addColumn<QString>("cute");  // CUTLASS's layout, coalesced per mode
    QTest::addColumn<bool>("operandB"); // CUTLASS's tile is the transpose
    QTest::newRow("sm80 16x8 C (mma_traits_sm80.hpp:53)")
        << kMma2 << "16x8"
        << "((4,8),(2,2)):((32,1),(16,8))" << false;
    QTest::newRow("sm80 f16 16x8x16 A (:87)") << dot(0, 2) << "16x16"
                                              << "((4,8),(2,2,2)):((32,1),(16,8,128))" << false;
    QTest::newRow("sm80 f16 16x8x16 B (:89)") << dot(1, 2) << "16x8"
                                              << "((4,8),(2,2)):((16,1),(8,64))" << true;
    QTest::newRow("sm80 tf32 16x8x8 A (:172)") << dot(0, 1) << "16x8"
                                               << "((4,8),(2,2)):((16,1),(8,64))" << false;
    QTest::newRow("sm80 tf32 16x8x8 B (:174)") << dot(1, 1) << "8x8"
                                               << "((4,8),2):((8,1),32)" << true;
    QTest::newRow("sm80 s8 16x8x32 A (:273)") << dot(0, 4) << "16x32"
                                              << "((4,8),(4,2,2)):((64,1),(16,8,256))" << false;
    QTest::newRow("sm80 s8 16x8x32 B (:275)") << dot(1, 4) << "32x8"
                                              << "((4,8),(4,2)):((32,1),(8,128))" << true;
    for (int n : {16, 32, 64, 128, 256})
      QTest::newRow(qPrintable(QString("sm90 gmma C 64x%1 (mma_traits_sm90_gmma.hpp:434)").arg(n)))
          << QString("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
                     "instrShape = [16, %1, 16]}>")
                 .arg(n)
          << QString("64x%1").arg(n)
          << QString("((4,8,4),(2,2,%1)):((128,1,16),(64,8,512))").arg(n / 8) << false;
    // N = 8: CUTLASS writes the value mode (_2,_2,_1); coalesce drops the 1.
    QTest::newRow("sm90 gmma C 64x8 (:434, coalesced)")
        << "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], "
           "instrShape = [16, 8, 16]}>"
        << "64x8"
        << "((4,8,4),(2,2)):((128,1,16),(64,8))" << false;
  }
  void cutlassFacts() {
    QFETCH(QString, attr);
    QFETCH(QString, shape);
    QFETCH(QString, cute);
    QFETCH(bool, operandB);
    const EncodingPtr enc = ir::parseEncoding(attr.toStdString());
    const Shape s = shapeOf(shape);
    // Out: our CuTe text is CUTLASS's.
    QCOMPARE(QString::fromStdString(notation::cute::encodingToCute(*enc, s)), cute);
    // In: CUTLASS's text, read on CUTLASS's tile, has Triton's bases.
    LinearLayout triton = enc->toLinearLayout(s);
    Shape cutlassTile = s;
    if (operandB) {
      triton = transposed(triton);
      std::swap(cutlassTile[0], cutlassTile[1]);
    }
    const LinearLayout read =
        notation::cute::readCuteDistributed(cute.toStdString(), cutlassTile, 32);
    QCOMPARE(basesText(read), basesText(triton));
  }

  void staticSpellings() {
    const LinearLayout a = notation::cute::readCuteDistributed(
        "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))", {16, 16}, 32);
    const LinearLayout b =
        notation::cute::readCuteDistributed("((4,8),(2,2,2)):((32,1),(16,8,128))", {16, 16}, 32);
    QCOMPARE(basesText(a), basesText(b));
    QCOMPARE(basesText(a),
             QString("register=[0,1,][8,0,][0,8,] lane=[0,2,][0,4,][1,0,][2,0,][4,0,] "
                     "warp= block= "));
  }

  // Warp size 64 (AMD): the first 6 thread bits are lanes, the rest warps.
  void threadsPerWarp() {
    const LinearLayout ll = notation::cute::readCuteDistributed("(256,1):(1,0)", {256}, 64);
    QCOMPARE(ll.getInDimSize(kLane), 64);
    QCOMPARE(ll.getInDimSize(kWarp), 4);
    QCOMPARE(inDimBases(ll, kWarp), (std::vector<std::vector<int32_t>>{{64}, {128}}));
  }

  void readErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("overlap")
        << "((4,8),(2,2)):((32,1),(16,3))"
        << "--layout: value mode 1: index 3 shares bits with earlier modes; only "
           "strides with disjoint bits are linear over GF(2)";
    QTest::newRow("size")
        << "((4,8),(3,2)):((32,1),(16,8))"
        << "--layout: value mode 0: size 3 is not a power of two (a linear layout has "
           "one bit per basis)";
    QTest::newRow("outside")
        << "((4,8),(2,2)):((32,1),(16,128))"
        << "--layout: value mode 1: index 128 (stride 128) is outside the [16, 8] tile";
    QTest::newRow("nesting") << "((4,8),(2,2)):((32,1),16)"
                             << "--layout: 1:23: the stride does not have the shape's nesting";
    QTest::newRow("one-mode") << "(32):(1)"
                              << "--layout: 1:1: a thread-value layout has two top-level modes: "
                                 "(threads, values)";
    QTest::newRow("gap")
        << "((4,8),2):((32,1),16)"
        << "--layout: the layout does not reach every element of the [16, 8] tile (a "
           "distributed layout covers its tile)";
  }
  void readErrors() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    QString got;
    try {
      notation::cute::readCuteDistributed(text.toStdString(), {16, 8}, 32);
    } catch (const Error &e) {
      got = QString::fromStdString(e.what());
    }
    QCOMPARE(got, message);
  }

  // Random layouts on a 2-D tile: a random order of the tile's index bits
  // over register/lane/warp (plus broadcast zero bases) is expressible and
  // round-trips; making one basis overlap an earlier one is refused naming it.
  void property() {
    std::mt19937 rng(19);
    int expressible = 0, refused = 0;
    for (int iter = 0; iter < 300; ++iter) {
      const int r0 = 1 + static_cast<int>(rng() % 5), r1 = 1 + static_cast<int>(rng() % 5);
      const int bits = r0 + r1;
      std::vector<std::vector<int32_t>> pool;
      for (int b = 0; b < r0; ++b)
        pool.push_back({1 << b, 0});
      for (int b = 0; b < r1; ++b)
        pool.push_back({0, 1 << b});
      std::shuffle(pool.begin(), pool.end(), rng);
      const int nLane = 5;
      while (static_cast<int>(pool.size()) < nLane + 1)
        pool.insert(pool.begin() + static_cast<long>(rng() % (pool.size() + 1)), {0, 0});
      const int nReg = static_cast<int>(rng() % (pool.size() - nLane + 1));
      std::vector<std::vector<int32_t>> reg(pool.begin(), pool.begin() + nReg),
          lane(pool.begin() + nReg, pool.begin() + nReg + nLane),
          warp(pool.begin() + nReg + nLane, pool.end());
      const Shape shape{1 << r0, 1 << r1};
      const LinearLayout ll = LinearEncoding::fromBases(reg, lane, warp, {});
      const std::string cute = notation::cute::distributedToCute(ll);
      const LinearLayout back = notation::cute::readCuteDistributed(cute, shape, 32);
      QCOMPARE(basesText(back), basesText(ll));
      ++expressible;
      (void)bits;
      // Overlap: the last lane basis becomes the XOR of itself and an earlier nonzero basis.
      // (Distributed bases move along one dim, so the partner shares its dim.)
      std::vector<std::vector<int32_t>> lane2 = lane;
      const std::vector<int32_t> last = lane2.back();
      const int dim = last[0] ? 0 : 1;
      auto partner = std::find_if(pool.begin(), pool.begin() + nReg + nLane - 1,
                                  [&](const auto &b) { return b[static_cast<size_t>(dim)] != 0; });
      if (last == std::vector<int32_t>{0, 0} || partner == pool.begin() + nReg + nLane - 1)
        continue;
      const std::vector<int32_t> earlier = *partner;
      lane2.back() = {lane2.back()[0] ^ earlier[0], lane2.back()[1] ^ earlier[1]};
      const LinearLayout bad = LinearEncoding::fromBases(reg, lane2, warp, {});
      QString msg;
      try {
        notation::cute::distributedToCute(bad);
      } catch (const Error &e) {
        msg = QString::fromStdString(e.what());
      }
      QVERIFY2(msg.contains(QString("basis lane[%1]").arg(nLane - 1)), qPrintable(msg));
      ++refused;
    }
    QVERIFY(expressible == 300);
    QVERIFY(refused > 50);
  }
};

QTEST_GUILESS_MAIN(TestCute)
#include "tst_cute.moc"
