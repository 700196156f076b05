// ExportPanel, offscreen: its tabs show exactly the core's exports, the
// Triton-version choice reaches the MLIR tabs, Copy and Save hand over the
// shown text, a rejected design shows its error with Copy and Save disabled,
// and the highlighter colours known characters.
#include "gui_test_main.h"
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextLayout>
#include <QtTest>

#include <algorithm>

#include "codegen/exporter.h"
#include "export/code_highlighter.h"
#include "export/export_panel.h"
#include "notation/mlir/layout_parser.h"

using ls::codegen::ExportFormat;
using namespace ls::ui;

namespace {

const char *kBlocked =
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], "
    "order = [1, 0]}>";

QString coreExport(const char *attr, ls::Shape shape, ExportFormat f,
                   ls::ir::Syntax syntax = ls::ir::Syntax::Triton36) {
  ls::codegen::ExportDesign d;
  d.encoding = ls::ir::parseEncoding(attr);
  d.shape = std::move(shape);
  d.element = ls::codegen::defaultElementType(*d.encoding);
  ls::codegen::ExportOptions o;
  o.syntax = syntax;
  return QString::fromStdString(ls::codegen::exportDesign(d, f, o));
}

// The highlighter's foreground at `column` of the first line containing `needle`.
QColor colourAt(QPlainTextEdit *editor, const QString &needle, int offset) {
  for (QTextBlock b = editor->document()->begin(); b.isValid(); b = b.next()) {
    int at = static_cast<int>(b.text().indexOf(needle));
    if (at < 0)
      continue;
    for (const QTextLayout::FormatRange &r : b.layout()->formats())
      if (at + offset >= r.start && at + offset < r.start + r.length)
        return r.format.foreground().color();
    return QColor();
  }
  return QColor(Qt::transparent);
}

} // namespace

class TestExportPanel : public QObject {
  Q_OBJECT
private slots:
  void tabsPerFormat() {
    ExportPanel panel;
    auto *tabs = panel.findChild<QTabWidget *>();
    QVERIFY(tabs);
    QCOMPARE(tabs->count(), 9);
    QCOMPARE(tabs->tabText(0), QString("MLIR attribute"));
    QCOMPARE(tabs->tabText(1), QString("TTGIR module"));
    QCOMPARE(tabs->tabText(4), QString("Gluon probe"));
    QCOMPARE(tabs->tabText(6), QString("CUDA kernel"));
    QCOMPARE(tabs->tabText(7), QString("HIP kernel"));
    QCOMPARE(tabs->tabText(8), QString("CuTe"));
  }

  void textsAreTheCoreExports_data() {
    QTest::addColumn<int>("format");
    for (ExportFormat f : ls::codegen::allFormats())
      QTest::newRow(ls::codegen::formatName(f)) << static_cast<int>(f);
  }
  void textsAreTheCoreExports() {
    QFETCH(int, format);
    const auto f = static_cast<ExportFormat>(format);
    ExportPanel panel;
    panel.setDesign(ls::ir::parseEncoding(kBlocked), {64, 64});
    panel.setCurrentFormat(f);
    QCOMPARE(panel.currentFormat(), f);
    QCOMPARE(panel.text(f), coreExport(kBlocked, {64, 64}, f));
    auto *tabs = panel.findChild<QTabWidget *>();
    auto *editor = tabs->currentWidget()->findChild<QPlainTextEdit *>();
    QCOMPARE(editor->toPlainText(), panel.text(f));
    QVERIFY(editor->isReadOnly());
  }

  void exportsAreMadeWhenShown() {
    ExportPanel panel;
    panel.setDesign(ls::ir::parseEncoding(kBlocked), {64, 64});
    auto *tabs = panel.findChild<QTabWidget *>();
    const auto &formats = ls::codegen::allFormats();
    const int cuda = static_cast<int>(
        std::find(formats.begin(), formats.end(), ls::codegen::ExportFormat::Cuda) -
        formats.begin());
    auto *cudaEditor = tabs->widget(cuda)->findChild<QPlainTextEdit *>();
    QCOMPARE(cudaEditor->toPlainText(), QString()); // not shown yet, not made
    tabs->setCurrentIndex(cuda);
    QVERIFY(cudaEditor->toPlainText().startsWith("// CUDA copy kernel through a blocked layout\n"));
  }

  void probeTabIsPython() {
    ExportPanel panel;
    panel.setDesign(ls::ir::parseEncoding(kBlocked), {64, 64});
    panel.setCurrentFormat(ExportFormat::GluonProbe);
    const QString text = panel.text(ExportFormat::GluonProbe);
    QVERIFY(text.startsWith("#!/usr/bin/env python3\n# Layout Studio export: gluon-probe"));
    QVERIFY(text.contains("\nLAYOUT = ttgl.BlockedLayout("));
    QVERIFY(text.contains("\nEXPECTED = [\n"));
  }

  void legacySyntaxReachesTheMlirTabs() {
    ExportPanel panel;
    panel.setDesign(ls::ir::parseEncoding(kBlocked), {64, 64});
    auto *combo = panel.findChild<QComboBox *>();
    QCOMPARE(combo->count(), 2);
    combo->setCurrentIndex(1);
    QCOMPARE(panel.syntax(), ls::ir::Syntax::Legacy);
    QCOMPARE(panel.text(ExportFormat::Attribute),
             coreExport(kBlocked, {64, 64}, ExportFormat::Attribute, ls::ir::Syntax::Legacy));
    QVERIFY(panel.text(ExportFormat::Attribute).startsWith("#triton_gpu.blocked<{"));
    QVERIFY(panel.text(ExportFormat::Module).contains("\"triton_gpu.num-warps\" = 4 : i32"));
    panel.setSyntax(ls::ir::Syntax::Triton36);
    QVERIFY(panel.text(ExportFormat::Attribute).startsWith("#ttg.blocked<{"));
  }

  void copyHandsOverTheText() {
    ExportPanel panel;
    panel.setDesign(ls::ir::parseEncoding(kBlocked), {64, 64});
    panel.setCurrentFormat(ExportFormat::Gluon);
    QSignalSpy spy(&panel, &ExportPanel::copied);
    auto *copy = panel.findChildren<QPushButton *>().at(0);
    QCOMPARE(copy->text(), QString("Copy"));
    copy->click();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(QApplication::clipboard()->text(), panel.text(ExportFormat::Gluon));
  }

  void saveWritesTheShownText() {
    QTemporaryDir dir;
    ExportPanel panel;
    panel.setDesign(ls::ir::parseEncoding(kBlocked), {64, 64});
    panel.setCurrentFormat(ExportFormat::Cuda);
    QCOMPARE(panel.suggestedFileName(), QString("layout.cu"));
    const QString path = dir.filePath("check.cu");
    QSignalSpy spy(&panel, &ExportPanel::saved);
    QVERIFY(panel.saveTo(path));
    QCOMPARE(spy.count(), 1);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(f.readAll()), panel.text(ExportFormat::Cuda));
    QString error;
    QVERIFY(!panel.saveTo(dir.filePath("no/such/dir/x.cu"), &error));
    QVERIFY(!error.isEmpty());
  }

  void rejectedDesignShowsItsError() {
    ExportPanel panel;
    // 64 warps x 32 lanes: more threads than a CTA may have.
    panel.setDesign(ls::ir::parseEncoding("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp "
                                          "= [1, 32], warpsPerCTA = [64, 1], order = [1, 0]}>"),
                    {64, 64});
    panel.setCurrentFormat(ExportFormat::Cuda);
    QVERIFY(panel.text(ExportFormat::Cuda).isEmpty());
    QVERIFY(panel.errorText(ExportFormat::Cuda).contains("1024 threads"));
    auto *tabs = panel.findChild<QTabWidget *>();
    auto *label = tabs->currentWidget()->findChild<QLabel *>();
    QVERIFY(!label->isHidden());
    QVERIFY(label->text().startsWith("Cannot export: "));
    for (QPushButton *b : panel.findChildren<QPushButton *>())
      QVERIFY(!b->isEnabled());
    // The attribute of the same design is fine.
    panel.setCurrentFormat(ExportFormat::Attribute);
    QVERIFY(!panel.text(ExportFormat::Attribute).isEmpty());
    QVERIFY(panel.findChildren<QPushButton *>().at(0)->isEnabled());
  }

  void noDesignNoExport() {
    ExportPanel panel;
    QVERIFY(!panel.hasDesign());
    QCOMPARE(panel.errorText(ExportFormat::Attribute), QString("No layout to export."));
    QVERIFY(!panel.saveTo(QDir::temp().filePath("ls_never_written.mlir")));
    QVERIFY(!QFile::exists(QDir::temp().filePath("ls_never_written.mlir")));
  }

  void highlighterColoursKnownCharacters() {
    ExportPanel panel;
    panel.setDesign(ls::ir::parseEncoding(kBlocked), {64, 64});
    auto *tabs = panel.findChild<QTabWidget *>();
    panel.setCurrentFormat(ExportFormat::Module);
    auto *module = tabs->currentWidget()->findChild<QPlainTextEdit *>();
    QCOMPARE(colourAt(module, "// Layout Studio export", 3),
             CodeHighlighter::commentFormat().foreground().color());
    QCOMPARE(colourAt(module, "tt.load", 1),
             CodeHighlighter::operationFormat().foreground().color());
    QCOMPARE(colourAt(module, "#blocked =", 1),
             CodeHighlighter::attributeFormat().foreground().color());
    panel.setCurrentFormat(ExportFormat::Gluon);
    auto *gluon = tabs->currentWidget()->findChild<QPlainTextEdit *>();
    QCOMPARE(colourAt(gluon, "from triton", 0),
             CodeHighlighter::keywordFormat().foreground().color());
    QCOMPARE(colourAt(gluon, "ttgl.BlockedLayout", 6),
             CodeHighlighter::operationFormat().foreground().color());
    panel.setCurrentFormat(ExportFormat::Descriptor);
    auto *json = tabs->currentWidget()->findChild<QPlainTextEdit *>();
    QCOMPARE(colourAt(json, "\"layout\"", 1),
             CodeHighlighter::operationFormat().foreground().color());
  }
};

LS_GUI_TEST_MAIN(TestExportPanel)
#include "tst_export_panel.moc"
