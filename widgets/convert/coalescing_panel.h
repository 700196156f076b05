// CoalescingPanel: how a layout's global loads and stores hit memory, and the
// layout Triton's coalesce pass would pick instead.
//
// Top, the summary core computed (vector width, instructions per thread,
// sectors touched against the minimum, efficiency); then a warp and an
// instruction picker and the SectorMatrixView of that instruction (which
// lanes hit which 32-byte sectors); bottom, the "Suggest the coalesced
// layout" button. The suggestion (attribute text and the heuristic's steps)
// is computed by core (coalescedLayout) and handed in with setSuggestion; the
// button only emits coalescedLayoutSuggested(text), and whoever owns the
// document turns it into a new design.
#pragma once

#include <memory>

#include <QStringList>
#include <QWidget>

#include "analysis/global/coalesce_heuristic.h"
#include "analysis/global/global_access.h"

class QLabel;
class QPushButton;
class QSpinBox;

namespace ls::ui {

class SectorMatrixView;

class CoalescingPanel : public QWidget {
  Q_OBJECT
public:
  explicit CoalescingPanel(QWidget *parent = nullptr);

  // Shows an analysis; `dtypeName` labels the vector ("4 x f32").
  void setAccess(std::shared_ptr<const GlobalAccess> access, const QString &dtypeName);
  void clear();
  // The heuristic's layout and its steps; an empty text disables the button.
  void setSuggestion(const QString &attributeText, const QStringList &steps);
  // The same, computed by core from the heuristic's input.
  void setSuggestion(const CoalesceInput &input);

  // The document's target, named in the summary: the figures use 32-byte
  // sectors (NVIDIA's L1/L2 granularity) on every target.
  void setMachine(const QString &target);

  void setInstruction(int warp, int index);
  int warp() const;
  int instructionIndex() const;

  QString summaryText() const;
  QString suggestionText() const { return suggestion_; }
  QPushButton *suggestButton() const { return suggest_; }
  SectorMatrixView *matrix() const { return matrix_; }

signals:
  // Carries the attribute text of the coalesced layout, e.g.
  // "#ttg.blocked<{sizePerThread = [1, 4], ...}>".
  void coalescedLayoutSuggested(const QString &attributeText);
  void instructionChanged(int warp, int index);

private:
  void refreshInstruction();

  std::shared_ptr<const GlobalAccess> access_;
  QString dtype_;
  QString machine_;
  QString suggestion_;
  QLabel *summary_ = nullptr;
  QLabel *instructionSummary_ = nullptr;
  QSpinBox *warpBox_ = nullptr;
  QSpinBox *instrBox_ = nullptr;
  SectorMatrixView *matrix_ = nullptr;
  QPushButton *suggest_ = nullptr;
  QLabel *steps_ = nullptr;
};

} // namespace ls::ui
