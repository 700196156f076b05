// Start-up pieces of the desktop application shared by main(), the UI
// benchmark and the tests: resources, identity, and the headless screenshot.
#pragma once

#include <QImage>
#include <QString>

#include "command_line.h"

namespace ls::app {

class MainWindow;

// Registers the compiled-in resources (examples) of the static library.
void initResources();
// Application name, organisation and version (QSettings and paths use them).
void setApplicationIdentity();
// Applies --color-by, --hardware-view and --presentation to the window.
// Returns "" or why an option is wrong.
QString applyViewOptions(MainWindow &w, const CommandLine &cl);
// Writes `img` to `path` as a PNG atomically; "" or the --screenshot error.
QString saveScreenshotPng(const QImage &img, const QString &path);
// Shows the window at cl.size, waits for the layout, and writes the PNG (the
// grid view as vector shapes and text for .svg / .pdf); with --arrangement
// mma, the MMA arrangement of the current design instead.
// Returns "" or why it failed.
QString renderScreenshot(MainWindow &w, const CommandLine &cl);
// The --arrangement mma picture of the current design, written to
// cl.screenshot (.png at twice its natural size, .svg, .pdf).
QString renderArrangementScreenshot(MainWindow &w, const CommandLine &cl);

} // namespace ls::app
