#include "insert_design_command.h"

#include "document.h"

namespace ls::app {

InsertDesignCommand::InsertDesignCommand(Document *doc, Action action, int index, Design d,
                                         quint64 id, QUndoCommand *parent)
    : QUndoCommand(parent), doc_(doc), action_(action), index_(index), design_(std::move(d)),
      id_(id) {
  setText(action == Action::Insert ? QObject::tr("Add design %1").arg(design_.name)
                                   : QObject::tr("Remove design %1").arg(design_.name));
}

void InsertDesignCommand::insert() {
  doc_->insertDesignRaw(index_, design_, id_);
  doc_->setCurrentIndex(doc_->indexOfId(id_));
}

void InsertDesignCommand::remove() {
  const int i = doc_->indexOfId(id_);
  if (i >= 0)
    design_ = doc_->design(i); // keep its latest view settings for undo
  doc_->removeDesignRaw(id_);
}

void InsertDesignCommand::redo() {
  action_ == Action::Insert ? insert() : remove();
}

void InsertDesignCommand::undo() {
  action_ == Action::Insert ? remove() : insert();
}

} // namespace ls::app
