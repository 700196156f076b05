// InsertDesignCommand: add a design to the document, or (inverted) remove
// one; undo does the opposite. The design keeps its identity across
// undo/redo so that later edit commands still find it.
#pragma once

#include <QUndoCommand>

#include "design.h"

namespace ls::app {

class Document;

class InsertDesignCommand : public QUndoCommand {
public:
  enum class Action { Insert, Remove };
  InsertDesignCommand(Document *doc, Action action, int index, Design d, quint64 id,
                      QUndoCommand *parent = nullptr);

  void undo() override;
  void redo() override;

private:
  void insert();
  void remove();

  Document *doc_;
  Action action_;
  int index_;
  Design design_;
  quint64 id_;
};

} // namespace ls::app
