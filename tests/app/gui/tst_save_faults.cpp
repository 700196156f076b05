// A save that cannot complete keeps the user's work: a full disk, a refused
// permission (the fault seam of document_file.h) and a file another program
// rewrote since it was opened each give a message naming the file and the
// cause, leave the file on disk as it was, and keep the document -- designs
// and modified state -- in memory.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include "app_setup.h"
#include "document.h"
#include "document_file.h"
#include "gui_test_main.h"
#include "main_window.h"

using namespace ls::app;

namespace {

Design design(const QString &name) {
  Design d;
  d.name = name;
  d.attribute = QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], "
                               "warpsPerCTA = [4, 1], order = [1, 0]}>");
  d.shape = {64, 64};
  return d;
}

QByteArray readAll(const QString &path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Makes a folder unwritable for the lifetime of this object: read-only
// permissions, and for root (who ignores them) the immutable attribute.
struct ReadOnly {
  explicit ReadOnly(const QString &dir) : dir_(dir) {
    QFile::setPermissions(dir_, QFile::ReadOwner | QFile::ExeOwner);
    if (!writable())
      locked = true;
    else if (QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("+i"), dir_}) == 0) {
      immutable_ = true;
      locked = !writable();
    }
  }
  ~ReadOnly() {
    if (immutable_)
      QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("-i"), dir_});
    QFile::setPermissions(dir_, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  }
  bool writable() const {
    QFile probe(dir_ + QStringLiteral("/.probe"));
    if (!probe.open(QIODevice::WriteOnly))
      return false;
    probe.close();
    probe.remove();
    return true;
  }
  bool locked = false;

private:
  QString dir_;
  bool immutable_ = false;
};

} // namespace

class TestSaveFaults : public QObject {
  Q_OBJECT
private slots:
  void initTestCase() { initResources(); }

  void failedSaveKeepsTheDocument_data() {
    QTest::addColumn<int>("fault");
    QTest::addColumn<QString>("message");
    QTest::newRow("disk full") << int(SaveFault::DiskFull)
                               << QStringLiteral("no space left on device");
    QTest::newRow("permission denied")
        << int(SaveFault::PermissionDenied) << QStringLiteral("permission denied");
  }
  void failedSaveKeepsTheDocument() {
    QFETCH(int, fault);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.lstudio"));
    Document doc;
    doc.addDesign(design(QStringLiteral("first")));
    QVERIFY(doc.save(path, nullptr));
    const QByteArray onDisk = readAll(path);
    doc.addDesign(design(QStringLiteral("unsaved work")));
    QVERIFY(doc.isModified());
    const QByteArray inMemory = doc.toJson();
    setSaveFaultForTesting(SaveFault(fault));
    QString error;
    const bool ok = doc.save(path, &error);
    setSaveFaultForTesting(SaveFault::None);
    QVERIFY(!ok);
    QCOMPARE(error, QStringLiteral("cannot write %1: %2").arg(path, message));
    QVERIFY(doc.isModified());
    QCOMPARE(doc.toJson(), inMemory);
    QCOMPARE(doc.filePath(), path);
    QCOMPARE(readAll(path), onDisk);
    // Once the disk has room again, the same save goes through.
    QVERIFY(doc.save(path, &error));
    QVERIFY(!doc.isModified());
    QCOMPARE(readAll(path), inMemory);
  }

  void fileChangedByAnotherProgramIsNotOverwritten() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shared.lstudio"));
    {
      Document writer;
      writer.addDesign(design(QStringLiteral("original")));
      QVERIFY(writer.save(path, nullptr));
    }
    Document doc;
    QVERIFY(doc.open(path, nullptr));
    QVERIFY(!doc.changedOnDisk());
    doc.addDesign(design(QStringLiteral("mine")));
    const QByteArray mine = doc.toJson();
    // Another program rewrites the file.
    Document other;
    other.addDesign(design(QStringLiteral("theirs")));
    other.addDesign(design(QStringLiteral("theirs too")));
    const QByteArray theirs = other.toJson();
    {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write(theirs);
    }
    QVERIFY(doc.changedOnDisk());
    QString error;
    QVERIFY(!doc.save(path, &error));
    QCOMPARE(error, QStringLiteral("%1 was changed by another program since it was opened; save it "
                                   "under another name, or open it again to see the other changes")
                        .arg(path));
    QCOMPARE(readAll(path), theirs);
    QVERIFY(doc.isModified());
    QCOMPARE(doc.toJson(), mine);
    // Saving under another name keeps both.
    const QString elsewhere = dir.filePath(QStringLiteral("mine.lstudio"));
    QVERIFY(doc.save(elsewhere, &error));
    QCOMPARE(readAll(elsewhere), mine);
    QCOMPARE(readAll(path), theirs);
  }

  // A real read-only folder (no fault seam): the message names the file,
  // nothing is written, the document keeps its work; the window's Save and
  // File > Export name the path too.
  void readOnlyFolderNamesThePath() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.lstudio"));
    const ReadOnly lock(dir.path());
    if (!lock.locked)
      QSKIP("this machine cannot make a folder unwritable (root without chattr)");
    Document doc;
    doc.addDesign(design(QStringLiteral("unsaved work")));
    const QByteArray inMemory = doc.toJson();
    QString error;
    QVERIFY(!doc.save(path, &error));
    QVERIFY2(error.startsWith(QStringLiteral("cannot write %1: ").arg(path)), qPrintable(error));
    QVERIFY2(error.size() > QStringLiteral("cannot write %1: ").arg(path).size(),
             qPrintable(error)); // and why
    QVERIFY(!QFile::exists(path));
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    QVERIFY(doc.isModified());
    QCOMPARE(doc.toJson(), inMemory);
    QCOMPARE(doc.filePath(), QString());

    MainWindow win(/*interactive=*/false);
    win.resize(800, 600);
    win.show();
    QVERIFY(QTest::qWaitForWindowExposed(&win));
    win.document()->addDesign(design(QStringLiteral("more work")));
    QString windowError;
    QVERIFY(!win.saveFile(path, &windowError));
    QVERIFY2(windowError.startsWith(QStringLiteral("cannot write %1: ").arg(path)),
             qPrintable(windowError));
    QVERIFY(win.document()->isModified());
    for (bool svg : {false, true}) {
      const QString image = dir.filePath(svg ? QStringLiteral("v.svg") : QStringLiteral("v.png"));
      const QString exportError = win.exportViewTo(image, svg);
      QVERIFY2(exportError.startsWith(QStringLiteral("cannot write %1: ").arg(image)),
               qPrintable(exportError));
      QVERIFY(!QFile::exists(image));
    }
  }

  void ownSavesAreNotOtherPrograms() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.lstudio"));
    Document doc;
    doc.addDesign(design(QStringLiteral("one")));
    QVERIFY(doc.save(path, nullptr));
    for (int i = 0; i < 3; ++i) {
      doc.addDesign(design(QStringLiteral("more %1").arg(i)));
      QString error;
      QVERIFY2(doc.save(path, &error), qPrintable(error));
    }
  }
};

LS_GUI_TEST_MAIN(TestSaveFaults)
#include "tst_save_faults.moc"
