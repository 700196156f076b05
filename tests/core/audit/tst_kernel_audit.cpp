// The kernel audit on the 243 TTGIR files Triton 3.6 wrote: every tensor
// type's bases and count equal Triton's to_linear_layout, every local
// access's bank conflicts equal Triton's get_shared_bank_conflicts (where
// Triton answered). Types we cannot read yet (rank > 8 in the sort kernels)
// are counted and reported apart; a mismatch on a type we read fails. Then
// exact facts on hand-written kernels: the machine from module attributes,
// --target override, loops, locs, strides and sectors, findings, unknown ops.
#include <QtTest>

#include <fstream>
#include <map>
#include <sstream>

#include "audit/audit_report.h"
#include "audit/audit_target.h"
#include "audit/kernel_audit.h"
#include "audit/pointer_strides.h"
#include "ir/module_verifier.h"
#include "ttgir_corpus_rows.h"
#include "util/error.h"

using namespace ls;

namespace {

std::string readFile(const QString &path) {
  std::ifstream in(path.toStdString(), std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

QString corpusDir() {
  return QStringLiteral(LS_SOURCE_DIR "/tests/data/ttgir36/");
}
QString dataDir() {
  return QStringLiteral(LS_SOURCE_DIR "/tests/core/audit/data/");
}

// Triton's {"reg": [[..]], "lane": ..} in our in-dim names.
std::map<std::string, std::vector<std::vector<int32_t>>> tritonBases(const QJsonObject &b) {
  static const std::map<QString, std::string> names = {
      {"reg", "register"}, {"lane", "lane"}, {"warp", "warp"}, {"block", "block"}};
  std::map<std::string, std::vector<std::vector<int32_t>>> out;
  for (auto it = b.begin(); it != b.end(); ++it) {
    auto &dim = out[names.at(it.key())];
    for (const QJsonValue &v : it.value().toArray()) {
      std::vector<int32_t> basis;
      for (const QJsonValue &x : v.toArray())
        basis.push_back(x.toInt());
      dim.push_back(basis);
    }
  }
  return out;
}

std::map<std::string, std::vector<std::vector<int32_t>>> ourBases(const LinearLayout &ll) {
  std::map<std::string, std::vector<std::vector<int32_t>>> out;
  for (const auto &[name, bases] : ll.getBases())
    out[name] = bases;
  for (const char *d : {"register", "lane", "warp", "block"})
    out[d]; // Triton lists every dim, empty or not
  return out;
}

audit::KernelAudit auditText(const std::string &text, const audit::AuditOptions &o = {}) {
  ir::ModuleFile f = ir::readModuleFile(text);
  if (!f.diagnostics.empty())
    throw Error("file", f.diagnostics.all()[0].text());
  return audit::auditModules(f, o);
}

int totalUnread = 0, totalTypes = 0, totalAccesses = 0;

} // namespace

class TestKernelAudit : public QObject {
  Q_OBJECT
private slots:
  void corpus_data();
  void corpus();
  void corpusSummary();
  void machineFromModule();
  void targetOverride();
  void targetNames();
  void moduleTargetWithoutMachine();
  void convertInLoopRankedFirst();
  void stridesAndSectors();
  void unknownSectorsWithRuntimeStride();
  void amdBufferAccesses();
  void pointerPointeeIsSixtyFourBits();
  void unknownOpsListed();
  void asyncCopiesAreGlobalAccesses();
  void convertConflictsOnWave64();
  void eachModuleItsMachine();
  void sameLayoutOtherStrides();
  void vectorWidthsFollowTritonsAxisAnalysis();
  void axisRulesOfEveryTritonVisitor();
  void copiesBarriersAndMisspeltOps();
  void axisAnalysisIsBoundedAndOrderFree();
  void jsonKeys();
  void swizzleProposalsJudgedPerBuffer();
  void idealWavefrontsAreNoFinding();
  void unitStrideDimWithRuntimeStrides();
};

void TestKernelAudit::corpus_data() {
  QTest::addColumn<QString>("path");
  QTest::addColumn<QByteArray>("reading");
  // 27 kernels x 9 targets (tests/gpu/ttgir/kernels.py), and the held-out variants of them
  QCOMPARE(ls::test::addTtgirCorpusRows(corpusDir()), 243);
  QCOMPARE(ls::test::addTtgirCorpusRows(QStringLiteral(LS_VARIANTS_DIR "/")), 727);
}

void TestKernelAudit::corpus() {
  QFETCH(QString, path);
  QFETCH(QByteArray, reading);
  ir::ModuleFile f = ir::readModuleFile(readFile(path));
  QVERIFY(f.diagnostics.empty());
  audit::KernelAudit a = audit::auditModules(f);
  QJsonObject o = QJsonDocument::fromJson(reading).object();

  // Values: every type Triton read, with its bases and count.
  std::map<std::string, const audit::AuditTensor *> ours;
  for (const audit::AuditTensor &t : a.tensors)
    ours[t.type] = &t;
  QJsonObject values = o["values"].toObject();
  QCOMPARE(int(ours.size()), int(values.size()));
  int unread = 0;
  for (auto it = values.begin(); it != values.end(); ++it) {
    std::string type = it.key().toStdString();
    QJsonObject v = it.value().toObject();
    QVERIFY2(ours.count(type), type.c_str());
    const audit::AuditTensor &t = *ours[type];
    QCOMPARE(t.count, v["count"].toInt());
    if (!v.contains("bases"))
      continue;
    ++totalTypes;
    if (!t.linear) { // a type we do not read yet (rank > 8): reported, not failed
      ++unread;
      continue;
    }
    auto expected = tritonBases(v["bases"].toObject());
    if (ourBases(*t.linear) != expected)
      qWarning("bases differ: %s", type.c_str());
    QVERIFY(ourBases(*t.linear) == expected);
  }
  totalUnread += unread;
  if (unread)
    qWarning("%d tensor types not read yet (rank > 8?)", unread);

  // Local accesses: Triton's post-order walk visits leaf ops in source
  // order, as ours does, so the two lists align one to one.
  std::vector<const audit::AuditShared *> local;
  for (const audit::AuditShared &s : a.shared)
    if (s.op == "ttg.local_load" || s.op == "ttg.local_store" || s.op == "ttg.local_alloc")
      local.push_back(&s);
  QJsonArray accesses = o["accesses"].toArray();
  QCOMPARE(int(local.size()), int(accesses.size()));
  for (int i = 0; i < accesses.size(); ++i) {
    QJsonObject acc = accesses[i].toObject();
    const audit::AuditShared &s = *local[i];
    QCOMPARE(QString::fromStdString(s.op), acc["op"].toString());
    QCOMPARE(QString::fromStdString(s.tensor), acc["tensor"].toString());
    QCOMPARE(QString::fromStdString(s.memdesc), acc["memdesc"].toString());
    if (!acc.contains("conflicts"))
      continue; // Triton's binding could not answer (amd_rotating_shared)
    ++totalAccesses;
    QVERIFY2(s.conflicts.has_value(), s.error.c_str());
    QCOMPARE(*s.conflicts, acc["conflicts"].toInt());
  }
}

void TestKernelAudit::corpusSummary() {
  // Printed for the lead: how many types are still unread (rank > 8).
  qInfo("corpus: %d tensor types with Triton's bases, %d not read yet; %d local accesses "
        "with Triton's conflicts",
        totalTypes, totalUnread, totalAccesses);
  QVERIFY(totalTypes > 0);
}

void TestKernelAudit::machineFromModule() {
  // A 64-lane AMD kernel needs no flag: the module says gfx950, 64 lanes.
  audit::KernelAudit a = auditText(readFile(corpusDir() + "matmul_gfx950.ttgir"));
  QCOMPARE(QString::fromStdString(a.target), QStringLiteral("hip:gfx950"));
  QCOMPARE(QString::fromStdString(a.bankTarget), QStringLiteral("gfx950"));
  QCOMPARE(a.threadsPerWarp, 64);
  QCOMPARE(a.numWarps, 8);
  QVERIFY(!a.shared.empty());
  // Every access has the gfx950 model's figures, except the transposing
  // ds_read_b64_tr_b16 reads, which it does not model (and says so).
  for (const audit::AuditShared &s : a.shared)
    QVERIFY2(s.error.empty() && (s.wavefronts.has_value() || !s.modelNote.empty()),
             s.error.c_str());
}

void TestKernelAudit::targetOverride() {
  audit::AuditOptions o;
  o.target = "sm80";
  audit::KernelAudit a = auditText(readFile(corpusDir() + "attention_sm90.ttgir"), o);
  QCOMPARE(QString::fromStdString(a.target), QStringLiteral("cuda:80"));
  QCOMPARE(QString::fromStdString(a.bankTarget), QStringLiteral("sm80"));
  o.target = "gfx9000";
  QVERIFY_THROWS_EXCEPTION(Error, auditText(readFile(corpusDir() + "attention_sm90.ttgir"), o));
}

// A module whose ttg.target names no machine (`cuda`): Triton 3.6 reads it,
// so the audit does, with its warp width's usual machine and a warning; a
// --target of that name is still an error. A swizzled_shared layout with
// vec = 0 reads too (Triton divides by it only where the layout is
// computed): its values are not audited, and the reader says why.
void TestKernelAudit::moduleTargetWithoutMachine() {
  std::string text = readFile(corpusDir() + "attention_sm90.ttgir");
  const size_t at = text.find("\"cuda:90\"");
  QVERIFY(at != std::string::npos);
  text.replace(at, 9, "\"cuda\"");
  audit::KernelAudit a = auditText(text);
  QCOMPARE(QString::fromStdString(a.target), QStringLiteral("cuda"));
  QCOMPARE(QString::fromStdString(a.bankTarget), QStringLiteral("sm90"));
  QVERIFY(std::any_of(a.warnings.begin(), a.warnings.end(), [](const std::string &w) {
    return w.find("ttg.target \"cuda\" names no machine this tool knows") != std::string::npos &&
           w.find("sm90's") != std::string::npos;
  }));
  audit::AuditOptions o;
  o.target = "cuda";
  QVERIFY_THROWS_EXCEPTION(Error, auditText(readFile(corpusDir() + "attention_sm90.ttgir"), o));

  std::string zero = readFile(corpusDir() + "matmul_sm80.ttgir");
  const size_t vec = zero.find("swizzled_shared<{vec = 8");
  QVERIFY(vec != std::string::npos);
  zero.replace(vec + 23, 1, "0");
  const ir::ModuleFile f = ir::readModuleFile(zero);
  QVERIFY(!f.diagnostics.hasErrors());
  QVERIFY(std::any_of(f.warnings.all().begin(), f.warnings.all().end(), [](const Diagnostic &d) {
    return d.message.find("vec: must be between 1 and 4096, got 0 (Triton 3.6 reads it") != std::string::npos;
  }));
}

void TestKernelAudit::targetNames() {
  QCOMPARE(QString::fromStdString(audit::auditTarget("cuda:100").banks.name),
           QStringLiteral("sm100"));
  QCOMPARE(QString::fromStdString(audit::auditTarget("cuda:89").banks.name),
           QStringLiteral("sm80"));
  QVERIFY(audit::auditTarget("cuda:80").scratch == ScratchTarget::Sm80);
  QVERIFY(audit::auditTarget("hip:gfx942").scratch == ScratchTarget::Generic);
  audit::AuditTarget rdna = audit::auditTarget("hip:gfx1200");
  QCOMPARE(QString::fromStdString(rdna.banks.name), QStringLiteral("gfx1200"));
  QCOMPARE(rdna.banks.banks, 32);
  QVERIFY_THROWS_EXCEPTION(Error, audit::auditTarget("cuda:x"));
  // The one vocabulary: every bank model name, and Triton's spellings of
  // sm120 (consumer Blackwell) and gfx1100 (RDNA 3), name themselves.
  for (const std::string &n : BankTarget::names())
    QCOMPARE(QString::fromStdString(audit::auditTarget(n).banks.name), QString::fromStdString(n));
  QCOMPARE(QString::fromStdString(audit::auditTarget("cuda:120").banks.name),
           QStringLiteral("sm120"));
  QCOMPARE(QString::fromStdString(audit::auditTarget("sm120").module), QStringLiteral("cuda:120"));
  QVERIFY(audit::auditTarget("cuda:120").scratch == ScratchTarget::Sm90);
  QCOMPARE(QString::fromStdString(audit::auditTarget("cuda:103").banks.name),
           QStringLiteral("sm100"));
  const audit::AuditTarget rdna3 = audit::auditTarget("hip:gfx1100");
  QCOMPARE(QString::fromStdString(rdna3.banks.name), QStringLiteral("gfx1100"));
  QVERIFY(rdna3.banks.vendor == Vendor::Amd);
  QVERIFY(rdna3.scratch == ScratchTarget::Generic);
  QCOMPARE(QString::fromStdString(audit::auditTarget("gfx1100").module),
           QStringLiteral("hip:gfx1100"));
}

void TestKernelAudit::convertInLoopRankedFirst() {
  audit::KernelAudit a = auditText(readFile(dataDir() + "loop_convert.ttgir"));
  QCOMPARE(int(a.converts.size()), 2);
  const audit::AuditConvert &inLoop = a.converts[0];
  QCOMPARE(inLoop.site.line, 14);
  QCOMPARE(inLoop.site.loopDepth, 2);
  QCOMPARE(QString::fromStdString(inLoop.site.loc), QStringLiteral("k.py:7:12"));
  QVERIFY(inLoop.cost && inLoop.cost->kind == ConversionKind::SharedMemory);
  QCOMPARE(a.converts[1].site.loopDepth, 0);
  QVERIFY(a.converts[1].cost && a.converts[1].cost->kind == ConversionKind::SharedMemory);
  QVERIFY(a.findings.size() >= 2);
  QCOMPARE(QString::fromStdString(a.findings[0].kind), QStringLiteral("convert_in_loop"));
  QCOMPARE(a.findings[0].site.line, 14);
  QVERIFY(a.findings[0].weight > a.findings[1].weight);
  // The producer is a tt.load, but loading straight into the destination
  // (column-major) layout would read 16-bit vectors instead of 128 (the
  // pointer's strides are not shown: row-major assumed): not proposed.
  QVERIFY(inLoop.proposal.empty());
  QCOMPARE(QString::fromStdString(inLoop.proposalNote),
           QStringLiteral("not proposed: tt.load (line 13) in that layout would use 16-bit "
                          "vectors instead of 128"));
  QVERIFY(QString::fromStdString(a.findings[0].message).endsWith(inLoop.proposalNote.c_str()));
  // Where the load in the destination layout is no worse (dot_scaled's
  // 128x4 i8 scales: 32-bit vectors and 4 sectors per warp-instruction
  // either way), producing it there is the proposal.
  audit::KernelAudit d = auditText(readFile(corpusDir() + "dot_scaled_sm80.ttgir"));
  bool seen = false;
  for (const audit::AuditConvert &c : d.converts)
    if (c.site.line == 79) {
      seen = true;
      QVERIFY2(QString::fromStdString(c.proposal)
                   .startsWith("produce %b_scale_52 (tt.load, line 78) directly in #ttg.linear<"),
               c.proposal.c_str());
      QVERIFY(c.proposalNote.empty());
    }
  QVERIFY(seen);
}

void TestKernelAudit::stridesAndSectors() {
  audit::KernelAudit a = auditText(readFile(dataDir() + "strided.ttgir"));
  QCOMPARE(int(a.global.size()), 2);
  const audit::AuditGlobal &rows = a.global[0]; // 64x64 f32, row stride 64
  QVERIFY(rows.strides);
  QCOMPARE(*rows.strides, (std::vector<int64_t>{64, 1}));
  QCOMPARE(rows.vectorBits, 128);
  // A warp covers 4 rows x 32 columns x 4 bytes... = 4 x 128 B = 16 sectors.
  QCOMPARE(rows.sectorsPerWarp.value_or(-1), int64_t{16});
  QCOMPARE(rows.minSectorsPerWarp.value_or(-1), int64_t{16});
  const audit::AuditGlobal &cols = a.global[1]; // transposed: stride (1, 64)
  QVERIFY(cols.strides);
  QCOMPARE(*cols.strides, (std::vector<int64_t>{1, 64}));
  QCOMPARE(cols.vectorBits, 32);
  QVERIFY(cols.sectorsPerWarp.value_or(0) > cols.minSectorsPerWarp.value_or(0));
  bool found = false;
  for (const audit::AuditFinding &f : a.findings)
    found |= f.kind == "uncoalesced" && f.site.line == cols.site.line;
  QVERIFY(found);
}

void TestKernelAudit::unknownSectorsWithRuntimeStride() {
  // attention_sm90's loads multiply by a kernel argument: no guess.
  audit::KernelAudit a = auditText(readFile(corpusDir() + "attention_sm90.ttgir"));
  QVERIFY(!a.global.empty());
  for (const audit::AuditGlobal &g : a.global) {
    QVERIFY(!g.sectorsPerWarp.has_value());
    QCOMPARE(g.vectorBits, 128); // sizePerThread = [1, 8] of f16, row-major
  }
  QVERIFY(audit::auditJson(a).find("\"sectors_per_warp\": \"unknown\"") != std::string::npos);
  // softmax's are make_range + splat: known, 16 sectors for 512 contiguous bytes.
  audit::KernelAudit s = auditText(readFile(corpusDir() + "softmax_sm90.ttgir"));
  QCOMPARE(int(s.global.size()), 2);
  QCOMPARE(s.global[0].sectorsPerWarp.value_or(-1), int64_t{16});
}

void TestKernelAudit::amdBufferAccesses() {
  // gfx942 kernels address global memory with amdg.buffer_load/store: a
  // scalar base and an i32 offsets tensor that carries layout and strides.
  audit::KernelAudit a = auditText(readFile(corpusDir() + "scan_gfx942.ttgir"));
  QCOMPARE(int(a.global.size()), 2);
  QCOMPARE(QString::fromStdString(a.global[0].op), QStringLiteral("amdg.buffer_load"));
  QCOMPARE(QString::fromStdString(a.global[1].op), QStringLiteral("amdg.buffer_store"));
  for (const audit::AuditGlobal &g : a.global) {
    QVERIFY(g.error.empty());
    QVERIFY(QString::fromStdString(g.type).startsWith("tensor<32x128xf32, #ttg.blocked<"));
    QCOMPARE(g.elementBits, 32);
    QVERIFY(g.strides);
    QCOMPARE(*g.strides, (std::vector<int64_t>{128, 1}));
    QCOMPARE(g.vectorBits, 128);
    // 64 lanes x 4 contiguous f32 = 1024 bytes = 32 sectors, all useful.
    QCOMPARE(g.sectorsPerWarp.value_or(-1), int64_t{32});
    QCOMPARE(g.minSectorsPerWarp.value_or(-1), int64_t{32});
  }
  QVERIFY(a.unknownOps.empty()); // amdg is a dialect the audit knows
  // The histogram's atomic: 64 bins of i32, one per lane = 256 bytes.
  audit::KernelAudit h = auditText(readFile(corpusDir() + "histogram_gfx942.ttgir"));
  QCOMPARE(int(h.global.size()), 2);
  QCOMPARE(QString::fromStdString(h.global[1].op), QStringLiteral("amdg.buffer_atomic_rmw"));
  QCOMPARE(h.global[1].vectorBits, 32);
  QCOMPARE(h.global[1].sectorsPerWarp.value_or(-1), int64_t{8});
  // With runtime strides (matmul's stride arguments) the sectors stay unknown.
  audit::KernelAudit mm = auditText(readFile(corpusDir() + "matmul_gfx942.ttgir"));
  QCOMPARE(int(mm.global.size()), 7);
  for (const audit::AuditGlobal &g : mm.global)
    QVERIFY(!g.sectorsPerWarp.has_value());
  // Triton's AMD lowering narrows a buffer op as it narrows a load: the
  // mask's constancy, the offsets' runs and divisibility (in elements) and
  // the base pointer's alignment (tests/gpu/results/amd_widths.jsonl: the
  // softmax kernel's masked buffer ops are 32-bit on all five AMD targets).
  audit::KernelAudit b = auditText(readFile(dataDir() + "buffer_axis.ttgir"));
  QCOMPARE(int(b.global.size()), 5);
  const int bits[] = {32, 128, 32, 32, 128};
  for (int i = 0; i < 5; ++i)
    QCOMPARE(b.global[size_t(i)].vectorBits, bits[i]);
  QCOMPARE(QString::fromStdString(b.global[0].vectorLimit),
           QString("the mask %mask (line 6) is constant over 1 element(s) along dim 0"));
  QCOMPARE(QString::fromStdString(b.global[2].vectorLimit),
           QString("the offsets are aligned to 1 element(s) along dim 0 (divisibility 1 elements, "
                   "contiguity 1024)"));
  QCOMPARE(QString::fromStdString(b.global[3].vectorLimit),
           QString("the base pointer %odd is aligned to 4 bytes"));
  // A row index through `% M` (grouped_matmul's A tile, line 95): its dim
  // varies in a way not followed, and the column dim still runs with
  // stride 1, so the vector runs along it.
  audit::KernelAudit gm = auditText(readFile(corpusDir() + "grouped_matmul_sm90.ttgir"));
  QCOMPARE(gm.global[0].site.line, 95);
  QCOMPARE(gm.global[0].contiguousDim.value_or(-1), 1);
  // Scalar accesses are global accesses too: cross entropy's label, picked
  // logit and loss (Triton's PTX: ld.global.b64, ld.global.b16, st.global.b32).
  audit::KernelAudit ce = auditText(readFile(corpusDir() + "cross_entropy_sm90.ttgir"));
  QCOMPARE(int(ce.global.size()), 4);
  QVERIFY(!ce.global[0].scalar);
  // Its row base `row * n_cols` (n_cols of unknown divisibility) is 2-byte
  // aligned only: the sector count is said to be from an aligned start.
  QVERIFY2(QString::fromStdString(ce.global[0].sectorsNote)
               .contains("the IR shows the addresses aligned to 2 bytes only"),
           ce.global[0].sectorsNote.c_str());
  const int scalarBits[] = {64, 16, 32};
  for (int i = 1; i < 4; ++i) {
    const audit::AuditGlobal &g = ce.global[size_t(i)];
    QVERIFY(g.scalar);
    QCOMPARE(g.vectorBits, scalarBits[i - 1]);
    QCOMPARE(g.sectorsPerWarp.value_or(-1), int64_t{1});
    QVERIFY(QString::fromStdString(g.type).startsWith("!tt.ptr<"));
  }
  QCOMPARE(QString::fromStdString(ce.global[3].op), QStringLiteral("tt.store"));
  audit::KernelAudit sm = auditText(readFile(corpusDir() + "softmax_gfx942.ttgir"));
  QCOMPARE(int(sm.global.size()), 2);
  for (const audit::AuditGlobal &g : sm.global) {
    QCOMPARE(g.vectorBits, 32);
    QCOMPARE(g.layoutVectorBits, 128);
    QVERIFY(g.sectorsNote.empty()); // row * stride (divisible by 16) f32: 64-byte aligned
  }
}

void TestKernelAudit::pointerPointeeIsSixtyFourBits() {
  // A tensor of pointers to pointers loads 64-bit elements: 2 per thread is
  // a 128-bit vector (the pointee's text read whole, not up to its first '>').
  const std::string text = R"(#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%arg0: !tt.ptr<!tt.ptr<f32>> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<!tt.ptr<f32>> -> tensor<256x!tt.ptr<!tt.ptr<f32>>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<256x!tt.ptr<!tt.ptr<f32>>, #blocked>, tensor<256xi32, #blocked>
    %3 = tt.load %2 : tensor<256x!tt.ptr<!tt.ptr<f32>>, #blocked>
    tt.return
  }
}
)";
  audit::KernelAudit a = auditText(text);
  QCOMPARE(int(a.global.size()), 1);
  const audit::AuditGlobal &g = a.global[0];
  QVERIFY2(g.error.empty(), g.error.c_str());
  QCOMPARE(g.elementBits, 64);
  QCOMPARE(g.vectorBits, 128);
  // 32 lanes x 2 contiguous 8-byte pointers = 512 bytes = 16 sectors.
  QCOMPARE(g.sectorsPerWarp.value_or(-1), int64_t{16});
  // A pointer type written without its pointee is measured, not an internal
  // error (a substring past its end).
  std::string bare = text;
  for (size_t p; (p = bare.find("!tt.ptr<!tt.ptr<f32>>")) != std::string::npos;)
    bare.replace(p, 21, "!tt.ptr");
  audit::KernelAudit b = auditText(bare);
  QCOMPARE(int(b.global.size()), 1);
  QCOMPARE(b.global[0].elementBits, 64);
}

void TestKernelAudit::unknownOpsListed() {
  audit::KernelAudit a = auditText(readFile(dataDir() + "loop_convert.ttgir"));
  QCOMPARE(int(a.unknownOps.size()), 1);
  QCOMPARE(QString::fromStdString(a.unknownOps[0].name), QStringLiteral("mydialect.frob"));
  QCOMPARE(a.unknownOps[0].line, 21);
  QCOMPARE(int(a.functions.size()), 2);
}

// cp.async reads global memory as a load does: each copy is listed under
// shared (its buffer side) and under global (its pointer tensor), and a
// misspelt op of Triton's own dialects is an unknown op, not a known one.
void TestKernelAudit::asyncCopiesAreGlobalAccesses() {
  audit::KernelAudit a = auditText(readFile(corpusDir() + "attention_sm90.ttgir"));
  QStringList global;
  for (const auto &g : a.global)
    global << QString::number(g.site.line) + " " + QString::fromStdString(g.op) + " " +
                  QString::number(g.vectorBits);
  QCOMPARE(global, QStringList({"50 tt.load 128", "71 ttg.async_copy_global_to_local 128",
                                "80 ttg.async_copy_global_to_local 128",
                                "135 ttg.async_copy_global_to_local 128",
                                "144 ttg.async_copy_global_to_local 128", "161 tt.store 128"}));
  QCOMPARE(int(a.global.size()), 6);
  std::string text = readFile(corpusDir() + "attention_sm90.ttgir");
  const std::string from = "%5 = ttg.convert_layout";
  text.replace(text.find(from), from.size(), "%5 = ttg.convert_layuot");
  audit::KernelAudit b = auditText(text);
  QCOMPARE(int(b.unknownOps.size()), 1);
  QCOMPARE(QString::fromStdString(b.unknownOps[0].name), QStringLiteral("ttg.convert_layuot"));
  QCOMPARE(b.unknownOps[0].line, 160);
  QCOMPARE(int(b.converts.size()), 1); // the misspelt one is not a conversion
}

// A conversion's conflicts are Triton's counts per instruction; on a 64-lane
// wave a count of 1 is the wave's two halves, not a conflict: said so, and
// not weighed (16 stores + 8 loads, weight 24, not 26).
void TestKernelAudit::convertConflictsOnWave64() {
  audit::KernelAudit a = auditText(readFile(corpusDir() + "dot_scaled_gfx942.ttgir"));
  bool seen = false;
  for (const audit::AuditFinding &f : a.findings)
    if (f.site.line == 32) {
      seen = true;
      QVERIFY2(QString::fromStdString(f.message)
                   .endsWith("16 stores + 8 loads per thread, 1 barrier, Triton's "
                             "bank_conflicts 1 per store and 1 per load (none extra: a 64-lane "
                             "wave takes two wavefronts per access)"),
               f.message.c_str());
      QCOMPARE(f.weight, 24.0);
    }
  QVERIFY(seen);
  // A shared access Triton counts 1 on but the bank model serves in the
  // ideal wavefronts: the report says the count is no cost there.
  const std::string text =
      audit::auditText(auditText(readFile(corpusDir() + "matmul_tma_gfx942.ttgir")));
  QVERIFY(text.find("ttg.local_store: conflicts 1, wavefronts 32/32 (ds_write_b128) - no wavefront "
                    "over the ideal: Triton's count is not a cost here\n") != std::string::npos);
}

// A file of two modules for two machines lists each module's machine (the
// header keeps the first's); the second is audited on its own (64 lanes).
void TestKernelAudit::eachModuleItsMachine() {
  const std::string text =
      "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\", "
      "\"ttg.threads-per-warp\" = 32 : i32} {\n"
      "}\n"
      "#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [8], order = "
      "[0]}>\n"
      "module attributes {\"ttg.num-warps\" = 8 : i32, ttg.target = \"hip:gfx942\", "
      "\"ttg.threads-per-warp\" = 64 : i32} {\n"
      "  tt.func @k() {\n"
      "    %0 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>\n"
      "    tt.return\n  }\n}\n";
  audit::KernelAudit a = auditText(text);
  QCOMPARE(int(a.modules.size()), 2);
  QCOMPARE(QString::fromStdString(a.modules[0].target), QStringLiteral("cuda:90"));
  QCOMPARE(a.modules[0].firstLine, 1);
  QCOMPARE(QString::fromStdString(a.modules[1].target), QStringLiteral("hip:gfx942"));
  QCOMPARE(QString::fromStdString(a.modules[1].bankTarget), QStringLiteral("gfx942"));
  QCOMPARE(a.modules[1].threadsPerWarp, 64);
  QCOMPARE(a.modules[1].numWarps, 8);
  QCOMPARE(a.modules[1].firstLine, 4);
  QCOMPARE(QString::fromStdString(a.target), QStringLiteral("cuda:90"));
  const std::string report = audit::auditText(a);
  QVERIFY(report.find("  module 2 (line 4): hip:gfx942 (bank model gfx942), 8 warps x 64 lanes, "
                      "1 CTA(s)\n") != std::string::npos);
  QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(audit::auditJson(a))).object();
  QCOMPARE(o["modules"].toArray()[1].toObject()["threads_per_warp"].toInt(), 64);
}

// Accesses of one layout are measured once per strides the IR shows: the
// same pointer layout at stride 1 and at stride 2 keeps its own figures.
void TestKernelAudit::sameLayoutOtherStrides() {
  const std::string t = "tensor<512xi32, #b>", p = "tensor<512x!tt.ptr<f32>, #b>";
  audit::KernelAudit a = auditText(
      "#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = "
      "[0]}>\n"
      "module attributes {\"ttg.num-warps\" = 4 : i32, \"ttg.threads-per-warp\" = 32 : i32, "
      "ttg.target = \"cuda:90\"} {\n"
      "  tt.func @k(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {\n"
      "    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : " + t + "\n" +
      "    %c2 = arith.constant dense<2> : " + t + "\n" +
      "    %r2 = arith.muli %r, %c2 : " + t + "\n" +
      "    %s = tt.splat %p : !tt.ptr<f32> -> " + p + "\n" +
      "    %a = tt.addptr %s, %r : " + p + ", " + t + "\n" +
      "    %b2 = tt.addptr %s, %r2 : " + p + ", " + t + "\n" +
      "    %x = tt.load %a : " + p + "\n" +
      "    %y = tt.load %b2 : " + p + "\n" +
      "    tt.return\n  }\n}\n");
  QCOMPARE(int(a.global.size()), 2);
  QCOMPARE(a.global[0].strides, std::optional<std::vector<int64_t>>(std::vector<int64_t>{1}));
  QCOMPARE(a.global[0].vectorBits, 128);
  QCOMPARE(a.global[0].sectorsPerWarp.value_or(-1), int64_t(16));
  QCOMPARE(a.global[1].strides, std::optional<std::vector<int64_t>>(std::vector<int64_t>{2}));
  QCOMPARE(a.global[1].vectorBits, 32);
  QCOMPARE(a.global[1].sectorsPerWarp.value_or(-1), int64_t(32));
}

void TestKernelAudit::jsonKeys() {
  audit::KernelAudit a = auditText(readFile(corpusDir() + "attention_sm90.ttgir"));
  QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(audit::auditJson(a))).object();
  for (const char *k : {"file", "target", "num_warps", "threads_per_warp", "num_ctas", "tensors",
                        "converts", "shared", "global", "findings"})
    QVERIFY2(o.contains(k), k);
  QJsonObject t = o["tensors"].toArray()[0].toObject();
  for (const char *k : {"type", "layout", "linear", "count"})
    QVERIFY2(t.contains(k), k);
  for (const char *k : {"register", "lane", "warp", "block"})
    QVERIFY2(t["linear"].toObject().contains(k), k);
  QJsonObject c = o["converts"].toArray()[1].toObject();
  for (const char *k : {"line", "loc", "src", "dst", "class", "cost", "in_loop"})
    QVERIFY2(c.contains(k), k);
  QCOMPARE(c["line"].toInt(), 160);
  QCOMPARE(c["class"].toString(), QStringLiteral("shared-memory"));
  QJsonObject s = o["shared"].toArray()[0].toObject();
  for (const char *k : {"line", "loc", "op", "tensor", "memdesc", "conflicts", "wavefronts"})
    QVERIFY2(s.contains(k), k);
  QJsonObject g = o["global"].toArray()[0].toObject();
  for (const char *k : {"line", "loc", "op", "type", "scalar", "vector_bits", "sectors_per_warp"})
    QVERIFY2(g.contains(k), k);
  QJsonObject f = o["findings"].toArray()[0].toObject();
  for (const char *k : {"line", "loc", "kind", "message"})
    QVERIFY2(f.contains(k), k);
}

void TestKernelAudit::swizzleProposalsJudgedPerBuffer() {
  // A swizzle changes the buffer: it is proposed only when no access of the
  // buffer gets worse. Buffer #shared: written and read by the same
  // column-per-warp layout (31 conflicts each): the optimal swizzle helps
  // both, and both get it.
  audit::KernelAudit a = auditText(readFile(dataDir() + "shared_buffers.ttgir"));
  QCOMPARE(int(a.shared.size()), 4);
  const std::string expected = "#ttg.shared_linear<{offset = [[0, 4], [0, 8], [1, 0], [2, 0], "
                               "[4, 0], [8, 0], [16, 0], [0, 1], [0, 2], [0, 16]]}, "
                               "alignment = 16>";
  for (int i : {0, 1}) {
    QCOMPARE(a.shared[i].conflicts.value_or(-1), 31);
    QCOMPARE(a.shared[i].wavefronts.value_or(-1), int64_t(256));
    QCOMPARE(a.shared[i].proposal, expected);
    QCOMPARE(a.shared[i].proposedConflicts.value_or(-1), 0);
    QVERIFY(a.shared[i].proposalNote.empty());
  }
  // Buffer #shared1: the row-major writer conflicts (7), the column reader
  // does not (0); with the writer's optimal swizzle the two together take no
  // fewer wavefronts, so nothing is proposed and the note says why.
  QCOMPARE(a.shared[2].conflicts.value_or(-1), 7);
  QCOMPARE(a.shared[3].conflicts.value_or(-1), 0);
  QVERIFY(a.shared[2].proposal.empty() && a.shared[3].proposal.empty());
  QVERIFY(QString::fromStdString(a.shared[2].proposalNote)
              .startsWith("no swizzle proposed: with Triton's optimal swizzle for any access of "
                          "this buffer, its accesses together take no fewer wavefronts"));
  // A swizzle that costs one access but saves more on another is proposed,
  // and the trade is said (gfx942 TMA matmul, B buffer: the store pays 32 ->
  // 128 wavefronts per warp, the loads gain 1024 -> 64).
  audit::KernelAudit g = auditText(readFile(corpusDir() + "matmul_tma_gfx942.ttgir"));
  int proposed = 0;
  for (const audit::AuditShared &s : g.shared)
    if (s.site.line == 141 || s.site.line == 93) {
      ++proposed;
      QVERIFY(!s.proposal.empty());
      QCOMPARE(QString::fromStdString(s.proposalTrade),
               QStringLiteral("wavefronts 1056 -> 192 over the buffer's 2 distinct accesses, "
                              "instructions per thread 20 -> 16; line 93's ttg.local_store pays "
                              "32 -> 128 wavefronts and 4 ds_write_b128 -> 8 ds_write_b64 per "
                              "thread"));
      QCOMPARE(s.proposedWavefronts.value_or(-1), s.site.line == 141 ? 64 : 128);
    }
  QCOMPARE(proposed, 2);
  // A buffer an MMA unit reads keeps its NVMMA layout (wgmma, tcgen05 read
  // shared operands through descriptors of NVMMA swizzles only).
  audit::KernelAudit w = auditText(readFile(corpusDir() + "matmul_fp8_sm90.ttgir"));
  bool seen = false;
  for (const audit::AuditShared &s : w.shared)
    if (s.site.line == 39) {
      seen = true;
      QCOMPARE(s.conflicts.value_or(-1), 3);
      QVERIFY(s.proposal.empty());
      QCOMPARE(QString::fromStdString(s.proposalNote),
               QStringLiteral("no swizzle proposed: ttng.warp_group_dot (line 41) reads this "
                              "buffer, and it takes NVMMA layouts only"));
    }
  QVERIFY(seen);
  // The finding says it, in the singular where it is one.
  bool found = false;
  for (const audit::AuditFinding &f : w.findings)
    if (f.site.line == 39) {
      found = true;
      QVERIFY(f.proposal.empty());
      QVERIFY2(QString::fromStdString(f.message).contains("Triton counts 3 bank conflicts; 128 "
                                                          "wavefronts per warp against 32 ideal"),
               f.message.c_str());
    }
  QVERIFY(found);
}

void TestKernelAudit::idealWavefrontsAreNoFinding() {
  // On CDNA, Triton's machine-independent count can be positive where the
  // bank model serves the access in its ideal wavefronts: no finding then.
  audit::KernelAudit a = auditText(readFile(corpusDir() + "attention_gfx942.ttgir"));
  bool seen = false;
  for (const audit::AuditShared &s : a.shared)
    if (s.site.line == 55) {
      seen = true;
      QCOMPARE(s.conflicts.value_or(-1), 1);
      QCOMPARE(s.wavefronts.value_or(-1), int64_t(32));
      QCOMPARE(s.idealWavefronts.value_or(-1), int64_t(32));
    }
  QVERIFY(seen);
  for (const audit::AuditFinding &f : a.findings)
    QVERIFY2(f.site.line != 55, f.message.c_str());
}

void TestKernelAudit::unitStrideDimWithRuntimeStrides() {
  // transpose: y[offs_m, offs_n] at y_ptr + offs_n * M + offs_m. M is a
  // runtime value, so the strides are not all known (sectors unknown), but
  // the IR shows dim 0 with stride 1: the store's order = [0, 1] layout
  // stores 8 x f16 along it (before: 16-bit, the row-major guess).
  audit::KernelAudit a = auditText(readFile(corpusDir() + "transpose_sm90.ttgir"));
  QCOMPARE(int(a.global.size()), 2);
  const audit::AuditGlobal &load = a.global[0], &store = a.global[1];
  QCOMPARE(load.site.line, 38);
  QCOMPARE(load.vectorBits, 128);
  QCOMPARE(load.contiguousDim.value_or(-1), 1);
  QCOMPARE(store.site.line, 47);
  QVERIFY(!store.strides);
  QVERIFY(!store.sectorsPerWarp);
  QCOMPARE(store.contiguousDim.value_or(-1), 0);
  QCOMPARE(store.vectorBits, 128);
  // So the conversion between them is not proposed away: loading in the
  // store's layout would read 16-bit vectors.
  QCOMPARE(int(a.converts.size()), 1);
  QVERIFY(a.converts[0].proposal.empty());
  QCOMPARE(QString::fromStdString(a.converts[0].proposalNote),
           QStringLiteral("not proposed: tt.load (line 38) in that layout would use 16-bit "
                          "vectors instead of 128"));
}

QTEST_GUILESS_MAIN(TestKernelAudit)

// Triton's code generation narrows a layout's 128-bit vector where its axis
// analysis of the IR says the pointers are not aligned or the mask is not
// constant over 4 elements (tests/gpu/results/vector_widths.jsonl holds
// what it emitted for real kernels; gpu_vector_widths compares them all).
void TestKernelAudit::vectorWidthsFollowTritonsAxisAnalysis() {
  auto kernel = [](const std::string &ptrHint, const std::string &nHint) {
    const std::string t = "tensor<1024xi32, #b>", p = "tensor<1024x!tt.ptr<f32>, #b>";
    return "#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], "
           "order = [0]}>\n"
           "module attributes {\"ttg.num-warps\" = 4 : i32, \"ttg.threads-per-warp\" = 32 : i32, "
           "ttg.target = \"cuda:90\"} {\n"
           "  tt.func @k(%p: !tt.ptr<f32>" + ptrHint + ", %n: i32" + nHint + ") {\n"
           "    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : " + t + "\n" +
           "    %ns = tt.splat %n : i32 -> " + t + "\n" +
           "    %m = arith.cmpi slt, %r, %ns : " + t + "\n" +
           "    %s = tt.splat %p : !tt.ptr<f32> -> " + p + "\n" +
           "    %a = tt.addptr %s, %r : " + p + ", " + t + "\n" +
           "    %x = tt.load %a, %m : " + p + "\n" +
           "    tt.store %a, %x : " + p + "\n" +
           "    tt.return\n  }\n}\n";
  };
  const std::string div = " {tt.divisibility = 16 : i32}";
  // Everything aligned: the layout's 4 x f32.
  audit::KernelAudit ok = auditText(kernel(div, div));
  QCOMPARE(ok.global[0].vectorBits, 128);
  QCOMPARE(ok.global[0].layoutVectorBits, 128);
  QCOMPARE(QString::fromStdString(ok.global[0].vectorLimit), QString());
  QCOMPARE(ok.global[1].vectorBits, 128);
  // `offs < n` with n of unknown divisibility: the mask may change at any
  // element, so Triton loads one f32 at a time (the store has no mask).
  audit::KernelAudit masked = auditText(kernel(div, ""));
  QCOMPARE(masked.global[0].vectorBits, 32);
  QCOMPARE(masked.global[0].layoutVectorBits, 128);
  QCOMPARE(QString::fromStdString(masked.global[0].vectorLimit),
           QString("the mask %m (line 6) is constant over 1 element(s) along dim 0"));
  QCOMPARE(masked.global[0].sectorsPerWarp.value_or(-1), int64_t{16});
  QCOMPARE(masked.global[0].minSectorsPerWarp.value_or(-1), int64_t{4});
  QCOMPARE(masked.global[1].vectorBits, 128);
  bool uncoalesced = false;
  for (const audit::AuditFinding &f : masked.findings)
    if (f.kind == "uncoalesced" && f.site.line == 9)
      uncoalesced = f.message.find("32-bit vectors where the layout allows 128: the mask %m") !=
                    std::string::npos;
  QVERIFY(uncoalesced);
  // A pointer argument without tt.divisibility: aligned to 1 byte, so to one
  // element, for the load and the store alike.
  audit::KernelAudit unaligned = auditText(kernel("", div));
  QCOMPARE(unaligned.global[0].vectorBits, 32);
  QCOMPARE(unaligned.global[1].vectorBits, 32);
  QCOMPARE(QString::fromStdString(unaligned.global[1].vectorLimit),
           QString("the pointers are aligned to 1 element(s) along dim 0 (divisibility 1 bytes, "
                   "contiguity 1024)"));
  // The JSON says both widths and why.
  const QJsonObject g = QJsonDocument::fromJson(QByteArray::fromStdString(audit::auditJson(masked)))
                            .object()["global"]
                            .toArray()[0]
                            .toObject();
  QCOMPARE(g["vector_bits"].toInt(), 32);
  QCOMPARE(g["layout_vector_bits"].toInt(), 128);
  QVERIFY(g["vector_limit"].toString().startsWith("the mask %m"));
}

// A cp.async copy's shared side is named cp.async with its bytes (it was
// shown as the st.shared it is not); its vector is the one its global side
// found (a transposed nvmma destination: 4 B, as Triton's PTX has it); an
// MMA's mbarrier operand is no shared access; Triton's count on an
// amd_rotating_shared buffer is said to be its algorithm's (its binding
// refuses the encoding); a misspelt tt op is a reader warning.
void TestKernelAudit::copiesBarriersAndMisspeltOps() {
  audit::KernelAudit mm = auditText(readFile(corpusDir() + "matmul_sm80.ttgir"));
  int copies = 0;
  for (const audit::AuditShared &sh : mm.shared)
    if (sh.op == "ttg.async_copy_global_to_local") {
      ++copies;
      QCOMPARE(QString::fromStdString(sh.instruction),
               QString("cp.async.cg.shared.global (16 B)"));
    }
  QVERIFY(copies > 0);
  audit::KernelAudit tf32 = auditText(readFile(corpusDir() + "matmul_tf32_sm90.ttgir"));
  QStringList names;
  for (const audit::AuditShared &sh : tf32.shared)
    if (sh.op == "ttg.async_copy_global_to_local")
      names << QString::fromStdString(sh.instruction);
  QVERIFY2(names.contains("cp.async.ca.shared.global (4 B)") &&
               names.contains("cp.async.cg.shared.global (16 B)"),
           qPrintable(names.join(", ")));
  for (const char *f : {"attention_sm100.ttgir", "matmul_ws_sm100.ttgir"}) {
    audit::KernelAudit a = auditText(readFile(corpusDir() + f));
    for (const audit::AuditShared &sh : a.shared)
      QVERIFY2(sh.memdesc.find("xi64") == std::string::npos, sh.memdesc.c_str());
  }
  audit::KernelAudit rot = auditText(readFile(corpusDir() + "attention_gfx942.ttgir"));
  bool said = false;
  for (const audit::AuditFinding &f : rot.findings)
    said |= f.message.find("Triton's algorithm counts 3 bank conflicts (on the linear layouts; "
                           "Triton's binding refuses amd_rotating_shared)") != std::string::npos;
  QVERIFY(said);
  std::string text = readFile(corpusDir() + "attention_sm90.ttgir");
  text.replace(text.find("%q_15 = tt.load"), 15, "%q_15 = tt.laod");
  ir::ModuleFile file = ir::readModuleFile(text);
  QVERIFY(file.diagnostics.empty());
  QCOMPARE(int(file.warnings.all().size()), 1);
  QCOMPARE(QString::fromStdString(file.warnings.all()[0].message),
           QString("tt.laod is not an op of Triton 3.6 (a misspelling of tt.load? Triton 3.6 "
                   "rejects the module; a newer Triton may have it): listed in unknown ops, not "
                   "audited"));
  QCOMPARE(file.warnings.all()[0].pos.line, 50);
  // Its users' verifiers say nothing of the guessed result type (arith.extf
  // of the "loaded" pointers was an error at the next line), and the audit
  // carries the reader's warning in its own warnings (JSON, text, Kernel view).
  std::string ce = readFile(corpusDir() + "cross_entropy_sm100.ttgir");
  ce.replace(ce.find("tt.load %x_4"), 7, "tt.laod");
  ir::ModuleFile typo = ir::readModuleFile(ce);
  QVERIFY(typo.diagnostics.empty());
  audit::KernelAudit ta = audit::auditModules(typo, {});
  QCOMPARE(ta.fileWarnings, 1);
  QVERIFY2(QString::fromStdString(ta.warnings[0]).startsWith("25:12: tt.laod is not an op of Triton "
                                                              "3.6 (a misspelling of tt.load?"),
           ta.warnings[0].c_str());
  QCOMPARE(QString::fromStdString(ir::closestTriton36OpName("ttg.convert_layuot")),
           QString("ttg.convert_layout"));
  QCOMPARE(QString::fromStdString(ir::closestTriton36OpName("tt.frobnicate")), QString());
  // gfx950 reads a dot operand whose K dim is not the buffer's fastest with
  // ds_read_b64_tr_b16 (24 of them in Triton's code for this kernel): the
  // bank model has no such instruction, so no wavefronts are claimed.
  audit::KernelAudit g950 = auditText(readFile(corpusDir() + "matmul_gfx950.ttgir"));
  std::vector<int> trLines;
  for (const audit::AuditShared &sh : g950.shared)
    if (sh.instruction == "ds_read_b64_tr_b16") {
      trLines.push_back(sh.site.line);
      QVERIFY(!sh.wavefronts);
      QVERIFY(QString::fromStdString(sh.modelNote).startsWith("Triton 3.6 reads this with "
                                                              "ds_read_b64_tr_b16"));
    }
  QCOMPARE(trLines, (std::vector<int>{123, 138, 147}));
  for (const audit::AuditFinding &f : g950.findings)
    QVERIFY2(f.message.find("ds_read_u16") == std::string::npos, f.message.c_str());
  // Where a site runs: a warp_specialize partition and its warps; the
  // function, in the text, where a file has several.
  audit::KernelAudit ws = auditText(readFile(corpusDir() + "matmul_ws_sm90.ttgir"));
  bool inPartition = false;
  for (const audit::AuditShared &sh : ws.shared)
    if (sh.site.line == 211) {
      inPartition = true;
      QCOMPARE(sh.site.partition, 0);
      QCOMPARE(sh.site.partitionWarps, 4);
    }
  QVERIFY(inPartition);
  QVERIFY(audit::auditText(ws).find("partition 0 (4 warps) ttg.local_alloc") != std::string::npos);
  audit::KernelAudit two = auditText(
      readFile(QStringLiteral(LS_SOURCE_DIR "/tests/core/ir/data/hopper_matmul_400.mlir")));
  const std::string report = audit::auditText(two);
  QVERIFY(report.find(" in @matmul_stage2: shared-memory") != std::string::npos);
  const QJsonObject j =
      QJsonDocument::fromJson(QByteArray::fromStdString(audit::auditJson(two))).object();
  QCOMPARE(j["converts"].toArray().last().toObject()["function"].toString(),
           QString("matmul_stage2"));
}

// The axis analysis on adversarial IR (a reviewer's repros): 16 loop-carried
// values each yielding the sum of all (nested fixed points took 17 s at 8
// and never ended at 9; now a work budget bounds it); a 100-op chain reached
// first through its deep end, then its shallow end, and the other way round
// (a cut-off answer was remembered, so the order decided the width); offsets
// with no unit-stride dim the IR shows (`cols * n`): the layout's fastest dim
// is the one Triton narrows.
void TestKernelAudit::axisAnalysisIsBoundedAndOrderFree() {
  audit::KernelAudit loop = auditText(readFile(dataDir() + "axis_loop_16_iter_args.ttgir"));
  QCOMPARE(int(loop.global.size()), 1);
  for (const char *f : {"axis_deep_chain_first.ttgir", "axis_shallow_chain_first.ttgir"}) {
    audit::KernelAudit a = auditText(readFile(dataDir() + f));
    QCOMPARE(int(a.global.size()), 2);
    for (const audit::AuditGlobal &g : a.global) {
      QCOMPARE(g.vectorBits, 32); // `%x < n`, n of unknown divisibility: Triton's ld.global.b32
      QVERIFY(QString::fromStdString(g.vectorLimit).contains("is constant over 1 element(s)"));
    }
  }
  audit::KernelAudit unk = auditText(readFile(dataDir() + "axis_no_unit_stride.ttgir"));
  QCOMPARE(int(unk.global.size()), 2);
  for (const audit::AuditGlobal &g : unk.global) {
    QCOMPARE(g.vectorBits, 32);
    QVERIFY(QString::fromStdString(g.vectorLimit).startsWith("the pointers are aligned to 1 element(s) "
                                                             "along dim 0"));
  }
}

// Triton's axis rules beyond add/mul/cmp (remsi, divsi, shli, maxsi, a
// load's values, scf.if's joined yields, select, a mask through remsi), each
// feeding one f16 load whose layout allows 128 bits. The widths are those
// Triton 3.6's PTX has for the same ops (tests/gpu/results/axis_rules.jsonl,
// CTest gpu_axis_rules); before these rules every one but the first, fifth
// and seventh was claimed 128 bits.
void TestKernelAudit::axisRulesOfEveryTritonVisitor() {
  audit::KernelAudit a = auditText(readFile(dataDir() + "axis_rules.ttgir"));
  QCOMPARE(int(a.global.size()), 11);
  const std::vector<std::pair<int, int>> lineBits = {
      {15, 128}, // offs % n16: runs of gcd(1024, 16) = 16
      {18, 16},  // offs % n, n of unknown divisibility: runs of 1
      {21, 64},  // offs % 4: runs of 4
      {24, 16},  // offs / 2: not contiguous
      {29, 128}, // (n << 4) + offs: divisible by 16
      {32, 16},  // max(offs, n)
      {35, 128}, // the indices' own load
      {37, 16},  // offsets loaded from memory: nothing known
      {46, 16},  // scf.if of offs and offs + 1: divisible by 1
      {50, 16},  // select(offs < n16, offs, n16): runs of 1
      {53, 64},  // mask offs % n16 < 500: constant over gcd(16, 16, 4) = 4
  };
  for (size_t i = 0; i < lineBits.size(); ++i) {
    QCOMPARE(a.global[i].site.line, lineBits[i].first);
    QCOMPARE(a.global[i].vectorBits, lineBits[i].second);
  }
  QCOMPARE(QString::fromStdString(a.global[2].vectorLimit),
           QString("the pointers are aligned to 4 element(s) along dim 0 (divisibility 8 bytes, "
                   "contiguity 4)"));
  QCOMPARE(QString::fromStdString(a.global[8].vectorLimit),
           QString("the pointers are aligned to 1 element(s) along dim 0 (divisibility 2 bytes, "
                   "contiguity 1024)"));
  QCOMPARE(QString::fromStdString(a.global[10].vectorLimit),
           QString("the mask %mask (line 52) is constant over 4 element(s) along dim 0"));
}

#include "tst_kernel_audit.moc"
