// main() for widget tests: offscreen unless a platform is set, DPI pinned so
// that geometry and pixels do not depend on the machine.
#pragma once

#include <QApplication>
#include <QtTest>

#define LS_WIDGET_TEST_MAIN(TestClass)                                                     \
  int main(int argc, char **argv) {                                                        \
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))                                    \
      qputenv("QT_QPA_PLATFORM", "offscreen");                                             \
    qputenv("QT_ENABLE_HIGHDPI_SCALING", "0");                                             \
    qputenv("QT_FONT_DPI", "96");                                                          \
    QApplication app(argc, argv);                                                          \
    TestClass test;                                                                        \
    return QTest::qExec(&test, argc, argv);                                                \
  }
