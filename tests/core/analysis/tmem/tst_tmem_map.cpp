// TmemMap and TmemDesign: which element sits in which TMEM lane / 32-bit
// column / slot, which of them are copies or holes, and which warp, lane and
// register a TMEM access reads them into -- the facts the TMEM view draws.
#include <QtTest>

#include "analysis/tmem/tmem_design.h"
#include "util/error.h"

using namespace ls;

namespace {

TmemDesign design(const char *attr, Shape shape, const char *dtype, int warps = 4,
                  TmemVariant v = TmemVariant::I32x32b) {
  return TmemDesign::fromText(attr, shape, dtype, warps, v);
}

QString slotText(const TmemSlot &s) {
  const char *state = s.state == TmemSlot::State::Empty   ? "empty"
                      : s.state == TmemSlot::State::Copy ? "copy"
                                                          : "elem";
  return QString("%1 (%2,%3) w%4 l%5 r%6").arg(state).arg(s.dim0).arg(s.dim1).arg(s.warp).arg(s.lane).arg(s.reg);
}

} // namespace

class TestTmemMap : public QObject {
  Q_OBJECT
private slots:
  // blockM = 64: lanes 0..15 of a quarter hold rows 0..15 of a slab, lanes
  // 16..31 the block 64 rows further; 16x64b with 8 warps puts warps 4..7 on
  // those upper half-quarters.
  void blockM64SixteenBySixtyFour() {
    TmemMap m = design("#ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 1>",
                       {128, 64}, "f16", 8, TmemVariant::I16x64b)
                    .map();
    QCOMPARE(m.numLanes(), 128);
    QCOMPARE(m.numColumns(), 32);   // 64 f16 per row, two per column
    QCOMPARE(m.slotsPerColumn(), 2);
    QCOMPARE(m.numWarps(), 8);
    QCOMPARE(m.numRegisters(), 32);
    QCOMPARE(slotText(m.slot(0, 0, 0, 0)), QString("elem (0,0) w0 l0 r0"));
    QCOMPARE(slotText(m.slot(0, 0, 0, 1)), QString("elem (0,1) w0 l0 r1"));
    QCOMPARE(slotText(m.slot(0, 15, 0, 0)), QString("elem (15,0) w0 l29 r0"));
    QCOMPARE(slotText(m.slot(0, 16, 0, 0)), QString("elem (64,0) w4 l0 r0"));
    QCOMPARE(slotText(m.slot(0, 32, 0, 0)), QString("elem (16,0) w1 l0 r0"));
    QCOMPARE(slotText(m.slot(0, 127, 0, 1)), QString("elem (127,1) w7 l29 r1"));
    // The second column block (columns 16..31) holds dim1 32..63.
    QCOMPARE(slotText(m.slot(0, 0, 16, 0)), QString("elem (0,32) w0 l0 r16"));
    QCOMPARE(m.lanesOfWarp(0), std::make_pair(0, 15));
    QCOMPARE(m.lanesOfWarp(4), std::make_pair(16, 31));
    QCOMPARE(m.lanesOfWarp(7), std::make_pair(112, 127));
    QCOMPARE(m.countSlots(TmemSlot::State::Element), 128 * 64);
    QCOMPARE(m.countSlots(TmemSlot::State::Empty), 0);
    const TmemRegisterCell &c = m.registerCell(0, 4 * 32, 0); // warp 4, lane 0, register 0
    QCOMPARE(c.dim0, 64);
    QCOMPARE(c.dim1, 0);
    QCOMPARE(c.tmemLane, 16);
    QCOMPARE(c.column, 0);
    QCOMPARE(c.slot, 0);
  }

  // A 64x64 tile in blockM = 64 leaves lanes 16..31 of every quarter empty
  // (Triton allocates 64 lanes), and 32x32b reads them with lanes 16..31 from
  // the next column block (16x32bx2).
  void blockM64HolesAnd16x32bx2() {
    TmemDesign d = design("#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>",
                          {64, 64}, "f32");
    TmemMap m = d.map();
    QCOMPARE(d.allocation().numRows, 64);
    QCOMPARE(m.slot(0, 16, 0, 0).state, TmemSlot::State::Empty);
    QCOMPARE(m.slot(0, 48, 3, 0).state, TmemSlot::State::Empty);
    QCOMPARE(m.countSlots(TmemSlot::State::Element), 64 * 64);
    QCOMPARE(m.countSlots(TmemSlot::State::Empty), 64 * 64);
    // Lane 16 of warp 0 reads row 0, column 32: the second half of the columns.
    const TmemRegisterCell &c = m.registerCell(0, 16, 0);
    QCOMPARE(c.dim0, 0);
    QCOMPARE(c.dim1, 32);
    QCOMPARE(c.tmemLane, 0);
    QCOMPARE(c.column, 32);
  }

  // Unpacked f16 (colStride 2): slot 1 of every column is padding.
  void unpackedHalfSlotsAreEmpty() {
    TmemMap m = design("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>",
                       {128, 64}, "f16")
                    .map();
    QCOMPARE(m.numColumns(), 64);
    QCOMPARE(slotText(m.slot(0, 5, 3, 0)), QString("elem (5,3) w0 l5 r3"));
    QCOMPARE(m.slot(0, 5, 3, 1).state, TmemSlot::State::Empty);
    QCOMPARE(m.countSlots(TmemSlot::State::Empty), 128 * 64);
  }

  // Scales are repeated in every lane quarter so each warp reads its own copy.
  void scalesAreCopiedPerQuarter() {
    TmemMap m = design("#ttng.tensor_memory_scales_encoding<>", {128, 4}, "i8").map();
    QCOMPARE(m.numColumns(), 4); // columns 1, 2, 3 hold rows 32.., 64.., 96..
    QCOMPARE(m.slotsPerColumn(), 4);
    QCOMPARE(slotText(m.slot(0, 3, 1, 2)), QString("elem (35,2) w0 l3 r6"));
    const TmemSlot &copy = m.slot(0, 32 + 3, 1, 2);
    QCOMPARE(copy.state, TmemSlot::State::Copy);
    QCOMPARE(copy.dim0, 35);
    QCOMPARE(copy.warp, 1); // warp 1 reads its own quarter's copy
    QCOMPARE(m.countSlots(TmemSlot::State::Copy), 3 * 32 * 16);
  }

  // CTA split: the second CTA's columns hold dim1 64..127.
  void ctaSplitColumns() {
    TmemDesign d = design(
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitN = 2>",
        {128, 128}, "f32");
    d.cgaBases = {{0, 1}};
    TmemMap m = d.map();
    QCOMPARE(m.numCTAs(), 2);
    QCOMPARE(m.numColumns(), 64);
    QCOMPARE(m.numBlocks(), 2);
    QCOMPARE(slotText(m.slot(1, 7, 2, 0)), QString("elem (7,66) w0 l7 r2"));
    QCOMPARE(m.slot(1, 7, 2, 0).block, 1);
    QCOMPARE(m.registerCell(1, 7, 2).cta, 1);
  }

  void designTextAndErrors() {
    TmemDesign d = TmemDesign::fromText(
        "!ttg.memdesc<128x64xf16, #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, "
        "colStride = 1>, #ttng.tensor_memory, mutable>",
        {}, "");
    QCOMPARE(d.shape, (Shape{128, 64}));
    QCOMPARE(QString::fromStdString(d.element.name), QString("f16"));
    QCOMPARE(QString::fromStdString(d.memDescText()),
             QString("!ttg.memdesc<128x64xf16, #ttng.tensor_memory_encoding<blockM = 128, blockN "
                     "= 64, colStride = 1>, #ttng.tensor_memory, mutable>"));
    QVERIFY_THROWS_EXCEPTION(Error, design("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, "
                                           "colStride = 1>", {64, 64}, "f32"));
    TmemDesign s = suggestTmemDesign({128, 256, 64, 16, 32, 4, false});
    QCOMPARE(QString::fromStdString(s.attributeText()),
             QString("#ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1>"));
    QVERIFY(s == TmemDesign::fromText(s.attributeText(), {128, 256}, "f32"));
  }

  void rejectsLayoutsTooLargeToDraw() {
    LinearLayout big = LinearLayout::identity1D(128, "row", "dim0") *
                       LinearLayout::identity1D(1 << 16, "col", "dim1");
    QVERIFY_THROWS_EXCEPTION(Error, TmemMap(big, 32, 1));
  }
};

QTEST_GUILESS_MAIN(TestTmemMap)
#include "tst_tmem_map.moc"
