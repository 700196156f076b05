// main() for widget tests: forces the offscreen platform when none is set,
// pins the DPI and scale so that pixel positions are the same everywhere,
// and keeps QSettings / QStandardPaths away from the user's real files.
#pragma once

#include <QApplication>
#include <QStandardPaths>
#include <QtTest>

#define LS_GUI_TEST_MAIN(TestClass)                                                                \
  int main(int argc, char **argv) {                                                                \
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))                                            \
      qputenv("QT_QPA_PLATFORM", "offscreen");                                                     \
    qputenv("QT_FONT_DPI", "96");                                                                  \
    qputenv("QT_ENABLE_HIGHDPI_SCALING", "0");                                                     \
    qputenv("QT_SCALE_FACTOR", "1");                                                               \
    QApplication app(argc, argv);                                                                  \
    QApplication::setOrganizationName(QStringLiteral("LayoutStudioTests"));                        \
    QApplication::setApplicationName(QStringLiteral(#TestClass));                                  \
    QStandardPaths::setTestModeEnabled(true);                                                      \
    TestClass tc;                                                                                  \
    QTEST_SET_MAIN_SOURCE_PATH                                                                     \
    return QTest::qExec(&tc, argc, argv);                                                          \
  }
