// MainWindow: the design loop -- edit on the left, see it live in the middle.
//
//   Design dock (left):  the document's designs, and the form of the current
//                        one (DesignForm): every change is validated by the
//                        engine and, if valid, pushed as an undoable edit;
//                        if not, the broken rule shows next to the field and
//                        the picture keeps the last valid layout.
//   Centre:              the grid view of the current design, and a second
//                        one to compare with another design side by side.
//   Basis dock:          the GF(2) matrix; hovering a row highlights the
//                        elements its bit moves.
//   Analysis docks:      "Banks", "Conversion", "Coalescing", "Export" and
//                        "TMEM" (AnalysisDocks), shown from View > Analysis;
//                        they follow the current design and the compared one.
// Menus: File (documents, examples, export), Edit (undo/redo, paste a
// layout or TTGIR, copy the attribute), View (zoom, hardware view, colour,
// compare, presentation mode), Teach (step-through).
#pragma once

#include <QMainWindow>
#include <QPointer>
#include <memory>

#include "document.h"
#include "grid/step_player.h"

class QActionGroup;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QSplitter;

namespace ls {
struct TmemDesign;
}

namespace ls::ui {
class BasisMatrixView;
class DesignForm;
class GridPanel;
class TargetBox;
struct DesignDraft;
} // namespace ls::ui

namespace ls::app {

class AnalysisDocks;
class MmaArrangementDialog;
class Autosave;
class RecentFiles;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  // `interactive` = false for headless runs (screenshot, benchmark, tests):
  // no dialogs, no autosave, no window state restored.
  explicit MainWindow(bool interactive = true, QWidget *parent = nullptr);
  ~MainWindow() override;

  Document *document() const { return doc_; }
  ui::DesignForm *designForm() const { return form_; }
  ui::GridPanel *primaryPanel() const { return primary_; }
  ui::GridPanel *comparePanel() const { return compare_; }
  ui::BasisMatrixView *basisView() const { return basis_; }
  ui::StepPlayer *stepPlayer() const { return player_; }
  // The compare panel's walk: it follows the step player step for step.
  ui::StepPlayer *compareStepPlayer() const { return comparePlayer_; }
  // Cell labels of the current design ("thread", "lane", "fragment") and the
  // axis names, as undoable view-setting edits.
  void setCellLabels(const QString &id);
  void setAxisNames(const QString &row, const QString &col);
  QListWidget *designList() const { return list_; }
  AnalysisDocks *analysisDocks() const { return analysis_; }
  // The document's target in the Design dock (main_window_target.cpp).
  ui::TargetBox *targetBox() const { return targetBox_; }
  // Sets the document's target from what a user typed or picked ("gfx942",
  // "hip:gfx942", "auto") as an undoable edit; "" or why not (also shown
  // next to the target box).
  QString enterTarget(const QString &text);

  // Opens a design from the command line; *error says why not.
  bool openLayout(const QString &attr, const QString &shape, const QString &dtype, QString *error);
  bool openFile(const QString &path, QString *error = nullptr);
  // Opens a .ttgir/.mlir kernel in the Kernel view; in a window holding only
  // the untouched starter design, the kernel's top finding's layouts (else
  // its first tensor type) become the designs.
  bool openKernelFile(const QString &path, QString *error = nullptr);
  // Opens a document as an untitled copy (examples, templates): the file is
  // never written, Save asks where. A document of two designs shows the
  // second beside the first, as File > Examples does.
  bool openCopy(const QString &path, QString *error = nullptr);
  bool saveFile(const QString &path, QString *error = nullptr);
  // File > Export PNG/SVG without the dialog: "" or "cannot write PATH: why".
  QString exportViewTo(const QString &path, bool svg);
  // Replaces design `index`'s attribute (e.g. a layout an analysis dock
  // suggests) as one undoable edit; the shape, element type and module stay.
  // Returns "" on success, else the broken rule.
  QString applyAttribute(int index, const QString &attribute);
  // Imports pasted text (attribute, type or TTGIR) as an undoable edit.
  // Returns "" on success, else the reason. Text of kBackgroundPasteChars or
  // more is read on a worker thread behind a progress dialog with Cancel
  // (background_task.h); a cancelled paste leaves the document unchanged.
  QString pasteText(const QString &text);
  static constexpr qsizetype kBackgroundPasteChars = 64 * 1024;
  // Fills the current design with a tensor-memory design (the TMEM dock's
  // edits and its Suggest) as one undoable edit of `field`; a design of
  // another kind becomes a TMEM design. "" or the broken rule.
  QString applyTmemDesign(const ls::TmemDesign &t, const QString &field);
  // The canonical attribute of the current design (what Copy puts on the
  // clipboard).
  QString currentAttribute() const;
  void setCompareIndex(int index); // -1: no comparison
  int compareIndex() const;
  void setPresentationMode(bool on);
  bool presentationMode() const { return presentation_; }
  void setColorBlindSafe(bool on);
  // View > MMA Arrangement: A, B and C of the current design's MMA (defined
  // in mma_arrangement.cpp). The dialog is the window's child, shown modeless.
  // View > MMA Arrangement: opens the dialog; it follows the lane step-through.
  MmaArrangementDialog *showMmaArrangement();
  // What a fresh window shows: the load layout of the coalesced transpose.
  static Design starterDesign();
  // The size a window opens at on a screen of `available` geometry when no
  // saved size fits it: 85% of the screen, at most 1920x1200, at least
  // `minimum` but never larger than the screen.
  static QSize fittedSize(const QRect &available, const QSize &minimum);
  // A dock for an analysis widget ("Banks", "Conversion", ...).
  QDockWidget *addToolDock(const QString &name, QWidget *w);
  // After a crash: offers the orphaned autosave (interactive only).
  void offerRecovery();

public slots:
  void applyDraft(const ls::ui::DesignDraft &draft, const QString &field);

protected:
  void closeEvent(QCloseEvent *e) override;
  // Files dropped on the window open as by File > Open (.lstudio designs,
  // .ttgir/.mlir kernels in the Kernel view).
  void dragEnterEvent(QDragEnterEvent *e) override;
  void dropEvent(QDropEvent *e) override;

private:
  void buildDocks();
  void buildMenus();
  void buildFileMenu();
  void buildEditMenu();
  void buildViewMenu();
  void fillPanelsMenu(QMenu *menu);
  void buildTeachMenu();
  void connectDocument();
  void refreshList();
  void refreshCurrent();
  void refreshCompare();
  void refreshTitle();
  // The target box: the document's target, and whether the current layout
  // fits it (main_window_target.cpp).
  void refreshTarget();
  void refreshPalettes();
  void rebuildCompareMenu();
  void restartPlayerFor(const ui::LayoutResultPtr &r);
  void applyLabels();
  void followStep(int step);
  void followStepInPanels(int step);
  void followStepInArrangement(int step);
  QString subtitleFor(const Design &d) const;
  Design baseDesign() const;
  bool maybeSave();
  void newDocument();
  void openDialog();
  bool saveAs();
  bool save();
  void exportView(bool svg);
  void pasteDialog();
  void openExample(const QString &resource);

  bool interactive_;
  Document *doc_;
  Autosave *autosave_ = nullptr;
  AnalysisDocks *analysis_ = nullptr;
  RecentFiles *recent_;
  ui::DesignForm *form_;
  ui::TargetBox *targetBox_ = nullptr;
  QListWidget *list_;
  QDockWidget *designDock_ = nullptr;
  QSplitter *split_;
  ui::GridPanel *primary_;
  ui::GridPanel *compare_;
  ui::BasisMatrixView *basis_;
  QLabel *basisCute_; // the CuTe form above the basis matrix
  ui::StepPlayer *player_;
  QPointer<MmaArrangementDialog> arrangement_; // the open MMA arrangement, if any
  ui::StepPlayer *comparePlayer_;
  QActionGroup *labelGroup_ = nullptr;
  QLabel *hoverLabel_;
  QLabel *stepLabel_;
  QMenu *compareMenu_ = nullptr;
  QActionGroup *compareGroup_ = nullptr;
  QAction *presentationAction_ = nullptr;
  QAction *colorBlindAction_ = nullptr;
  quint64 compareId_ = 0; // design compared with (0: none)
  bool presentation_ = false;
  bool colorBlind_ = false;
  bool refreshing_ = false;
  QFont baseFont_;
};

} // namespace ls::app
