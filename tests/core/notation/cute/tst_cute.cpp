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
//     :75-78 Layout_MN_{INTER,SW32,SW64,SW128}_Atom_Bits
//            Swizzle<{0,1,2,3},4,3> o (X,8):(1,X), X = 128, 256, 512, 1024 bits
//     :81-84 Layout_K_{INTER,SW32,SW64,SW128}_Atom_Bits
//            Swizzle<{0,1,2,3},4,3> o (8,X):(X,1)
//     :88-104 Layout_*_Atom<T> = upcast<sizeof_bits<T>>(..._Bits): the layout in
//            elements of w bits ((X/w,8):(1,X/w), (8,X/w):(X/w,1)); the swizzle
//            (smem_ptr_flag) acts on the byte address, so on element offsets it is
//            Swizzle<B, 4 - log2(w/8), 3>
//     :193  tile_to_shape(Layout_K_SW128_Atom<value_type>{}, Shape<_128,_64>{})
// CUTLASS indexes A as (M,K), B as (N,K) and C as (M,N), column-major.
#include <QtTest>

#include <random>

#include "encodings/linear.h"
#include "encodings/nvmma_shared.h"
#include "encodings/shared_linear.h"
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
  for (const DimName &in : {kRegister, kLane, kWarp, kBlock, kOffset}) {
    if (in == kOffset && !ll.hasInDim(in))
      continue;
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

  // CUTLASS's GMMA shared-memory atoms (mma_traits_sm90_gmma.hpp:75-84) in
  // elements of 8, 16 and 32 bits against Triton's nvmma_shared on the atom's
  // tile: K-major is transposed = false, MN-major transposed = true. Out: our
  // text is CUTLASS's (an identity swizzle is written Swizzle<0,0,0>, where
  // CUTLASS spells the INTER atom's Swizzle<0,M,3>). In: CUTLASS's text, as
  // written, gives Triton's bases.
  void gmmaAtoms_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("cutlass"); // CUTLASS's atom in elements
    QTest::addColumn<QString>("ours");    // what --syntax cute writes
    // What print(GMMA::Layout_*_Atom<T>{}) writes: the swizzle on bytes
    // (Swizzle<B,4,3>), smem_ptr[<bits>b](unset), the layout in elements.
    QTest::addColumn<QString>("printed");
    const char *names[] = {"INTER", "SW32", "SW64", "SW128"};
    for (int w : {8, 16, 32})
      for (int b = 0; b < 4; ++b)
        for (bool mn : {false, true}) {
          const int xBits = 128 << b, x = xBits / w, m = 4 - (w == 8 ? 0 : w == 16 ? 1 : 2);
          const QString layout =
              mn ? QString("(%1,8):(1,%1)").arg(x) : QString("(8,%1):(%1,1)").arg(x);
          const QString swz = QString("Swizzle<%1,%2,3>").arg(b).arg(m);
          QTest::newRow(qPrintable(QString("%1_%2 %3-bit (:%4)")
                                       .arg(mn ? "MN" : "K")
                                       .arg(names[b])
                                       .arg(w)
                                       .arg((mn ? 75 : 81) + b)))
              << (b == 0 && mn
                      // Triton's nvmma_shared without a swizzle ignores `transposed` (its
                      // swizzle-0 layout is row-major), so the MN-major INTER atom is
                      // swizzled_shared with dim 0 fastest.
                      ? QString("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
                                "order = [0, 1]}>")
                      : QString("#ttg.nvmma_shared<{swizzlingByteWidth = %1, transposed = %2, "
                                "elementBitWidth = %3}>")
                            .arg(b == 0 ? 0 : 16 << b)
                            .arg(mn ? "true" : "false")
                            .arg(w))
              << (mn ? QString("%1x8").arg(x) : QString("8x%1").arg(x)) << swz + " o " + layout
              << (b == 0 ? "Swizzle<0,0,0>" : swz) + " o " + layout
              << QString("Sw<%1,4,3> o smem_ptr[%2b](unset) o ").arg(b).arg(w) +
                     (mn ? QString("(_%1,_8):(_1,_%1)").arg(x) : QString("(_8,_%1):(_%1,_1)").arg(x));
        }
    // :193: the SW128 atom of 16-bit elements tiled to 128x64 (tile_to_shape
    // repeats the (8,64) atom down the rows: ((8,16),64):((64,512),1), which
    // coalesces to (128,64):(64,1)).
    QTest::newRow("K_SW128 16-bit tiled to 128x64 (:193)")
        << "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"
        << "128x64"
        << "Swizzle<3,3,3> o ((8,16),64):((64,512),1)"
        << "Swizzle<3,3,3> o (128,64):(64,1)"
        << "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),_64):((_64,_512),_1)";
  }
  void gmmaAtoms() {
    QFETCH(QString, attr);
    QFETCH(QString, shape);
    QFETCH(QString, cutlass);
    QFETCH(QString, ours);
    QFETCH(QString, printed);
    const EncodingPtr enc = ir::parseEncoding(attr.toStdString());
    const Shape s = shapeOf(shape);
    QCOMPARE(QString::fromStdString(notation::cute::encodingToCute(*enc, s)), ours);
    const LinearLayout triton = enc->toLinearLayout(s);
    QCOMPARE(basesText(notation::cute::readCuteShared(cutlass.toStdString(), s)),
             basesText(triton));
    QCOMPARE(basesText(notation::cute::readCuteShared(printed.toStdString(), s)),
             basesText(triton));
    QCOMPARE(basesText(notation::cute::readCuteShared(ours.toStdString(), std::nullopt)),
             basesText(triton));
    // The atom itself, tiled by --shape as tile_to_shape does, is the same layout.
    if (shape == "128x64")
      QCOMPARE(basesText(notation::cute::readCuteShared("Swizzle<3,3,3> o (8,64):(64,1)", s)),
               basesText(triton));
  }

  void sharedSpellings() {
    const std::string want =
        basesText(notation::cute::readCuteShared("Swizzle<3,3,3> o (8,64):(64,1)", std::nullopt))
            .toStdString();
    // CuTe's print of a ComposedLayout: Sw<...>, the offset, static integers.
    for (const char *t :
         {"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", " Swizzle<3, 3, 3> o (8,64):(64,1) ",
          "Swizzle<3,3> o (8,64):(64,1)" /* CuTe's S defaults to B */,
          "Sw<3,4,3> o smem_ptr[16b] o (_8,_64):(_64,_1)" /* the swizzle on bytes */,
          "Swizzle<3,3,3> o ((2,4),64):((64,128),1)",
          "Swizzle<3,3,3> o ((2,(2,2)),(8,8)):((64,(128,256)),(1,8))"})
      QCOMPARE(basesText(notation::cute::readCuteShared(t, std::nullopt)).toStdString(), want);
    QCOMPARE(QString::fromStdString(want),
             QString("register= lane= warp= block= offset=[0,1,][0,2,][0,4,][0,8,][0,16,][0,32,]"
                     "[1,8,][2,16,][4,32,] "));
    // Rank 1 and rank 3.
    QCOMPARE(basesText(notation::cute::readCuteShared("Swizzle<1,0,1> o 4:1", std::nullopt)),
             QString("register= lane= warp= block= offset=[1,][3,] "));
    const LinearLayout r3 =
        notation::cute::readCuteShared("Swizzle<0,0,0> o (2,4,8):(32,8,1)", std::nullopt);
    QCOMPARE(QString::fromStdString(notation::cute::sharedToCute(r3)),
             QString("Swizzle<0,0,0> o (2,4,8):(32,8,1)"));
  }

  void sharedErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("message");
    QTest::newRow("stride") << "Swizzle<3,3,3> o (8,64):(72,1)"
                            << ""
                            << "--layout: dim 0 mode 0: stride 72 is not a power of two (each "
                               "coordinate bit must land on one offset bit)";
    QTest::newRow("overlap") << "Swizzle<3,3,3> o (8,64):(32,1)"
                             << ""
                             << "--layout: dim 1 mode 0: offset 32 is already taken by an "
                                "earlier mode (two elements at one offset)";
    QTest::newRow("outside") << "Swizzle<3,3,3> o (8,64):(128,1)"
                             << ""
                             << "--layout: dim 0 mode 0: offset 512 (stride 128) is outside the "
                                "tile's 512 elements";
    QTest::newRow("B>S") << "Swizzle<3,3,2> o (8,64):(64,1)"
                         << ""
                         << "--layout: 1:1: Swizzle<3,3,2>: CuTe asserts |S| >= B";
    QTest::newRow("huge") << "Swizzle<20,40,40> o (8,64):(64,1)"
                          << ""
                          << "--layout: 1:1: Swizzle<20,40,40>: M + |S| + B is at most 60 here "
                             "(the swizzled bits must fit an offset)";
    QTest::newRow("S too large") << "Swizzle<3,3,41> o (8,64):(64,1)"
                                 << ""
                                 << "--layout: 1:1: Swizzle<3,3,41>: |S| is at most 40 here";
    QTest::newRow("B too large") << "Swizzle<21,3,21> o (8,64):(64,1)"
                                 << ""
                                 << "--layout: 1:1: Swizzle<21,3,21>: B is at most 20 here";
    QTest::newRow("negative M") << "Swizzle<3,-1,3> o (8,64):(64,1)"
                                << ""
                                << "--layout: 1:11: Swizzle<B,M,S>: M must be >= 0 (a number of "
                                   "bits; CuTe asserts it)";
    QTest::newRow("smem_ptr bits") << "Sw<3,4,3> o smem_ptr[12b](unset) o (8,64):(64,1)"
                                   << ""
                                   << "--layout: 1:22: smem_ptr[12b]: an element of 1, 2, 4, 8, "
                                      "16, 32 or 64 bits";
    QTest::newRow("smem_ptr inside an element")
        << "Sw<3,1,3> o smem_ptr[32b](unset) o (8,64):(64,1)"
        << ""
        << "--layout: 1:1: Swizzle<3,1,3> on bytes swizzles inside a 32-bit element";
    QTest::newRow("beyond") << "Swizzle<1,8,-1> o (8,64):(64,1)"
                            << ""
                            << "--layout: Swizzle<1,8,-1> moves an element to offset 768, outside "
                               "the tile's 512 elements";
    QTest::newRow("no o") << "Swizzle<3,3,3> (8,64):(64,1)"
                          << ""
                          << "--layout: 1:16: expected 'o' (composition) after the swizzle";
    QTest::newRow("offset") << "Sw<3,3,3> o _4 o (8,64):(64,1)"
                            << ""
                            << "--layout: 1:13: a swizzled layout's offset must be 0, got 4";
    QTest::newRow("shape") << "Swizzle<3,3,3> o (8,64):(64,1)"
                           << "8x48"
                           << "--shape: [8, 48] is not a power-of-two multiple of the CuTe "
                              "layout's tile [8, 64]";
    QTest::newRow("rank") << "Swizzle<3,3,3> o (8,64):(64,1)"
                          << "512"
                          << "--shape: has 1 dimensions but the CuTe layout has 2 top-level modes";
  }
  void sharedErrors() {
    QFETCH(QString, text);
    QFETCH(QString, shape);
    QFETCH(QString, message);
    QString got;
    try {
      notation::cute::readCuteShared(text.toStdString(),
                                     shape.isEmpty() ? std::nullopt
                                                     : std::optional<Shape>(shapeOf(shape)));
    } catch (const Error &e) {
      got = QString::fromStdString(e.what());
    }
    QCOMPARE(got, message);
  }

  // Random shared layouts. (1) A random permutation of the tile's index bits
  // over the offset bits plus random XORs of later offsets with earlier
  // unswizzled ones (what Triton's swizzles make): written as commuting
  // swizzles, round trip exact. (2) Any random bijection (XORs chained through
  // swizzled offsets, lower bits into higher): CuTe's Swizzle with S < 0 and
  // compositions still express it, round trip exact. (3) A basis that is zero
  // or the XOR of earlier ones (two offsets on one element) is refused naming
  // that basis.
  void sharedProperty() {
    std::mt19937 rng(36);
    int simple = 0, general = 0, refused = 0;
    QStringList mismatches;
    auto roundTrip = [&](const LinearLayout &ll) -> std::string {
      const std::string cute = notation::cute::sharedToCute(ll);
      if (basesText(notation::cute::readCuteShared(cute, std::nullopt)) != basesText(ll))
        mismatches << QString::fromStdString(cute) + " != " + basesText(ll);
      return cute;
    };
    for (int iter = 0; iter < 400; ++iter) {
      const int r0 = 1 + static_cast<int>(rng() % 5), r1 = 1 + static_cast<int>(rng() % 6);
      const int n = r0 + r1;
      const LinearLayout::DimSizes outs{{"dim0", 1 << r0}, {"dim1", 1 << r1}};
      std::vector<std::vector<int32_t>> bits;
      for (int b = 0; b < r0; ++b)
        bits.push_back({1 << b, 0});
      for (int b = 0; b < r1; ++b)
        bits.push_back({0, 1 << b});
      std::shuffle(bits.begin(), bits.end(), rng);
      auto x = [](std::vector<int32_t> &a, const std::vector<int32_t> &b) {
        a[0] ^= b[0];
        a[1] ^= b[1];
      };
      // (1)
      std::vector<std::vector<int32_t>> offs = bits;
      std::vector<bool> source(static_cast<size_t>(n), false);
      for (int o = 1; o < n; ++o)
        for (int t = 0; t < o; ++t)
          if (!source[static_cast<size_t>(t)] && rng() % 5 == 0) {
            x(offs[static_cast<size_t>(o)], bits[static_cast<size_t>(t)]);
            source[static_cast<size_t>(o)] = true;
          }
      const std::string cute1 =
          roundTrip(LinearLayout({{kOffset, offs}, {kBlock, {}}}, outs, true));
      QVERIFY2(cute1.find('-') == std::string::npos, cute1.c_str()); // only S > 0 here
      ++simple;
      // (2) random row operations on the offsets keep a bijection.
      std::vector<std::vector<int32_t>> any = bits;
      for (int k = 0; k < 3 * n; ++k) {
        const size_t i = rng() % static_cast<size_t>(n), j = rng() % static_cast<size_t>(n);
        if (i != j)
          x(any[i], any[j]);
      }
      roundTrip(LinearLayout({{kOffset, any}, {kBlock, {}}}, outs, true));
      ++general;
      // (3)
      auto bad = any;
      const size_t victim = 1 + rng() % static_cast<size_t>(n - 1);
      const bool zero = rng() % 2;
      if (zero)
        bad[victim] = {0, 0};
      else
        bad[victim] = {any[0][0] ^ any[victim - 1][0], any[0][1] ^ any[victim - 1][1]};
      if (!zero && victim == 1)
        bad[victim] = any[0];
      const LinearLayout badLl({{kOffset, bad}, {kBlock, {}}}, outs, false);
      QString msg;
      try {
        notation::cute::sharedToCute(badLl);
      } catch (const Error &e) {
        msg = QString::fromStdString(e.what());
      }
      const QString want = QString("layout: no CuTe form: basis offset[%1] = [%2, %3]")
                               .arg(victim)
                               .arg(bad[victim][0])
                               .arg(bad[victim][1]);
      QVERIFY2(msg.startsWith(want) && (msg.contains(zero ? "is zero: two offsets hold one "
                                                            "element"
                                                          : "is the XOR of earlier bases")),
               qPrintable(msg + " / " + want));
      ++refused;
    }
    QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join("\n")));
    QCOMPARE(simple + general + refused, 1200);
    // A chained XOR written out: offset 3 XORs the swizzled offset 1. Worked by
    // hand: affine part (4,(2,2)):(2,(1,8)) puts offsets 1, 2 on rows and 0, 3
    // on columns; Swizzle<1,0,1> (bit 1 into bit 0) then Swizzle<1,1,2> (bit 3
    // into bit 1) undo T, whose columns are {0}, {0,1}, {2}, {0,1,3}.
    const LinearLayout chain({{kOffset, {{0, 1}, {1, 1}, {2, 0}, {1, 3}}}, {kBlock, {}}},
                             {{"dim0", 4}, {"dim1", 4}}, true);
    QCOMPARE(QString::fromStdString(roundTrip(chain)),
             QString("Swizzle<1,1,2> o Swizzle<1,0,1> o (4,(2,2)):(2,(1,8))"));
    QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join("\n")));
  }

  // Triton's own swizzles: swizzled_shared is one Swizzle<log2 maxPhase,
  // log2 vec, log2(row) + log2 perPhase - log2 vec>; AMD's rotating variant
  // needs a composition of two.
  void tritonSwizzles_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("cute");
    QTest::newRow("swizzled vec4 pp2 mp4")
        << "#ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>"
        << "32x32"
        << "Swizzle<2,2,4> o (32,32):(32,1)";
    QTest::newRow("swizzled order [0,1]")
        << "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>"
        << "64x16"
        << "Swizzle<3,3,3> o (64,16):(1,64)";
    QTest::newRow("unswizzled")
        << "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"
        << "16x16"
        << "Swizzle<0,0,0> o (16,16):(16,1)";
    QTest::newRow("amd rotating")
        << "#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>"
        << "32x32"
        << "Swizzle<2,2,3> o Swizzle<2,2,5> o (32,32):(32,1)";
    QTest::newRow("nvmma 64B 8-bit, 2 CTAs per CTA tile")
        << "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>"
        << "16x128"
        << "Swizzle<2,4,3> o (16,(64,2)):(64,(1,1024))";
  }
  void tritonSwizzles() {
    QFETCH(QString, attr);
    QFETCH(QString, shape);
    QFETCH(QString, cute);
    const EncodingPtr enc = ir::parseEncoding(attr.toStdString());
    const Shape s = shapeOf(shape);
    QCOMPARE(QString::fromStdString(notation::cute::encodingToCute(*enc, s)), cute);
    QCOMPARE(basesText(notation::cute::readCuteShared(cute.toStdString(), s)),
             basesText(enc->toLinearLayout(s)));
  }

  void sharedRefusals() {
    auto refuse = [](const char *attr, const Shape &s) {
      try {
        notation::cute::encodingToCute(*ir::parseEncoding(attr), s);
      } catch (const Error &e) {
        return QString::fromStdString(e.what());
      }
      return QString();
    };
    QCOMPARE(refuse("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], "
                    "CGALayout = [[1, 0]]}>",
                    {16, 16}),
             QString("layout: no CuTe form: basis block[0] = [8, 0] moves to another CTA's tile; "
                     "a CuTe shared layout is one CTA's tile (give the shape per CTA)"));
    QVERIFY(refuse("#ttg.padded_shared<[32:+2] {offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block "
                   "= []}>",
                   {4, 4})
                .startsWith("layout: padded_shared: the padding is not linear"));
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
