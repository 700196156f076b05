// The wavefront model: bank groups, Triton's instruction choice, per-lane
// addresses, and the CUDA microbenchmark that replays them.
#include <QtTest>

#include <algorithm>
#include <random>

#include "analysis/banks/bank_model.h"
#include "analysis/banks/shared_access.h"
#include "codegen/bank_bench_kernel.h"
#include "notation/mlir/layout_parser.h"
#include "util/error.h"

using namespace ls;

namespace {

const char *kRowMajor =
    "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>";
const char *kNvmma128 =
    "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>";
const char *kColumnWarp =
    "#ttg.linear<{register = [[0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], "
    "[16, 0]], warp = [[0, 1], [0, 2]], block = []}>";
const char *kMmaA = "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, "
                    "versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>";
const char *kMmaB = "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, "
                    "versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>";

SharedAccessReport analyze(const char *dist, const char *shared, Shape shape, int bits,
                           AccessDirection dir, bool allowMatrix = true,
                           const std::string &target = "sm90") {
  SharedAccessOptions o;
  o.direction = dir;
  o.allowMatrix = allowMatrix;
  o.target = BankTarget::byName(target);
  return analyzeSharedAccess(*ir::parseEncoding(dist), *ir::parseEncoding(shared), shape, bits, o);
}

} // namespace

class TestSharedAccess : public QObject {
  Q_OBJECT
private slots:
  void serve_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<int>("bytes");
    QTest::addColumn<int>("stride"); // bytes between lanes
    QTest::addColumn<bool>("load");
    QTest::addColumn<int>("wavefronts");
    QTest::addColumn<int>("ideal");
    QTest::newRow("b32 consecutive") << "sm90" << 4 << 4 << true << 1 << 1;
    QTest::newRow("b32 one bank, 32 words") << "sm90" << 4 << 128 << true << 32 << 1;
    QTest::newRow("b32 same word (broadcast)") << "sm90" << 4 << 0 << true << 1 << 1;
    QTest::newRow("b8 four lanes per word") << "sm90" << 1 << 1 << false << 1 << 1;
    QTest::newRow("b32 stride 8: 2-way") << "sm90" << 4 << 8 << true << 2 << 1;
    QTest::newRow("v2 consecutive: half-warps") << "sm90" << 8 << 8 << true << 2 << 2;
    QTest::newRow("v4 consecutive: quarter-warps") << "sm90" << 16 << 16 << true << 4 << 4;
    QTest::newRow("v4 row stride 128: 8 per quarter") << "sm90" << 16 << 128 << true << 32 << 4;
    QTest::newRow("v4 uniform load: packed pairs") << "sm90" << 16 << 0 << true << 2 << 2;
    QTest::newRow("v4 uniform store") << "sm90" << 16 << 0 << false << 4 << 4;
    QTest::newRow("gfx942 b32 wave64") << "gfx942" << 4 << 4 << true << 2 << 2;
    QTest::newRow("gfx950 b32 wave64") << "gfx950" << 4 << 4 << true << 1 << 1;
    QTest::newRow("gfx942 ds_read_b128") << "gfx942" << 16 << 16 << true << 8 << 8;
  }
  void serve() {
    QFETCH(QString, target);
    QFETCH(int, bytes);
    QFETCH(int, stride);
    QFETCH(bool, load);
    QFETCH(int, wavefronts);
    QFETCH(int, ideal);
    BankTarget t = BankTarget::byName(target.toStdString());
    const int n = t.vendor == Vendor::Amd ? 64 : 32;
    std::vector<LaneAccess> acc;
    for (int l = 0; l < n; ++l)
      acc.push_back({l, int64_t{l} * stride, bytes});
    auto r = serveInstruction(t, InstructionClass::LdSt,
                              load ? AccessDirection::Load : AccessDirection::Store, bytes, n, acc,
                              /*detail=*/true);
    QCOMPARE(r.wavefronts, wavefronts);
    QCOMPARE(r.ideal, ideal);
    QCOMPARE(static_cast<int>(r.fronts.size()), wavefronts);
  }

  void amdReadB128PhasesInterleave() {
    // gfx942 ds_read_b128: lanes 0-3 and 20-23 form one phase.
    BankTarget t = BankTarget::byName("gfx942");
    auto groups = laneGroups(t, InstructionClass::LdSt, AccessDirection::Load, 16, 64, {});
    QCOMPARE(groups.size(), size_t{8});
    QCOMPARE(groups[0], uint64_t{0xF} | (uint64_t{0xF} << 20));
    auto writes = laneGroups(t, InstructionClass::LdSt, AccessDirection::Store, 16, 64, {});
    QCOMPARE(writes[0], uint64_t{0xFF});
  }

  void wavefrontDetailNamesBanksAndLanes() {
    // Lanes 0 and 1 hit words 0 and 32 (bank 0): two wavefronts.
    std::vector<LaneAccess> acc = {{0, 0, 4}, {1, 128, 4}, {2, 4, 4}};
    auto r = serveInstruction(BankTarget::byName("sm90"), InstructionClass::LdSt,
                              AccessDirection::Load, 4, 32, acc, true);
    QCOMPARE(r.wavefronts, 2);
    QCOMPARE(r.fronts[0].cells.size(), size_t{2});
    QCOMPARE(r.fronts[0].cells[0].bank, 0);
    QCOMPARE(r.fronts[0].cells[0].word, int64_t{0});
    QCOMPARE(r.fronts[0].cells[1].bank, 1);
    QCOMPARE(r.fronts[1].cells[0].word, int64_t{32});
    QCOMPARE(r.fronts[1].cells[0].lanes, uint64_t{2});
  }

  void columnReadIs32Way() {
    auto r = analyze(kColumnWarp, kRowMajor, {32, 32}, 32, AccessDirection::Load);
    QCOMPARE(QString::fromStdString(r.instruction), QString("ld.shared.b32"));
    QCOMPARE(r.instructionsPerThread(), 8);
    QCOMPARE(r.wavefronts, int64_t{8 * 32});
    QCOMPARE(r.idealWavefronts, int64_t{8});
    QCOMPARE(r.ctaWavefronts, int64_t{4 * 8 * 32});
    // Lane 5 of warp 0, instruction 0: row 5, column 0.
    QCOMPARE(r.instructions[0].lanes[5].byteAddress, int64_t{5 * 128});
    QCOMPARE(r.elementAt(5 * 32), (std::vector<int32_t>{5, 0}));
  }

  void mmaOperandUsesLdmatrix() {
    auto r = analyze(kMmaA, kNvmma128, {64, 64}, 16, AccessDirection::Load);
    QCOMPARE(QString::fromStdString(r.instruction),
             QString("ldmatrix.sync.aligned.m8n8.x4.shared.b16"));
    QCOMPARE(r.instructionsPerThread(), 4);
    QCOMPARE(r.conflicts(), int64_t{0});
    // Row addresses: lane 1 is row 1 with its 16-byte chunk swizzled to 1.
    QCOMPARE(r.instructions[0].lanes[1].byteAddress, int64_t{128 + 16});
    auto plain = analyze(kMmaA, kRowMajor, {64, 64}, 16, AccessDirection::Load);
    QCOMPARE(plain.instructions[0].served.wavefronts, 32); // 8 rows on 4 banks, 4 matrices
    auto st = analyze(kMmaA, kNvmma128, {64, 64}, 16, AccessDirection::Store);
    QCOMPARE(QString::fromStdString(st.instruction),
             QString("stmatrix.sync.aligned.m8n8.x4.shared.b16"));
  }

  void bOperandUsesTransposedLdmatrix() {
    auto r = analyze(kMmaB, kNvmma128, {64, 64}, 16, AccessDirection::Load);
    QVERIFY(r.plan.transposed);
    QCOMPARE(r.plan.matrices, 4);
    auto noMatrix = analyze(kMmaB, kNvmma128, {64, 64}, 16, AccessDirection::Load, false);
    QCOMPARE(QString::fromStdString(noMatrix.instruction), QString("ld.shared.b16"));
  }

  void amdTargetNamesDsInstructions() {
    const char *mfma = "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, "
                       "32, 8], isTransposed = true}>";
    auto r = analyze(mfma, kRowMajor, {64, 64}, 16, AccessDirection::Store, true, "gfx942");
    QVERIFY(QString::fromStdString(r.instruction).startsWith("ds_write_b"));
    QCOMPARE(r.plan.laneCount, 64);
  }

  void benchKernelReplaysThePlan() {
    auto ld = analyze(kMmaA, kNvmma128, {64, 64}, 16, AccessDirection::Load);
    auto st = analyze(kMmaA, kNvmma128, {64, 64}, 16, AccessDirection::Store);
    BankBenchCase c{kMmaA, kNvmma128, {64, 64}, "f16", &ld, &st};
    QString cu = QString::fromStdString(bankBenchKernel(c));
    QVERIFY(cu.contains("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"));
    QVERIFY(cu.contains("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"));
    QVERIFY(cu.contains("__device__ const unsigned kLoadAddr[512]")); // 4 instr x 128 threads
    QVERIFY(cu.contains("//   load:  ldmatrix.sync.aligned.m8n8.x4.shared.b16 x4 per thread: "
                        "wavefronts 64, ideal 64"));
    QVERIFY(cu.contains("  0, 144, 288, 432,")); // lanes 0..3 of instruction 0
  }

  // analyzeSharedAccess serves one instruction and reuses its wavefronts for
  // the instructions and warps whose addresses are an aligned xor of it. The
  // figures must equal serving every instruction of every warp, on random
  // linear layouts against random swizzles, for every bank model.
  void translatedInstructionsTakeTheFirstOnesWavefronts() {
    std::mt19937 rng(20261125);
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const char *targets[] = {"sm90", "sm80", "gfx942", "gfx950", "gfx1100"};
    int compared = 0, conflicted = 0;
    for (int trial = 0; trial < 400; ++trial) {
      const std::string target = targets[trial % 5];
      const int laneBits = target == "gfx942" || target == "gfx950" ? 6 : 5;
      // 64x64: 12 bits, split into registers, lanes and 2 warp bits; the
      // bases are a random invertible map (unit vectors, xor-mixed, shuffled).
      std::vector<int> bases;
      for (int b = 0; b < 12; ++b)
        bases.push_back(1 << b);
      for (int i = 0; i < 6; ++i) { // within a dim: a basis moves along one dim
        int a = pick(12), b = pick(12);
        if (a != b && (a < 6) == (b < 6))
          bases[static_cast<size_t>(a)] ^= bases[static_cast<size_t>(b)];
      }
      std::shuffle(bases.begin(), bases.end(), rng);
      auto list = [&](size_t from, size_t to) {
        std::string t = "[";
        for (size_t i = from; i < to; ++i)
          t += (i > from ? ", [" : "[") + std::to_string(bases[i] >> 6) + ", " +
               std::to_string(bases[i] & 63) + "]";
        return t + "]";
      };
      const size_t regs = 12 - 2 - static_cast<size_t>(laneBits);
      const std::string dist = "#ttg.linear<{register = " + list(0, regs) +
                               ", lane = " + list(regs, regs + static_cast<size_t>(laneBits)) +
                               ", warp = " + list(regs + static_cast<size_t>(laneBits), 12) +
                               ", block = []}>";
      std::string shared =
          "#ttg.swizzled_shared<{vec = " + std::to_string(1 << pick(4)) +
          ", perPhase = " + std::to_string(1 << pick(3)) +
          ", maxPhase = " + std::to_string(1 << pick(4)) + ", order = " +
          (pick(2) ? "[1, 0]" : "[0, 1]") + "}>";
      if (trial % 4 == 3) { // padding breaks the xor symmetry: every warp is served
        std::string offs;
        for (int b = 0; b < 12; ++b) {
          if (b)
            offs += ", ";
          const std::string one = std::to_string(1 << (b % 6));
          offs += b < 6 ? "[0, " + one + "]" : "[" + one + ", 0]";
        }
        shared = "#ttg.padded_shared<[" + std::to_string(16 << pick(4)) + ":+" +
                 std::to_string(1 << pick(3)) + "] {offset = [" + offs + "], block = []}>";
      }
      const int bits = 8 << pick(3);
      SharedAccessOptions o;
      o.direction = pick(2) ? AccessDirection::Load : AccessDirection::Store;
      o.target = BankTarget::byName(target);
      o.detailLimit = 0;
      o.warp = pick(4);
      const SharedAccessReport r =
          analyzeSharedAccess(*ir::parseEncoding(dist), *ir::parseEncoding(shared), {64, 64},
                              bits, o);
      const SharedAccessPlan &p = r.plan;
      int64_t chosen = 0, chosenIdeal = 0, cta = 0;
      int maxPer = 0;
      for (int w = 0; w < p.warpCount; ++w)
        for (int k = 0; k < p.instructions(); ++k) {
          std::vector<LaneAccess> acc;
          for (int l = 0; l < p.laneCount; ++l)
            if ((p.addressLanes >> l) & 1)
              acc.push_back({l, r.byteAddress(p.offset(k, l, w)), p.accessBytes});
          const InstructionWavefronts s =
              serveInstruction(o.target, p.cls, o.direction, p.accessBytes, p.laneCount, acc,
                               false);
          cta += s.wavefronts;
          if (w == o.warp) {
            chosen += s.wavefronts;
            chosenIdeal += s.ideal;
            maxPer = std::max(maxPer, s.wavefronts);
          }
        }
      QCOMPARE(r.wavefronts, chosen);
      QCOMPARE(r.idealWavefronts, chosenIdeal);
      QCOMPARE(r.ctaWavefronts, cta);
      QCOMPARE(r.maxWavefrontsPerInstruction, maxPer);
      ++compared;
      conflicted += r.wavefronts > r.idealWavefronts;
    }
    QCOMPARE(compared, 400);
    QVERIFY(conflicted > 100); // the swizzles do not hide the conflicts
  }

  void badInputIsAnError() {
    QVERIFY_THROWS_EXCEPTION(ls::Error, BankTarget::byName("sm75"));
    SharedAccessOptions o;
    o.warp = 9;
    QVERIFY_THROWS_EXCEPTION(ls::Error,
                             analyzeSharedAccess(*ir::parseEncoding(kColumnWarp),
                                                 *ir::parseEncoding(kRowMajor), {32, 32}, 32, o));
  }
};

QTEST_GUILESS_MAIN(TestSharedAccess)
#include "tst_shared_access.moc"
