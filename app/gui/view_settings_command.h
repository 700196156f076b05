// ViewSettingsCommand: change how one design is shown -- its colour mode,
// the hardware view, the slice of its outer dims.
//
// View settings are saved with the document, so changing them is an edit
// like any other and goes on the undo stack ("undo/redo for every edit").
// It does not touch the layout: the document only swaps the settings and
// tells the views, without evaluating the design again. Consecutive changes
// of the same setting of the same design merge (stepping a slice spin box
// from 0 to 7 is one step); a merge that returns to where it started makes
// the command obsolete, so toggling the hardware view twice leaves no step.
#pragma once

#include <QUndoCommand>

#include "design.h"

namespace ls::app {

class Document;

class ViewSettingsCommand : public QUndoCommand {
public:
  ViewSettingsCommand(Document *doc, quint64 designId, ViewSettings before, ViewSettings after,
                      const QString &designName);

  void undo() override;
  void redo() override;
  int id() const override { return 2; }
  bool mergeWith(const QUndoCommand *other) override;

  // "hardware view", "colour" or "slice": which setting changed (the first
  // of these when several did).
  const QString &setting() const { return setting_; }
  static QString settingChanged(const ViewSettings &before, const ViewSettings &after);

private:
  Document *doc_;
  quint64 designId_;
  ViewSettings before_, after_;
  QString setting_;
};

} // namespace ls::app
