// Batch ownership queries (one xor per cell) agree with the per-element
// queries, and the module-parameter rule names the field to change.
#include <QtTest>

#include "analysis/ownership/ownership_batch.h"
#include "encodings/module_params.h"
#include "notation/mlir/layout_parser.h"
#include "util/error.h"

using ls::LinearLayout;
using ls::Ownership;
using ls::S;

namespace {

Ownership ownershipOf(const char *attr, ls::Shape shape) {
  return Ownership(ls::ir::parseEncoding(attr)->toLinearLayout(shape));
}

const char *kLoad = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                    "warpsPerCTA = [4, 1], order = [1, 0]}>";

} // namespace

class TestOwnershipBatch : public QObject {
  Q_OBJECT
private slots:
  void gridMatchesFirstOwner_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::newRow("blocked") << QString::fromLatin1(kLoad) << 64 << 64;
    QTest::newRow("replicated") << QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1], "
                                                  "threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], "
                                                  "order = [1, 0]}>")
                                << 2 << 32;
    QTest::newRow("mma") << QStringLiteral("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                                           "warpsPerCTA = [2, 2], instrShape "
                                           "= [16, 8]}>")
                         << 64 << 32;
    QTest::newRow("swizzled")
        << QStringLiteral(
               "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>")
        << 32 << 64;
  }
  void gridMatchesFirstOwner() {
    QFETCH(QString, attr);
    QFETCH(int, rows);
    QFETCH(int, cols);
    const Ownership own = ownershipOf(attr.toLatin1().constData(), {rows, cols});
    std::vector<uint64_t> rowElems, colElems;
    for (int r = 0; r < rows; r += 3)
      rowElems.push_back(own.packElement({r, 0}));
    for (int c = 0; c < cols; c += 5)
      colElems.push_back(own.packElement({0, c}));
    std::vector<uint64_t> out;
    ls::firstOwnersOnGrid(own, rowElems, colElems, out);
    QCOMPARE(out.size(), rowElems.size() * colElems.size());
    for (size_t i = 0; i < rowElems.size(); ++i)
      for (size_t j = 0; j < colElems.size(); ++j)
        QCOMPARE(out[i * colElems.size() + j], own.firstOwner(rowElems[i] ^ colElems[j]));
  }

  void unownedElementsSayNoOwner() {
    // Not surjective: only even columns are reached.
    LinearLayout l({{S("register"), {{0, 2}}}}, {{S("dim0"), 1}, {S("dim1"), 4}},
                   /*requireSurjective=*/false);
    const Ownership own(l);
    std::vector<uint64_t> rowElems{0}, colElems{0, 1, 2, 3}, out;
    ls::firstOwnersOnGrid(own, rowElems, colElems, out);
    QCOMPARE(out, (std::vector<uint64_t>{0, ls::kNoOwner, 1, ls::kNoOwner}));
  }

  void elementsOnGridMatchElementAt() {
    const Ownership own = ownershipOf(kLoad, {64, 64});
    std::vector<uint64_t> rowLocs, colLocs, out;
    for (int r = 0; r < 32; ++r)
      rowLocs.push_back(own.packLocation({r, 0, 0, 0}));
    for (int lane = 0; lane < 32; ++lane)
      colLocs.push_back(own.packLocation({0, lane, 0, 0}));
    ls::elementsOnGrid(own, rowLocs, colLocs, out);
    for (size_t i = 0; i < rowLocs.size(); ++i)
      for (size_t j = 0; j < colLocs.size(); ++j)
        QCOMPARE(out[i * colLocs.size() + j], own.elementAt(rowLocs[i] | colLocs[j]));
  }

  void heldElementsOfOneThread() {
    const Ownership own = ownershipOf(kLoad, {64, 64});
    // Thread 0 = lane 0, warp 0: fix lane and warp bits (register bits free).
    const uint64_t laneWarp = own.packLocation({0, 31, 3, 0});
    const auto bits = ls::heldElementsBitmap(own, laneWarp, 0);
    int64_t count = 0;
    for (uint64_t w : bits)
      count += std::popcount(w);
    QCOMPARE(count, int64_t(32));
    for (int r = 0; r < 64; r += 8)
      for (int c = 0; c < 4; ++c)
        QVERIFY(ls::bitmapTest(bits, own.packElement({r, c})));
    QVERIFY(!ls::bitmapTest(bits, own.packElement({1, 0})));
    QCOMPARE(ls::heldElementsWork(own, laneWarp), int64_t(32));
  }

  void heldElementsCountReplicas() {
    // Warps 2 and 3 repeat warps 0 and 1: warp 2 holds the same row as warp 0.
    const Ownership own = ownershipOf("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = "
                                      "[1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>",
                                      {2, 32});
    // In-dims register (size 1), lane, warp, block (size 1).
    const auto warp2 =
        ls::heldElementsBitmap(own, own.packLocation({0, 0, 3, 0}), own.packLocation({0, 0, 2, 0}));
    for (int c = 0; c < 32; ++c) {
      QVERIFY(ls::bitmapTest(warp2, own.packElement({0, c})));
      QVERIFY(!ls::bitmapTest(warp2, own.packElement({1, c})));
    }
  }

  void moduleParamsName_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<int>("warps");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("ctas");
    QTest::addColumn<QString>("field");
    QTest::newRow("ok") << QString::fromLatin1(kLoad) << 4 << 32 << 1 << QString();
    QTest::newRow("blocked warps")
        << QString::fromLatin1(kLoad) << 8 << 32 << 1 << QStringLiteral("warpsPerCTA");
    QTest::newRow("blocked lanes")
        << QString::fromLatin1(kLoad) << 4 << 64 << 1 << QStringLiteral("threadsPerWarp");
    QTest::newRow("ctas") << QString::fromLatin1(kLoad) << 4 << 32 << 2
                          << QStringLiteral("CGALayout");
    QTest::newRow("mfma lanes")
        << QStringLiteral(
               "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
               "isTransposed = false}>")
        << 4 << 32 << 1 << QStringLiteral("threads-per-warp");
    QTest::newRow("slice takes the parent's field")
        << QStringLiteral("#ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], "
                          "threadsPerWarp = "
                          "[2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}>")
        << 2 << 32 << 1 << QStringLiteral("warpsPerCTA");
    QTest::newRow("linear lanes")
        << QStringLiteral(
               "#ttg.linear<{register = [], lane = [[1], [2], [4], [8]], warp = [], block = []}>")
        << 1 << 32 << 1 << QStringLiteral("lane");
    QTest::newRow("shared ignores warps")
        << QStringLiteral(
               "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>")
        << 8 << 64 << 1 << QString();
    QTest::newRow("warp size 48") << QString::fromLatin1(kLoad) << 4 << 48 << 1
                                  << QStringLiteral("threads-per-warp");
    QTest::newRow("3 warps") << QString::fromLatin1(kLoad) << 3 << 32 << 1
                             << QStringLiteral("num-warps");
  }
  void moduleParamsName() {
    QFETCH(QString, attr);
    QFETCH(int, warps);
    QFETCH(int, lanes);
    QFETCH(int, ctas);
    QFETCH(QString, field);
    const auto enc = ls::ir::parseEncoding(attr.toStdString());
    try {
      ls::checkModuleParams(*enc, {warps, lanes, ctas});
      QVERIFY2(field.isEmpty(), "expected an error");
    } catch (const ls::Error &e) {
      QCOMPARE(QString::fromStdString(e.field()), field);
    }
  }

  void impliedParams() {
    const auto enc = ls::ir::parseEncoding(
        "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], "
        "isTransposed = true}>");
    const ls::ModuleParams p = ls::impliedModuleParams(*enc);
    QCOMPARE(p.numWarps, 8);
    QCOMPARE(p.threadsPerWarp, 64);
    QCOMPARE(p.numCTAs, 1);
  }
};

QTEST_GUILESS_MAIN(TestOwnershipBatch)
#include "tst_ownership_batch.moc"
