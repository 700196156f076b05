// GridPanel: a grid view with its controls -- colour mode, hardware view,
// the slice of outer dims for 3-D and larger tensors, zoom -- in one strip
// above it. The main window shows one, or two side by side to compare
// designs.
#pragma once

#include <QWidget>

#include "grid/tensor_grid_view.h"

class QComboBox;
class QCheckBox;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QToolButton;
class QLineEdit;
class QSpinBox;

namespace ls::ui {

class GridPanel : public QWidget {
  Q_OBJECT
public:
  explicit GridPanel(QWidget *parent = nullptr);

  TensorGridView *view() const { return view_; }

  // Shows a result with the design's view settings (no signal).
  void setResult(LayoutResultPtr result, const QString &colorById, bool hardware,
                 const std::vector<int64_t> &outer);
  // Applies a design's view settings to the shown result (no signal): what
  // undo and redo of a view-setting edit call. Settings that already hold
  // are left alone, so the zoom and selection survive.
  void applyViewSettings(const QString &colorById, bool hardware,
                         const std::vector<int64_t> &outer);
  // "Computing..." while a newer result is being evaluated; `pendingShape`
  // is the tensor it is for, so that the view can show the previous picture
  // scaled to it (nullopt: nothing pending).
  // While busy an indeterminate progress bar runs and a Cancel button
  // (cancelRequested) is offered.
  void setBusy(bool busy, const std::optional<ls::Shape> &pendingShape = std::nullopt);
  QToolButton *cancelButton() const { return cancel_; }
  QProgressBar *busyBar() const { return busyBar_; }

  // The "Find element / thread" box: `37,5` (an element: every owner,
  // replicas included, and the element selected), `T37` / `thread 37`, or
  // `w1 l5` (a thread: its elements by register, outlined), `@77` (a shared
  // offset). Returns the answer it shows (or why the query is not one).
  QString find(const QString &query);
  QLineEdit *findBox() const { return find_; }
  QLabel *findAnswer() const { return findAnswer_; }

  QComboBox *colorBox() const { return color_; }
  QCheckBox *hardwareBox() const { return hardware_; }

signals:
  void viewSettingsEdited(const QString &colorById, bool hardware,
                          const std::vector<int64_t> &outer);
  // The user asked to stop waiting for the result being computed.
  void cancelRequested();

private:
  void syncControls();
  void emitSettings();

  TensorGridView *view_;
  QComboBox *color_;
  QCheckBox *hardware_;
  QHBoxLayout *sliceBox_;
  QLabel *busy_;
  QProgressBar *busyBar_;
  QToolButton *cancel_;
  QLineEdit *find_;
  QLabel *findAnswer_;
  std::vector<QSpinBox *> slice_;
  bool updating_ = false;
};

} // namespace ls::ui
