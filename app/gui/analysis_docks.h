// AnalysisDocks: the analysis widgets of the other panels, docked in the main
// window and fed from the document.
//
//   Banks       BankHeatmap: a distributed design writing/reading a shared
//               design of the same shape (the current design and its
//               partner -- the compared design if it fits, else the first
//               one in the document that does). "Apply proposal" becomes an
//               undoable edit of the shared design.
//   Conversion  ConversionView: convert_layout from the current design to its
//               partner (both distributed, same shape, same lanes and warps).
//   Coalescing  CoalescingPanel: the current design's global loads/stores on a
//               row-major tensor, and the layout Triton's coalesce pass picks;
//               "Suggest" adds that layout as a new design, compared with the
//               current one.
//   Export      ExportPanel: the current design in every export format.
//   TMEM        TmemDesignWidget: the current design's tensor memory -- 128
//               lanes x its columns beside the registers of its access --
//               when it is a TMEM design. Its edits and its Suggest fill the
//               current design as undoable edits (turning a design of another
//               kind into a TMEM design).
//
// Every dock assumes the document's target (Document::target(): the Target
// box of the Design dock): the bank model and swizzle proposals, the scratch
// instructions of a conversion, the target of exported modules. A 64-lane
// layout on an NVIDIA target is refused in the app's words
// (targetMismatch), and the Banks panel's own target list sets the
// document's target.
//
// Analyses can cost far more than a frame (the bank panel runs a swizzle
// search), so a dock recomputes only while it is visible, and only after a
// short pause in editing: the grid gets the frame first. Without a fitting
// partner a dock says what it needs instead of showing stale numbers.
#pragma once

#include <QObject>
#include <QTimer>
#include <optional>

#include "design.h"

class QFileSystemWatcher;

class QDockWidget;
class QLabel;
class QMenu;
class QStackedWidget;

namespace ls::ui {
class BankHeatmap;
class CoalescingPanel;
class ConversionView;
class ExportPanel;
class TmemDesignWidget;
class KernelView;
} // namespace ls::ui

namespace ls::app {

class Document;
class MainWindow;

class AnalysisDocks : public QObject {
  Q_OBJECT
public:
  AnalysisDocks(MainWindow *window, Document *doc);

  // Toggles for the docks (View menu).
  void addToggles(QMenu *menu) const;
  // Recomputes the visible docks after a pause (edits, selection, compare).
  void scheduleUpdate();
  // Recomputes now; `all` also updates docks that are hidden (tests).
  void updateNow(bool all = false);

  // Shows the TMEM dock (with the current design).
  void revealTmem();
  // Audits a .ttgir/.mlir file in the Kernel dock and raises it; false with
  // the reason if the file cannot be read. Files of kBackgroundKernelBytes
  // or more are read and audited on a worker behind a progress dialog with
  // Cancel (background_task.h); a cancelled open leaves the dock as it was.
  // The file is watched: when another program changes it, the audit is
  // read again (refreshKernel), keeping the current line.
  bool openKernel(const QString &path, QString *error = nullptr);
  static constexpr qint64 kBackgroundKernelBytes = 512 * 1024;
  // Audits pasted module text in the Kernel dock (not watched).
  bool openKernelText(const QString &text, QString *error = nullptr);
  // Shows the document's kernel (after an open or a recovery): its file, or
  // its pasted text; a document without one empties the Kernel view. A file
  // that cannot be read any more is said in the status bar.
  void showDocumentKernel();
  // Reads the watched kernel file again; false if none or unreadable.
  bool refreshKernel();
  // Opens the layouts of one row of the Kernel view as designs (added as one
  // undoable step unless an equal design exists): "convert" -> its source
  // as the current design compared with its destination (Conversion dock);
  // "shared" -> the register side compared with the memdesc (Banks dock,
  // which proposes the swizzle); "global" -> the accessed tensor
  // (Coalescing dock); "value" -> the tensor type (Design dock). Returns ""
  // or why nothing opened.
  QString openSite(const QString &kind, int index);
  // Opens the kernel's most telling site as designs: the top finding's
  // layouts, else its first tensor type. "" or why nothing opened.
  QString openTopSite();
  QDockWidget *kernelDock() const { return kernelDock_; }
  // Makes the Kernel dock the current tab of its group.
  void raiseKernel();
  ls::ui::KernelView *kernel() const { return kernel_; }

  QDockWidget *banksDock() const { return docks_[0]; }
  QDockWidget *conversionDock() const { return docks_[1]; }
  QDockWidget *coalescingDock() const { return docks_[2]; }
  QDockWidget *exportDock() const { return docks_[3]; }
  QDockWidget *tmemDock() const { return docks_[4]; }
  ls::ui::BankHeatmap *banks() const { return banks_; }
  ls::ui::ConversionView *conversion() const { return conversion_; }
  ls::ui::CoalescingPanel *coalescing() const { return coalescing_; }
  ui::ExportPanel *exportPanel() const { return export_; }
  ls::ui::TmemDesignWidget *tmem() const { return tmem_; }
  // What a dock says instead of its widget ("" when it shows the widget).
  QString hint(int dock) const;

private:
  // The index of a design for a type text of the kernel (reused if equal).
  // A design for a type text of the kernel; *existing = the index of an
  // equal design already in the document, else -1.
  std::optional<Design> designForType(const std::string &type, const QString &name, int *existing,
                                      QString *error) const;
  void revealKernel();
  void watchKernel(const QString &path);
  QDockWidget *makeDock(int slot, const QString &name, QWidget *widget);
  bool wanted(int slot, bool all) const;
  void show(int slot, const QString &hint);
  // The design to pair with the current one: the other kind of memory
  // (banks) or another distributed layout (conversion), same shape.
  int partner(bool wantShared) const;
  void updateBanks();
  void updateConversion();
  void updateCoalescing();
  void updateExport();
  void updateTmem();

  MainWindow *window_;
  Document *doc_;
  QDockWidget *docks_[5] = {};
  QDockWidget *kernelDock_ = nullptr;
  ls::ui::KernelView *kernel_ = nullptr;
  QStackedWidget *stacks_[5] = {};
  QLabel *hints_[5] = {};
  ls::ui::BankHeatmap *banks_;
  ls::ui::ConversionView *conversion_;
  ls::ui::CoalescingPanel *coalescing_;
  ui::ExportPanel *export_;
  ls::ui::TmemDesignWidget *tmem_;
  QTimer debounce_;
  QFileSystemWatcher *watcher_ = nullptr;
  QTimer refresh_;
  QString kernelPath_; // the watched kernel file ("" for a pasted kernel)
  int bankSharedIndex_ = -1;
  quint64 coalescingSourceId_ = 0;
};

} // namespace ls::app
