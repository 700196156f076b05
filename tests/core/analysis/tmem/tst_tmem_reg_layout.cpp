// Gluon 3.6's layout helpers for Blackwell: get_tmem_reg_layout (every
// instruction variant, f32/f16/bf16/f8, 4/8/16 warps; rows copied from cases
// Gluon itself computed, tests/oracle/data/triton36_tmem_*.jsonl), its
// errors, the instruction atoms (Triton's getTileLayout), the default load
// layout, the tcgen05 instruction shape and NVMMASharedLayout.get_default_for.
#include <QtTest>

#include "analysis/tmem/nvmma_default.h"
#include "analysis/tmem/tcgen05_mma.h"
#include "analysis/tmem/tmem_reg_layout.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "tmem_test_util.h"
#include "util/error.h"

using namespace ls;

namespace {

TmemRegRequest request(int blockM, int blockN, int colStride, qint64 m, qint64 n,
                       const QString &dtype, int warps, const QString &variant) {
  TmemRegRequest r;
  r.layout = ir::parseEncoding("#ttng.tensor_memory_encoding<blockM = " + std::to_string(blockM) +
                               ", blockN = " + std::to_string(blockN) +
                               ", colStride = " + std::to_string(colStride) + ">");
  r.shape = {m, n};
  r.bitwidth = ir::parseElementType(dtype.toStdString()).bits;
  r.numWarps = warps;
  r.variant = parseTmemVariant(variant.toStdString());
  return r;
}

// The columns of a data-driven tmemRegLayout request, and the request a row
// of them gives.
void addRequestColumns() {
    QTest::addColumn<int>("blockM");
    QTest::addColumn<int>("blockN");
    QTest::addColumn<int>("colStride");
    QTest::addColumn<qint64>("m");
    QTest::addColumn<qint64>("n");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<int>("warps");
    QTest::addColumn<QString>("variant");
}

TmemRegRequest fetchedRequest() {
    QFETCH(int, blockM);
    QFETCH(int, blockN);
    QFETCH(int, colStride);
    QFETCH(qint64, m);
    QFETCH(qint64, n);
    QFETCH(QString, dtype);
    QFETCH(int, warps);
    QFETCH(QString, variant);
  return request(blockM, blockN, colStride, m, n, dtype, warps, variant);
}

QString errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const Error &e) {
    return QString::fromStdString(e.rule());
  }
  return {};
}

} // namespace

class TestTmemRegLayout : public QObject {
  Q_OBJECT
private slots:
  void matchesGluon_data() {
    addRequestColumns();
    QTest::addColumn<QString>("bases");
    auto row = [](const char *id, int bm, int bn, int cs, qint64 m, qint64 n, const char *dt,
                  int nw, const char *v, const char *bases) {
      QTest::newRow(id) << bm << bn << cs << m << n << QString(dt) << nw << QString(v)
                        << QString(bases);
    };
    row("tmem-1-152", 64, 64, 1, 128, 256, "f8", 4, "16x256b",
        "register=[[0, 1], [0, 2], [0, 4], [8, 0], [0, 32], [0, 64], [0, 128], [64, 0]] lane=[[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]] warp=[[16, 0], [32, 0]] block=[]");
    row("tmem-1-119", 128, 16, 4, 256, 16, "f8", 8, "16x256b",
        "register=[[0, 1], [8, 0], [0, 8], [128, 0]] lane=[[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]] warp=[[32, 0], [64, 0], [16, 0]] block=[]");
    row("tmem-1-95", 64, 32, 1, 256, 32, "bf16", 4, "16x256b",
        "register=[[0, 1], [0, 2], [8, 0], [0, 16], [128, 0], [64, 0]] lane=[[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]] warp=[[16, 0], [32, 0]] block=[]");
    row("tmem-1-158", 64, 128, 1, 128, 256, "f16", 16, "16x256b",
        "register=[[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [0, 64]] lane=[[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]] warp=[[16, 0], [32, 0], [64, 0], [0, 128]] block=[]");
    row("tmem-1-1", 64, 32, 1, 128, 32, "bf16", 4, "32x32b",
        "register=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]] lane=[[1, 0], [2, 0], [4, 0], [8, 0], [64, 0]] warp=[[16, 0], [32, 0]] block=[]");
    row("tmem-1-82", 64, 32, 1, 64, 128, "f32", 8, "32x32b",
        "register=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]] lane=[[1, 0], [2, 0], [4, 0], [8, 0], [0, 32]] warp=[[16, 0], [32, 0], [0, 64]] block=[]");
    row("tmem-7-34", 128, 64, 4, 128, 256, "f8", 4, "32x32b",
        "register=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]] lane=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]] warp=[[32, 0], [64, 0]] block=[]");
    row("tmem-1-46", 128, 64, 1, 128, 256, "f32", 4, "32x32b",
        "register=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]] lane=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]] warp=[[32, 0], [64, 0]] block=[]");
    row("tmem-7-33", 64, 32, 1, 128, 128, "bf16", 8, "32x32b_splitn",
        "register=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 64]] lane=[[1, 0], [2, 0], [4, 0], [8, 0], [64, 0]] warp=[[16, 0], [32, 0], [0, 32]] block=[]");
    row("tmem-1-48", 128, 256, 2, 128, 256, "bf16", 4, "32x32b_splitn",
        "register=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]] lane=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]] warp=[[32, 0], [64, 0]] block=[]");
    row("tmem-1-16", 64, 256, 2, 256, 256, "f16", 16, "32x32b_splitn",
        "register=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 128]] lane=[[1, 0], [2, 0], [4, 0], [8, 0], [64, 0]] warp=[[16, 0], [32, 0], [0, 64], [128, 0]] block=[]");
    row("tmem-1-231", 128, 16, 1, 128, 64, "f32", 4, "32x32b_splitn",
        "register=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]] lane=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]] warp=[[32, 0], [64, 0]] block=[]");
    row("tmem-1-207", 128, 16, 1, 256, 32, "bf16", 16, "16x64b",
        "register=[[0, 1], [0, 4], [0, 8], [128, 0]] lane=[[8, 0], [0, 2], [1, 0], [2, 0], [4, 0]] warp=[[32, 0], [64, 0], [16, 0], [0, 16]] block=[]");
    row("tmem-1-75", 128, 32, 2, 128, 64, "f16", 16, "16x64b",
        "register=[[0, 1], [0, 4], [0, 8], [0, 16]] lane=[[8, 0], [0, 2], [1, 0], [2, 0], [4, 0]] warp=[[32, 0], [64, 0], [16, 0], [0, 32]] block=[]");
    row("tmem-7-81", 64, 32, 2, 64, 32, "f16", 8, "16x64b",
        "register=[[0, 1], [0, 4], [0, 8]] lane=[[8, 0], [0, 2], [1, 0], [2, 0], [4, 0]] warp=[[16, 0], [32, 0], [0, 16]] block=[]");
    row("tmem-1-43", 128, 32, 1, 128, 64, "f16", 16, "16x64b",
        "register=[[0, 1], [0, 4], [0, 8], [0, 16]] lane=[[8, 0], [0, 2], [1, 0], [2, 0], [4, 0]] warp=[[32, 0], [64, 0], [16, 0], [0, 32]] block=[]");
    row("tmem-1-39", 64, 32, 1, 64, 32, "f16", 8, "16x128b",
        "register=[[0, 1], [8, 0], [0, 8]] lane=[[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]] warp=[[16, 0], [32, 0], [0, 16]] block=[]");
    row("tmem-7-114", 64, 64, 2, 256, 256, "bf16", 8, "16x128b",
        "register=[[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [128, 0], [0, 64], [0, 128]] lane=[[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]] warp=[[16, 0], [32, 0], [64, 0]] block=[]");
    row("tmem-7-18", 128, 32, 4, 128, 32, "f8", 4, "16x128b",
        "register=[[8, 0], [0, 4], [0, 8], [0, 16], [16, 0]] lane=[[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]] warp=[[32, 0], [64, 0]] block=[]");
    row("tmem-7-94", 64, 32, 2, 256, 32, "f16", 4, "16x128b",
        "register=[[0, 1], [8, 0], [0, 8], [0, 16], [128, 0], [64, 0]] lane=[[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]] warp=[[16, 0], [32, 0]] block=[]");
    // Derived from Gluon's source (no oracle case reaches it): one register,
    // so splitn moves the last lane basis into a register.
    row("splitn one register", 64, 1, 1, 64, 2, "f32", 4, "32x32b_splitn",
        "register=[[0, 1]] lane=[[1, 0], [2, 0], [4, 0], [8, 0], [0, 0]] warp=[[16, 0], [32, 0]] block=[]");
  }
  void matchesGluon() {
    QFETCH(QString, bases);
    const TmemRegRequest r = fetchedRequest();
    LinearLayout ll = tmemRegLayout(r);
    QCOMPARE(tmemtest::layoutText(ll), bases);
    QCOMPARE(ll.getOutDimSize("dim0"), int32_t(r.shape[0]));
    QCOMPARE(ll.getOutDimSize("dim1"), int32_t(r.shape[1]));
  }

  void rejectsLikeGluon_data() {
    addRequestColumns();
    QTest::addColumn<QString>("message");
    auto row = [](const char *id, int bm, int bn, int cs, qint64 m, qint64 n, const char *dt,
                  int nw, const char *v, const char *msg) {
      QTest::newRow(id) << bm << bn << cs << m << n << QString(dt) << nw << QString(v) << QString(msg);
    };
    row("tmem-1-3", 128, 16, 1, 128, 32, "f32", 16, "16x32bx2",
        "Atom 16x32bx2 is inferred implicitly and cannot be requested explicitly");
    row("tmem-7-28", 64, 16, 1, 64, 32, "f8", 4, "16x256b",
        "TMEM layout '16x256b' unsupported for shape [64, 32] and num_warps 4");
    row("tmem-7-214", 64, 16, 1, 64, 16, "f8", 16, "16x256b",
        "TMEM layout '16x256b' unsupported for shape [64, 16] and num_warps 16");
    row("tmem-7-16", 64, 16, 4, 64, 16, "f8", 16, "32x32b_splitn",
        "To be able to `tmem.load` into `tl.split` you need to have more than 4 8-bit registers, "
        "as you need to use the instruction 32x32b.x1 twice. You can always load into "
        "instr_variant=\"32x32b\" and then convert_layout to this layout otherwise.");
    row("tmem-1-61", 128, 16, 1, 256, 16, "f32", 4, "32x32b_splitn",
        "splitn requires at least one basis of [0, N / 2]. Got TensorMemoryLayout(block=(128, 16), "
        "col_stride=1, cta_split_num=None, two_ctas=False)");
    row("splitn one register, wrong lane", 128, 1, 1, 128, 1, "f32", 4, "32x32b_splitn",
        "splitn with 1 register requires the last lane basis to be [0, N / 2]. Got "
        "DistributedLinearLayout(reg_bases=[], lane_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], "
        "warp_bases=[[32, 0], [64, 0]], block_bases=[], shape=[128, 1])");
    row("num_warps", 128, 64, 1, 128, 64, "f32", 6, "32x32b",
        "num_warps must be a power of two and >= 4");
    row("num_warps 2", 128, 64, 1, 128, 64, "f32", 2, "32x32b",
        "num_warps must be a power of two and >= 4");
    row("memdesc", 128, 64, 2, 128, 64, "f32", 4, "32x32b",
        "bitwidth * colStride must be less than or equal to 32. Got 32 and 2");
  }
  void rejectsLikeGluon() {
    QFETCH(QString, message);
    const TmemRegRequest r = fetchedRequest();
    QCOMPARE(errorOf([&] { tmemRegLayout(r); }), message);
  }

  void unknownVariant() {
    QCOMPARE(errorOf([] { parseTmemVariant("32x64b"); }),
             QString("unknown instr_variant: 32x64b (expected 32x32b, 16x64b, 16x128b, 16x256b or "
                     "32x32b_splitn)"));
    QCOMPARE(parseTmemVariant("16x32bx2"), TmemVariant::I16x32bx2);
  }

  // Triton's getTileLayout: one warp's (register, lane) -> (row, 32-bit column).
  void atomTiles_data() {
    QTest::addColumn<int>("atom");
    QTest::addColumn<QString>("bases");
    QTest::newRow("32x32b") << int(TmemAtom::I32x32b)
        << "register=[] lane=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]";
    QTest::newRow("16x32bx2") << int(TmemAtom::I16x32bx2)
        << "register=[] lane=[[1, 0], [2, 0], [4, 0], [8, 0]]";
    QTest::newRow("16x64b") << int(TmemAtom::I16x64b)
        << "register=[] lane=[[8, 0], [0, 1], [1, 0], [2, 0], [4, 0]]";
    QTest::newRow("16x128b") << int(TmemAtom::I16x128b)
        << "register=[[8, 0]] lane=[[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]]";
    QTest::newRow("16x256b") << int(TmemAtom::I16x256b)
        << "register=[[0, 1], [8, 0]] lane=[[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]";
  }
  void atomTiles() {
    QFETCH(int, atom);
    QFETCH(QString, bases);
    QCOMPARE(tmemtest::layoutText(tmemAtomTile(TmemAtom(atom), false, false)), bases);
  }

  void atomTileWithWarps() {
    LinearLayout t = tmemAtomTile(TmemAtom::I16x256b, false, true);
    QCOMPARE(tmemtest::basesText(t, "warp"), QString("[[32, 0], [64, 0]]"));
    QCOMPARE(t.getOutDimSize("row"), 128);
    QCOMPARE(t.getOutDimSize("col"), 8);
  }

  // getDefaultLayoutForTmemLdSt: 32x32b; 16x256b when preferred and possible.
  void defaultLayout() {
    TmemRegRequest r = request(128, 128, 1, 128, 128, "f32", 4, "32x32b");
    QCOMPARE(tmemtest::layoutText(tmemDefaultRegLayout(r)), tmemtest::layoutText(tmemRegLayout(r)));
    TmemRegRequest r256 = request(128, 128, 1, 128, 128, "f32", 4, "16x256b");
    QCOMPARE(tmemtest::layoutText(tmemDefaultRegLayout(r, /*prefer16x256=*/true)),
             tmemtest::layoutText(tmemRegLayout(r256)));
    // 16x256b does not fit 64x16 f8 with 16 warps: the default falls back to 32x32b.
    TmemRegRequest small = request(64, 16, 1, 64, 16, "f8", 16, "32x32b");
    QCOMPARE(tmemtest::layoutText(tmemDefaultRegLayout(small, true)),
             tmemtest::layoutText(tmemRegLayout(small)));
  }

  void cgaLayoutDividesTheCtaSplit() {
    TmemRegRequest r;
    r.layout = ir::parseEncoding(
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitN = 2>");
    r.shape = {128, 128};
    r.cgaBases = {{0, 1}};
    QCOMPARE(tmemtest::layoutText(tmemRegLayout(r)),
             QString("register=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]] "
                     "lane=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]] warp=[[32, 0], [64, 0]] "
                     "block=[[0, 64]]"));
    r.cgaBases = {{0, 3}};
    QVERIFY(errorOf([&] { tmemRegLayout(r); }).contains("surjective"));
  }

  void gluonReprs() {
    auto enc = ir::parseEncoding("#ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = "
                                 "2, CTASplitM = 2, twoCTAs = true>");
    QCOMPARE(QString::fromStdString(gluonTmemLayoutRepr(*enc)),
             QString("TensorMemoryLayout(block=(64, 32), col_stride=2, cta_split_num=(2, 1), "
                     "two_ctas=True)"));
    QCOMPARE(QString::fromStdString(
                 gluonTmemLayoutRepr(*ir::parseEncoding("#ttng.tensor_memory_scales_encoding<>"))),
             QString("TensorMemoryScalesLayout(cta_split_num=None)"));
  }

  // mmaVersionToInstrShape(5, ...).
  void tcgen05InstrShape_data() {
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("cols");
    QTest::addColumn<int>("bits");
    QTest::addColumn<QString>("mnk");
    QTest::newRow("256x512 f16") << 256ll << 512ll << 16 << "128x256x16";
    QTest::newRow("128x128 f16") << 128ll << 128ll << 16 << "128x128x16";
    QTest::newRow("64x32 f8") << 64ll << 32ll << 8 << "64x32x32";
    QTest::newRow("128x64 tf32") << 128ll << 64ll << 32 << "128x64x8";
  }
  void tcgen05InstrShape() {
    QFETCH(qint64, rows);
    QFETCH(qint64, cols);
    QFETCH(int, bits);
    QFETCH(QString, mnk);
    Tcgen05InstrShape s = ls::tcgen05InstrShape(rows, cols, bits);
    QCOMPARE(QString("%1x%2x%3").arg(s.m).arg(s.n).arg(s.k), mnk);
  }

  void tcgen05Suggestion() {
    Tcgen05Request r;
    r.m = 256;
    r.n = 128;
    r.k = 64;
    r.operandBits = 16;
    r.accBits = 32;
    r.numWarps = 8;
    Tcgen05Suggestion s = suggestTcgen05(r);
    QCOMPARE(QString::fromStdString(ir::printEncoding(s.accumulator)),
             QString("#ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>"));
    QCOMPARE(QString::fromStdString(ir::printEncoding(s.aShared)),
             QString("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                     "elementBitWidth = 16}>"));
    QCOMPARE(tmemtest::layoutText(s.accRegisters),
             QString("register=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]] "
                     "lane=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]] "
                     "warp=[[32, 0], [64, 0], [128, 0]] block=[]"));
    r.accBits = 16;
    QCOMPARE(suggestTcgen05(r).accumulator.colStride, 2u);
    r.m = 128;
    r.n = 8;
    QCOMPARE(errorOf([&] { suggestTcgen05(r); }),
             QString("tcgen05.mma with M = 128 needs N >= 16 (PTX), got 8"));
    r.n = 128;
    r.k = 8;
    QVERIFY(errorOf([&] { suggestTcgen05(r); }).startsWith("the tile's K must be"));
  }

  // NVMMASharedLayout.get_default_for; rows copied from Gluon's answers.
  void nvmmaDefault_data() {
    QTest::addColumn<qint64>("m");
    QTest::addColumn<qint64>("n");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<bool>("transposed");
    QTest::addColumn<int>("swizzle");
    auto row = [](const char *id, qint64 m, qint64 n, const char *dt, bool tr, int sw) {
      QTest::newRow(id) << m << n << QString(dt) << tr << sw;
    };
    row("nvmma-default-7-0", 64, 64, "f32", false, 128);
    row("nvmma-default-7-1", 64, 32, "f8", false, 32);
    row("nvmma-default-7-2", 256, 128, "f16", true, 128);
    row("nvmma-default-7-6", 32, 16, "f32", false, 64);
    row("nvmma-default-7-12", 32, 128, "f8", true, 32);
    row("nvmma-default-7-19", 256, 8, "f8", false, 0);
    row("nvmma-default-7-20", 16, 16, "f32", true, 64);
    row("nvmma-default-7-34", 128, 8, "f8", true, 128);
    row("nvmma-default-7-95", 16, 64, "f8", true, 0);
    row("fewer than 8 rows", 4, 64, "f16", false, 0);
  }
  void nvmmaDefault() {
    QFETCH(qint64, m);
    QFETCH(qint64, n);
    QFETCH(QString, dtype);
    QFETCH(bool, transposed);
    QFETCH(int, swizzle);
    NvmmaDefaultRequest r;
    r.blockShape = {m, n};
    r.bitwidth = ir::parseElementType(dtype.toStdString()).bits;
    r.transposed = transposed;
    NvmmaSharedEncoding e = nvmmaDefaultLayout(r);
    QCOMPARE(int(e.swizzlingByteWidth), swizzle);
    QCOMPARE(int(e.elementBitWidth), r.bitwidth);
    QCOMPARE(e.transposed, transposed);
  }

  void nvmmaDefaultRankCgaAndErrors() {
    NvmmaDefaultRequest r;
    r.blockShape = {2, 64, 64};
    r.bitwidth = 16;
    QCOMPARE(QString::fromStdString(ir::printEncoding(nvmmaDefaultLayout(r))),
             QString("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                     "elementBitWidth = 16, rank = 3}>"));
    // Transposed rotates the shape left: [2, 64, 64] -> [64, 64, 2], 4-byte rows.
    r.transposed = true;
    QCOMPARE(nvmmaDefaultSwizzle(r), 0u);
    // Gluon's _get_shape_per_cta counts 2 CTAs even along a dim the bases skip.
    QCOMPARE(gluonShapePerCTA({128, 64}, {{1, 0}}), (std::vector<int64_t>{64, 32}));
    r = {};
    r.blockShape = {128, 64};
    r.bitwidth = 1;
    QVERIFY(errorOf([&] { nvmmaDefaultLayout(r); }).contains("8, 16, 32 or 64"));
    r.bitwidth = 16;
    r.blockShape = {128, 4};
    r.cgaBases = {{0, 4}};
    QCOMPARE(errorOf([&] { nvmmaDefaultLayout(r); }),
             QString("Shape [128, 4] is not divisible by CGA layout [[0, 4]]"));
  }
};

QTEST_GUILESS_MAIN(TestTmemRegLayout)
#include "tst_tmem_reg_layout.moc"
