// main() for every widget and application test: forces the offscreen platform
// when none is set, pins the DPI and scale so that pixel positions are the
// same everywhere, and keeps QSettings / QStandardPaths away from the user's
// real files. LS_GUI_TEST_MAIN_FONT also pins the application font's pixel
// size, for tests that compare label geometry.
#pragma once

#include <QApplication>
#include <QFont>
#include <QStandardPaths>
#include <QtTest>

namespace ls::test {

template <class TestClass> int runGuiTest(int argc, char **argv, const char *name, int fontPx) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
    qputenv("QT_QPA_PLATFORM", "offscreen");
  qputenv("QT_FONT_DPI", "96");
  qputenv("QT_ENABLE_HIGHDPI_SCALING", "0");
  qputenv("QT_SCALE_FACTOR", "1");
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("LayoutStudioTests"));
  QApplication::setApplicationName(QString::fromLatin1(name));
  QStandardPaths::setTestModeEnabled(true);
  if (fontPx > 0) {
    QFont font = app.font();
    font.setPixelSize(fontPx);
    app.setFont(font);
  }
  TestClass tc;
  return QTest::qExec(&tc, argc, argv);
}

} // namespace ls::test

#define LS_GUI_TEST_MAIN(TestClass)                                                                \
  int main(int argc, char **argv) {                                                                \
    QTEST_SET_MAIN_SOURCE_PATH                                                                     \
    return ls::test::runGuiTest<TestClass>(argc, argv, #TestClass, 0);                             \
  }

#define LS_GUI_TEST_MAIN_FONT(TestClass, pixelSize)                                                \
  int main(int argc, char **argv) {                                                                \
    QTEST_SET_MAIN_SOURCE_PATH                                                                     \
    return ls::test::runGuiTest<TestClass>(argc, argv, #TestClass, pixelSize);                     \
  }
