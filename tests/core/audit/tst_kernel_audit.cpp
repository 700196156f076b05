// The kernel audit on real TTGIR Triton 3.6 wrote (tests/data/ttgir36): the
// module decides the target, pointer strides come only from what the IR
// shows, conversions get their class and loop depth, findings are ranked.
#include <QtTest>

#include <fstream>
#include <sstream>

#include "audit/audit_report.h"
#include "audit/kernel_audit.h"
#include "audit/pointer_strides.h"
#include "util/error.h"

using namespace ls;
using namespace ls::audit;

namespace {

ir::ModuleFile corpus(const char *name) {
  std::ifstream f(std::string(LS_SOURCE_DIR "/tests/data/ttgir36/") + name);
  std::stringstream ss;
  ss << f.rdbuf();
  return ir::readModuleFile(ss.str());
}

} // namespace

class TestKernelAudit : public QObject {
  Q_OBJECT
private slots:
  void targetFromTheModule_data() {
    QTest::addColumn<QString>("moduleTarget");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("amd");
    QTest::addColumn<int>("scratch");
    QTest::newRow("cuda:80") << "cuda:80" << 32 << "sm80" << false << int(ScratchTarget::Sm80);
    QTest::newRow("cuda:90") << "cuda:90" << 32 << "sm90" << false << int(ScratchTarget::Sm90);
    QTest::newRow("cuda:100") << "cuda:100" << 32 << "sm100" << false << int(ScratchTarget::Sm90);
    QTest::newRow("hip:gfx942") << "hip:gfx942" << 64 << "gfx942" << true << int(ScratchTarget::Generic);
    QTest::newRow("hip:gfx1200") << "hip:gfx1200" << 32 << "gfx1200" << true << int(ScratchTarget::Generic);
    QTest::newRow("no target, 64 lanes") << "" << 64 << "gfx942" << true << int(ScratchTarget::Generic);
    QTest::newRow("no target, 32 lanes") << "" << 32 << "sm90" << false << int(ScratchTarget::Sm90);
  }
  void targetFromTheModule() {
    QFETCH(QString, moduleTarget);
    QFETCH(int, lanes);
    QFETCH(QString, name);
    QFETCH(bool, amd);
    QFETCH(int, scratch);
    AuditTarget t = resolveTarget(moduleTarget.toStdString(), lanes, std::nullopt);
    QCOMPARE(QString::fromStdString(t.name), name);
    QCOMPARE(t.banks.vendor == Vendor::Amd, amd);
    QCOMPARE(int(t.scratch), scratch);
  }

  void overrideWinsAndBadTargetsNameTheFlag() {
    QCOMPARE(QString::fromStdString(resolveTarget("cuda:90", 32, std::string("sm80")).name), QString("sm80"));
    QCOMPARE(QString::fromStdString(resolveTarget("cuda:90", 64, std::string("hip:gfx950")).triton),
             QString("hip:gfx950"));
    try {
      resolveTarget("cuda:90", 32, std::string("sm7x"));
      QFAIL("accepted sm7x");
    } catch (const Error &e) {
      QCOMPARE(QString::fromStdString(e.field()), QString("--target"));
    }
    try {
      resolveTarget("hip:gfx942", 64, std::string("sm90"));
      QFAIL("an NVIDIA target for a 64-lane module");
    } catch (const Error &e) {
      QVERIFY(QString::fromStdString(e.rule()).contains("64 lanes per warp"));
    }
  }

  void amdKernelNeedsNoFlag() {
    KernelAudit a = auditKernel(corpus("matmul_gfx942.ttgir"), "matmul_gfx942.ttgir");
    QCOMPARE(QString::fromStdString(a.target.name), QString("gfx942"));
    QCOMPARE(a.threadsPerWarp, 64);
    QCOMPARE(a.numWarps, 8);
    for (const SharedRow &s : a.shared)
      if (!s.instruction.empty())
        QVERIFY2(s.instruction.rfind("ds_", 0) == 0, s.instruction.c_str()); // AMD instructions only
  }

  void stridesOnlyWhereTheIrShowsThem() {
    // softmax: in_ptr + row * stride + arange -> stride [1] along the row.
    KernelAudit sm = auditKernel(corpus("softmax_sm90.ttgir"), "softmax");
    QCOMPARE(sm.global.size(), size_t(2));
    QVERIFY(sm.global[0].strides.has_value());
    QCOMPARE(*sm.global[0].strides, (std::vector<int64_t>{1}));
    QCOMPARE(sm.global[0].vectorBits, 128);
    QCOMPARE(*sm.global[0].sectorsPerWarp, 16.0); // 32 lanes x 16 B = 512 B = 16 sectors
    // transpose: the row stride N is a runtime argument -> unknown, never a guess.
    KernelAudit tr = auditKernel(corpus("transpose_sm90.ttgir"), "transpose");
    QCOMPARE(tr.global.size(), size_t(2));
    QVERIFY(!tr.global[0].strides.has_value());
    QVERIFY(!tr.global[0].sectorsPerWarp.has_value());
    QVERIFY(auditText(tr).find("unknown (the IR does not show the pointer's strides)") != std::string::npos);
  }

  void conversionsWithClassLineAndLoopDepth() {
    KernelAudit a = auditKernel(corpus("attention_sm80.ttgir"), "attention");
    QCOMPARE(a.converts.size(), size_t(2));
    QCOMPARE(a.converts[0].at.line, 118);
    QCOMPARE(a.converts[0].at.loopDepth, 1);
    QCOMPARE(QString::fromStdString(a.converts[0].cls), QString("no-op"));
    QCOMPARE(a.converts[1].at.line, 154);
    QCOMPARE(a.converts[1].at.loopDepth, 0);
    QCOMPARE(QString::fromStdString(a.converts[1].cls), QString("shared-memory"));
    QCOMPARE(a.converts[1].scratchBytes, int64_t{8192});
    QVERIFY(QString::fromStdString(a.converts[1].at.loc).endsWith("kernels.py:72:67"));
  }

  void findingsRankedWithTheirFigures() {
    KernelAudit a = auditKernel(corpus("transpose_sm90.ttgir"), "transpose");
    QVERIFY(!a.findings.empty());
    QCOMPARE(QString::fromStdString(a.findings[0].kind), QString("convert_through_shared"));
    QCOMPARE(a.findings[0].at.line, 46);
    QVERIFY(a.findings[0].message.find("8192 B scratch") != std::string::npos);
    for (size_t i = 1; i < a.findings.size(); ++i)
      QVERIFY(a.findings[i - 1].score >= a.findings[i].score);
  }

  void jsonHasTheContractKeys() {
    const std::string j = auditJson(auditKernel(corpus("matmul_sm90.ttgir"), "m.ttgir"));
    for (const char *k : {"\"file\": \"m.ttgir\"", "\"target\": \"sm90\"", "\"num_warps\": 8",
                          "\"threads_per_warp\": 32", "\"num_ctas\": 1", "\"tensors\": [",
                          "\"converts\": [", "\"shared\": [", "\"global\": [", "\"findings\": ["})
      QVERIFY2(j.find(k) != std::string::npos, k);
  }
};

QTEST_GUILESS_MAIN(TestKernelAudit)
#include "tst_kernel_audit.moc"
