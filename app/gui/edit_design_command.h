// EditDesignCommand: replace one design by an edited version.
//
// Consecutive edits of the same field of the same design merge into one undo
// step (typing "128" into a shape, stepping a spin box up three times), as
// Tiled merges consecutive changes of one property. A kind switch or a
// suggestion (the TMEM dock's Suggest) never merges: it is a deliberate step
// the user wants to undo on its own.
#pragma once

#include <QUndoCommand>

#include "design.h"

namespace ls::app {

class Document;

class EditDesignCommand : public QUndoCommand {
public:
  EditDesignCommand(Document *doc, quint64 designId, Design before, Design after, QString field);

  void undo() override;
  void redo() override;
  int id() const override { return 1; }
  bool mergeWith(const QUndoCommand *other) override;

  const QString &field() const { return field_; }

private:
  Document *doc_;
  quint64 designId_;
  Design before_, after_;
  QString field_;
};

} // namespace ls::app
