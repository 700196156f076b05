#include "edit_design_command.h"

#include "document.h"

namespace ls::app {

EditDesignCommand::EditDesignCommand(Document *doc, quint64 designId, Design before, Design after,
                                     QString field)
    : doc_(doc), designId_(designId), before_(std::move(before)), after_(std::move(after)),
      field_(std::move(field)) {
  setText(QObject::tr("Edit %1 of %2").arg(field_, after_.name));
}

void EditDesignCommand::undo() {
  doc_->setDesignRaw(designId_, before_);
}

void EditDesignCommand::redo() {
  doc_->setDesignRaw(designId_, after_);
}

bool EditDesignCommand::mergeWith(const QUndoCommand *other) {
  auto *o = static_cast<const EditDesignCommand *>(other);
  if (o->designId_ != designId_ || o->field_ != field_ || field_ == QLatin1String("kind") ||
      field_ == QLatin1String("suggest"))
    return false;
  after_ = o->after_;
  return true;
}

} // namespace ls::app
