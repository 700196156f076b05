// The desktop application's command line.
//
//   layout-studio [FILE.lstudio]
//   layout-studio --layout ATTR [--shape 64x64] [--dtype f16]
//   QT_QPA_PLATFORM=offscreen layout-studio --layout ATTR --shape S --screenshot out.png
//   layout-studio --bench-ui
//   layout-studio --layout MMA_ATTR --arrangement mma [--screenshot F.png|F.svg|F.pdf]
//   layout-studio --example transpose          (an untitled copy; also --open-copy FILE)
//   layout-studio --layout A --shape S --dtype T --shared B [--target T] --panel banks
//                 --screenshot banks.png [--size WxH] [--presentation]
//   layout-studio FILE.lstudio --compare 1 --panel conversion --screenshot conv.png
//   layout-studio --panel kernel --file K.ttgir --screenshot kernel.png
//
// --screenshot renders the main window (after the layout is evaluated) to a
// PNG and exits, so that documentation and CI can show real pictures;
// --size sets the window size for it. --color-by, --hardware-view,
// --presentation and --compare choose what the picture shows. A screenshot
// named *.svg or *.pdf is vector output (cells as shapes, labels as text).
// --arrangement mma shows A, B and C of the MMA whose result is the design
// (one instruction tile unless --shape gives C's shape); with --screenshot it
// renders that picture alone. With --panel the screenshot is that panel alone
// (Banks, Conversion, Basis or Kernel), computed as in the window, at --size.
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
  // Issue 16: what to open and which panel to show (or render alone).
  QString example;  // --example NAME: a built-in example, as an untitled copy
  QString openCopy; // --open-copy FILE: a document as an untitled copy
  QString shared;   // --shared ATTR: a shared design paired with --layout's
  QString target;   // --target T: the Banks panel's target
  QString access;   // --access load|store: the Banks panel's direction
  QString panel;    // --panel banks|conversion|basis|kernel
  QString error;    // why the command line is wrong ("" if fine)

  bool headless() const { return !screenshot.isEmpty() || benchUi; }
};

// Parses QCoreApplication's arguments (call after constructing the app).
CommandLine parseCommandLine(const QStringList &arguments);
// The built-in examples --example opens ("transpose", ...).
QStringList exampleNames();
// The targets --target accepts (the bank models: "sm80", "sm90", ...).
QStringList bankTargetNames();

} // namespace ls::app
