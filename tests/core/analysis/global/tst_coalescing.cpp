// Triton's coalesce heuristic (the transpose example from the coalesce pass)
// and the 32-byte sectors a layout's global accesses touch.
#include <QtTest>

#include <algorithm>
#include <random>

#include "analysis/global/coalesce_heuristic.h"
#include "analysis/global/global_access.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

using namespace ls;

Q_DECLARE_METATYPE(std::vector<int64_t>)

namespace {

std::vector<int64_t> vec(const QString &s) {
  std::vector<int64_t> v;
  for (const QString &p : s.split(',', Qt::SkipEmptyParts))
    v.push_back(p.toLongLong());
  return v;
}

LinearLayout layoutOf(const QString &attr, const Shape &shape) {
  return ir::parseEncoding(attr.toStdString())->toLinearLayout(shape);
}

const QString kLoad = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                      "warpsPerCTA = [4, 1], order = [1, 0]}>";
const QString kStore = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], "
                       "warpsPerCTA = [1, 4], order = [0, 1]}>";

} // namespace

class TestCoalescing : public QObject {
  Q_OBJECT
private slots:
  void heuristic_data() {
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("contiguity");
    QTest::addColumn<QString>("divisibility");
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("warps");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("transpose load") << "64,64" << "1,64" << "16,16" << 32 << 4 << 32 << kLoad;
    QTest::newRow("transpose store") << "64,64" << "64,1" << "16,16" << 32 << 4 << 32 << kStore;
    // f16: 16-byte divisibility gives 8 halves, the full 128 bits.
    QTest::newRow("f16 rows")
        << "128,64" << "1,64" << "16,16" << 16 << 8 << 32
        << "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, "
           "1], order = [1, 0]}>";
    // 4-byte divisibility caps the vector at one float.
    QTest::newRow("unaligned")
        << "64,64" << "1,64" << "4,4" << 32 << 4 << 32
        << "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, "
           "2], order = [1, 0]}>";
    // Few elements per thread: 256 elements over 256 threads.
    QTest::newRow("small tensor")
        << "16,16" << "1,16" << "16,16" << 32 << 8 << 32
        << "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [8, "
           "1], order = [1, 0]}>";
    QTest::newRow("1-D wave64")
        << "1024" << "1024" << "16" << 32 << 4 << 64
        << "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order "
           "= [0]}>";
  }
  void heuristic() {
    QFETCH(QString, shape);
    QFETCH(QString, contiguity);
    QFETCH(QString, divisibility);
    QFETCH(int, bits);
    QFETCH(int, warps);
    QFETCH(int, lanes);
    QFETCH(QString, expected);
    CoalesceInput in;
    in.shape = vec(shape);
    in.contiguity = vec(contiguity);
    in.divisibility = vec(divisibility);
    in.elementBits = bits;
    in.numWarps = warps;
    in.threadsPerWarp = lanes;
    CoalesceResult r = coalescedLayout(in);
    QCOMPARE(QString::fromStdString(ir::printEncoding(r.encoding)), expected);
    QCOMPARE(r.steps.size(), size_t{3});
  }

  void stepsExplainTheTranspose() {
    CoalesceInput in;
    in.shape = {64, 64};
    in.contiguity = {1, 64};
    in.divisibility = {16, 16};
    CoalesceResult r = coalescedLayout(in);
    QCOMPARE(QString::fromStdString(r.steps[0].detail),
             QString("dims by contiguity [1, 64], largest first (stable): order = [1, 0]"));
    QVERIFY(QString::fromStdString(r.steps[1].detail).endsWith("sizePerThread = [1, 4]"));
    QVERIFY(QString::fromStdString(r.steps[2].detail)
                .endsWith("threadsPerWarp = [2, 16], warpsPerCTA = [4, 1]"));
  }

  void stridesGiveContiguity() {
    CoalesceInput in = coalesceInputForStrides({64, 64}, {1, 64}, 32, 4);
    QCOMPARE(in.contiguity, (std::vector<int64_t>{64, 1}));
    QCOMPARE(QString::fromStdString(ir::printEncoding(coalescedLayout(in).encoding)), kStore);
  }

  void badInputNamesTheField_data() {
    QTest::addColumn<QString>("contiguity");
    QTest::addColumn<int>("warps");
    QTest::addColumn<QString>("field");
    QTest::newRow("rank") << "64" << 4 << "contiguity";
    QTest::newRow("zero") << "0,64" << 4 << "contiguity";
    QTest::newRow("warps") << "1,64" << 3 << "num-warps";
  }
  void badInputNamesTheField() {
    QFETCH(QString, contiguity);
    QFETCH(int, warps);
    QFETCH(QString, field);
    CoalesceInput in;
    in.shape = {64, 64};
    in.contiguity = vec(contiguity);
    in.divisibility = {16, 16};
    in.numWarps = warps;
    try {
      coalescedLayout(in);
      QFAIL("no error");
    } catch (const Error &e) {
      QCOMPARE(QString::fromStdString(e.field()), field);
    }
  }

  void sectors_data() {
    QTest::addColumn<QString>("layout");
    QTest::addColumn<QString>("strides");
    QTest::addColumn<int>("vector");
    QTest::addColumn<int>("instructions");
    QTest::addColumn<qint64>("sectors");    // warp 0, instruction 0
    QTest::addColumn<qint64>("minSectors"); // warp 0, instruction 0
    QTest::addColumn<qint64>("total");
    // 64x64 f32 row-major: two full rows per warp instruction.
    QTest::newRow("load layout, row-major") << kLoad << "" << 4 << 8 << qint64(16) << qint64(16)
                                            << qint64(512);
    // Transposed layout on the row-major tensor: 2 floats in each of 16 rows.
    QTest::newRow("store layout, row-major") << kStore << "" << 1 << 32 << qint64(16)
                                             << qint64(4) << qint64(2048);
    // ... and on the column-major tensor it is coalesced again.
    QTest::newRow("store layout, column-major") << kStore << "1,64" << 4 << 8 << qint64(16)
                                                << qint64(16) << qint64(512);
    // Padded rows (stride 65) break 16-byte alignment: scalar accesses, each
    // row piece (16 lanes, one float every 16 bytes) spans 8 sectors.
    QTest::newRow("padded rows") << kLoad << "65,1" << 1 << 32 << qint64(16) << qint64(4)
                                 << qint64(0);
  }
  void sectors() {
    QFETCH(QString, layout);
    QFETCH(QString, strides);
    QFETCH(int, vector);
    QFETCH(int, instructions);
    QFETCH(qint64, sectors);
    QFETCH(qint64, minSectors);
    QFETCH(qint64, total);
    GlobalAccess ga(layoutOf(layout, {64, 64}), 32, vec(strides));
    QCOMPARE(ga.vectorElems(), vector);
    QCOMPARE(ga.instructionsPerThread(), instructions);
    GlobalInstruction a = ga.instruction(0, 0);
    QCOMPARE(int64_t(a.sectors.size()), int64_t(sectors));
    QCOMPARE(a.minSectors, int64_t(minSectors));
    QCOMPARE(ga.summaries().front().sectors, int64_t(sectors));
    if (total)
      QCOMPARE(ga.totalSectors(), int64_t(total));
  }

  void lanesHitKnownSectors() {
    // Load layout: lane 17 holds row 1, columns 4..7 -> bytes 272..287.
    GlobalAccess ga(layoutOf(kLoad, {64, 64}), 32);
    GlobalInstruction a = ga.instruction(0, 0);
    QCOMPARE(a.lanes[17].firstByte, int64_t{272});
    QCOMPARE(a.lanes[17].firstSector, int64_t{8});
    QCOMPARE(a.lanes[17].lastSector, int64_t{8});
    QCOMPARE(a.efficiency(), 1.0);
    QCOMPARE(ga.efficiency(), 1.0);
  }

  // The summaries count an instruction that is a translate of warp 0's first
  // once per sector residue; they must equal counting each instruction
  // alone (instruction()), on random layouts and strides, 8-64 lanes, 1-8
  // byte elements.
  void summariesEqualEachInstructionCounted() {
    std::mt19937 rng(1125);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    int translatedAndShifted = 0;
    for (int trial = 0; trial < 300; ++trial) {
      std::vector<int> bases; // 32x64: dim1 bits 0-5, dim0 bits 6-10
      for (int b = 0; b < 11; ++b)
        bases.push_back(1 << b);
      for (int i = 0; i < 4; ++i) { // xor-mix within a dim
        int a = pick(11), b = pick(11);
        if (a != b && (a < 6) == (b < 6))
          bases[static_cast<size_t>(a)] ^= bases[static_cast<size_t>(b)];
      }
      std::shuffle(bases.begin(), bases.end(), rng);
      const int laneBits = 3 + pick(4), warpBits = pick(3);
      const int regBits = 11 - laneBits - warpBits;
      LinearLayout::BasesT b;
      int k = 0;
      for (auto [name, n] : {std::pair<const char *, int>{"register", regBits},
                             {"lane", laneBits}, {"warp", warpBits}, {"block", 0}}) {
        std::vector<LinearLayout::Basis> v;
        for (int j = 0; j < n; ++j, ++k)
          v.push_back({bases[static_cast<size_t>(k)] >> 6, bases[static_cast<size_t>(k)] & 63});
        b.emplace_back(name, std::move(v));
      }
      const LinearLayout ll(std::move(b), {"dim0", "dim1"});
      const std::vector<int64_t> strides = {pick(3) == 0 ? 1 + pick(100) : 64 + pick(3) * 7,
                                            pick(4) == 0 ? 3 : 1};
      const int bits = 8 << pick(4);
      const GlobalAccess ga(ll, bits, strides);
      int64_t total = 0;
      for (const GlobalInstructionSummary &s : ga.summaries()) {
        const GlobalInstruction one = ga.instruction(s.warp, s.index);
        QCOMPARE(s.sectors, static_cast<int64_t>(one.sectors.size()));
        QCOMPARE(s.uniqueBytes, one.uniqueBytes);
        QCOMPARE(s.minSectors, one.minSectors);
        total += s.sectors;
        translatedAndShifted += s.index > 0 && one.lanes[0].firstByte % 32 != 0;
      }
      QCOMPARE(ga.totalSectors(), total);
    }
    QVERIFY(translatedAndShifted > 100); // instructions off the sector grid were compared
  }

  void stridesMustMatchRank() {
    QVERIFY_THROWS_EXCEPTION(Error, GlobalAccess(layoutOf(kLoad, {64, 64}), 32, {1}));
  }
};

QTEST_GUILESS_MAIN(TestCoalescing)
#include "tst_coalescing.moc"
