// gluon-probe export (core/codegen/gluon_probe): the script has exactly one
// top-level LAYOUT and one EXPECTED assignment, and EXPECTED is the tool's
// ownership / offset map, entry for entry, on layouts worked out by hand.
#include <QtTest>

#include <regex>
#include <sstream>

#include "codegen/exporter.h"
#include "notation/mlir/layout_parser.h"
#include "util/error.h"

using namespace ls;
using namespace ls::codegen;

namespace {

ExportDesign design(const std::string &attr, Shape shape, const std::string &dtype) {
  ExportDesign d;
  d.encoding = ir::parseEncoding(attr);
  d.shape = std::move(shape);
  d.element = ir::parseElementType(dtype);
  return d;
}

std::string probe(const std::string &attr, Shape shape, const std::string &dtype = "f16") {
  return exportDesign(design(attr, std::move(shape), dtype), ExportFormat::GluonProbe);
}

// Lines that start (column 0) with `name =` or `name:` -- top-level assignments.
int topLevel(const std::string &text, const std::string &name) {
  std::istringstream in(text);
  int n = 0;
  for (std::string line; std::getline(in, line);)
    if (line.rfind(name + " =", 0) == 0 || line.rfind(name + ":", 0) == 0 ||
        line.rfind(name + "=", 0) == 0)
      ++n;
  return n;
}

// The text of the EXPECTED literal, between "EXPECTED = [" and the closing "\n]".
std::string expectedText(const std::string &text) {
  const auto start = text.find("\nEXPECTED = [");
  const auto end = text.find("\n]\n", start);
  if (start == std::string::npos || end == std::string::npos)
    return {};
  return text.substr(start + 13, end - start - 13);
}

// Distributed EXPECTED: one owner list per element.
std::vector<std::vector<int>> ownerLists(const std::string &text) {
  std::vector<std::vector<int>> out;
  const std::string body = expectedText(text);
  std::regex group(R"(\[([0-9, ]*)\])");
  for (auto it = std::sregex_iterator(body.begin(), body.end(), group);
       it != std::sregex_iterator(); ++it) {
    std::vector<int> owners;
    std::istringstream in((*it)[1].str());
    for (std::string tok; std::getline(in, tok, ',');)
      if (tok.find_first_not_of(' ') != std::string::npos)
        owners.push_back(std::stoi(tok));
    out.push_back(owners);
  }
  return out;
}

// Shared EXPECTED: one element (or -1) per slot.
std::vector<long> slotList(const std::string &text) {
  std::vector<long> out;
  std::string body = expectedText(text);
  std::replace(body.begin(), body.end(), '\n', ' ');
  std::istringstream in(body);
  for (std::string tok; std::getline(in, tok, ',');)
    if (tok.find_first_not_of(' ') != std::string::npos)
      out.push_back(std::stol(tok));
  return out;
}

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

const char *kBlocked = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                       "warpsPerCTA = [4, 1], order = [1, 0]}>";

} // namespace

class TestGluonProbe : public QObject {
  Q_OBJECT
private slots:
  void formatIsListed() {
    QCOMPARE(parseFormat("gluon-probe"), ExportFormat::GluonProbe);
    QCOMPARE(std::string(formatSuffix(ExportFormat::GluonProbe)), std::string(".py"));
    QCOMPARE(std::string(formatTitle(ExportFormat::GluonProbe)), std::string("Gluon probe"));
  }

  // 4x16 under a layout made for 8x64: lane bits 2 and 3 and warp bit 1 fall
  // off the tensor, so every element has 2 * 2 * 2 = 8 owners. Lane bits 0, 1
  // move 4 and 8 columns, lane bit 4 one row, warp bit 0 two rows.
  void blockedBroadcastOwners() {
    const std::string p = probe(kBlocked, {4, 16});
    QCOMPARE(topLevel(p, "LAYOUT"), 1);
    QCOMPARE(topLevel(p, "EXPECTED"), 1);
    QVERIFY(contains(p, "\nLAYOUT = ttgl.BlockedLayout(size_per_thread=[1, 4], "
                        "threads_per_warp=[2, 16], warps_per_cta=[4, 1], order=[1, 0])\n"));
    QVERIFY(contains(p, "\nKIND = \"distributed\"\n"));
    QVERIFY(contains(p, "\nTHREADS_PER_CTA = 128\n"));
    QVERIFY(contains(p, "mov.u32 $0, %tid.x;"));
    QVERIFY(contains(p, "\nNUM_CTAS = 1\n")); // so the kernel skips %cluster_ctarank
    const auto owners = ownerLists(p);
    QCOMPARE(owners.size(), size_t{64});
    const std::vector<int> e00{0, 4, 8, 12, 64, 68, 72, 76};
    QCOMPARE(owners[0], e00); // (0, 0)
    QCOMPARE(owners[3], e00); // (0, 3): same thread, another register
    QCOMPARE(owners[4], (std::vector<int>{1, 5, 9, 13, 65, 69, 73, 77}));         // (0, 4)
    QCOMPARE(owners[8], (std::vector<int>{2, 6, 10, 14, 66, 70, 74, 78}));        // (0, 8)
    QCOMPARE(owners[16], (std::vector<int>{16, 20, 24, 28, 80, 84, 88, 92}));     // (1, 0)
    QCOMPARE(owners[32], (std::vector<int>{32, 36, 40, 44, 96, 100, 104, 108}));  // (2, 0)
    QCOMPARE(owners[63], (std::vector<int>{51, 55, 59, 63, 115, 119, 123, 127})); // (3, 15)
  }

  // Two CTAs split dim 0: rows 32..63 belong to block 1, ids 128 + ...
  void multiCtaOwners() {
    const std::string p =
        probe("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = "
              "[4, 1], order = [1, 0], CGALayout = [[1, 0]]}>",
              {64, 64});
    QVERIFY(contains(p, "\nNUM_CTAS = 2\n"));
    QVERIFY(contains(p, "cga_layout=[[1, 0]]"));
    const auto owners = ownerLists(p);
    QCOMPARE(owners.size(), size_t{4096});
    QCOMPARE(owners[0], std::vector<int>{0});
    QCOMPARE(owners[4], std::vector<int>{1});
    QCOMPARE(owners[64], std::vector<int>{16});       // (1, 0): lane 16
    QCOMPARE(owners[2 * 64], std::vector<int>{32});   // (2, 0): warp 1
    QCOMPARE(owners[8 * 64], std::vector<int>{0});    // (8, 0): register wraps
    QCOMPARE(owners[32 * 64], std::vector<int>{128}); // (32, 0): block 1
    QCOMPARE(owners[33 * 64 + 4], std::vector<int>{128 + 17});
  }

  // mma v2, 1 warp, 16x8: thread (lane) l holds rows l/4 and l/4+8, columns
  // 2*(l%4) and +1 (PTX's m16n8 accumulator fragment).
  void mmaV2Owners() {
    const std::string p = probe("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                                "warpsPerCTA = [1, 1], instrShape = [16, 8]}>",
                                {16, 8}, "f32");
    const auto owners = ownerLists(p);
    QCOMPARE(owners.size(), size_t{128});
    for (int l = 0; l < 32; ++l) {
      const int r = l / 4, c = 2 * (l % 4);
      for (int e : {r * 8 + c, r * 8 + c + 1, (r + 8) * 8 + c, (r + 8) * 8 + c + 1})
        QCOMPARE(owners[e], std::vector<int>{l});
    }
  }

  // nvmma_shared 128B, f16, 8x64: one 128-byte row per 64 elements, its
  // 16-byte chunks (8 elements) xor-ed with the row index.
  void nvmmaSharedOffsets() {
    const std::string p = probe("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                                "elementBitWidth = 16}>",
                                {8, 64});
    QCOMPARE(topLevel(p, "LAYOUT"), 1);
    QCOMPARE(topLevel(p, "EXPECTED"), 1);
    QVERIFY(contains(p, "\nKIND = \"shared\"\n"));
    QVERIFY(contains(p, "\nSLOTS_PER_CTA = 512 "));
    QVERIFY(contains(p, "\nALLOC_WITH_LAYOUT = True "));
    QVERIFY(contains(p, "_reinterpret(elem, [SLOTS], flat_layout)"));
    const auto s = slotList(p);
    QCOMPARE(s.size(), size_t{512});
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 64; ++c) {
        const int slot = r * 64 + ((c / 8) ^ r) * 8 + c % 8;
        QCOMPARE(s[slot], long(r * 64 + c));
      }
  }

  // padded_shared [32:+4]: 4 unused slots after every 32; the allocation
  // (4096 + 512 slots) rounds up to 8192 and is allocated flat.
  void paddedOffsets() {
    const std::string p =
        probe("#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>", {64, 64});
    QVERIFY(contains(p, "\nSLOTS_PER_CTA = 8192 "));
    QVERIFY(contains(p, "\nALLOC_WITH_LAYOUT = False "));
    const auto s = slotList(p);
    QCOMPARE(s.size(), size_t{8192});
    QCOMPARE(s[31], 31L);
    for (int i = 32; i < 36; ++i)
      QCOMPARE(s[i], -1L);
    QCOMPARE(s[36], 32L);
    QCOMPARE(s[4095 + 127 * 4], 4095L);
    QCOMPARE(s[4095 + 127 * 4 + 1], -1L);
    QCOMPARE(s[8191], -1L);
  }

  // 8-bit elements hold the index a byte at a time: 32x32 needs 10 bits, 2 launches.
  void narrowElementsTakeRounds() {
    const std::string p = probe("#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, "
                                "elementBitWidth = 8}>",
                                {32, 32}, "i8");
    QVERIFY(contains(p, "\nELEMENT_BITS = 8 "));
    QVERIFY(contains(p, "\nROUNDS = 2 "));
  }

  // Gluon has no amd_rotating_shared class: the probe uses the bases.
  void noConstructorUsesBases() {
    const std::string p =
        probe("#ttg.amd_rotating_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
              {32, 32});
    QCOMPARE(topLevel(p, "LAYOUT"), 1);
    QVERIFY(contains(p, "\nLAYOUT = ttgl.SharedLinearLayout(offset_bases=[[0, 1], "));
  }

  void tensorMemoryIsRefused() {
    ExportDesign d = design(
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>", {128, 64}, "f32");
    try {
      (void)exportDesign(d, ExportFormat::GluonProbe);
      QFAIL("a TMEM layout got a probe");
    } catch (const Error &e) {
      QCOMPARE(e.field(), std::string("layout"));
      QVERIFY(contains(e.what(), "sm_100"));
    }
  }

  void tooLargeIsRefused() {
    try {
      (void)probe(kBlocked, {512, 256});
      QFAIL("a 2^17-element probe was written");
    } catch (const Error &e) {
      QCOMPARE(e.field(), std::string("--shape"));
    }
  }
};

QTEST_GUILESS_MAIN(TestGluonProbe)
#include "tst_gluon_probe.moc"
