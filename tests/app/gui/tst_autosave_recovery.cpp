// Autosave and recovery end to end: the application is edited, autosaves,
// is killed with SIGKILL, starts again and recovers the edits exactly.
//
// The test binary plays the application in child processes (the real
// MainWindow with its Autosave, offscreen, interactive as a user runs it):
//   LS_RECOVERY_ROLE=edit     edit the starter document through the undo
//                             commands the UI uses, wait until the autosave
//                             on disk holds them, write the expected JSON,
//                             print READY and keep running until killed;
//   LS_RECOVERY_ROLE=recover  start again, find the orphaned autosave, recover
//                             it (Autosave::recover, what "Recover" runs) and
//                             write what the document then holds.
// XDG_DATA_HOME points at a temporary folder, so the user's autosaves are
// never touched.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <csignal>

#include "autosave.h"
#include "document.h"
#include "main_window.h"

using namespace ls::app;

namespace {

bool writeBytes(const QString &path, const QByteArray &bytes) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray readBytes(const QString &path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The edit role: three kinds of edit (a field, a new design, a view setting).
int runEditRole(const QString &out) {
  MainWindow w(/*interactive=*/true);
  w.show();
  Document *doc = w.document();
  Design d = doc->design(0);
  d.name = QStringLiteral("edited before the crash");
  d.shape = {128, 32};
  doc->editDesign(0, d, QStringLiteral("shape"));
  Design second = d;
  second.name = QStringLiteral("second");
  second.attribute = QStringLiteral("#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = "
                                    "[16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>");
  doc->addDesign(second);
  ViewSettings v = doc->design(1).view;
  v.colorBy = QStringLiteral("lane");
  doc->setViewSettings(1, v);
  const QByteArray expected = doc->toJson();
  // Wait for the autosave timer (LS_AUTOSAVE_INTERVAL_MS) to write the edits.
  const QString dir = Autosave::directory();
  QElapsedTimer t;
  t.start();
  for (;;) {
    bool written = false;
    for (const QFileInfo &fi : QDir(dir).entryInfoList({QStringLiteral("*.lstudio")}, QDir::Files))
      written = written || readBytes(fi.absoluteFilePath()) == expected;
    if (written)
      break;
    if (t.elapsed() > 20000)
      return 3;
    QTest::qWait(20);
  }
  if (!writeBytes(out, expected))
    return 4;
  std::printf("READY\n");
  std::fflush(stdout);
  return QApplication::exec(); // until SIGKILL
}

int runRecoverRole(const QString &out) {
  MainWindow w(/*interactive=*/true);
  const QStringList orphans = Autosave::orphans();
  if (orphans.size() != 1)
    return 5;
  QString error;
  if (!Autosave::recover(w.document(), orphans.front(), &error))
    return 6;
  Document *doc = w.document();
  if (!doc->isModified() || !doc->filePath().isEmpty())
    return 7;
  return writeBytes(out, doc->toJson()) ? 0 : 8;
}

} // namespace

class TestAutosaveRecovery : public QObject {
  Q_OBJECT
private slots:
  void killedApplicationRecoversItsEdits() {
    QTemporaryDir data;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), data.path());
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("LS_AUTOSAVE_INTERVAL_MS"), QStringLiteral("100"));
    env.insert(QStringLiteral("LS_RECOVERY_OUT"), data.filePath(QStringLiteral("expected.json")));
    env.insert(QStringLiteral("LS_RECOVERY_ROLE"), QStringLiteral("edit"));
    QProcess app;
    app.setProcessEnvironment(env);
    app.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(app.waitForStarted());
    QVERIFY2(app.waitForReadyRead(60000), app.readAllStandardError().constData());
    QCOMPARE(app.readAllStandardOutput().trimmed(), QByteArray("READY"));
    ::kill(static_cast<pid_t>(app.processId()), SIGKILL);
    QVERIFY(app.waitForFinished(10000));
    QCOMPARE(app.exitStatus(), QProcess::CrashExit);
    const QByteArray expected = readBytes(data.filePath(QStringLiteral("expected.json")));
    QVERIFY(expected.contains("edited before the crash"));
    QVERIFY(expected.contains("\"colorBy\": \"lane\""));

    env.insert(QStringLiteral("LS_RECOVERY_OUT"), data.filePath(QStringLiteral("recovered.json")));
    env.insert(QStringLiteral("LS_RECOVERY_ROLE"), QStringLiteral("recover"));
    QProcess again;
    again.setProcessEnvironment(env);
    again.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(again.waitForFinished(60000));
    QVERIFY2(again.exitCode() == 0, again.readAllStandardError().constData());
    QCOMPARE(readBytes(data.filePath(QStringLiteral("recovered.json"))), expected);
  }
};

int main(int argc, char **argv) {
  const QByteArray role = qgetenv("LS_RECOVERY_ROLE");
  if (!role.isEmpty()) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("LayoutStudioTests"));
    QApplication::setApplicationName(QStringLiteral("RecoveryTest"));
    const QString out = qEnvironmentVariable("LS_RECOVERY_OUT");
    return role == "edit" ? runEditRole(out) : runRecoverRole(out);
  }
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
    qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  TestAutosaveRecovery tc;
  return QTest::qExec(&tc, argc, argv);
}
#include "tst_autosave_recovery.moc"
