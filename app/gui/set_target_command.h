// SetTargetCommand: change the document's target -- the machine every panel
// assumes (bank model, swizzle proposals, scratch instructions).
//
// The target is saved with the document, so changing it is an edit like any
// other and goes on the undo stack. "" stands for "follow the designs"
// (Document::target()): undoing the first explicit choice returns to it.
// Each change is its own step (a target is picked, not typed).
#pragma once

#include <QUndoCommand>

namespace ls::app {

class Document;

class SetTargetCommand : public QUndoCommand {
public:
  SetTargetCommand(Document *doc, QString before, QString after);

  void undo() override;
  void redo() override;

private:
  Document *doc_;
  QString before_, after_;
};

} // namespace ls::app
