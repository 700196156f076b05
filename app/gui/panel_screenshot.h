// The command line's documents and panels (issue 16): what --layout (with
// --shared), a file, --example and --open-copy open, which panel --panel
// shows, and the screenshot of one panel alone.
#pragma once

#include <QString>

#include "command_line.h"

namespace ls::app {

class MainWindow;

// Opens what the command line names: --layout (and its --shared partner,
// compared), a .lstudio or kernel file, --example or --open-copy (untitled
// copies). Returns "" or the error line (without "error: ").
QString openFromCommandLine(MainWindow &w, const CommandLine &cl);
// Shows and raises the --panel dock and sets the Banks panel's --target.
// Returns "" or why not.
QString showPanel(MainWindow &w, const CommandLine &cl);
// With --panel: waits for the layouts and the panel's analysis, then writes
// the panel alone (floated at cl.size) to cl.screenshot. Fails, rather than
// writing an empty panel, when the panel has nothing to show (e.g. no
// shared partner for banks). Returns "" or why it failed.
QString renderPanelScreenshot(MainWindow &w, const CommandLine &cl);

} // namespace ls::app
