// Saving survives a kill at any point: a child process writes a document
// through writeFileAtomically (the path every save and autosave takes) and
// the test SIGKILLs it after a random delay, hundreds of times; the file on
// disk must always be exactly the old or exactly the new complete document.
//
// Qt Core only and no threads, so fork() is safe here (the Document's
// evaluator thread pool lives in the GUI tests).
#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>
#include <signal.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "document_file.h"

using namespace ls::app;

namespace {

// A document of `n` designs, different for each `tag`: big enough (hundreds
// of KiB) that a kill lands inside the write, not only between saves.
QByteArray documentBytes(int n, const QString &tag) {
  DocumentFile file;
  for (int i = 0; i < n; ++i) {
    Design d;
    d.name = QStringLiteral("%1-%2").arg(tag).arg(i);
    d.attribute = QStringLiteral("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, "
                                 "16], warpsPerCTA = [4, 1], order = [1, 0]}>");
    d.shape = {64, 64 << (i % 4)};
    file.designs.push_back(d);
  }
  return writeDocumentJson(file);
}

QByteArray readAll(const QString &path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

} // namespace

class TestSaveKill : public QObject {
  Q_OBJECT
private slots:
  void killDuringSaveLeavesOldOrNew() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("doc.lstudio"));
    const QByteArray a = documentBytes(900, QStringLiteral("old"));
    const QByteArray b = documentBytes(1000, QStringLiteral("new"));
    QVERIFY(a.size() > 200000 && b.size() > a.size());
    QVERIFY(writeFileAtomically(path, a, nullptr));
    // How long one save takes here, to spread the kills over it.
    QElapsedTimer t;
    t.start();
    QVERIFY(writeFileAtomically(path, b, nullptr));
    QVERIFY(writeFileAtomically(path, a, nullptr));
    const qint64 saveUs = std::max<qint64>(200, t.nsecsElapsed() / 2000);
    QRandomGenerator rng(17);
    int sawOld = 0, sawNew = 0, killedMidway = 0;
    const int iterations = 300;
    for (int i = 0; i < iterations; ++i) {
      const QByteArray before = readAll(path);
      const QByteArray next = before == a ? b : a;
      const pid_t pid = fork();
      QVERIFY(pid >= 0);
      if (pid == 0) {
        // The writer: one save, then exit without Qt's clean-up.
        _exit(writeFileAtomically(path, next, nullptr) ? 0 : 1);
      }
      usleep(static_cast<useconds_t>(rng.bounded(static_cast<int>(saveUs * 3 / 2))));
      kill(pid, SIGKILL);
      int status = 0;
      QCOMPARE(waitpid(pid, &status, 0), pid);
      killedMidway += WIFSIGNALED(status) ? 1 : 0;
      const QByteArray on = readAll(path);
      if (on != a && on != b)
        QFAIL(qPrintable(QStringLiteral("iteration %1: the file holds %2 bytes, neither the "
                                        "old (%3) nor the new (%4) document")
                             .arg(i)
                             .arg(on.size())
                             .arg(a.size())
                             .arg(b.size())));
      (on == before ? sawOld : sawNew)++;
      QVERIFY(readDocumentJson(on, nullptr).has_value());
    }
    qInfo("%d kills: %d left the old document, %d the new one, %d writers killed mid-save "
          "(one save takes ~%lld us)",
          iterations, sawOld, sawNew, killedMidway, static_cast<long long>(saveUs));
    // The kills must really land inside saves, on both sides of the rename.
    QVERIFY(killedMidway > iterations / 4);
    QVERIFY(sawOld > 0);
    QVERIFY(sawNew > 0);
  }

  void failedWriteKeepsTheOldFile_data() {
    QTest::addColumn<int>("fault");
    QTest::newRow("disk full") << int(SaveFault::DiskFull);
    QTest::newRow("permission denied") << int(SaveFault::PermissionDenied);
  }
  void failedWriteKeepsTheOldFile() {
    QFETCH(int, fault);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("doc.lstudio"));
    const QByteArray a = documentBytes(3, QStringLiteral("old"));
    QVERIFY(writeFileAtomically(path, a, nullptr));
    setSaveFaultForTesting(SaveFault(fault));
    QString error;
    const bool ok = writeFileAtomically(path, documentBytes(4, QStringLiteral("new")), &error);
    setSaveFaultForTesting(SaveFault::None);
    QVERIFY(!ok);
    QVERIFY2(error.contains(fault == int(SaveFault::DiskFull) ? QLatin1String("no space left")
                                                              : QLatin1String("permission denied")),
             qPrintable(error));
    QVERIFY(error.contains(path));
    QCOMPARE(readAll(path), a);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("doc.lstudio")});
  }

  // A real short write, not the seam: RLIMIT_FSIZE makes the kernel refuse
  // bytes past a size (EFBIG), as a full disk refuses them (ENOSPC).
  void realShortWriteKeepsTheOldFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("doc.lstudio"));
    const QByteArray a = documentBytes(3, QStringLiteral("old"));
    QVERIFY(writeFileAtomically(path, a, nullptr));
    const pid_t pid = fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
      signal(SIGXFSZ, SIG_IGN);
      struct rlimit lim = {4096, 4096};
      setrlimit(RLIMIT_FSIZE, &lim);
      QString error;
      const bool ok = writeFileAtomically(path, documentBytes(200, QStringLiteral("new")), &error);
      _exit(!ok && !error.isEmpty() ? 0 : 1);
    }
    int status = 0;
    QCOMPARE(waitpid(pid, &status, 0), pid);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0); // the write failed and said why
    QCOMPARE(readAll(path), a);
  }

  // A really full disk: a 64 KiB tmpfs mounted in a private mount namespace
  // of a child (needs CAP_SYS_ADMIN; skipped where mounting is not allowed).
  void fullTmpfsKeepsTheOldFile() {
    QTemporaryDir dir;
    const QString mnt = dir.filePath(QStringLiteral("small"));
    QVERIFY(QDir().mkpath(mnt));
    const QByteArray a = documentBytes(3, QStringLiteral("old"));
    const QByteArray b = documentBytes(400, QStringLiteral("new"));
    QVERIFY(b.size() > 64 * 1024);
    const pid_t pid = fork();
    QVERIFY(pid >= 0);
    if (pid == 0) {
      if (unshare(CLONE_NEWNS) != 0 ||
          mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
          mount("tmpfs", mnt.toLocal8Bit().constData(), "tmpfs", 0, "size=64k") != 0)
        _exit(77);
      const QString path = mnt + QStringLiteral("/doc.lstudio");
      if (!writeFileAtomically(path, a, nullptr))
        _exit(2);
      QString error;
      if (writeFileAtomically(path, b, &error))
        _exit(3); // the write should not fit
      if (!error.contains(QLatin1String("No space left on device"), Qt::CaseInsensitive)) {
        std::fprintf(stderr, "message: %s\n", qPrintable(error));
        _exit(4);
      }
      if (readAll(path) != a)
        _exit(5);
      // No partial temporary file is left behind to fill the disk further.
      if (QDir(mnt).entryList(QDir::Files) != QStringList{QStringLiteral("doc.lstudio")})
        _exit(6);
      _exit(0);
    }
    int status = 0;
    QCOMPARE(waitpid(pid, &status, 0), pid);
    QVERIFY(WIFEXITED(status));
    if (WEXITSTATUS(status) == 77)
      QSKIP("cannot mount a tmpfs here (no CAP_SYS_ADMIN); the fault seam covers this case");
    QCOMPARE(WEXITSTATUS(status), 0);
  }
};

QTEST_GUILESS_MAIN(TestSaveKill)
#include "tst_save_kill.moc"
