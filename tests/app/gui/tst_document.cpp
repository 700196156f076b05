// The document: undo/redo (with merging), save/open round trips, background
// evaluation, validation rules, and importing pasted attributes and TTGIR.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>

#include "document.h"
#include "gui_test_main.h"
#include "layout_evaluator.h"
#include "module_retarget.h"
#include "notation/mlir/layout_printer.h"
#include "paste_import.h"

using namespace ls::app;

namespace {

const QString kLoad = QStringLiteral(
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
    "order = [1, 0]}>");
const QString kStore = QStringLiteral(
    "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], "
    "order = [0, 1]}>");

const QString kTmem =
    QStringLiteral("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>");

// Gluon 3.6's get_tmem_reg_layout(f32, [128, 64], kTmem, 4, variant).
const QString k32x32b = QStringLiteral(
    "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], "
    "[2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>");

Design design(const QString &name, const QString &attr, ls::Shape shape = {64, 64}) {
  Design d;
  d.name = name;
  d.attribute = attr;
  d.shape = shape;
  d.elementType = QStringLiteral("f32");
  return d;
}

// What the form hands in: a draft named "d".
ls::ui::DesignDraft draftOf(const QString &attr, const QString &shape, const QString &dtype,
                            ls::ModuleParams module = {}) {
  ls::ui::DesignDraft draft;
  draft.name = QStringLiteral("d");
  draft.attribute = attr;
  draft.shapeText = shape;
  draft.elementType = dtype;
  draft.module = module;
  return draft;
}

// (Plain literals: moc misreads "#alias" lines inside raw strings.)
const char *kTtgir =
    "#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, "
    "1], order = [1, 0]}>\n"
    "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape "
    "= [16, 8]}>\n"
    "#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>\n"
    "#smem = #ttg.shared_memory\n"
    "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 8 : i32, ttg.target = "
    "\"cuda:80\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
    "  tt.func public @kernel(%arg0: !tt.ptr<f16>) {\n"
    "    %0 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>\n"
    "    %1 = tt.load %0 : tensor<128x64x!tt.ptr<f16>, #blocked>\n"
    "    %2 = ttg.local_alloc %1 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, "
    "#shared, #smem>\n"
    "    %3 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

} // namespace

class TestDocument : public QObject {
  Q_OBJECT
private slots:
  void editsAreUndoable() {
    Document doc;
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    QCOMPARE(doc.count(), 1);
    Design d = doc.design(0);
    d.attribute = kStore;
    doc.editDesign(0, d, QStringLiteral("paste"));
    QCOMPARE(doc.design(0).attribute, kStore);
    doc.undoStack()->undo();
    QCOMPARE(doc.design(0).attribute, kLoad);
    doc.undoStack()->redo();
    QCOMPARE(doc.design(0).attribute, kStore);
    // Undo the add too.
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.count(), 0);
    doc.undoStack()->redo();
    QCOMPARE(doc.count(), 1);
    QCOMPARE(doc.design(0).attribute, kLoad);
  }

  void editsOfOneFieldMerge() {
    Document doc;
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    const int base = doc.undoStack()->count();
    for (int64_t rows : {128, 256, 512}) {
      Design d = doc.design(0);
      d.shape = {rows, 64};
      doc.editDesign(0, d, QStringLiteral("shape"));
    }
    QCOMPARE(doc.undoStack()->count(), base + 1);
    Design d = doc.design(0);
    d.elementType = QStringLiteral("f16");
    doc.editDesign(0, d, QStringLiteral("dtype"));
    QCOMPARE(doc.undoStack()->count(), base + 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.design(0).shape, (ls::Shape{64, 64}));
  }

  void kindSwitchesNeverMerge() {
    Document doc;
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    const int base = doc.undoStack()->count();
    for (const QString &a : {kStore, kLoad}) {
      Design d = doc.design(0);
      d.attribute = a;
      doc.editDesign(0, d, QStringLiteral("kind"));
    }
    QCOMPARE(doc.undoStack()->count(), base + 2);
  }

  void removeIsUndoable() {
    Document doc;
    doc.addDesign(design(QStringLiteral("a"), kLoad));
    doc.addDesign(design(QStringLiteral("b"), kStore));
    doc.removeDesign(0);
    QCOMPARE(doc.count(), 1);
    QCOMPARE(doc.design(0).name, QStringLiteral("b"));
    doc.undoStack()->undo();
    QCOMPARE(doc.count(), 2);
    QCOMPARE(doc.design(0).name, QStringLiteral("a"));
  }

  void saveOpenRoundTrip() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.lstudio"));
    Document doc;
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    Design s = design(QStringLiteral("store"), kStore);
    s.view.colorBy = QStringLiteral("thread");
    s.view.hardware = true;
    s.module.numWarps = 4;
    doc.addDesign(s);
    QVERIFY(doc.isModified());
    QString error;
    QVERIFY2(doc.save(path, &error), qPrintable(error));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.filePath(), path);

    Document back;
    QVERIFY2(back.open(path, &error), qPrintable(error));
    QCOMPARE(back.count(), 2);
    for (int i = 0; i < 2; ++i)
      QCOMPARE(back.design(i), doc.design(i));
    QVERIFY(back.result(1));
    QVERIFY(!back.isModified());
    // The file is the documented JSON.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(root[QStringLiteral("format")].toString(), QStringLiteral("layout-studio"));
    QCOMPARE(root[QStringLiteral("version")].toInt(), 1);
  }

  void saveIsAtomic() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("keep.lstudio"));
    Document doc;
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    QVERIFY(doc.save(path, nullptr));
    // A failing save (directory missing) leaves no file and no partial copy.
    QString error;
    QVERIFY(!doc.save(dir.filePath(QStringLiteral("missing/x.lstudio")), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("missing/x.lstudio"))));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("keep.lstudio")});
  }

  void openRejectsBadFiles_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json") << QByteArray("{") << QStringLiteral("not JSON");
    QTest::newRow("other format") << QByteArray("{\"format\": \"x\", \"version\": 1}")
                                  << QStringLiteral("not a Layout Studio document");
    QTest::newRow("newer") << QByteArray("{\"format\": \"layout-studio\", \"version\": 9}")
                           << QStringLiteral("newer");
    QTest::newRow("no attribute")
        << QByteArray(
               "{\"format\": \"layout-studio\", \"version\": 1, \"designs\": [{\"shape\": [4]}]}")
        << QStringLiteral("no \"attribute\"");
    QTest::newRow("bad shape")
        << QByteArray("{\"format\": \"layout-studio\", \"version\": 1, \"designs\": "
                      "[{\"attribute\": \"#ttg.x\", \"shape\": [-1]}]}")
        << QStringLiteral("\"shape\" holds -1");
    QTest::newRow("kernel not an object")
        << QByteArray("{\"format\": \"layout-studio\", \"version\": 1, \"kernel\": 5}")
        << QStringLiteral("\"kernel\" is not an object");
    QTest::newRow("kernel path not a string")
        << QByteArray(
               "{\"format\": \"layout-studio\", \"version\": 1, \"kernel\": {\"path\": [1]}}")
        << QStringLiteral("\"kernel\": \"path\" and \"text\" must be strings");
  }
  void openRejectsBadFiles() {
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    Document doc;
    doc.addDesign(design(QStringLiteral("keep"), kLoad));
    QString error;
    QVERIFY(!doc.loadJson(json, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
    QCOMPARE(doc.count(), 1); // nothing lost
  }

  void badDesignInAFileShowsItsError() {
    Document doc;
    const QByteArray json =
        "{\"format\": \"layout-studio\", \"version\": 1, \"designs\": [\n"
        "      {\"attribute\": \"#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
        "warpsPerCTA = [4, 1], order = [1, 0]}>\", \"shape\": [64, 48]}]}";
    QString error;
    QVERIFY(doc.loadJson(json, &error));
    QVERIFY(!doc.result(0));
    QVERIFY2(doc.evaluationError(0).contains(QStringLiteral("power of two")),
             qPrintable(doc.evaluationError(0)));
  }

  void largeTensorsEvaluateInTheBackground() {
    Document doc;
    doc.setAsyncThreshold(0); // everything on a worker
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    doc.waitForEvaluations();
    const auto first = doc.result(0);
    QVERIFY(first);
    QSignalSpy ready(&doc, &Document::resultReady);
    Design d = doc.design(0);
    d.attribute = kStore;
    doc.editDesign(0, d, QStringLiteral("paste"));
    // Until the worker is done the previous result stays available.
    QVERIFY(doc.result(0));
    d.shape = {128, 128};
    doc.editDesign(0, d, QStringLiteral("shape"));
    doc.waitForEvaluations();
    const auto last = doc.result(0);
    QVERIFY(last->generation > first->generation);
    QCOMPARE(last->shape, (ls::Shape{128, 128}));
    QCOMPARE(last->attribute, kStore);
    QVERIFY(!ready.isEmpty());
    // Late deliveries of the stale request change nothing.
    QTest::qWait(50);
    QCOMPARE(doc.result(0), last);
  }

  void validationNamesFieldAndRule_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<int>("warps");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("rule");
    QTest::newRow("shape not a power of two") << kLoad << "64x48" << 4 << 32 << "shape"
                                              << "every dimension must be a power of two";
    QTest::newRow("shape text") << kLoad << "64xx" << 4 << 32 << "shape"
                                << "not a positive number";
    QTest::newRow("rank") << kLoad << "64" << 4 << 32 << "shape"
                          << "rank 1";
    QTest::newRow("too large") << kLoad << "16384x16384" << 4 << 32 << "shape"
                               << "2^26";
    QTest::newRow("lanes product")
        << QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], "
                          "warpsPerCTA = [4, 1], order = [1, 0]}>")
        << "64x64" << 4 << 32 << "threadsPerWarp"
        << "multiply to 64 threads per warp";
    QTest::newRow("warps product") << kLoad << "64x64" << 8 << 32 << "warpsPerCTA"
                                   << "product of the warps is 4";
    QTest::newRow("mfma is wave64")
        << QStringLiteral("#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, "
                          "32, 8], isTransposed = false}>")
        << "64x64" << 4 << 32 << "threads-per-warp"
        << "amd_mfma layouts use 64";
    QTest::newRow("parse error") << QStringLiteral("#ttg.blocked<{sizePerThread = [1, 3]}>")
                                 << "64x64" << 4 << 32 << ""
                                 << "";
  }
  void validationNamesFieldAndRule() {
    QFETCH(QString, attr);
    QFETCH(QString, shape);
    QFETCH(int, warps);
    QFETCH(int, lanes);
    QFETCH(QString, field);
    QFETCH(QString, rule);
    const ls::ui::DesignDraft draft =
        draftOf(attr, shape, QStringLiteral("f16"), {warps, lanes, 1});
    const auto v = validateDraft(draft, Design{});
    const auto *e = std::get_if<FieldError>(&v);
    QVERIFY(e);
    if (!field.isEmpty())
      QCOMPARE(e->field, field);
    QVERIFY2(e->rule.contains(rule), qPrintable(e->rule));
  }

  void validDraftIsCanonical() {
    ls::ui::DesignDraft draft =
        draftOf(QStringLiteral("#ttg.blocked<{order=[1,0],sizePerThread=[1,4],"
                               "threadsPerWarp=[2,16],warpsPerCTA=[4,1]}>"),
                QStringLiteral("4x64x64"), QStringLiteral("f32"));
    const auto v = validateDraft(draft, Design{});
    QVERIFY(std::holds_alternative<FieldError>(v)); // rank 2 layout, rank 3 shape
    draft.shapeText = QStringLiteral("64x64");
    const auto ok = validateDraft(draft, Design{});
    QVERIFY(std::holds_alternative<Design>(ok));
    QCOMPARE(std::get<Design>(ok).attribute, kLoad);
  }

  void pasteTtgirGivesOneDesignPerLayout() {
    Design base = design(QStringLiteral("x"), kLoad);
    const ImportResult r = importLayouts(QString::fromLatin1(kTtgir), base);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.designs.size(), size_t(3));
    QCOMPARE(r.designs[0].name, QStringLiteral("blocked"));
    QCOMPARE(r.designs[0].shape, (ls::Shape{128, 64}));
    QCOMPARE(r.designs[0].module.numWarps, 8);
    QCOMPARE(r.designs[1].name, QStringLiteral("mma"));
    QCOMPARE(r.designs[1].shape, (ls::Shape{128, 128}));
    QCOMPARE(r.designs[1].elementType, QStringLiteral("f32"));
    QCOMPARE(r.designs[2].name, QStringLiteral("shared"));
    QCOMPARE(r.designs[2].elementType, QStringLiteral("f16"));
    QCOMPARE(r.designs[2].view.colorBy, QStringLiteral("offset"));
    for (const Design &d : r.designs)
      QVERIFY2(!checkDesign(d), qPrintable(d.name));
  }

  void pasteTypeTakesShapeAndElement() {
    const ImportResult r =
        importLayouts(QStringLiteral("tensor<128x32xbf16, ") + kStore + QStringLiteral(">"),
                      design(QStringLiteral("x"), kLoad));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.designs.size(), size_t(1));
    QCOMPARE(r.designs[0].shape, (ls::Shape{128, 32}));
    QCOMPARE(r.designs[0].elementType, QStringLiteral("bf16"));
  }

  void pasteMfmaSetsWave64() {
    const ImportResult r = importLayouts(
        QStringLiteral("#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, "
                       "16], isTransposed = true}>"),
        design(QStringLiteral("x"), kLoad));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.designs[0].module.threadsPerWarp, 64);
    QCOMPARE(r.designs[0].module.numWarps, 4);
  }

  void pasteGarbageSaysWhy() {
    const ImportResult r =
        importLayouts(QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4]"), Design{});
    QVERIFY(r.designs.empty());
    QVERIFY(!r.error.isEmpty());
    QVERIFY(importLayouts(QString(), Design{}).error.contains(QStringLiteral("no text")));
  }

  // A TMEM design is drawn as the registers of its access (Gluon's answer,
  // basis for basis) and refused with Gluon's message where Gluon refuses.
  void tensorMemoryIsEvaluatedAsItsAccessRegisters_data() {
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("registers");
    QTest::newRow("32x32b") << QStringLiteral("32x32b") << k32x32b;
    QTest::newRow("16x64b") << QStringLiteral("16x64b")
                            << QStringLiteral(
                                   "#ttg.linear<{register = [[0, 2], [0, 4], [0, 8], [0, 16], "
                                   "[0, 32], [16, 0]], lane = [[8, 0], [0, 1], [1, 0], [2, 0], "
                                   "[4, 0]], warp = [[32, 0], [64, 0]], block = []}>");
    QTest::newRow("16x128b") << QStringLiteral("16x128b")
                             << QStringLiteral(
                                    "#ttg.linear<{register = [[8, 0], [0, 4], [0, 8], [0, 16], "
                                    "[0, 32], [16, 0]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], "
                                    "[4, 0]], warp = [[32, 0], [64, 0]], block = []}>");
  }
  void tensorMemoryIsEvaluatedAsItsAccessRegisters() {
    QFETCH(QString, variant);
    QFETCH(QString, registers);
    Document doc;
    Design t = design(QStringLiteral("acc"), kTmem, {128, 64});
    t.tmemVariant = variant;
    doc.addDesign(t);
    const auto r = doc.result(0);
    QVERIFY2(r, qPrintable(doc.evaluationError(0)));
    QVERIFY(r->isTensorMemory());
    QVERIFY(!r->isShared());
    QCOMPARE(r->attribute, kTmem);
    QCOMPARE(r->tmemVariant, variant);
    QCOMPARE(QString::fromStdString(ls::ir::printEncoding(*r->distributed)), registers);
    QCOMPARE(r->layout().getInDimSize("warp"), 4);
  }

  void tensorMemoryRulesNameTheirField_data() {
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<int>("warps");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("rule");
    QTest::newRow("Gluon refuses 16x256b")
        << QStringLiteral("#ttng.tensor_memory_encoding<blockM = 64, blockN = 16, colStride = 1>")
        << "64x32"
        << "f8E4M3FN" << 4 << "16x256b"
        << "instr_variant"
        << "TMEM layout '16x256b' unsupported for shape [64, 32] and num_warps 4";
    QTest::newRow("a warpgroup at least") << kTmem << "128x64"
                                          << "f32" << 2 << "32x32b"
                                          << "num-warps"
                                          << "num_warps must be a power of two and >= 4";
    QTest::newRow("colStride") << QStringLiteral("#ttng.tensor_memory_encoding<blockM = 128, "
                                                 "blockN = 64, colStride = 2>")
                               << "128x64"
                               << "f32" << 4 << "32x32b"
                               << "colStride"
                               << "bitwidth * colStride must be less than or equal to 32";
    QTest::newRow("too small") << kTmem << "64x64"
                               << "f32" << 4 << "32x32b"
                               << "shape"
                               << "the allocation shape must be at least 128x64";
    QTest::newRow("rank") << kTmem << "2x128x64"
                          << "f32" << 4 << "32x32b"
                          << "shape"
                          << "rank";
    QTest::newRow("inferred only") << kTmem << "128x64"
                                   << "f32" << 4 << "16x32bx2"
                                   << "instr_variant"
                                   << "cannot be requested explicitly";
  }
  void tensorMemoryRulesNameTheirField() {
    QFETCH(QString, attr);
    QFETCH(QString, shape);
    QFETCH(QString, dtype);
    QFETCH(int, warps);
    QFETCH(QString, variant);
    QFETCH(QString, field);
    QFETCH(QString, rule);
    ls::ui::DesignDraft draft = draftOf(attr, shape, dtype, {warps, 32, 1});
    draft.tmemVariant = variant;
    const auto v = validateDraft(draft, Design{});
    const auto *e = std::get_if<FieldError>(&v);
    QVERIFY(e);
    QCOMPARE(e->field, field);
    QVERIFY2(e->rule.contains(rule), qPrintable(e->rule));
  }

  void tensorMemoryDesignsRoundTrip() {
    Document doc;
    Design t = design(QStringLiteral("acc"), kTmem, {128, 64});
    t.tmemVariant = QStringLiteral("16x128b");
    doc.addDesign(t);
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    const QByteArray json = doc.toJson();
    const QJsonArray designs =
        QJsonDocument::fromJson(json).object()[QStringLiteral("designs")].toArray();
    QCOMPARE(designs[0].toObject()[QStringLiteral("tmemVariant")].toString(),
             QStringLiteral("16x128b"));
    // Other designs' files are as they were.
    QVERIFY(!designs[1].toObject().contains(QStringLiteral("tmemVariant")));
    Document back;
    QString error;
    QVERIFY2(back.loadJson(json, &error), qPrintable(error));
    QCOMPARE(back.design(0), doc.design(0));
    QCOMPARE(back.design(1), doc.design(1));
    QVERIFY(back.result(0));
    QCOMPARE(back.result(0)->tmemVariant, QStringLiteral("16x128b"));
    // Written before TMEM designs existed (no "tmemVariant"): 32x32b.
    QVERIFY(back.loadJson("{\"format\": \"layout-studio\", \"version\": 1, \"designs\": [{"
                          "\"attribute\": \"" +
                              kTmem.toUtf8() +
                              "\", \"shape\": [128, 64], "
                              "\"elementType\": \"f32\"}]}",
                          &error));
    QCOMPARE(back.design(0).tmemVariant, QStringLiteral("32x32b"));
    QCOMPARE(QString::fromStdString(ls::ir::printEncoding(*back.result(0)->distributed)), k32x32b);
  }

  void pasteTensorMemoryGivesATmemDesign() {
    Design base = design(QStringLiteral("x"), kLoad);
    base.module.numWarps = 8;
    // A memdesc fixes the shape and element type.
    ImportResult r = importLayouts(QStringLiteral("!ttg.memdesc<128x64xf16, ") + kTmem +
                                       QStringLiteral(", #ttng.tensor_memory, mutable>"),
                                   base);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.designs.size(), size_t(1));
    QCOMPARE(r.designs[0].attribute, kTmem);
    QCOMPARE(r.designs[0].shape, (ls::Shape{128, 64}));
    QCOMPARE(r.designs[0].elementType, QStringLiteral("f16"));
    QCOMPARE(r.designs[0].module, (ls::ModuleParams{8, 32, 1}));
    QCOMPARE(r.designs[0].tmemVariant, QStringLiteral("32x32b"));
    // A bare attribute takes its own block when the current shape does not fit.
    r = importLayouts(kTmem, base);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.designs[0].shape, (ls::Shape{128, 64}));
    QCOMPARE(r.designs[0].elementType, QStringLiteral("f32"));
  }

  void pasteTtgirWithTensorMemory() {
    const char *ttgir =
        "#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], "
        "warpsPerCTA = [4, 2], order = [0, 1]}>\n"
        "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>\n"
        "module attributes {\"ttg.num-warps\" = 8 : i32, \"ttg.threads-per-warp\" = 32 : i32} {\n"
        "  %0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x256xf32, #tmem, #ttng.tensor_memory, "
        "mutable>\n"
        "  %1 = arith.constant dense<0.0> : tensor<128x256xf32, #blocked>\n"
        "}\n";
    const ImportResult r =
        importLayouts(QString::fromLatin1(ttgir), design(QStringLiteral("x"), kLoad));
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QCOMPARE(r.designs.size(), size_t(2));
    const Design &t = r.designs[1];
    QCOMPARE(t.name, QStringLiteral("tmem"));
    QCOMPARE(t.attribute, QStringLiteral("#ttng.tensor_memory_encoding<blockM = 128, blockN = "
                                         "128, colStride = 1>"));
    QCOMPARE(t.shape, (ls::Shape{128, 256}));
    QCOMPARE(t.elementType, QStringLiteral("f32"));
    QCOMPARE(t.module, (ls::ModuleParams{8, 32, 1}));
    QVERIFY(!checkDesign(t));
  }

  // View settings are edits: undoable, merged per setting, saved -- and the
  // layout is not evaluated again for them.
  void viewSettingsAreUndoable() {
    Document doc;
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    doc.undoStack()->clear();
    doc.undoStack()->setClean();
    const auto result = doc.result(0);
    QSignalSpy changed(&doc, &Document::viewSettingsChanged);
    QSignalSpy evaluated(&doc, &Document::designChanged);
    ViewSettings v = doc.design(0).view;
    v.colorBy = QStringLiteral("thread");
    doc.setViewSettings(0, v);
    v.colorBy = QStringLiteral("lane");
    doc.setViewSettings(0, v);
    QCOMPARE(doc.undoStack()->count(), 1); // one colour change
    QVERIFY(doc.isModified());
    v.hardware = true;
    doc.setViewSettings(0, v);
    QCOMPARE(doc.undoStack()->count(), 2);
    QCOMPARE(changed.size(), 3);
    doc.undoStack()->undo();
    QVERIFY(!doc.design(0).view.hardware);
    QCOMPARE(doc.design(0).view.colorBy, QStringLiteral("lane"));
    doc.undoStack()->undo();
    QCOMPARE(doc.design(0).view.colorBy, QStringLiteral("warp"));
    QVERIFY(!doc.isModified());
    doc.undoStack()->redo();
    doc.undoStack()->redo();
    QCOMPARE(doc.design(0).view, v);
    // Toggling the hardware view back merges into nothing.
    v.hardware = false;
    doc.setViewSettings(0, v);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.design(0).view.hardware, false);
    QCOMPARE(evaluated.size(), 0);
    QCOMPARE(doc.result(0), result);
  }

  void retargetKeepsProductsInStep() {
    const ls::ModuleParams four{4, 32, 1}, eight{8, 32, 1}, wave64{4, 64, 1};
    QCOMPARE(retargetAttribute(kLoad, four, eight),
             QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                            "warpsPerCTA = [8, 1], order = [1, 0]}>"));
    QCOMPARE(retargetAttribute(kLoad, four, wave64),
             QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], "
                            "warpsPerCTA = [4, 1], order = [1, 0]}>"));
    // The store layout's slowest dim is dim1.
    QVERIFY(
        retargetAttribute(kStore, four, eight).contains(QStringLiteral("warpsPerCTA = [1, 8]")));
    const QString mma = QStringLiteral("#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                                       "warpsPerCTA = [2, 2], instrShape = [16, 8]}>");
    QVERIFY(retargetAttribute(mma, four, eight).contains(QStringLiteral("warpsPerCTA = [4, 2]")));
    // 4 -> 1 warps would need warpsPerCTA[0] = 1/2: unchanged.
    QCOMPARE(retargetAttribute(mma, four, {1, 32, 1}), mma);
  }

  // --- The document's target ----------------------------------------------
  void targetRoundTripsThroughTheFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("amd.lstudio"));
    Document doc;
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    QCOMPARE(doc.target(), QStringLiteral("sm90"));
    doc.setTarget(QStringLiteral("gfx950"));
    QCOMPARE(doc.target(), QStringLiteral("gfx950"));
    QString error;
    QVERIFY2(doc.save(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(root[QStringLiteral("target")].toString(), QStringLiteral("gfx950"));
    Document back;
    QSignalSpy spy(&back, &Document::targetChanged);
    QVERIFY2(back.open(path, &error), qPrintable(error));
    QCOMPARE(back.target(), QStringLiteral("gfx950"));
    QCOMPARE(back.explicitTarget(), QStringLiteral("gfx950"));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("gfx950"));
    QVERIFY(!back.isModified());
    // Triton's spelling in a file reads as the canonical name.
    QByteArray json = back.toJson();
    json.replace("\"gfx950\"", "\"hip:gfx950\"");
    QVERIFY2(back.loadJson(json, &error), qPrintable(error));
    QCOMPARE(back.explicitTarget(), QStringLiteral("gfx950"));
    json.replace("\"hip:gfx950\"", "\"cuda:80\"");
    QVERIFY2(back.loadJson(json, &error), qPrintable(error));
    QCOMPARE(back.target(), QStringLiteral("sm80"));
  }

  void fileWithoutTargetDerivesIt() {
    // A file of an older Layout Studio has no "target": 32 lanes -> sm90,
    // a 64-lane design -> gfx942; nothing is written until one is set.
    const QByteArray nvidia =
        "{\"format\": \"layout-studio\", \"version\": 1, \"designs\": [{\"attribute\": "
        "\"#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
        "order = [1, 0]}>\", \"shape\": [64, 64], \"threadsPerWarp\": 32}]}";
    const QByteArray amd =
        "{\"format\": \"layout-studio\", \"version\": 1, \"designs\": [{\"attribute\": "
        "\"#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], "
        "order = [1, 0]}>\", \"shape\": [64, 64], \"threadsPerWarp\": 64}]}";
    Document doc;
    QString error;
    QVERIFY2(doc.loadJson(nvidia, &error), qPrintable(error));
    QVERIFY(doc.result(0));
    QCOMPARE(doc.target(), QStringLiteral("sm90"));
    QCOMPARE(doc.explicitTarget(), QString());
    QVERIFY(!QJsonDocument::fromJson(doc.toJson()).object().contains(QStringLiteral("target")));
    QVERIFY2(doc.loadJson(amd, &error), qPrintable(error));
    QVERIFY2(doc.result(0), qPrintable(doc.evaluationError(0)));
    QCOMPARE(doc.target(), QStringLiteral("gfx942"));
    QCOMPARE(doc.explicitTarget(), QString());
  }

  void badTargetInAFileIsRefused() {
    Document doc;
    doc.addDesign(design(QStringLiteral("keep"), kLoad));
    QString error;
    QVERIFY(!doc.loadJson("{\"format\": \"layout-studio\", \"version\": 1, \"target\": \"sm75\", "
                          "\"designs\": []}",
                          &error));
    QVERIFY2(error.startsWith(QStringLiteral("\"target\": unknown target \u201csm75\u201d; choose "
                                             "one of sm80, sm90, sm100, sm120, gfx90a, gfx942, "
                                             "gfx950, gfx1100, gfx1200")),
             qPrintable(error));
    QVERIFY(!doc.loadJson(
        "{\"format\": \"layout-studio\", \"version\": 1, \"target\": 90, \"designs\": []}",
        &error));
    QCOMPARE(error, QStringLiteral("\"target\": must be a string"));
    QCOMPARE(doc.count(), 1);
  }

  void targetChangeIsUndoable() {
    Document doc;
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    doc.undoStack()->clear();
    QVERIFY(!doc.isModified());
    QSignalSpy spy(&doc, &Document::targetChanged);
    doc.setTarget(QStringLiteral("gfx942"));
    QCOMPARE(doc.target(), QStringLiteral("gfx942"));
    QVERIFY(doc.isModified());
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Set the target to gfx942"));
    doc.setTarget(QStringLiteral("sm80"));
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.setTarget(QStringLiteral("sm80")); // no change, no step
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    QCOMPARE(doc.target(), QStringLiteral("gfx942"));
    doc.undoStack()->undo();
    QCOMPARE(doc.target(), QStringLiteral("sm90")); // back to following the layouts
    QCOMPARE(doc.explicitTarget(), QString());
    QVERIFY(!doc.isModified());
    doc.undoStack()->redo();
    QCOMPARE(doc.target(), QStringLiteral("gfx942"));
    QStringList seen;
    for (const auto &args : spy)
      seen << args.at(0).toString();
    QCOMPARE(seen, (QStringList{"gfx942", "sm80", "gfx942", "sm90", "gfx942"}));
  }

  void sixtyFourLanesImplyAnAmdTarget() {
    Document doc;
    doc.addDesign(design(QStringLiteral("load"), kLoad));
    QCOMPARE(doc.target(), QStringLiteral("sm90"));
    QSignalSpy spy(&doc, &Document::targetChanged);
    Design wave64 = design(QStringLiteral("mfma"),
                           QStringLiteral("#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], "
                                          "instrShape = [16, 16, 16], isTransposed = true}>"));
    wave64.module.threadsPerWarp = 64;
    doc.addDesign(wave64);
    QCOMPARE(doc.target(), QStringLiteral("gfx942"));
    QCOMPARE(spy.count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.target(), QStringLiteral("sm90"));
    // An explicit target wins over what the layouts imply.
    doc.undoStack()->redo();
    doc.setTarget(QStringLiteral("sm100"));
    QCOMPARE(doc.target(), QStringLiteral("sm100"));
    // clear() (File > New) forgets it.
    doc.clear();
    QCOMPARE(doc.explicitTarget(), QString());
    QCOMPARE(doc.target(), QStringLiteral("sm90"));
  }

  void canonicalTargetNamesTheMachine_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("cuda:90") << "cuda:90"
                             << "sm90";
    QTest::newRow("cuda:80") << "cuda:80"
                             << "sm80";
    QTest::newRow("cuda:100") << "cuda:100"
                              << "sm100";
    QTest::newRow("cuda:120") << "cuda:120"
                              << "sm120";
    QTest::newRow("hip:gfx942") << "hip:gfx942"
                                << "gfx942";
    QTest::newRow("hip:gfx1100") << "hip:gfx1100"
                                 << "gfx1100";
    QTest::newRow("GFX90A") << " GFX90A "
                            << "gfx90a";
    QTest::newRow("auto") << "auto"
                          << "";
    QTest::newRow("empty") << ""
                           << "";
  }
  void canonicalTargetNamesTheMachine() {
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    QString error;
    const auto t = canonicalTarget(text, &error);
    QVERIFY2(t, qPrintable(error));
    QCOMPARE(*t, canonical);
    for (const QString &n : targetNames())
      QCOMPARE(canonicalTarget(n).value_or(QStringLiteral("?")), n);
    QVERIFY(!canonicalTarget(QStringLiteral("sm75"), &error));
    QVERIFY(!canonicalTarget(QStringLiteral("cuda:x"), &error));
  }

  void pastedModuleNamesItsTarget() {
    const Design base = design(QStringLiteral("x"), kLoad);
    // kTtgir says ttg.target = "cuda:80".
    QCOMPARE(importLayouts(QString::fromLatin1(kTtgir), base).target, QStringLiteral("sm80"));
    QString amd = QString::fromLatin1(kTtgir);
    amd.replace(QStringLiteral("\"cuda:80\""), QStringLiteral("\"hip:gfx950\""));
    QCOMPARE(importLayouts(amd, base).target, QStringLiteral("gfx950"));
    // Without ttg.target, 64 threads per warp name the default AMD target.
    QString wave64 = QString::fromLatin1(kTtgir);
    wave64.replace(QStringLiteral("ttg.target = \"cuda:80\", "), QString());
    QCOMPARE(importLayouts(wave64, base).target, QString());
    wave64.replace(QStringLiteral("\"ttg.threads-per-warp\" = 32"),
                   QStringLiteral("\"ttg.threads-per-warp\" = 64"));
    QCOMPARE(importLayouts(wave64, base).target, QStringLiteral("gfx942"));
    // An attribute alone names no machine.
    QCOMPARE(importLayouts(kStore, base).target, QString());
  }
};

LS_GUI_TEST_MAIN(TestDocument)
#include "tst_document.moc"
