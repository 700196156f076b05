// Document: the designs of one .lstudio file, their undo history, and their
// evaluated layouts.
//
// Every change a user makes is a QUndoCommand on undoStack() (edits of one
// field of one design merge, so typing "128" is one step). Commands call the
// raw setters below, which emit designChanged; the document then asks the
// engine for the new layout. Small tensors are evaluated on the spot, so an
// edit reaches the screen in the same frame; tensors above asyncThreshold()
// elements are evaluated on a worker thread (QtConcurrent), each request
// stamped with a generation number so that a slow, stale evaluation can never
// replace a newer one. Until the fresh result arrives, result() keeps
// returning the previous one and the views keep drawing it.
//
// Files are JSON (document_file.h), written atomically: a kill at any point
// of a save leaves the old or the new complete file. A save over a file that
// another program changed since it was opened or saved is refused with a
// message (changedOnDisk), and a failed save (disk full, permission denied)
// keeps the document and its modified state in memory.
#pragma once

#include <QDateTime>
#include <QFutureWatcher>
#include <QObject>
#include <QUndoStack>
#include <map>
#include <memory>

#include "design.h"
#include "document_file.h"
#include "layout_evaluator.h"

namespace ls::app {

// What a (possibly background) evaluation produced.
struct EvalOutcome {
  ui::LayoutResultPtr result;
  QString error;
  quint64 generation = 0;
};

class Document : public QObject {
  Q_OBJECT
public:
  explicit Document(QObject *parent = nullptr);
  ~Document() override;

  int count() const { return static_cast<int>(designs_.size()); }
  const Design &design(int index) const { return designs_.at(index).design; }
  // Stable identity of a design across inserts and removals (not saved).
  quint64 designId(int index) const { return designs_.at(index).id; }
  int indexOfId(quint64 id) const;
  int currentIndex() const { return current_; }
  void setCurrentIndex(int index);

  QUndoStack *undoStack() { return &undo_; }

  // --- Edits (undoable) -------------------------------------------------------
  // Replaces design `index`; consecutive edits of the same `field` merge.
  void editDesign(int index, const Design &after, const QString &field);
  void addDesign(const Design &d);
  void removeDesign(int index);
  // A view setting (colour mode, hardware view, slice): undoable like every
  // edit (consecutive changes of one setting merge), saved, but it does not
  // evaluate the design again.
  void setViewSettings(int index, const ViewSettings &v);

  // --- The target (one machine for every panel) ---------------------------
  // The machine every analysis of this document assumes, canonical (design.h:
  // sm90, gfx942, ...): the explicit one if set, else the one the designs
  // imply (gfx942 if one has 64 lanes per warp, else sm90).
  QString target() const;
  // The target set by the user, a pasted module or a kernel; "" if none (then
  // target() follows the designs). Saved with the document.
  QString explicitTarget() const { return target_; }
  // Sets the explicit target ("" = follow the designs) as an undoable edit.
  // Requires: a canonical name or "" (canonicalTarget).
  void setTarget(const QString &canonical);
  void setTargetRaw(const QString &canonical);

  // --- Raw mutations, for the commands --------------------------------------
  void setDesignRaw(quint64 id, const Design &d);
  void setViewSettingsRaw(quint64 id, const ViewSettings &v);
  void insertDesignRaw(int index, const Design &d, quint64 id);
  void removeDesignRaw(quint64 id);
  quint64 newId() { return ++lastId_; }

  // --- The kernel of the Kernel view -----------------------------------------
  // Part of the document (saved, autosaved, recovered) but not a design edit:
  // showing another kernel marks the document modified without an undo step.
  const KernelRef &kernel() const { return kernel_; }
  void setKernel(const KernelRef &k);

  // --- Results ----------------------------------------------------------------
  // The latest finished evaluation of a design (possibly of an older version
  // while a newer one is computing); null if none succeeded.
  ui::LayoutResultPtr result(int index) const;
  // Why the latest evaluation failed ("" if it did not).
  QString evaluationError(int index) const;
  // Whether a newer evaluation than result()'s has been requested and not
  // yet delivered (it may be computing, or finished and queued).
  bool isEvaluating(int index) const;
  int64_t asyncThreshold() const { return asyncThreshold_; }
  void setAsyncThreshold(int64_t elements) { asyncThreshold_ = elements; }
  // Blocks until every pending evaluation finished (tests, benchmarks).
  void waitForEvaluations();
  // Stops waiting for the pending evaluation of design `index`: its result
  // will be dropped when the worker finishes (the engine call is not
  // interrupted), and result() keeps the last one delivered.
  void abandonEvaluation(int index);

  // --- Files ------------------------------------------------------------------
  QString filePath() const { return path_; }
  QString displayName() const;
  bool isModified() const { return !undo_.isClean() || viewDirty_; }
  QByteArray toJson() const;
  // Replaces the contents (not undoable; clears the history).
  bool loadJson(const QByteArray &json, QString *error);
  bool save(const QString &path, QString *error);
  bool open(const QString &path, QString *error);
  // Marks the current state as saved to `path` (used after autosave recovery
  // to keep the document modified: pass an empty path and modified = true).
  void setFilePath(const QString &path);
  // Marks the document as having unsaved changes (e.g. recovered work).
  void markModified();
  void clear();
  // Whether the file at filePath() was modified, replaced or removed by
  // someone else since this document read or wrote it.
  bool changedOnDisk() const;

signals:
  void designsChanged();               // designs added, removed or reordered
  void designChanged(int index);       // one design's content changed
  void viewSettingsChanged(int index); // only its view settings changed
  void resultReady(int index);         // a new result (or error) for a design
  void currentChanged(int index);
  void modifiedChanged(bool modified);
  void filePathChanged(const QString &path);
  // The document's kernel was replaced by reading a document (open,
  // recovery) or by clear(): the Kernel view shows kernel() again.
  void kernelReplaced();
  // target() changed: set, undone, or implied anew by the designs.
  void targetChanged(const QString &target);

private:
  struct Slot {
    quint64 id = 0;
    Design design;
    ui::LayoutResultPtr result;
    QString error;
    quint64 requested = 0; // generation of the newest request
    quint64 delivered = 0; // generation of the newest finished one
    std::unique_ptr<QFutureWatcher<EvalOutcome>> watcher;
  };
  // What a file looked like when we last read or wrote it.
  struct DiskStamp {
    QDateTime modified;
    qint64 size = -1;
    bool known = false;
  };
  static DiskStamp diskStamp(const QString &path);

  int slotIndex(quint64 id) const;
  // Emits targetChanged if target() differs from what was last announced.
  void announceTarget();
  void evaluate(Slot &s);
  void finish(quint64 id, const EvalOutcome &out);

  std::vector<Slot> designs_;
  int current_ = -1;
  QUndoStack undo_;
  QString path_;
  DiskStamp stamp_;
  bool viewDirty_ = false;
  KernelRef kernel_;
  quint64 lastId_ = 0;
  QString target_;                           // explicit target, "" = follow the designs
  QString announcedTarget_ = kDefaultTarget; // target() as last announced
  quint64 generation_ = 0;
  int64_t asyncThreshold_ = int64_t{1} << 20;
};

} // namespace ls::app
