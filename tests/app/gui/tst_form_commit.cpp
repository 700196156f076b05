// Edits commit on focus-out as on Return (issue 16): typing into a field of
// the Design form and moving the focus away, without Return, leaves the edit
// in the document as one undoable step -- for the name, the shape, a number
// of the encoding and a bases text (the form commits as the user types, so
// nothing waits for Return) -- and text that breaks a rule is not committed
// by leaving the field either.
#include <QApplication>
#include <QLineEdit>
#include <QListWidget>
#include <QSpinBox>
#include <QUndoStack>

#include "app_setup.h"
#include "document.h"
#include "forms/design_form.h"
#include "forms/encoding_form.h"
#include "gui_test_main.h"
#include "main_window.h"

using namespace ls::app;

namespace {

const QString kLinear = QStringLiteral(
    "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], "
    "warp = [[4, 0], [8, 0]], block = []}>");

} // namespace

class TestFormCommit : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> win;
  Document *doc() { return win->document(); }

  void open(const QString &attr, const QString &shape) {
    win = std::make_unique<MainWindow>(/*interactive=*/false);
    win->resize(1400, 860);
    win->show();
    QVERIFY(QTest::qWaitForWindowExposed(win.get()));
    win->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(win.get()));
    QString error;
    QVERIFY2(win->openLayout(attr, shape, QStringLiteral("f32"), &error), qPrintable(error));
    doc()->waitForEvaluations();
    doc()->undoStack()->clear();
    QApplication::processEvents();
  }

  // Types `text` over the field's contents, then gives the focus to the
  // design list: no Return is pressed.
  void typeAndLeave(QWidget *field, QLineEdit *edit, const QString &text) {
    field->setFocus(Qt::TabFocusReason);
    QApplication::processEvents();
    QVERIFY(field->hasFocus() || edit->hasFocus());
    edit->selectAll();
    QTest::keyClicks(edit, text);
    win->designList()->setFocus(Qt::TabFocusReason);
    QApplication::processEvents();
    QVERIFY(!edit->hasFocus());
    doc()->waitForEvaluations();
  }

  QLineEdit *spinEdit(QSpinBox *s) { return s->findChild<QLineEdit *>(); }

private slots:
  void initTestCase() { initResources(); }

  void nameCommitsOnFocusOut() {
    open(MainWindow::starterDesign().attribute, QStringLiteral("64x64"));
    auto *name = win->designForm()->findChild<QLineEdit *>(QStringLiteral("designName"));
    typeAndLeave(name, name, QStringLiteral("tile A"));
    QCOMPARE(doc()->design(0).name, QStringLiteral("tile A"));
    QCOMPARE(doc()->undoStack()->count(), 1);
    doc()->undoStack()->undo();
    QCOMPARE(name->text(), QStringLiteral("design"));
  }

  void shapeCommitsOnFocusOut() {
    open(MainWindow::starterDesign().attribute, QStringLiteral("64x64"));
    QLineEdit *shape = win->designForm()->shapeEdit();
    typeAndLeave(shape, shape, QStringLiteral("128x32"));
    QCOMPARE(doc()->design(0).shape, (ls::Shape{128, 32}));
    QCOMPARE(doc()->undoStack()->count(), 1);
    QVERIFY(doc()->result(0));
    QCOMPARE(doc()->result(0)->shape, (ls::Shape{128, 32}));
  }

  void encodingNumberCommitsOnFocusOut() {
    open(MainWindow::starterDesign().attribute, QStringLiteral("64x64"));
    auto spins = win->designForm()
                     ->encodingForm()
                     ->editor(QStringLiteral("sizePerThread"))
                     ->findChildren<QSpinBox *>();
    QCOMPARE(spins.size(), 2);
    typeAndLeave(spins[1], spinEdit(spins[1]), QStringLiteral("8"));
    QCOMPARE(doc()->design(0).attribute,
             QStringLiteral("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], "
                            "warpsPerCTA = [4, 1], order = [1, 0]}>"));
    QCOMPARE(doc()->undoStack()->count(), 1);
    QCOMPARE(spins[1]->value(), 8);
  }

  void basesTextCommitsOnFocusOut() {
    open(kLinear, QStringLiteral("16x32"));
    auto *bases = qobject_cast<QLineEdit *>(
        win->designForm()->encodingForm()->editor(QStringLiteral("register")));
    QVERIFY(bases);
    typeAndLeave(bases, bases, QStringLiteral("[[0, 2], [0, 1]]"));
    QVERIFY2(doc()->design(0).attribute.startsWith(
                 QStringLiteral("#ttg.linear<{register = [[0, 2], [0, 1]], ")),
             qPrintable(doc()->design(0).attribute));
    QCOMPARE(doc()->undoStack()->count(), 1);
  }

  void brokenTextIsNotCommittedByLeaving() {
    open(MainWindow::starterDesign().attribute, QStringLiteral("64x64"));
    QLineEdit *shape = win->designForm()->shapeEdit();
    // No prefix of "6x64" is a valid shape (6 is no power of two).
    typeAndLeave(shape, shape, QStringLiteral("6x64"));
    QCOMPARE(doc()->design(0).shape, (ls::Shape{64, 64}));
    QCOMPARE(doc()->undoStack()->count(), 0);
    QVERIFY(!win->designForm()->errorText(QStringLiteral("shape")).isEmpty());
  }
};

LS_GUI_TEST_MAIN(TestFormCommit)
#include "tst_form_commit.moc"
