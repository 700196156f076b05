// Gluon constructor text: every Gluon 3.6 layout class read in each spelling
// a program or a repr() uses (keyword, positional, gl./ttgl. prefix,
// constexpr wrapper), printed back in the source and the exact repr form, and
// the round trip attribute -> Gluon -> attribute for every class; errors name
// the Gluon argument and the column.
#include <QtTest>

#include "notation/gluon/gluon_printer.h"
#include "notation/gluon/gluon_reader.h"
#include "notation/layout_input.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

using namespace ls;

namespace {
QString attrOf(const QString &gluon) {
  return QString::fromStdString(
      ir::printEncoding(*notation::readLayoutInput(gluon.toStdString()).encoding));
}
QString gluonOf(const QString &attr, notation::gluon::GluonStyle style) {
  auto g = notation::gluon::printGluon(*ir::parseEncoding(attr.toStdString()), style);
  return g ? QString::fromStdString(g->text) : QStringLiteral("<none>");
}
QString errorOf(const QString &gluon) {
  try {
    notation::readLayoutInput(gluon.toStdString());
  } catch (const Error &e) {
    return QString::fromStdString(e.what());
  }
  return QString();
}
} // namespace

class TestGluon : public QObject {
  Q_OBJECT
private slots:
  // Each spelling of a call reads into the attribute Gluon's _to_ir builds.
  void read_data() {
    QTest::addColumn<QString>("gluon");
    QTest::addColumn<QString>("attr");
    const QString blocked = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], "
                            "warpsPerCTA = [4, 1], order = [1, 0]}>";
    QTest::newRow("repr") << "BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], "
                             "warps_per_cta=[4, 1], order=[1, 0], cga_layout=[])"
                          << blocked;
    QTest::newRow("positional") << "BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])" << blocked;
    QTest::newRow("mixed+gl")
        << "gl.BlockedLayout([1, 4], [4, 8], warps_per_cta=[4, 1], order=[1, 0])" << blocked;
    QTest::newRow("constexpr") << "gl.constexpr(ttgl.BlockedLayout(size_per_thread=[1, 4], "
                                  "threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0],))"
                               << blocked;
    QTest::newRow("tuples+space") << "  ttgl.BlockedLayout((1, 4), (4, 8), (4, 1), (1, 0))\n"
                                  << blocked;
    QTest::newRow("cga")
        << "BlockedLayout(size_per_thread=[1, 1], threads_per_warp=[8, 8], "
           "warps_per_cta=[1, 2], order=[0, 1], cga_layout=[[1, 0], [0, 0], [0, 1]])"
        << "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = "
           "[1, 2], order = [0, 1], CGALayout = [[1, 0], [0, 0], [0, 1]]}>";
    QTest::newRow("slice")
        << "SliceLayout(1, NVMMADistributedLayout([3, 0], [4, 1], [16, 64, 16]))"
        << "#ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, "
           "versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>}>";
    QTest::newRow("dot")
        << "DotOperandLayout(operand_index=1, parent=NVMMADistributedLayout(version=[2, 0], "
           "warps_per_cta=[2, 2], instr_shape=[16, 8], cga_layout=[]), k_width=4)"
        << "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, "
           "versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 4}>";
    QTest::newRow("mfma")
        << "AMDMFMALayout(version=3, instr_shape=[32, 32, 8], transposed=False, "
           "warps_per_cta=[4, 1], element_bitwidth=64, tiles_per_warp=[2, 1], "
           "cga_layout=[[0, 1]])"
        << "#ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], "
           "isTransposed = false, CGALayout = [[0, 1]], tilesPerWarp = [2, 1], "
           "elementBitWidth = 64}>";
    QTest::newRow("wmma")
        << "AMDWMMALayout(3, True, [4, 2], [16, 16, 64])"
        << "#ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [4, 2], "
           "instrShape = [16, 16, 64]}>";
    QTest::newRow("linear")
        << "DistributedLinearLayout(reg_bases=[[1]], lane_bases=[[16], [4], [8], [0], [2]], "
           "warp_bases=[], block_bases=[], shape=[32])"
        << "#ttg.linear<{register = [[1]], lane = [[16], [4], [8], [0], [2]], warp = [], "
           "block = []}>";
    QTest::newRow("swizzled")
        << "SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0], cga_layout=[])"
        << "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>";
    QTest::newRow("nvmma")
        << "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2, "
           "transposed=False, fp4_padded=False, cga_layout=[])"
        << "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
           "elementBitWidth = 16}>";
    QTest::newRow("nvmma3") << "gl.NVMMASharedLayout(128, 16, 3)"
                            << "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                               "elementBitWidth = 16, rank = 3}>";
    QTest::newRow("nvmma-cga") << "NVMMASharedLayout(32, 32, 2, False, False, [[1, 0]])"
                               << "#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, "
                                  "elementBitWidth = 32, CGALayout = [[1, 0]]}>";
    QTest::newRow("shared-linear")
        << "SharedLinearLayout(offset_bases=[[0, 1], [1, 0]], block_bases=[[2, 0]], "
           "alignment=128)"
        << "#ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [[2, 0]]}, "
           "alignment = 128>";
    QTest::newRow("padded")
        << "PaddedSharedLayout(interval_padding_pairs=[[4, 1]], offset_bases=[[1, 0], "
           "[0, 1], [0, 2], [2, 0]], cga_layout=[], shape=[4, 4])"
        << "#ttg.padded_shared<[4:+1] {offset = [[1, 0], [0, 1], [0, 2], [2, 0]], "
           "block = []}>";
    QTest::newRow("tmem")
        << "TensorMemoryLayout(block=(64, 64), col_stride=2, cta_split_num=(2, 2), "
           "two_ctas=True)"
        << "#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 2, "
           "CTASplitM = 2, CTASplitN = 2, twoCTAs = true>";
    QTest::newRow("tmem-repr")
        << "TensorMemoryLayout(block=(128, 128), col_stride=1, cta_split_num=None, "
           "two_ctas=False)"
        << "#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>";
    QTest::newRow("tmem-scales") << "TensorMemoryScalesLayout(cta_split_num=(1, 2))"
                                 << "#ttng.tensor_memory_scales_encoding<CTASplitN = 2>";
    QTest::newRow("tmem-scales-none") << "TensorMemoryScalesLayout()"
                                      << "#ttng.tensor_memory_scales_encoding<>";
  }
  void read() {
    QFETCH(QString, gluon);
    QFETCH(QString, attr);
    QCOMPARE(notation::detectNotation(gluon.toStdString()), notation::Notation::Gluon);
    QCOMPARE(attrOf(gluon), attr);
  }

  // attribute -> Gluon (both forms) -> attribute is the identity, and the repr
  // form is byte for byte what Gluon 3.6 prints.
  void roundTrip_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("repr");
    QTest::newRow("blocked")
        << "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = "
           "[4, 1], order = [1, 0]}>"
        << "BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], "
           "warps_per_cta=[4, 1], order=[1, 0], cga_layout=[])";
    QTest::newRow("dot-mma")
        << "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, "
           "versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>"
        << "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, "
           "0], warps_per_cta=[4, 1], instr_shape=[16, 8], cga_layout=[]), k_width=2)";
    QTest::newRow("swizzled")
        << "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"
        << "SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0], "
           "cga_layout=[])";
    QTest::newRow("nvmma-fp4")
        << "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, "
           "elementBitWidth = 8, fp4Padded = true}>"
        << "NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth=8, rank=2, "
           "transposed=True, fp4_padded=True, cga_layout=[])";
    QTest::newRow("shared-linear")
        << "#ttg.shared_linear<{offset = [[0, 1], [1, 1], [2, 0], [0, 2]]}, "
           "alignment = 16>"
        << "SharedLinearLayout(offset_bases=[[0, 1], [1, 1], [2, 0], [0, 2]], "
           "block_bases=[], alignment=16)";
    QTest::newRow("padded")
        << "#ttg.padded_shared<[4:+1] {offset = [[1, 0], [0, 1], [0, 2], [2, 0]], "
           "block = []}>"
        << "PaddedSharedLayout(interval_padding_pairs=[[4, 1]], offset_bases=[[1, 0], "
           "[0, 1], [0, 2], [2, 0]], block_bases=[], shape=[4, 4])"; // as Gluon 3.6's repr prints it
    QTest::newRow("tmem")
        << "#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 2, "
           "CTASplitM = 2, CTASplitN = 2, twoCTAs = true>"
        << "TensorMemoryLayout(block=(64, 64), col_stride=2, cta_split_num=(2, 2), "
           "two_ctas=True)";
    QTest::newRow("wmma")
        << "#ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [1, 1], "
           "instrShape = [16, 16, 32]}>"
        << "AMDWMMALayout(version=3, transposed=True, warps_per_cta=[1, 1], "
           "instr_shape=[16, 16, 32], tiles_per_warp=[1, 1], cga_layout=[])";
  }
  void roundTrip() {
    QFETCH(QString, attr);
    QFETCH(QString, repr);
    QCOMPARE(gluonOf(attr, notation::gluon::GluonStyle::Repr), repr);
    QCOMPARE(attrOf(repr), attr);
    const QString source = gluonOf(attr, notation::gluon::GluonStyle::Source);
    QVERIFY(source.startsWith("ttgl.") || source.startsWith("AMD"));
    QCOMPARE(attrOf(source), attr);
  }

  void noGluonClass() {
    QCOMPARE(
        gluonOf("#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
                notation::gluon::GluonStyle::Source),
        QStringLiteral("<none>"));
  }

  // CuTe's printed swizzle `Sw<B,M,S> o ...` is CuTe without `cute:`.
  void detectsCutePrintedSwizzle() {
    QCOMPARE(notation::detectNotation("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"),
             notation::Notation::Cute);
    const ir::LayoutInput in =
        notation::readLayoutInput("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
    QCOMPARE(QString::fromStdString(ir::printEncoding(*in.encoding)),
             QString("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                     "elementBitWidth = 16}>"));
  }

  void errors_data() {
    QTest::addColumn<QString>("gluon");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown-arg") << "BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0], foo=3)"
                                 << "--layout: 1:51: BlockedLayout has no argument 'foo'";
    QTest::newRow("twice") << "BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0], order=[0, 1])"
                           << "--layout: 1:53: BlockedLayout: argument 'order' given twice";
    QTest::newRow("missing") << "BlockedLayout([1, 4], [4, 8])"
                             << "--layout: BlockedLayout: argument 'warps_per_cta' is required";
    QTest::newRow("class") << "gl.FancyLayout(1)"
                           << "--layout: 1:1: 'gl.FancyLayout' is not a Gluon 3.6 layout class";
    QTest::newRow("positional-after-kw")
        << "SliceLayout(dim=0, BlockedLayout([1], [32], [1], [0]))"
        << "--layout: 1:20: a positional argument follows a keyword argument";
    QTest::newRow("unclosed") << "BlockedLayout([1, 4], [4, 8]"
                              << "--layout: 1:29: expected ')'";
    QTest::newRow("rule")
        << "BlockedLayout([1, 3], [4, 8], [4, 1], [1, 0])"
        << "--layout: size_per_thread: entries must be powers of two (up to 2^20), got [1, 3]";
    QTest::newRow("scalar") << "SwizzledSharedLayout([8], 1, 8, [1, 0])"
                            << "--layout: 1:22: SwizzledSharedLayout: 'vec' must be a single value";
    QTest::newRow("version")
        << "NVMMADistributedLayout(2, [4, 1], [16, 8])"
        << "--layout: 1:24: NVMMADistributedLayout: 'version' must be [major, minor]";
    // Gluon before 3.6: the CTA split as three lists.
    QTest::newRow("ctas_per_cga")
        << "BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0], ctas_per_cga=[1, 1])"
        << "--layout: 1:60: BlockedLayout has no argument 'ctas_per_cga': Gluon 3.6 replaced "
           "ctas_per_cga, cta_split_num and cta_order with cga_layout (the CTA bases; one CTA: "
           "leave it out)";
    // Text pasted from a document: the character named, and the ASCII meant.
    QTest::newRow("full-width comma")
        << QString::fromUtf8("gl.BlockedLayout([1\uFF0C4], [4, 8], [4, 1], [1, 0])")
        << QString::fromUtf8("--layout: 1:20: U+FF0C '\uFF0C' is not ASCII (layout text is "
                             "ASCII: use ',')");
    QTest::newRow("cute full-width digit")
        << QString::fromUtf8("cute:((\uFF14,8),(2,2)):((32,1),(16,8))")
        << QString::fromUtf8("--layout: 1:8: U+FF14 '\uFF14' is not ASCII (layout text is "
                             "ASCII: use '4')");
    QTest::newRow("cute stray byte") << QString::fromLatin1("cute:Swizzle<3,3,3> o (8,64):(64,1)\xE9")
                                     << QString::fromUtf8("--layout: 1:36: U+00E9 '\u00E9' is not "
                                                          "ASCII (layout text is ASCII)");
    // Columns count in the text as given: `cute:` and blanks in front.
    QTest::newRow("cute column") << "  cute:Swizzle<3,3,3> o (8,64):(x64,1)"
                                 << "--layout: 1:33: expected an integer or '('";
    QTest::newRow("gluon column") << "  BlockedLayout([1, 4], [4, 8]"
                                  << "--layout: 1:31: expected ')'";
    // Text over several lines (a Gluon constructor pasted from a kernel):
    // the line and the column in it.
    QTest::newRow("gluon lines") << "BlockedLayout(\n    size_per_thread=[1, 4],\n"
                                    "    threads_per_warp=[8, 4x],\n    warps_per_cta=[4, 1],\n"
                                    "    order=[1, 0])"
                                 << "--layout: 3:27: expected ']'";
    QTest::newRow("gluon lines argument")
        << "  gl.BlockedLayout(size_per_thread=[1, 4],\n\tthreads_per_warp=[8, 4],\n"
           "\twarps_per_cta=[4, 1], order=[1, 0], bogus=1)"
        << "--layout: 3:44: BlockedLayout has no argument 'bogus'";
    QTest::newRow("cute lines") << "cute:Swizzle<3,3,3> o\n    (8,64):(x64,1)"
                                << "--layout: 2:13: expected an integer or '('";
    QTest::newRow("not ascii lines")
        << QString::fromUtf8("BlockedLayout([1, 4],\n  [4\uFF0C8], [4, 1], [1, 0])")
        << QString::fromUtf8("--layout: 2:5: U+FF0C '\uFF0C' is not ASCII (layout text is "
                             "ASCII: use ',')");
  }
  void errors() {
    QFETCH(QString, gluon);
    QFETCH(QString, message);
    QCOMPARE(errorOf(gluon), message);
  }
};

QTEST_GUILESS_MAIN(TestGluon)
#include "tst_gluon.moc"
