#include "view_settings_command.h"

#include "document.h"

namespace ls::app {

ViewSettingsCommand::ViewSettingsCommand(Document *doc, quint64 designId, ViewSettings before,
                                         ViewSettings after, const QString &designName)
    : doc_(doc), designId_(designId), before_(std::move(before)), after_(std::move(after)),
      setting_(settingChanged(before_, after_)) {
  setText(QObject::tr("Change %1 of %2").arg(setting_, designName));
}

QString ViewSettingsCommand::settingChanged(const ViewSettings &before, const ViewSettings &after) {
  // The hardware view first: switching it may change the colour mode too
  // (the other view may not offer the current one).
  if (before.hardware != after.hardware)
    return QStringLiteral("hardware view");
  if (before.colorBy != after.colorBy)
    return QStringLiteral("colour");
  if (before.labels != after.labels)
    return QStringLiteral("cell labels");
  if (before.rowAxis != after.rowAxis || before.colAxis != after.colAxis)
    return QStringLiteral("axis names");
  return QStringLiteral("slice");
}

void ViewSettingsCommand::undo() {
  doc_->setViewSettingsRaw(designId_, before_);
}

void ViewSettingsCommand::redo() {
  doc_->setViewSettingsRaw(designId_, after_);
}

bool ViewSettingsCommand::mergeWith(const QUndoCommand *other) {
  auto *o = static_cast<const ViewSettingsCommand *>(other);
  if (o->designId_ != designId_ || o->setting_ != setting_)
    return false;
  after_ = o->after_;
  setObsolete(after_ == before_);
  return true;
}

} // namespace ls::app
