#include "set_target_command.h"

#include "document.h"

namespace ls::app {

SetTargetCommand::SetTargetCommand(Document *doc, QString before, QString after)
    : doc_(doc), before_(std::move(before)), after_(std::move(after)) {
  setText(after_.isEmpty() ? QObject::tr("Let the layouts choose the target")
                           : QObject::tr("Set the target to %1").arg(after_));
}

void SetTargetCommand::undo() {
  doc_->setTargetRaw(before_);
}

void SetTargetCommand::redo() {
  doc_->setTargetRaw(after_);
}

} // namespace ls::app
