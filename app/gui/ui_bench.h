// The UI benchmark (`layout-studio --bench-ui`): how long an edit takes to
// reach the screen.
//
// For each tensor size it opens a blocked design in a real main window
// (offscreen is fine), then applies edits through the same path the form
// uses (MainWindow::applyDraft), waits for the evaluation (on a worker thread
// for large tensors), and repaints the grid view synchronously. The time from
// the edit to the end of that paint is one "edit-to-frame". It prints min,
// median, 95th percentile and max per size, the budgets (16 ms for 256x256,
// 100 ms for 4096x4096) and the process's peak resident memory (budget
// 300 MB at 4096x4096).
#pragma once

#include <QTextStream>

namespace ls::app {

// Returns 0 when every budget is met, 1 otherwise.
int runUiBench(QTextStream &out);

} // namespace ls::app
