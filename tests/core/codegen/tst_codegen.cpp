// core/codegen: formats, targets, companion layouts, flat tables and every
// exporter's exact output for small designs, and the errors bad designs get.
#include <QtTest>

#include "codegen/companion_layout.h"
#include "codegen/cpp_export.h"
#include "codegen/exporter.h"
#include "codegen/flat_layout.h"
#include "codegen/gluon_export.h"
#include "codegen/hw_kernels.h"
#include "codegen/kernel_descriptor.h"
#include "codegen/mlir_export.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

using namespace ls;
using namespace ls::codegen;

namespace {

const char *kBlocked =
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
    "order = [1, 0]}>";

ExportDesign design(const std::string &attr, Shape shape, const std::string &dtype = "") {
  ExportDesign d;
  d.encoding = ir::parseEncoding(attr);
  d.shape = std::move(shape);
  d.element = dtype.empty() ? defaultElementType(*d.encoding) : ir::parseElementType(dtype);
  return d;
}

// The field an export error names, or "" if the export succeeds.
std::string errorField(const ExportDesign &d, ExportFormat f, const ExportOptions &o = {}) {
  try {
    (void)exportDesign(d, f, o);
  } catch (const Error &e) {
    return e.field();
  }
  return "";
}

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

} // namespace

class TestCodegen : public QObject {
  Q_OBJECT
private slots:
  void formatsRoundTrip() {
    QCOMPARE(allFormats().size(), size_t{9});
    for (ExportFormat f : allFormats())
      QCOMPARE(parseFormat(formatName(f)), f);
    QCOMPARE(std::string(formatName(ExportFormat::Module)), std::string("mlir-module"));
    QCOMPARE(std::string(formatSuffix(ExportFormat::Cuda)), std::string(".cu"));
    QVERIFY_THROWS_EXCEPTION(Error, parseFormat("ptx"));
  }

  void targets_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("lanes");
    QTest::newRow("hopper") << "cuda:90" << 32;
    QTest::newRow("ampere") << "cuda:80" << 32;
    QTest::newRow("mi300") << "hip:gfx942" << 64;
    QTest::newRow("mi200") << "hip:gfx90a" << 64;
    QTest::newRow("rdna4") << "hip:gfx1200" << 32;
  }
  void targets() {
    QFETCH(QString, text);
    QFETCH(int, lanes);
    Target t = parseTarget(text.toStdString());
    QCOMPARE(t.threadsPerWarp, lanes);
    QCOMPARE(QString::fromStdString(t.text()), text);
  }
  void badTargetsNameTheFlag() {
    for (const char *bad : {"cuda", "cuda:", "rocm:gfx942", "hip:942", "cuda:9x"}) {
      try {
        (void)parseTarget(bad);
        QFAIL(bad);
      } catch (const Error &e) {
        QCOMPARE(e.field(), std::string("--target"));
      }
    }
  }
  void defaultTargetFollowsTheEncoding_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("target");
    QTest::newRow("blocked") << kBlocked << "cuda:90";
    QTest::newRow("mfma") << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = "
                             "[32, 32, 8], isTransposed = true}>"
                          << "hip:gfx942";
    QTest::newRow("wmma v1") << "#ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = "
                                "[2, 2]}>"
                             << "hip:gfx1100";
    QTest::newRow("rotating") << "#ttg.amd_rotating_shared<{vec = 2, perPhase = 1, maxPhase = 4, "
                                 "order = [1, 0]}>"
                              << "hip:gfx942";
    QTest::newRow("64-lane blocked") << "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = "
                                        "[8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>"
                                     << "hip:gfx942";
  }
  void defaultTargetFollowsTheEncoding() {
    QFETCH(QString, attr);
    QFETCH(QString, target);
    QCOMPARE(QString::fromStdString(defaultTarget(*ir::parseEncoding(attr.toStdString())).text()),
             target);
  }

  // Triton's BlockedEncodingAttr shape builder (sizePerThread all 1).
  void defaultBlockedMatchesTriton_data() {
    QTest::addColumn<QString>("shape");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("warps");
    QTest::addColumn<QString>("expected");
    QTest::newRow("16x64") << "16x64" << 32 << 4
                           << "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                              "warpsPerCTA = [2, 2], order = [1, 0]}>";
    QTest::newRow("128x16") << "128x16" << 32 << 4
                            << "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], "
                               "warpsPerCTA = [4, 1], order = [1, 0]}>";
    QTest::newRow("256 wave64") << "256" << 64 << 4
                                << "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], "
                                   "warpsPerCTA = [4], order = [0]}>";
    QTest::newRow("2x2x8") << "2x2x8" << 32 << 2
                           << "#ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [2, 2, "
                              "8], warpsPerCTA = [2, 1, 1], order = [2, 1, 0]}>";
  }
  void defaultBlockedMatchesTriton() {
    QFETCH(QString, shape);
    QFETCH(int, lanes);
    QFETCH(int, warps);
    QFETCH(QString, expected);
    Shape s;
    for (const QString &p : shape.split('x'))
      s.push_back(p.toLongLong());
    auto b = defaultBlocked(s, lanes, warps, CGALayout::singleCTA(static_cast<int>(s.size())));
    QCOMPARE(QString::fromStdString(ir::printEncoding(*b)), expected);
  }

  void companionKeepsTheCtaSplit() {
    auto two = design("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                      "warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>",
                      {64, 64});
    LinearLayout ll = two.encoding->toLinearLayout(two.shape);
    EncodingPtr c = companionLayout(two.shape, 32, 4, ll);
    QCOMPARE(QString::fromStdString(ir::printEncoding(*c)),
             QString("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                     "warpsPerCTA = [2, 2], order = [1, 0], CGALayout = [[1, 0]]}>"));
    QVERIFY(sameCtaElements(c->toLinearLayout(two.shape), ll));
    // A single-CTA layout never shares CTA elements with a two-CTA one.
    auto one = design(kBlocked, {64, 64});
    QVERIFY(!sameCtaElements(one.encoding->toLinearLayout(one.shape), ll));
  }
  void companionFallsBackToLinear() {
    // Block basis (1, 1) moves along both dims: no CGALayout spells that.
    auto d = design("#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0], [0, 4]], "
                    "block = [[4, 0]]}, alignment = 16>",
                    {8, 8});
    LinearLayout ll = d.encoding->toLinearLayout(d.shape);
    EncodingPtr c = companionLayout(d.shape, 32, 1, ll);
    QCOMPARE(c->kind(), EncodingKind::Blocked); // (4, 0) is a CGA split of dim 0
    auto odd = design("#ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], "
                      "block = [[4, 4]]}, alignment = 16>",
                      {8, 8});
    LinearLayout oddLl = odd.encoding->toLinearLayout(odd.shape);
    EncodingPtr c2 = companionLayout(odd.shape, 32, 1, oddLl);
    QCOMPARE(c2->kind(), EncodingKind::Linear);
    QVERIFY(sameCtaElements(c2->toLinearLayout(odd.shape), oddLl));
  }

  void flatTables() {
    auto d = design("#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], "
                    "warpsPerCTA = [1, 1], order = [1, 0]}>",
                    {4, 16});
    FlatLayout flat(d.encoding->toLinearLayout(d.shape));
    QCOMPARE(flat.bases(kRegister), (std::vector<uint64_t>{1}));
    QCOMPARE(flat.bases(kLane), (std::vector<uint64_t>{2, 4, 8, 16, 32}));
    // Lane 9, register 1: 1 ^ 2 ^ 16 = 19 = (1, 3).
    QCOMPARE(flat.element(kLane, 9) ^ flat.element(kRegister, 1), uint64_t{19});
    QCOMPARE(flat.coordText(19), std::string("(1, 3)"));
    QCOMPARE(flat.elementBits(), 6);
  }
  void pseudoInverseFindsAnOffset() {
    auto d = design("#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
                    {8, 16});
    FlatLayout flat(d.encoding->toLinearLayout(d.shape));
    auto inv = flat.pseudoInverse(kOffset);
    QCOMPARE(inv.size(), size_t{7});
    for (uint64_t e = 0; e < 128; ++e) {
      uint64_t o = 0;
      for (int j = 0; j < 7; ++j)
        if ((e >> j) & 1)
          o ^= inv[static_cast<size_t>(j)];
      QCOMPARE(flat.element(kOffset, o), e);
    }
  }
  void fingerprintIsFnvOverLocations() {
    // Identity of 4 lanes over 4 elements: elements 0, 1, 2, 3 in order.
    LinearLayout ll({{S("lane"), {{1}, {2}}}}, {S("dim0")});
    uint64_t h = kFnvOffset;
    for (uint64_t e : {0, 1, 2, 3})
      h = (h ^ e) * kFnvPrime;
    QCOMPARE(FlatLayout(ll).fingerprint(), h);
  }

  void attributeText() {
    auto d = design(kBlocked, {64, 64});
    QCOMPARE(exportDesign(d, ExportFormat::Attribute), std::string(kBlocked) + "\n");
    ExportOptions legacy;
    legacy.syntax = ir::Syntax::Legacy;
    QCOMPARE(exportDesign(d, ExportFormat::Attribute, legacy),
             std::string("#triton_gpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                         "warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 1], "
                         "CTASplitNum = [1, 1], CTAOrder = [1, 0]}>\n"));
  }

  void moduleOfADistributedLayout() {
    std::string m = exportDesign(design(kBlocked, {16, 64}), ExportFormat::Module);
    QVERIFY(contains(m, "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : "
                        "i32, ttg.target = \"cuda:90\", \"ttg.threads-per-warp\" = 32 : i32} {\n"));
    QVERIFY(contains(m, "#layout = " + std::string(kBlocked) + "\n"));
    QVERIFY(contains(m, "    %range0 = tt.make_range {end = 16 : i32, start = 0 : i32} : "
                        "tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>\n"));
    QVERIFY(contains(m, "    %ptrs = ttg.convert_layout %in_ptrs : tensor<16x64x!tt.ptr<f16>, "
                        "#blocked> -> tensor<16x64x!tt.ptr<f16>, #layout>\n"));
    QVERIFY(contains(m, "    %vals = tt.load %ptrs : tensor<16x64x!tt.ptr<f16>, #layout>\n"));
    QVERIFY(contains(m, "    tt.store %out_ptrs, %back : tensor<16x64x!tt.ptr<f16>, #blocked>\n"));
    QVERIFY(m.rfind("    tt.return\n  }\n}\n") == m.size() - 20);
  }
  void moduleOfASharedLayout() {
    std::string m =
        exportDesign(design("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                            "elementBitWidth = 16}>",
                            {64, 64}),
                     ExportFormat::Module);
    QVERIFY(contains(m, "#smem = #ttg.shared_memory\n"));
    QVERIFY(contains(m, "    %tile = ttg.local_alloc %vals : (tensor<64x64xf16, #blocked>) -> "
                        "!ttg.memdesc<64x64xf16, #shared, #smem>\n"));
    QVERIFY(contains(m, "    %back = ttg.local_load %tile : !ttg.memdesc<64x64xf16, #shared, "
                        "#smem> -> tensor<64x64xf16, #blocked>\n"));
  }
  void moduleAttributesFollowTheDesign() {
    std::string mfma = exportDesign(
        design("#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], "
               "isTransposed = true}>",
               {64, 128}, "f32"),
        ExportFormat::Module);
    QVERIFY(contains(mfma, "\"ttg.num-warps\" = 8 : i32, ttg.target = \"hip:gfx942\", "
                           "\"ttg.threads-per-warp\" = 64 : i32"));
    std::string twoCtas = exportDesign(
        design("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = "
               "[4, 1], order = [1, 0], CGALayout = [[1, 0]]}>",
               {64, 64}),
        ExportFormat::Module);
    QVERIFY(contains(twoCtas, "\"ttg.num-ctas\" = 2 : i32"));
    ExportOptions legacy;
    legacy.syntax = ir::Syntax::Legacy;
    std::string old = exportDesign(design(kBlocked, {16, 64}), ExportFormat::Module, legacy);
    QVERIFY(contains(old, "\"triton_gpu.num-warps\" = 4 : i32"));
    QVERIFY(contains(old, "triton_gpu.convert_layout"));
    QVERIFY(!contains(old, "#ttg."));
  }
  void moduleOfARank3Layout() {
    std::string m = exportDesign(
        design("#ttg.blocked<{sizePerThread = [2, 1, 4], threadsPerWarp = [2, 2, 8], warpsPerCTA "
               "= [1, 2, 2], order = [2, 1, 0]}>",
               {8, 4, 32}),
        ExportFormat::Module);
    // dim 1: slice away dim 2, then dim 0; expand back at axis 0, then 2.
    QVERIFY(contains(m, "%range1 = tt.make_range {end = 4 : i32, start = 0 : i32} : "
                        "tensor<4xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 2, "
                        "parent = #blocked}>}>>\n"));
    QVERIFY(contains(m, "%idx1_0 = tt.expand_dims %range1 {axis = 0 : i32}"));
    QVERIFY(contains(m, "%idx1_2 = tt.expand_dims %idx1_0 {axis = 2 : i32} : tensor<1x4xi32, "
                        "#ttg.slice<{dim = 2, parent = #blocked}>> -> tensor<1x4x1xi32, "
                        "#blocked>\n"));
    QVERIFY(contains(m, "%stride1 = arith.constant dense<32> : tensor<1x4x1xi32, #blocked>\n"));
  }

  void cppSnippet() {
    std::string c = exportDesign(design(kBlocked, {16, 64}), ExportFormat::Cpp);
    QVERIFY(contains(c, "LinearLayout layout(\n"
                        "    {{S(\"register\"), {{0, 1}, {0, 2}, {8, 0}}},\n"
                        "     {S(\"lane\"), {{0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 0}}},\n"
                        "     {S(\"warp\"), {{2, 0}, {4, 0}}},\n"
                        "     {S(\"block\"), {}}},\n"
                        "    {S(\"dim0\"), S(\"dim1\")});\n"));
    QVERIFY(contains(c, "auto cga0 = CTAEncodingAttr::getDefault(ctx, /*rank=*/2);\n"
                        "auto encoding = BlockedEncodingAttr::get(ctx, /*sizePerThread=*/{1, 4}, "
                        "/*threadsPerWarp=*/{2, 16}, /*warpsPerCTA=*/{4, 1}, /*order=*/{1, 0}, "
                        "cga0);\n"));
  }
  void cppSnippetNamesParentsFirst() {
    std::string c = exportDesign(
        design("#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor "
               "= 0, warpsPerCTA = [2, 2], CGALayout = [[0, 1]], instrShape = [16, 8]}>, kWidth = "
               "2}>",
               {64, 32}),
        ExportFormat::Cpp);
    QVERIFY(contains(c, "auto cga0 = CTAEncodingAttr::get(\n    ctx, LinearLayout({{S(\"block\"), "
                        "{{0, 1}}}}, {S(\"dim0\"), S(\"dim1\")}));\n"
                        "auto mma1 = NvidiaMmaEncodingAttr::get(ctx, /*versionMajor=*/2, "
                        "/*versionMinor=*/0, /*warpsPerCTA=*/{2, 2}, cga0, /*instrShape=*/{16, "
                        "8});\n"
                        "auto encoding = DotOperandEncodingAttr::get(ctx, /*opIdx=*/0, mma1, "
                        "/*kWidth=*/2);\n"));
  }
  void cppExplicitSizesWhenNotInferable() {
    LinearLayout ll({{S("register"), {{2}}}}, LinearLayout::DimSizes{{"dim0", 8}}, false);
    QCOMPARE(cppLinearLayout(ll, "l"),
             std::string("LinearLayout l(\n    {{S(\"register\"), {{2}}}},\n    {{S(\"dim0\"), "
                         "8}},\n    /*requireSurjective=*/false);\n"));
  }

  void gluonSnippet() {
    std::string g = exportDesign(design(kBlocked, {16, 64}), ExportFormat::Gluon);
    QVERIFY(contains(g, "from triton.experimental.gluon import language as ttgl\n"));
    QVERIFY(contains(g, "\nshape = [16, 64]\n"));
    QVERIFY(contains(g, "layout_linear = ttgl.DistributedLinearLayout(\n"
                        "    reg_bases=[[0, 1], [0, 2], [8, 0]],\n"
                        "    lane_bases=[[0, 4], [0, 8], [0, 16], [0, 32], [1, 0]],\n"
                        "    warp_bases=[[2, 0], [4, 0]],\n"
                        "    block_bases=[],\n"
                        "    shape=[16, 64],\n)\n"));
    QVERIFY(contains(g, "layout = ttgl.BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[2, "
                        "16], warps_per_cta=[4, 1], order=[1, 0])\n"));
  }
  void gluonConstructors_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("ctor");
    QTest::newRow("mma")
        << "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = "
           "[4, 1], CGALayout = [[1, 0]], instrShape = [16, 64, 16]}>"
        << "128x64"
        << "layout = ttgl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, "
           "1], instr_shape=[16, 64, 16], cga_layout=[[1, 0]])\n";
    QTest::newRow("mfma") << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, "
                             "32, 8], isTransposed = true}>"
                          << "64x64"
                          << "layout = AMDMFMALayout(version=3, instr_shape=[32, 32, 8], "
                             "transposed=True, warps_per_cta=[2, 2], element_bitwidth=32, "
                             "tiles_per_warp=[1, 1])\n";
    QTest::newRow("slice of wmma") << "#ttg.slice<{dim = 0, parent = #ttg.amd_wmma<{version = 2, "
                                      "isTranspose = false, warpsPerCTA = [2, 2]}>}>"
                                   << "32"
                                   << "layout = ttgl.SliceLayout(dim=0, parent=AMDWMMALayout("
                                      "version=2, transposed=False, warps_per_cta=[2, 2], "
                                      "instr_shape=[16, 16, 16], tiles_per_warp=[1, 1]))\n";
    QTest::newRow("nvmma shared") << "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = "
                                     "true, elementBitWidth = 16}>"
                                  << "64x32"
                                  << "layout = ttgl.NVMMASharedLayout(swizzle_byte_width=64, "
                                     "element_bitwidth=16, rank=2, transposed=True, "
                                     "fp4_padded=False)\n";
    QTest::newRow("padded") << "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [8, 8]}>"
                            << "8x8"
                            << "layout = ttgl.PaddedSharedLayout(interval_padding_pairs=[[32, 4]], "
                               "offset_bases=[[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "
                               "block_bases=[], shape=[8, 8])\n";
    QTest::newRow("mfma v0 has no class") << "#ttg.amd_mfma<{version = 0, warpsPerCTA = [2, 2], "
                                             "instrShape = [32, 32], isTransposed = false}>"
                                          << "64x64"
                                          << "layout = layout_linear\n";
    QTest::newRow("rotating has no class") << "#ttg.amd_rotating_shared<{vec = 2, perPhase = 1, "
                                              "maxPhase = 4, order = [1, 0]}>"
                                           << "8x16"
                                           << "layout = layout_linear\n";
  }
  void gluonConstructors() {
    QFETCH(QString, attr);
    QFETCH(QString, shape);
    QFETCH(QString, ctor);
    Shape s;
    for (const QString &p : shape.split('x'))
      s.push_back(p.toLongLong());
    std::string g = exportDesign(design(attr.toStdString(), s), ExportFormat::Gluon);
    QVERIFY2(contains(g, ctor.toStdString()), g.c_str());
  }

  void descriptorNumbers() {
    KernelDescriptor d = describeKernel(design(kBlocked, {64, 64}), {});
    QCOMPARE(d.ctas, 1);
    QCOMPARE(d.threadsPerCta(), 128);
    QCOMPARE(d.registersPerThread, int64_t{32});
    QCOMPARE(d.vectorElements, 4);
    QCOMPARE(d.vectorBytes(), 8);
    QCOMPARE(d.sharedMemoryBytes, int64_t{0});
    QCOMPARE(d.replication, int64_t{1});
    std::string json = descriptorJson(d);
    QVERIFY(contains(json, "\"launch\": {\"ctas\": 1, \"warps_per_cta\": 4, \"lanes_per_warp\": "
                           "32, \"threads_per_cta\": 128}"));
    QVERIFY(contains(json, "\"warp\": {\"coords\": [[2, 0], [4, 0]], \"flat\": [128, 256]}"));
  }
  void descriptorOfSharedLayouts_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<int>("bytes");
    QTest::addColumn<int>("vector");
    QTest::newRow("swizzled") << "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
                                 "order = [1, 0]}>"
                              << 8192 << 8;
    QTest::newRow("padded") << "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>"
                            << (4096 + 127 * 4) * 2 << 8;
    QTest::newRow("two CTAs") << "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
                                 "order = [1, 0], CGALayout = [[1, 0]]}>"
                              << 4096 << 8;
  }
  void descriptorOfSharedLayouts() {
    QFETCH(QString, attr);
    QFETCH(int, bytes);
    QFETCH(int, vector);
    KernelDescriptor d = describeKernel(design(attr.toStdString(), {64, 64}, "f16"), {});
    QCOMPARE(d.sharedMemoryBytes, int64_t{bytes});
    QCOMPARE(d.vectorElements, vector);
    QCOMPARE(d.threadsPerCta(), 128);
    QCOMPARE(d.inverseOffsets.size(), size_t{12});
  }

  // The LS_TABLE block of an exported kernel, as numbers.
  static std::vector<uint32_t> lsTable(const std::string &k) {
    const size_t begin = k.find("// LS_TABLE begin\n");
    const size_t end = k.find("// LS_TABLE end");
    std::vector<uint32_t> out;
    if (begin == std::string::npos || end == std::string::npos ||
        k.find("// LS_TABLE begin", begin + 1) != std::string::npos)
      return out;
    const std::string body = k.substr(k.find('{', begin) + 1, end - k.find('{', begin) - 1);
    uint32_t v = 0;
    bool in = false;
    for (char ch : body) {
      if (ch >= '0' && ch <= '9') {
        v = v * 10 + static_cast<uint32_t>(ch - '0');
        in = true;
      } else if (in) {
        out.push_back(v);
        v = 0;
        in = false;
      }
    }
    return out;
  }

  // Copy kernel: one entry per (warp, lane, register); sizePerThread [1, 2] on
  // 4x16 with lanes [4, 8] puts lane l's registers on elements 2l, 2l + 1.
  void copyKernelTableIsTheOwnershipMap() {
    std::string k = exportDesign(
        design("#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, "
               "1], order = [1, 0]}>",
               {4, 16}, "f32"),
        ExportFormat::Cuda);
    std::vector<uint32_t> t = lsTable(k);
    QCOMPARE(t.size(), size_t{64});
    for (uint32_t i = 0; i < 64; ++i)
      QCOMPARE(t[i], i);
    QVERIFY(contains(k, "constexpr uint32_t kVec = 2u;"));
    QVERIFY(contains(k, "constexpr uint32_t kReplication = 1u;"));
    QVERIFY(contains(k, "predicted global sectors per request 8 (8 sectors / 1 requests"));
    QVERIFY(contains(k, "#include <cuda_runtime.h>\n"));
    // A broadcast layout: 8 locations per element (4x16 tensor, 64x64 layout tile).
    std::string b = exportDesign(design(kBlocked, {4, 16}, "f32"), ExportFormat::Cuda);
    QVERIFY(contains(b, "constexpr uint32_t kReplication = 8u;"));
    std::string h = exportDesign(
        design("#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
               "isTransposed = true}>",
               {64, 64}, "f32"),
        ExportFormat::Hip);
    QVERIFY(contains(h, "#include <hip/hip_runtime.h>\n"));
    QVERIFY(contains(h, "compile-checked only"));
    QVERIFY(contains(h, "constexpr uint32_t kCtas = 1u, kWarps = 4u, kLanes = 64u, kRegs = 16u;"));
  }

  // mma.sync on one warp: the accumulator entries are PTX's m16n8 C fragment
  // (lane l, register r: row l/4 + 8*(r/2), column 2*(l%4) + r%2), and the first
  // A fragment is PTX's m16n8k16 A fragment (a0..a7).
  void mmaKernelTablesAreTheFragments() {
    std::string k = exportDesign(
        design("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], "
               "instrShape = [16, 8]}>",
               {16, 8}, "f32"),
        ExportFormat::Cuda);
    QVERIFY(contains(k, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"));
    QVERIFY(contains(k, "constexpr uint32_t kM = 16u, kN = 8u, kK = 32u;"));
    QVERIFY(contains(k, "constexpr uint32_t kARegs = 16u, kBRegs = 8u, kCRegs = 4u;"));
    std::vector<uint32_t> t = lsTable(k);
    QCOMPARE(t.size(), size_t{32 * 16 + 32 * 8 + 32 * 4});
    const size_t cOff = 32 * 16 + 32 * 8;
    for (uint32_t l = 0; l < 32; ++l)
      for (uint32_t r = 0; r < 4; ++r)
        QCOMPARE(t[cOff + l * 4 + r], (l / 4 + 8 * (r / 2)) * 8 + 2 * (l % 4) + r % 2);
    for (uint32_t l = 0; l < 32; ++l)
      for (uint32_t i = 0; i < 8; ++i) {
        const uint32_t row = l / 4 + 8 * ((i / 2) % 2), col = 2 * (l % 4) + i % 2 + 8 * (i / 4);
        QCOMPARE(t[l * 16 + i], row * 32 + col);
      }
    // kWidth 8 for i8 interleaves two instructions' fragments: the copy kernel, and
    // --kernel mma is an error naming the layout.
    const auto wide = design("#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, "
                             "versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, "
                             "kWidth = 8}>",
                             {64, 32}, "i8");
    QVERIFY(
        exportDesign(wide, ExportFormat::Cuda).rfind("// CUDA copy kernel through a dot_op", 0) ==
        0);
    ExportOptions mmaOnly;
    mmaOnly.kernel = "mma";
    QCOMPARE(errorField(wide, ExportFormat::Cuda, mmaOnly), std::string("layout"));
    QVERIFY(contains(exportDesign(design("#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{"
                                         "versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, "
                                         "2], instrShape = [16, 8]}>, kWidth = 4}>",
                                         {64, 32}, "i8"),
                                  ExportFormat::Cuda),
                     "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"));
  }

  // HIP MFMA 32x32x8 on one wave: the accumulator entries are CDNA's output
  // fragment (lane l, register r: column l % 32, row 8 * (r / 4) + 4 * (l / 32) + r % 4),
  // the first A fragment lane l's row l % 32, k = 4 * (l / 32) + r.
  void mfmaKernelTablesAreTheFragments() {
    std::string k = exportDesign(design("#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], "
                                        "instrShape = [32, 32, 8], isTransposed = false}>",
                                        {32, 32}, "f32"),
                                 ExportFormat::Hip);
    QVERIFY(contains(k, "__builtin_amdgcn_mfma_f32_32x32x8f16(x, y, c, 0, 0, 0)"));
    QVERIFY(contains(k, "compile-checked only"));
    QVERIFY(contains(k, "constexpr uint32_t kM = 32u, kN = 32u, kK = 32u;"));
    std::vector<uint32_t> t = lsTable(k);
    const size_t aRegs = 16, bRegs = 16, cRegs = 16;
    QCOMPARE(t.size(), size_t{64 * (aRegs + bRegs + cRegs)});
    const size_t cOff = 64 * (aRegs + bRegs);
    for (uint32_t l = 0; l < 64; ++l)
      for (uint32_t r = 0; r < 16; ++r)
        QCOMPARE(t[cOff + l * cRegs + r], (8 * (r / 4) + 4 * (l / 32) + r % 4) * 32 + l % 32);
    for (uint32_t l = 0; l < 64; ++l)
      for (uint32_t r = 0; r < 4; ++r)
        QCOMPARE(t[l * aRegs + r], (l % 32) * 32 + 4 * (l / 32) + r);
  }

  // wgmma: A's entries are Triton's 128-byte swizzle (16-byte chunk c of row r
  // holds columns 8 * (c ^ r % 8)...), and the descriptors are PTX's canonical ones.
  void wgmmaKernelTableIsTheSwizzle() {
    std::string k = exportDesign(design("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed "
                                        "= false, elementBitWidth = 16}>",
                                        {64, 64}, "f16"),
                                 ExportFormat::Cuda);
    QVERIFY(contains(k, "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16"));
    QVERIFY(contains(k, "descriptor(aBase + tileStart(k0, m0, 64u, 128u, 128u), 16u, 1024u, "
                        "128u)"));
    QVERIFY(contains(k, "descriptor(bBase + tileStart(n0, k0, 64u, 128u, 128u), 8192u, 1024u, "
                        "128u)"));
    std::vector<uint32_t> t = lsTable(k);
    QCOMPARE(t.size(), size_t{4096 + 4096 + 128 * 32});
    for (uint32_t o = 0; o < 4096; ++o) {
      const uint32_t r = o / 64, c = (o % 64) / 8;
      QCOMPARE(t[o], r * 64 + ((c ^ (r % 8)) * 8) + o % 8);
    }
    QCOMPARE(errorField(design("#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, "
                               "elementBitWidth = 16}>",
                               {64, 64}, "f16"),
                        ExportFormat::Cuda),
             std::string("--shape"));
  }

  // Tensor memory: the kernel's register table (4 warps, the 32x32b access) and
  // its TMEM table against facts from outside this project:
  //  - PTX ISA 8.6, "tcgen05 Matrix fragments" / shape .32x32b: warp w of a
  //    warpgroup accesses TMEM lanes 32*(w%4) .. 32*(w%4)+31, thread t lane
  //    32*(w%4)+t, and register i of .xN the column base + i (one 32-bit column
  //    per register);
  //  - PTX ISA, "Data path layout organization" for M = 128 with cta_group::1:
  //    row i of the matrix is TMEM lane i, and 32-bit element j of the row column j.
  // So thread (w, t) register i holds element (32w + t, i), and TMEM lane l,
  // column c holds element (l, c).
  void tmemKernelTableIsThePtx32x32bAccess() {
    std::string k = exportDesign(
        design("#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>",
               {128, 128}, "f32"),
        ExportFormat::Cuda);
    QVERIFY(contains(k, "tcgen05.st.sync.aligned.32x32b.x1.b32"));
    QVERIFY(contains(k, "tcgen05.ld.sync.aligned.32x32b.x1.b32"));
    QVERIFY(contains(k, "tcgen05.ld.sync.aligned.16x256b.x1.b32"));
    QVERIFY(contains(k, "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32"));
    QVERIFY(contains(k, "COMPILE-CHECKED ONLY"));
    QVERIFY(contains(k, "// LS_ARCHS: sm_100a\n"));
    std::vector<uint32_t> t = lsTable(k);
    QCOMPARE(t.size(), size_t{128 * 128 + 128 * 128});
    for (uint32_t w = 0; w < 4; ++w)
      for (uint32_t l = 0; l < 32; ++l)
        for (uint32_t i = 0; i < 128; ++i)
          QCOMPARE(t[(w * 32 + l) * 128 + i], (32 * w + l) * 128 + i);
    for (uint32_t lane = 0; lane < 128; ++lane)
      for (uint32_t c = 0; c < 128; ++c)
        QCOMPARE(t[128 * 128 + lane * 128 + c], lane * 128 + c);
  }

  // With 8 warps, warps 4..7 reach the same lane quarters as 0..3 (PTX: w % 4),
  // so Triton 3.6's lowering of a 32x32b access gives them the second half of
  // the columns.  The fact comes from Triton itself: the oracle record
  // tmem-extra-11-47 (tests/oracle/data/triton36_tmem_extra11.jsonl, Gluon's
  // get_tmem_reg_layout(f32, [128, 32], TensorMemoryLayout((128, 32), 1), 8,
  // "32x32b") on Triton 3.6.0) has register bases [0, 1] .. [0, 8], lane bases
  // [1, 0] .. [16, 0] and warp bases [32, 0], [64, 0], [0, 16]: thread (w, t)
  // register i holds element (32 (w % 4) + t, 16 (w / 4) + i).
  void tmemKernelEightWarpsSplitColumns() {
    ExportOptions o;
    o.numWarps = 8;
    std::string k = exportDesign(
        design("#ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 1>", {128, 32},
               "f32"),
        ExportFormat::Cuda, o);
    QVERIFY(contains(k, "constexpr uint32_t kRegs = 16u;"));
    QVERIFY(contains(k, "constexpr uint32_t kColBlocks = 2u;"));
    std::vector<uint32_t> t = lsTable(k);
    QCOMPARE(t.size(), size_t{256 * 16 + 128 * 32});
    for (uint32_t w = 0; w < 8; ++w)
      for (uint32_t l = 0; l < 32; ++l)
        for (uint32_t i = 0; i < 16; ++i)
          QCOMPARE(t[(w * 32 + l) * 16 + i], (32 * (w % 4) + l) * 32 + 16 * (w / 4) + i);
    // TMEM (M = 128 data path): lane l, column c holds element (l, c).
    for (uint32_t lane = 0; lane < 128; ++lane)
      for (uint32_t c = 0; c < 32; ++c)
        QCOMPARE(t[256 * 16 + lane * 32 + c], lane * 32 + c);
    // Designs the kernel does not take are errors, not broken files.
    ExportOptions copy;
    copy.kernel = "copy";
    QCOMPARE(errorField(design("#ttng.tensor_memory_encoding<blockM = 128, blockN = 32, "
                               "colStride = 1>",
                               {128, 32}, "f32"),
                        ExportFormat::Cuda, copy),
             std::string("--kernel"));
    QCOMPARE(errorField(design("#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, "
                               "colStride = 1>",
                               {128, 128}, "f16"),
                        ExportFormat::Cuda),
             std::string("--dtype"));
    QCOMPARE(errorField(design("#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, "
                               "colStride = 1>",
                               {64, 64}, "f32"),
                        ExportFormat::Cuda),
             std::string("layout"));
    QCOMPARE(errorField(design("#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, "
                               "colStride = 1>",
                               {128, 128}, "f32"),
                        ExportFormat::Hip),
             std::string("--format"));
  }

  // RDNA3 WMMA (wave32, v_wmma_f32_16x16x16_f16), against AMD's own
  // description: the "RDNA3 Instruction Set Architecture" guide, section 7.9
  // (Wave Matrix Multiply Accumulate), and AMD GPUOpen's "How to accelerate AI
  // applications on RDNA 3 using WMMA" (gpuopen.com/learn/wmma_on_rdna3/, its
  // Hello World kernel): lane l holds A row l % 16 with K = 0..15 in its 16
  // halves and B column l % 16 likewise (lanes 16..31 repeat lanes 0..15); the
  // f32 C/D sits in 8 VGPRs, lane l VGPR i holding row 2 i + l / 16, column
  // l % 16.  One wave, a 16x16 tile, K = 32 (two instructions: registers
  // 16..31 are K 16..31).
  void wmmaKernelTablesAreTheRdna3Fragments() {
    std::string k = exportDesign(
        design("#ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 1]}>", {16, 16},
               "f32"),
        ExportFormat::Hip);
    QVERIFY(contains(k, "c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(x, y, c);"));
    QVERIFY(contains(k, "compile-checked only"));
    QVERIFY(contains(k, "constexpr uint32_t kM = 16u, kN = 16u, kK = 32u;"));
    std::vector<uint32_t> t = lsTable(k);
    const uint32_t aRegs = 32, bRegs = 32, cRegs = 8;
    QCOMPARE(t.size(), size_t{32 * (aRegs + bRegs + cRegs)});
    const uint32_t bOff = 32 * aRegs, cOff = bOff + 32 * bRegs;
    for (uint32_t l = 0; l < 32; ++l) {
      for (uint32_t r = 0; r < 32; ++r) {
        QCOMPARE(t[l * aRegs + r], (l % 16) * 32 + r);      // A (M x K = 16 x 32)
        QCOMPARE(t[bOff + l * bRegs + r], r * 16 + l % 16); // B (K x N = 32 x 16)
      }
      for (uint32_t i = 0; i < 8; ++i)
        QCOMPARE(t[cOff + l * cRegs + i], (2 * i + l / 16) * 16 + l % 16);
    }
    // Version 2 (gfx12) has no builtin in Debian's hipcc: an error with --kernel
    // mma, the copy kernel by default.
    ExportOptions mma;
    mma.kernel = "mma";
    auto v2 = design("#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>",
                     {32, 32}, "f32");
    QCOMPARE(errorField(v2, ExportFormat::Hip, mma), std::string("layout"));
    QVERIFY(contains(exportDesign(v2, ExportFormat::Hip), "HIP copy kernel"));
  }

  // Bad designs get an error naming the field, never a broken file.
  void badDesignsAreErrors_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<int>("format");
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("field");
    const int cuda = static_cast<int>(ExportFormat::Cuda);
    const int hip = static_cast<int>(ExportFormat::Hip);
    const int module = static_cast<int>(ExportFormat::Module);
    QTest::newRow("too many elements for a kernel") << kBlocked << "8192x4096"
                                                    << "f16" << cuda << ""
                                                    << "--shape";
    QTest::newRow("too many threads") << "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = "
                                         "[1, 32], warpsPerCTA = [64, 1], order = [1, 0]}>"
                                      << "64x64"
                                      << "f16" << cuda << ""
                                      << "layout";
    QTest::newRow("padded shared: no cuda kernel")
        << "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>"
        << "64x64"
        << "f16" << cuda << ""
        << "layout";
    QTest::newRow("ldmatrix needs 16-byte rows")
        << "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>"
        << "64x32"
        << "f16" << cuda << ""
        << "layout";
    QTest::newRow("shared: no hip kernel") << "#ttg.swizzled_shared<{vec = 1, perPhase = 1, "
                                              "maxPhase = 1, order = [1, 0]}>"
                                           << "64x64"
                                           << "f32" << hip << ""
                                           << "layout";
    QTest::newRow("wgmma takes 16-bit operands") << "#ttg.nvmma_shared<{swizzlingByteWidth = "
                                                    "32, transposed = false, elementBitWidth = "
                                                    "8}>"
                                                 << "32x32"
                                                 << "i8" << cuda << ""
                                                 << "--dtype";
    QTest::newRow("module too large") << kBlocked << "2048x1024"
                                      << "f16" << module << ""
                                      << "--shape";
    QTest::newRow("32-lane target for 64 lanes") << "#ttg.amd_mfma<{version = 3, warpsPerCTA = "
                                                    "[2, 2], instrShape = [32, 32, 8], "
                                                    "isTransposed = true}>"
                                                 << "64x64"
                                                 << "f32" << module << "cuda:90"
                                                 << "--target";
    QTest::newRow("nvmma width vs dtype") << "#ttg.nvmma_shared<{swizzlingByteWidth = 128, "
                                             "transposed = false, elementBitWidth = 16}>"
                                          << "64x64"
                                          << "f32" << cuda << ""
                                          << "--dtype";
    QTest::newRow("pointer elements") << kBlocked << "64x64"
                                      << "!tt.ptr<f16>" << module << ""
                                      << "--dtype";
    QTest::newRow("wrong rank") << kBlocked << "64"
                                << "f16" << cuda << ""
                                << "shape";
    QTest::newRow("tmem: no hip kernel") << "#ttng.tensor_memory_encoding<blockM = 128, blockN "
                                            "= 128, colStride = 1>"
                                         << "128x128"
                                         << "f32" << hip << ""
                                         << "--format";
    QTest::newRow("tmem kernel: 32-bit elements") << "#ttng.tensor_memory_encoding<blockM = 128, "
                                                     "blockN = 128, colStride = 1>"
                                                  << "128x128"
                                                  << "bf16" << cuda << ""
                                                  << "--dtype";
    QTest::newRow("legacy of a 3.6-only layout")
        << "#ttg.padded_shared<[32:+4] {order = [1, 0], "
           "shape = [64, 64]}>"
        << "64x64"
        << "f16" << static_cast<int>(ExportFormat::Attribute) << "legacy"
        << "padded_shared";
  }
  void badDesignsAreErrors() {
    QFETCH(QString, attr);
    QFETCH(QString, shape);
    QFETCH(QString, dtype);
    QFETCH(int, format);
    QFETCH(QString, options);
    QFETCH(QString, field);
    Shape s;
    for (const QString &p : shape.split('x'))
      s.push_back(p.toLongLong());
    ExportDesign d;
    d.encoding = ir::parseEncoding(attr.toStdString());
    d.shape = s;
    d.element = ir::parseElementType(dtype.toStdString());
    ExportOptions o;
    if (options == "legacy")
      o.syntax = ir::Syntax::Legacy;
    else if (!options.isEmpty())
      o.target = options.toStdString();
    const std::string got = errorField(d, static_cast<ExportFormat>(format), o);
    QVERIFY2(!got.empty(), "the export succeeded");
    QVERIFY2(QString::fromStdString(got).contains(field), got.c_str());
  }
  void numWarpsMustAgreeWithTheLayout() {
    ExportOptions o;
    o.numWarps = 8;
    QCOMPARE(errorField(design(kBlocked, {64, 64}), ExportFormat::Module, o),
             std::string("--num-warps"));
    auto shared = design("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, "
                         "0]}>",
                         {64, 64});
    QCOMPARE(describeKernel(shared, o).warpsPerCta, 8);
    QVERIFY(contains(exportDesign(shared, ExportFormat::Module, o), "\"ttg.num-warps\" = 8 : i32"));
  }
  void tensorMemoryExportsItsAttribute() {
    auto d = design("#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>",
                    {128, 128}, "f32");
    QCOMPARE(exportDesign(d, ExportFormat::Attribute),
             std::string("#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = "
                         "1>\n"));
  }
};

QTEST_GUILESS_MAIN(TestCodegen)
#include "tst_codegen.moc"
