// MMA fragment register names (mma_fragment.h) against the PTX ISA's
// fragment figures for mma.sync.m16n8k16: where thread T holds c0..c3 of the
// accumulator, a0..a7 of A and b0..b3 of B, read through Triton's layouts.
#include <QtTest>

#include "analysis/ownership/mma_fragment.h"
#include "layout/layout_utils.h"
#include "notation/mlir/layout_parser.h"

using namespace ls;

namespace {

const std::string kMmaV2 =
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], CTAsPerCGA = "
    "[1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0], instrShape = [16, 8]}>";

struct Built {
  EncodingPtr enc;
  LinearLayout layout;
};

Built build(const std::string &attr, Shape shape) {
  EncodingPtr e = ir::parseEncoding(attr);
  return {e, e->toLinearLayout(shape)};
}

// (row, col) of register `reg` of lane `lane` (warp 0, block 0).
std::pair<int, int> at(const LinearLayout &l, int reg, int lane) {
  LinearLayout::DimSizes ins;
  for (const auto &d : l.getInDimNames())
    ins.emplace_back(d, d == kRegister ? reg : d == kLane ? lane : 0);
  const auto out = l.apply(ins);
  return {out[out.size() - 2].second, out[out.size() - 1].second};
}

using P = std::pair<int, int>;

} // namespace

class TestMmaFragment : public QObject {
  Q_OBJECT
private slots:
  // PTX: "row = groupID for c0, c1; groupID + 8 for c2, c3; col =
  // threadID_in_group * 2 + (i & 1)", groupID = lane / 4.
  void accumulatorV2IsC0ToC3() {
    const Built b = build(kMmaV2, {16, 8});
    const MmaFragment f = mmaFragment(*b.enc, b.layout, 32);
    QVERIFY(f.valid());
    QCOMPARE(f.operand, 'c');
    QCOMPARE(f.registerBits, 2);
    QCOMPARE(f.rowAxis, std::string("M"));
    QCOMPARE(f.colAxis, std::string("N"));
    QCOMPARE(f.instruction, std::string("mma.sync m16n8"));
    QCOMPARE(f.name(0), std::string("c0"));
    QCOMPARE(f.name(3), std::string("c3"));
    // T0: c0, c1 at row 0 cols 0, 1; c2, c3 at row 8.
    QCOMPARE(at(b.layout, 0, 0), P(0, 0));
    QCOMPARE(at(b.layout, 1, 0), P(0, 1));
    QCOMPARE(at(b.layout, 2, 0), P(8, 0));
    QCOMPARE(at(b.layout, 3, 0), P(8, 1));
    // Every lane and fragment register, by the PTX formula.
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < 4; ++i)
        QCOMPARE(at(b.layout, i, lane), P(lane / 4 + (i >= 2 ? 8 : 0), lane % 4 * 2 + (i & 1)));
  }

  // A larger tile repeats the instruction: register 4 is c0 of the next one.
  void accumulatorNamesRepeatPerInstruction() {
    const Built b = build(kMmaV2, {32, 32});
    const MmaFragment f = mmaFragment(*b.enc, b.layout, 16);
    QCOMPARE(f.registerBits, 2);
    QCOMPARE(b.layout.getInDimSizeLog2(kRegister), 5);
    QCOMPARE(f.name(4), std::string("c0"));
    QCOMPARE(f.name(7), std::string("c3"));
  }

  // PTX A (f16, m16n8k16): a0,a1 row groupID, cols 2t, 2t+1; a2,a3 row +8;
  // a4,a5 col +8; a6,a7 row +8 and col +8.
  void operandAIsA0ToA7() {
    const Built b =
        build("#ttg.dot_op<{opIdx = 0, parent = " + kMmaV2 + ", kWidth = 2}>", {16, 16});
    const MmaFragment f = mmaFragment(*b.enc, b.layout, 16);
    QCOMPARE(f.operand, 'a');
    QCOMPARE(f.registerBits, 3);
    QCOMPARE(f.rowAxis, std::string("M"));
    QCOMPARE(f.colAxis, std::string("K"));
    QCOMPARE(f.instruction, std::string("mma.sync m16n8k16"));
    QCOMPARE(f.tileRows, int64_t(16));
    QCOMPARE(f.tileCols, int64_t(16));
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < 8; ++i)
        QCOMPARE(at(b.layout, i, lane),
                 P(lane / 4 + ((i >> 1) & 1) * 8, lane % 4 * 2 + (i & 1) + ((i >> 2) & 1) * 8));
  }

  // PTX B (f16): b0,b1 rows 2t, 2t+1 (K), col groupID (N); b2,b3 rows +8.
  void operandBIsB0ToB3() {
    const Built b = build("#ttg.dot_op<{opIdx = 1, parent = " + kMmaV2 + ", kWidth = 2}>", {16, 8});
    const MmaFragment f = mmaFragment(*b.enc, b.layout, 16);
    QCOMPARE(f.operand, 'b');
    QCOMPARE(f.registerBits, 2);
    QCOMPARE(f.rowAxis, std::string("K"));
    QCOMPARE(f.colAxis, std::string("N"));
    for (int lane = 0; lane < 32; ++lane)
      for (int i = 0; i < 4; ++i)
        QCOMPARE(at(b.layout, i, lane), P(lane % 4 * 2 + (i & 1) + (i >> 1) * 8, lane / 4));
  }

  // Other MMAs: the register index within one instruction tile. A 32x32
  // MFMA tile over 64 lanes is 16 registers per lane; a 16x16 WMMA tile
  // over 32 lanes is 8.
  void otherMmasUseTheRegisterInTheTile() {
    const Built m = build("#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = [32, "
                          "32, 8], isTransposed = false}>",
                          {64, 64});
    const MmaFragment fm = mmaFragment(*m.enc, m.layout, 32);
    QCOMPARE(fm.operand, 'c');
    QCOMPARE(fm.registerBits, 4);
    QCOMPARE(fm.instruction, std::string("mfma m32n32k8"));
    const Built w =
        build("#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [1, 1]}>", {32, 32});
    const MmaFragment fw = mmaFragment(*w.enc, w.layout, 32);
    QCOMPARE(fw.operand, 'c');
    QCOMPARE(fw.registerBits, 3);
    QCOMPARE(fw.instruction, std::string("wmma m16n16k16"));
  }

  void otherLayoutsHaveNoFragments() {
    const Built b = build("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                          "warpsPerCTA = [4, 1], order = [1, 0]}>",
                          {64, 64});
    QVERIFY(!mmaFragment(*b.enc, b.layout, 32).valid());
  }
};

QTEST_GUILESS_MAIN(TestMmaFragment)
#include "tst_mma_fragment.moc"
