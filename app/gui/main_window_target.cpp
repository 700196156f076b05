// MainWindow and the document's target: the Target box of the Design dock.
#include "forms/target_box.h"
#include "main_window.h"
#include "notation/mlir/layout_parser.h"

namespace ls::app {

QString MainWindow::enterTarget(const QString &text) {
  QString why;
  const std::optional<QString> t = canonicalTarget(text, &why);
  if (t)
    doc_->setTarget(*t); // nothing when it is the target already
  refreshTarget();
  if (!t)
    targetBox_->setMessage(why);
  return t ? QString() : why;
}

void MainWindow::refreshTarget() {
  if (!targetBox_)
    return;
  const QString target = doc_->target();
  targetBox_->setTarget(target, doc_->explicitTarget().isEmpty());
  // The current layout on this machine, in the app's words.
  QString message;
  const int cur = doc_->currentIndex();
  if (cur >= 0) {
    const Design &d = doc_->design(cur);
    bool distributed = !d.isTensorMemory();
    try {
      distributed = distributed && !ls::ir::parseEncoding(d.attribute.toStdString())->isShared();
    } catch (const std::exception &) {
    }
    if (distributed)
      message = targetMismatch(d.module.threadsPerWarp, target);
  }
  targetBox_->setMessage(message);
}

} // namespace ls::app
