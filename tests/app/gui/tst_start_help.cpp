// What a new user meets first (issue 16): scripts/start.sh opens an untitled
// copy of the transpose example with its comparison (Ctrl+S cannot overwrite
// the shipped file), --open-copy leaves its file alone, and the Help menu
// opens the guides (docs/*.md, found on disk) and walks a short tour.
#include <QAction>
#include <QApplication>
#include <QCryptographicHash>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextBrowser>

#include "analysis_docks.h"
#include "app_setup.h"
#include "command_line.h"
#include "design.h"
#include "document.h"
#include "forms/design_form.h"
#include "grid/grid_panel.h"
#include "gui_test_main.h"
#include "help_menu.h"
#include "main_window.h"
#include "panel_screenshot.h"

using namespace ls::app;

namespace {

// The designs of a .lstudio file, read straight from its JSON.
std::vector<Design> designsOf(const QString &path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly))
    return {};
  std::vector<Design> out;
  QString error;
  for (const QJsonValue &v :
       QJsonDocument::fromJson(f.readAll()).object().value("designs").toArray())
    if (auto d = designFromJson(v.toObject(), &error))
      out.push_back(*d);
  return out;
}

QByteArray digest(const QString &path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly)
             ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256)
             : QByteArray();
}

QMenu *helpMenu(MainWindow &w) {
  for (QAction *a : w.menuBar()->actions())
    if (a->text().remove(QLatin1Char('&')) == QLatin1String("Help"))
      return a->menu();
  return nullptr;
}

} // namespace

class TestStartHelp : public QObject {
  Q_OBJECT
private slots:
  void initTestCase() { initResources(); }

  // scripts/start.sh's own arguments: an untitled copy of the transpose
  // example, load compared with store, as the README's picture shows.
  void startScriptOpensAnUntitledCopy() {
    QFile script(QStringLiteral(LS_SOURCE_DIR "/scripts/start.sh"));
    QVERIFY(script.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(script.readAll());
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("\\nexec build/bin/layout-studio ([^\\n]*) \"\\$@\"\\n"))
            .match(text);
    QVERIFY2(m.hasMatch(), qPrintable(text));
    const QStringList args = QStringList{QStringLiteral("layout-studio")} +
                             m.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const CommandLine cl = parseCommandLine(args);
    QVERIFY2(cl.error.isEmpty(), qPrintable(cl.error));
    QVERIFY(cl.file.isEmpty()); // not the shipped file itself

    MainWindow w(/*interactive=*/false);
    QCOMPARE(openFromCommandLine(w, cl), QString());
    Document *doc = w.document();
    doc->waitForEvaluations();
    QCOMPARE(doc->filePath(), QString()); // Save asks where (Save As)
    QCOMPARE(doc->displayName(), QStringLiteral("Untitled"));
    QVERIFY(!doc->isModified());
    const std::vector<Design> example =
        designsOf(QStringLiteral(LS_SOURCE_DIR "/resources/examples/transpose.lstudio"));
    QCOMPARE(int(example.size()), 2);
    QCOMPARE(doc->count(), 2);
    for (int i = 0; i < 2; ++i)
      QVERIFY2(doc->design(i) == example[size_t(i)], qPrintable(doc->design(i).name));
    QCOMPARE(doc->currentIndex(), 0);
    QCOMPARE(w.compareIndex(), 1); // the store layout beside the load layout
    QVERIFY(!w.comparePanel()->isHidden());
    QVERIFY(doc->result(0) && doc->result(1));
  }

  // --open-copy: the document is the file's, its path is not; edits never
  // reach the file.
  void openCopyLeavesTheFileAlone() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mine.lstudio"));
    QVERIFY(QFile::copy(QStringLiteral(":/examples/swizzle.lstudio"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const QByteArray before = digest(path);
    const CommandLine cl =
        parseCommandLine({QStringLiteral("layout-studio"), QStringLiteral("--open-copy"), path});
    QVERIFY2(cl.error.isEmpty(), qPrintable(cl.error));
    MainWindow w(/*interactive=*/false);
    QCOMPARE(openFromCommandLine(w, cl), QString());
    Document *doc = w.document();
    QCOMPARE(doc->filePath(), QString());
    QCOMPARE(doc->count(), int(designsOf(path).size()));
    QCOMPARE(doc->design(0), designsOf(path).front());
    Design d = doc->design(0);
    d.name = QStringLiteral("edited");
    doc->editDesign(0, d, QStringLiteral("name"));
    QVERIFY(doc->isModified());
    QCOMPARE(doc->filePath(), QString());
    QCOMPARE(digest(path), before);
  }

  // Help: Guide (app.md) and every guide resolve to files that exist; the
  // reader shows the guide with its pictures.
  void helpMenuOpensTheGuides() {
    MainWindow w(/*interactive=*/false);
    w.show();
    QMenu *help = helpMenu(w);
    QVERIFY(help);
    QAction *guide = help->findChild<QAction *>(QStringLiteral("helpGuide"));
    QMenu *guides = help->findChild<QMenu *>(QStringLiteral("helpGuides"));
    QAction *tour = help->findChild<QAction *>(QStringLiteral("helpTour"));
    QVERIFY(guide && guides && tour);
    QVERIFY(guide->isEnabled());
    QVERIFY(guide->data().toString().endsWith(QLatin1String("/app.md")));
    QVERIFY(QFileInfo::exists(guide->data().toString()));
    QStringList titles;
    for (QAction *a : guides->actions()) {
      QVERIFY2(QFileInfo::exists(a->data().toString()), qPrintable(a->data().toString()));
      titles << a->text();
    }
    QCOMPARE(guides->actions().size(), 9);
    QVERIFY2(titles.contains(QStringLiteral(
                 "Shared memory: bank conflicts, wavefronts, vectorisation and swizzle search")),
             qPrintable(titles.join(QStringLiteral(" | "))));
    guide->trigger();
    QDialog *reader = w.findChild<QDialog *>(QStringLiteral("guideReader"));
    QVERIFY(reader && reader->isVisible());
    QTextBrowser *text = reader->findChild<QTextBrowser *>(QStringLiteral("guideText"));
    QVERIFY(text);
    QVERIFY(text->toPlainText().startsWith(
        QStringLiteral("Layout Studio \u2014 the desktop application")));
    // Its first picture loads from docs/images.
    const QVariant img = text->loadResource(QTextDocument::ImageResource,
                                            QUrl(QStringLiteral("images/layout-studio.png")));
    const QImage picture = img.canConvert<QImage>() && !img.value<QImage>().isNull()
                               ? img.value<QImage>()
                               : QImage::fromData(img.toByteArray());
    QVERIFY(!picture.isNull());
    QVERIFY(picture.width() > 600);
    if (const QString dir = qEnvironmentVariable("LS_SCREEN_FIT_SHOTS"); !dir.isEmpty())
      reader->grab().save(dir + QStringLiteral("/guide.png"));
    reader->close();
  }

  // The tour: five steps, each framing its part of the window; Back and
  // Next move, Done closes.
  void tourWalksItsSteps() {
    MainWindow w(/*interactive=*/false);
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    Tour t(&w);
    t.show();
    QCOMPARE(t.stepCount(), 5);
    const QStringList want = {QStringLiteral("The Design form"), QStringLiteral("The grid"),
                              QStringLiteral("The basis"), QStringLiteral("Shared memory banks"),
                              QStringLiteral("Teach")};
    QPushButton *next = t.findChild<QPushButton *>(QStringLiteral("tourNext"));
    QPushButton *back = t.findChild<QPushButton *>(QStringLiteral("tourBack"));
    QVERIFY(next && back);
    QVERIFY(!back->isEnabled());
    for (int i = 0; i < 5; ++i) {
      QCOMPARE(t.step(), i);
      QCOMPARE(t.stepTitle(), want[i]);
      QWidget *target = t.target();
      QVERIFY(target && target->isVisible());
      const QRect frame = t.frameRect();
      QVERIFY2(!frame.isEmpty(), qPrintable(want[i]));
      QVERIFY(w.rect().contains(frame));
      if (i < 4) { // a panel: the frame is around it
        const QRect r(target->mapTo(&w, QPoint(0, 0)), target->size());
        QVERIFY2(frame.contains(r.intersected(w.rect().adjusted(3, 3, -3, -3))),
                 qPrintable(want[i]));
      } else { // the Teach menu's title in the menu bar
        QVERIFY(frame.top() < w.menuBar()->height());
      }
      if (i == 3)
        QVERIFY(w.analysisDocks()->banksDock()->isVisible());
      if (const QString dir = qEnvironmentVariable("LS_SCREEN_FIT_SHOTS"); !dir.isEmpty()) {
        w.grab().save(dir + QStringLiteral("/tour-%1.png").arg(i));
        t.grab().save(dir + QStringLiteral("/tourdlg-%1.png").arg(i));
      }
      QCOMPARE(next->text(), i < 4 ? QStringLiteral("Next") : QStringLiteral("Done"));
      if (i == 2) { // Back, then on again
        back->click();
        QCOMPARE(t.step(), 1);
        next->click();
      }
      next->click();
    }
    QVERIFY(!t.isVisible());
  }
};

LS_GUI_TEST_MAIN(TestStartHelp)
#include "tst_start_help.moc"
