// BankHeatmap: the shared-memory panel of a design. Two heatmaps -- the
// design's shared layout and the one the swizzle search proposes -- each
// with its totals (wavefronts, the ideal, conflicts, and Triton's
// bank_conflicts) under it: side by side when the panel is wide enough for
// both, else one above the other, each scrolling in its own area, so the
// panel fits a laptop screen's dock and "Apply proposal" stays in view. Controls pick the warp,
// read (local_load) or write (local_store), the element type and the target. "Apply proposal" emits
// applyProposal() with the proposed attribute text; the main window turns that into an undoable
// edit of the design.
//
// All numbers come from core (shared_access.h, swizzle_search.h); the
// search reruns only when the layouts, element type or target change, so
// switching the warp or the direction redraws at once.
#pragma once

#include <QWidget>

#include "analysis/banks/bank_model.h"
#include "encodings/encoding.h"

class QBoxLayout;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace ls::ui {

class BankHeatmapKey;
class BankHeatmapView;

class BankHeatmap : public QWidget {
  Q_OBJECT
public:
  explicit BankHeatmap(QWidget *parent = nullptr);

  // The design: `distributed` writes (local_store) and reads (local_load)
  // the tensor through `shared`. A separate `reader` is used for reads and
  // for the swizzle search when given.
  void setDesign(EncodingPtr distributed, EncodingPtr shared, Shape shape, const QString &dtype,
                 EncodingPtr reader = nullptr);

  void setWarp(int warp);
  // Outlines one lane's cells in both heatmaps (-1: none); step-through sets it.
  void setSelectedLane(int lane);
  int warp() const;
  void setDirection(AccessDirection direction);
  void setElementType(const QString &dtype);
  void setTarget(const QString &target);
  // The bank model's name chosen in the panel ("sm90", "gfx942", ...).
  QString target() const;

  QString currentTotalsText() const;
  QString proposedTotalsText() const;
  QString proposalAttribute() const { return proposal_; }
  // Whether the proposal beats the current layout, in words: "better ...",
  // or the figures it trades ("not better; trades: ..."), never a worse
  // layout called an improvement.
  QString verdictText() const;
  QString errorText() const;
  // What the kernel audit says of the access this design was opened from
  // (its buffer's other accesses included), shown under the verdict while
  // the panel shows that pair: the panel's own verdict judges this one
  // register layout as writer and reader only. `distributed` and `shared`
  // are the attribute texts of the pair the note is about; "" clears it.
  void setKernelNote(const QString &note, const QString &distributed, const QString &shared);
  // The note as shown ("" when hidden: no note, or another pair shown).
  QString kernelNoteText() const;
  // Colour-blind-safe colours in both heatmaps and the key (presentation mode).
  void setColorBlindSafe(bool on);
  BankHeatmapKey *key() const { return key_; }
  // What the rows, columns and colours mean, in words (under the key).
  QString axesText() const;
  BankHeatmapView *currentView() const { return current_; }
  BankHeatmapView *proposedView() const { return proposed_; }
  QPushButton *applyButton() const { return apply_; }
  // Whether the two heatmaps are side by side (else stacked).
  bool sideBySide() const;

signals:
  void applyProposal(QString attributeText);
  // The user picked a target in the panel's list (the app makes it the
  // document's target, which comes back through setTarget).
  void targetChosen(QString target);

protected:
  void resizeEvent(QResizeEvent *event) override;

private:
  void recompute();
  void showError(const QString &message);

  EncodingPtr distributed_, shared_, reader_;
  Shape shape_;
  QString proposal_;
  EncodingPtr proposalEncoding_;
  QString proposalKey_; // what the cached proposal was computed for

  QSpinBox *warp_ = nullptr;
  QComboBox *direction_ = nullptr, *dtype_ = nullptr, *target_ = nullptr;
  QLabel *currentTitle_ = nullptr, *proposedTitle_ = nullptr;
  QLabel *currentTotals_ = nullptr, *proposedTotals_ = nullptr, *error_ = nullptr;
  QLabel *verdict_ = nullptr;
  QLabel *kernelNote_ = nullptr;
  QString noteDistributed_, noteShared_; // the pair the kernel note is about
  BankHeatmapView *current_ = nullptr, *proposed_ = nullptr;
  BankHeatmapKey *key_ = nullptr;
  QLabel *axes_ = nullptr;
  QPushButton *apply_ = nullptr;
  QBoxLayout *pair_ = nullptr;
};

} // namespace ls::ui
