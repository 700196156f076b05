// The desktop application's command line.
//
//   layout-studio [FILE.lstudio]
//   layout-studio --layout ATTR [--shape 64x64] [--dtype f16]
//   QT_QPA_PLATFORM=offscreen layout-studio --layout ATTR --shape S --screenshot out.png
//   layout-studio --bench-ui
//   layout-studio --layout MMA_ATTR --arrangement mma [--screenshot F.png|F.svg|F.pdf]
//
// --screenshot renders the main window (after the layout is evaluated) to a
// PNG and exits, so that documentation and CI can show real pictures;
// --size sets the window size for it. --color-by, --hardware-view,
// --presentation and --compare choose what the picture shows. A screenshot
// named *.svg or *.pdf is vector output (cells as shapes, labels as text).
// --arrangement mma shows A, B and C of the MMA whose result is the design
// (one instruction tile unless --shape gives C's shape); with --screenshot it
// renders that picture alone.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

namespace ls::app {

struct CommandLine {
  QString file;       // a .lstudio document to open
  QString layout;     // --layout
  QString shape;      // --shape
  QString dtype;      // --dtype
  QString screenshot; // --screenshot FILE
  QString kernel;     // --kernel K.ttgir: audit a kernel in the Kernel view
  QSize size{1400, 860};
  // --arrangement mma: A, B and C of the design's MMA
  QString arrangement;
  QString colorBy;  // --color-by
  QString labels;   // --labels thread|lane|fragment
  int step = 0;     // --step N: step N of the lane-by-lane walk (0: none)
  int compare = -1; // --compare INDEX: show that design beside the current one
  bool hardwareView = false;
  bool presentation = false;
  bool benchUi = false;
  bool noRecovery = false;
  QString error; // why the command line is wrong ("" if fine)

  bool headless() const { return !screenshot.isEmpty() || benchUi; }
};

// Parses QCoreApplication's arguments (call after constructing the app).
CommandLine parseCommandLine(const QStringList &arguments);

} // namespace ls::app
