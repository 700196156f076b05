// The TMEM export snippets (MLIR, Gluon, C++), byte for byte against golden
// files in data/, and the names they use for element types.
#include <QtTest>

#include <QFile>

#include "codegen/exporter.h"
#include "codegen/tmem_export.h"
#include "notation/mlir/layout_parser.h"
#include "util/error.h"

using namespace ls;

namespace {

QString golden(const QString &name) {
  QFile f(QStringLiteral(LS_SOURCE_DIR "/tests/core/codegen/data/") + name);
  if (!f.open(QIODevice::ReadOnly))
    return "missing golden file " + name;
  return QString::fromUtf8(f.readAll());
}

QString q(const std::string &s) { return QString::fromStdString(s); }

TmemDesign m64() {
  return TmemDesign::fromText("#ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 1>",
                              {128, 64}, "f16", 8, TmemVariant::I16x64b);
}

} // namespace

class TestTmemExport : public QObject {
  Q_OBJECT
private slots:
  void goldens_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("text");
    const TmemDesign a = m64();
    QTest::newRow("m64 mlir") << "export_m64_16x64b.mlir" << q(codegen::tmemMlir(a));
    QTest::newRow("m64 gluon") << "export_m64_16x64b.py" << q(codegen::tmemGluon(a));
    QTest::newRow("m64 cpp") << "export_m64_16x64b.cpp.txt" << q(codegen::tmemCpp(a));
    const TmemDesign s =
        TmemDesign::fromText("#ttng.tensor_memory_scales_encoding<>", {128, 4}, "i8");
    QTest::newRow("scales mlir") << "export_scales.mlir" << q(codegen::tmemMlir(s));
    QTest::newRow("scales gluon") << "export_scales.py" << q(codegen::tmemGluon(s));
    TmemDesign t = TmemDesign::fromText(
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitN = 2>",
        {128, 128}, "f32");
    t.cgaBases = {{0, 1}};
    QTest::newRow("cta split gluon") << "export_ctasplit.py" << q(codegen::tmemGluon(t));
    QTest::newRow("cta split cpp") << "export_ctasplit.cpp.txt" << q(codegen::tmemCpp(t));
    const TmemDesign u =
        TmemDesign::fromText("#ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 1>",
                             {128, 128}, "bf16", 8, TmemVariant::I32x32bSplitN);
    QTest::newRow("splitn cpp") << "export_splitn.cpp.txt" << q(codegen::tmemCpp(u));
  }
  void goldens() {
    QFETCH(QString, file);
    QFETCH(QString, text);
    QCOMPARE(text, golden(file));
  }

  void snippetsStateTheCalls() {
    const TmemDesign a = m64();
    QVERIFY(q(codegen::tmemGluon(a)).contains(
        "get_tmem_reg_layout(gl.float16, [128, 64], tmem_layout, 8, \"16x64b\")"));
    QVERIFY(q(codegen::tmemGluon(a)).contains("TensorMemoryLayout(block=(64, 32), col_stride=1)"));
    QVERIFY(q(codegen::tmemCpp(a)).contains("ttng::TMemAccessAtom::I16x64b, /*numWarps=*/8"));
    QVERIFY(q(codegen::tmemMlir(a)).startsWith(
        "#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 1>\n"));
  }

  void invalidDesignThrows() {
    TmemDesign a = m64();
    a.variant = TmemVariant::I16x32bx2;
    QVERIFY_THROWS_EXCEPTION(Error, codegen::tmemGluon(a));
    a.variant = TmemVariant::I32x32b;
    a.numWarps = 3;
    QVERIFY_THROWS_EXCEPTION(Error, codegen::tmemMlir(a));
  }

  // exportDesign (CLI `export`, the GUI's Export panel) sends both TMEM
  // encodings to the TMEM snippets (and the cuda kernel) and refuses
  // thread-layout formats.
  void exportDesignRoutesBothTmemKinds_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("gluonClass");
    QTest::newRow("tmem") << "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>"
                          << "128x64" << "TensorMemoryLayout(block=(128, 64), col_stride=1)";
    QTest::newRow("scales") << "#ttng.tensor_memory_scales_encoding<>" << "128x4"
                            << "TensorMemoryScalesLayout()";
  }
  void exportDesignRoutesBothTmemKinds() {
    QFETCH(QString, attr);
    QFETCH(QString, shape);
    QFETCH(QString, gluonClass);
    codegen::ExportDesign d;
    d.encoding = ir::parseEncoding(attr.toStdString());
    d.shape = shape == "128x4" ? Shape{128, 4} : Shape{128, 64};
    d.element = ir::parseElementType(shape == "128x4" ? "i8" : "f32");
    const TmemDesign t = TmemDesign::fromText(attr.toStdString(), d.shape, d.element.name);
    const codegen::ExportOptions o;
    QCOMPARE(q(codegen::exportDesign(d, codegen::ExportFormat::Gluon, o)), q(codegen::tmemGluon(t)));
    QVERIFY(q(codegen::exportDesign(d, codegen::ExportFormat::Gluon, o)).contains(gluonClass));
    QCOMPARE(q(codegen::exportDesign(d, codegen::ExportFormat::Cpp, o)), q(codegen::tmemCpp(t)));
    QCOMPARE(q(codegen::exportDesign(d, codegen::ExportFormat::Module, o)), q(codegen::tmemMlir(t)));
    // cuda: the tcgen05.st/ld kernel (hw_kernels.h) for tensor_memory_encoding;
    // the scales encoding has none (an error naming the layout).
    if (gluonClass.startsWith("TensorMemoryLayout")) {
      QVERIFY(q(codegen::exportDesign(d, codegen::ExportFormat::Cuda, o))
                  .contains("tcgen05.st.sync.aligned.32x32b.x1.b32"));
    } else {
      try {
        codegen::exportDesign(d, codegen::ExportFormat::Cuda, o);
        QFAIL("a cuda kernel was exported for tensor_memory_scales_encoding");
      } catch (const Error &e) {
        QCOMPARE(QString::fromStdString(e.field()), QString("layout"));
      }
    }
    for (auto f : {codegen::ExportFormat::Hip, codegen::ExportFormat::Descriptor}) {
      try {
        codegen::exportDesign(d, f, o);
        QFAIL("a thread-layout format was exported for a TMEM layout");
      } catch (const Error &e) {
        QCOMPARE(QString::fromStdString(e.field()), QString("--format"));
      }
    }
  }

  void elementNames_data() {
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("gluon");
    QTest::addColumn<QString>("cpp");
    QTest::newRow("f32") << "f32" << "gl.float32" << "Float32Type::get(ctx)";
    QTest::newRow("bf16") << "bf16" << "gl.bfloat16" << "BFloat16Type::get(ctx)";
    QTest::newRow("f8") << "f8" << "gl.float8e4nv" << "Float8E4M3FNType::get(ctx)";
    QTest::newRow("f8E5M2") << "f8E5M2" << "gl.float8e5" << "Float8E5M2Type::get(ctx)";
    QTest::newRow("i8") << "i8" << "gl.int8" << "IntegerType::get(ctx, 8)";
  }
  void elementNames() {
    QFETCH(QString, dtype);
    QFETCH(QString, gluon);
    QFETCH(QString, cpp);
    const ir::ElementType e = ir::parseElementType(dtype.toStdString());
    QCOMPARE(q(codegen::gluonDtype(e)), gluon);
    QCOMPARE(q(codegen::mlirCppType(e)), cpp);
  }
};

QTEST_GUILESS_MAIN(TestTmemExport)
#include "tst_tmem_export.moc"
