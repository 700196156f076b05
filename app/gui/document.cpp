#include "document.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include "document_file.h"
#include "edit_design_command.h"
#include "insert_design_command.h"
#include "set_target_command.h"
#include "util/error.h"
#include "view_settings_command.h"

namespace ls::app {

namespace {

int64_t elementCount(const Design &d) {
  int64_t n = 1;
  for (int64_t s : d.shape)
    n = std::min<int64_t>(n * s, int64_t{1} << 40);
  return n;
}

EvalOutcome runEvaluation(const Design &d, quint64 generation) {
  EvalOutcome out;
  out.generation = generation;
  try {
    out.result = evaluateDesign(d, generation);
  } catch (const ls::Error &e) {
    out.error = QString::fromStdString(e.what());
  } catch (const std::bad_alloc &) {
    out.error = QStringLiteral("out of memory: the tensor is too large for this machine");
  } catch (const std::exception &e) {
    out.error = QStringLiteral("internal: ") + QString::fromStdString(e.what());
  }
  return out;
}

// A worker's evaluation. LS_TEST_EVAL_DELAY_MS (tests only) makes it take at
// least that long, so that waiting, progress and Cancel can be exercised:
// today's evaluations are lazy and take milliseconds even for 8192 x 8192.
EvalOutcome runEvaluationOnWorker(const Design &d, quint64 generation) {
  static const int delayMs = qEnvironmentVariableIntValue("LS_TEST_EVAL_DELAY_MS");
  if (delayMs > 0)
    QThread::msleep(static_cast<unsigned long>(delayMs));
  return runEvaluation(d, generation);
}

} // namespace

Document::Document(QObject *parent) : QObject(parent) {
  connect(&undo_, &QUndoStack::cleanChanged, this, [this] { emit modifiedChanged(isModified()); });
}

Document::~Document() {
  // The undo stack is destroyed after us and says "clean changed" as it
  // goes; nobody may hear that from a half-destroyed document.
  undo_.disconnect(this);
  blockSignals(true);
  // Let running evaluations finish before the slots (and watchers) go away.
  for (Slot &s : designs_)
    if (s.watcher)
      s.watcher->waitForFinished();
}

int Document::slotIndex(quint64 id) const {
  for (size_t i = 0; i < designs_.size(); ++i)
    if (designs_[i].id == id)
      return static_cast<int>(i);
  return -1;
}

int Document::indexOfId(quint64 id) const {
  return slotIndex(id);
}

void Document::setCurrentIndex(int index) {
  if (designs_.empty())
    index = -1;
  else
    index = std::clamp(index, 0, count() - 1);
  if (index == current_)
    return;
  current_ = index;
  emit currentChanged(current_);
}

void Document::editDesign(int index, const Design &after, const QString &field) {
  if (index < 0 || index >= count() || design(index) == after)
    return;
  undo_.push(new EditDesignCommand(this, designId(index), design(index), after, field));
}

void Document::addDesign(const Design &d) {
  undo_.push(
      new InsertDesignCommand(this, InsertDesignCommand::Action::Insert, count(), d, newId()));
}

void Document::removeDesign(int index) {
  if (index < 0 || index >= count())
    return;
  undo_.push(new InsertDesignCommand(this, InsertDesignCommand::Action::Remove, index,
                                     design(index), designId(index)));
}

void Document::setViewSettings(int index, const ViewSettings &v) {
  if (index < 0 || index >= count() || designs_[index].design.view == v)
    return;
  undo_.push(
      new ViewSettingsCommand(this, designId(index), design(index).view, v, design(index).name));
}

QString Document::target() const {
  if (!target_.isEmpty())
    return target_;
  std::vector<Design> all;
  all.reserve(designs_.size());
  for (const Slot &s : designs_)
    all.push_back(s.design);
  return impliedTarget(all);
}

void Document::setTarget(const QString &canonical) {
  if (canonical == target_)
    return;
  undo_.push(new SetTargetCommand(this, target_, canonical));
}

void Document::setTargetRaw(const QString &canonical) {
  target_ = canonical;
  announceTarget();
}

void Document::announceTarget() {
  const QString t = target();
  if (t == announcedTarget_)
    return;
  announcedTarget_ = t;
  emit targetChanged(t);
}

void Document::setViewSettingsRaw(quint64 id, const ViewSettings &v) {
  const int i = slotIndex(id);
  if (i < 0 || designs_[i].design.view == v)
    return;
  designs_[i].design.view = v;
  emit viewSettingsChanged(i);
}

void Document::setDesignRaw(quint64 id, const Design &d) {
  const int i = slotIndex(id);
  if (i < 0)
    return;
  designs_[i].design = d;
  evaluate(designs_[i]);
  emit designChanged(i);
  announceTarget();
}

void Document::insertDesignRaw(int index, const Design &d, quint64 id) {
  index = std::clamp(index, 0, count());
  Slot s;
  s.id = id;
  s.design = d;
  designs_.insert(designs_.begin() + index, std::move(s));
  evaluate(designs_[index]);
  emit designsChanged();
  if (current_ < 0 || index <= current_)
    setCurrentIndex(current_ < 0 ? index : current_ + 1);
  announceTarget();
}

void Document::removeDesignRaw(quint64 id) {
  const int i = slotIndex(id);
  if (i < 0)
    return;
  if (designs_[i].watcher)
    designs_[i].watcher->disconnect(this);
  designs_.erase(designs_.begin() + i);
  emit designsChanged();
  if (designs_.empty()) {
    current_ = -1;
    emit currentChanged(-1);
  } else if (i < current_ || current_ >= count()) {
    current_ = std::max(0, current_ - 1);
    emit currentChanged(current_);
  } else if (i == current_) {
    emit currentChanged(current_);
  }
  announceTarget();
}

void Document::evaluate(Slot &s) {
  const quint64 gen = ++generation_;
  s.requested = gen;
  if (elementCount(s.design) <= asyncThreshold_) {
    if (s.watcher)
      s.watcher->disconnect(this);
    s.watcher.reset();
    const EvalOutcome out = runEvaluation(s.design, gen);
    s.delivered = gen;
    s.error = out.error;
    if (out.result)
      s.result = out.result;
    return; // the caller emits designChanged; views read result() then
  }
  // Large: on a worker. The watcher of an older request is dropped (its
  // result would be stale); the generation check guards the race anyway.
  auto watcher = std::make_unique<QFutureWatcher<EvalOutcome>>();
  const quint64 id = s.id;
  auto *w = watcher.get();
  connect(w, &QFutureWatcher<EvalOutcome>::finished, this, [this, id, gen, w] {
    const int i = slotIndex(id);
    if (i < 0 || designs_[i].requested != gen)
      return;
    finish(id, w->result());
  });
  if (s.watcher)
    s.watcher->disconnect(this);
  s.watcher = std::move(watcher);
  w->setFuture(QtConcurrent::run(runEvaluationOnWorker, s.design, gen));
}

void Document::finish(quint64 id, const EvalOutcome &out) {
  const int i = slotIndex(id);
  if (i < 0)
    return;
  Slot &s = designs_[i];
  s.delivered = std::max(s.delivered, out.generation);
  s.error = out.error;
  if (out.result)
    s.result = out.result;
  emit resultReady(i);
}

ui::LayoutResultPtr Document::result(int index) const {
  if (index < 0 || index >= count())
    return {};
  return designs_[index].result;
}

QString Document::evaluationError(int index) const {
  if (index < 0 || index >= count())
    return {};
  return designs_[index].error;
}

void Document::abandonEvaluation(int index) {
  if (index < 0 || index >= count())
    return;
  Slot &s = designs_[index];
  if (s.watcher)
    s.watcher->disconnect(this);
  s.watcher.reset();
  s.delivered = s.requested;
  emit resultReady(index);
}

bool Document::isEvaluating(int index) const {
  if (index < 0 || index >= count())
    return false;
  const Slot &s = designs_[index];
  return s.delivered < s.requested;
}

void Document::waitForEvaluations() {
  for (size_t i = 0; i < designs_.size(); ++i) {
    Slot &s = designs_[i];
    if (!s.watcher || s.watcher->isCanceled())
      continue;
    // Only the newest request has a watcher; deliver it now rather than
    // through the event loop.
    s.watcher->waitForFinished();
    s.watcher->disconnect(this);
    auto w = std::move(s.watcher);
    if (w->future().resultCount() > 0)
      finish(s.id, w->result());
  }
}

QString Document::displayName() const {
  return path_.isEmpty() ? tr("Untitled") : QFileInfo(path_).fileName();
}

QByteArray Document::toJson() const {
  DocumentFile file;
  file.current = current_;
  file.target = target_;
  for (const Slot &s : designs_)
    file.designs.push_back(s.design);
  file.kernel = kernel_;
  return writeDocumentJson(file);
}

bool Document::loadJson(const QByteArray &json, QString *error) {
  std::optional<DocumentFile> file = readDocumentJson(json, error);
  if (!file)
    return false;
  clear();
  target_ = file->target;
  for (const Design &d : file->designs) {
    Slot s;
    s.id = newId();
    s.design = d;
    designs_.push_back(std::move(s));
  }
  for (Slot &s : designs_)
    evaluate(s);
  emit designsChanged();
  current_ = -1;
  setCurrentIndex(file->current);
  for (int i = 0; i < count(); ++i)
    emit designChanged(i);
  announceTarget();
  kernel_ = file->kernel;
  emit kernelReplaced();
  return true;
}

void Document::setKernel(const KernelRef &k) {
  if (k == kernel_)
    return;
  kernel_ = k;
  markModified();
}

void Document::clear() {
  for (Slot &s : designs_)
    if (s.watcher)
      s.watcher->disconnect(this);
  designs_.clear();
  undo_.clear();
  viewDirty_ = false;
  kernel_ = {};
  current_ = -1;
  target_.clear(); // a new document starts on the default target
  emit designsChanged();
  emit currentChanged(-1);
  emit modifiedChanged(false);
  announceTarget();
  emit kernelReplaced();
}

bool Document::save(const QString &path, QString *error) {
  // Another program rewrote the file since we read or wrote it: overwriting
  // would silently drop its changes. Refuse; the user saves elsewhere or
  // reopens (the document stays in memory either way).
  if (path == path_ && changedOnDisk()) {
    if (error)
      *error = tr("%1 was changed by another program since it was opened; save it under "
                  "another name, or open it again to see the other changes")
                   .arg(path);
    return false;
  }
  if (!writeFileAtomically(path, toJson(), error))
    return false;
  setFilePath(path);
  stamp_ = diskStamp(path);
  undo_.setClean();
  viewDirty_ = false;
  emit modifiedChanged(false);
  return true;
}

bool Document::open(const QString &path, QString *error) {
  const std::optional<QByteArray> bytes = readDocumentBytes(path, error);
  if (!bytes || !loadJson(*bytes, error))
    return false;
  const bool resource = path.startsWith(QLatin1String(":/"));
  setFilePath(resource ? QString() : path);
  stamp_ = resource ? DiskStamp{} : diskStamp(path);
  return true;
}

Document::DiskStamp Document::diskStamp(const QString &path) {
  const QFileInfo fi(path);
  if (!fi.exists())
    return {};
  return {fi.lastModified().toUTC(), fi.size(), true};
}

bool Document::changedOnDisk() const {
  if (path_.isEmpty() || !stamp_.known)
    return false;
  const DiskStamp now = diskStamp(path_);
  return !now.known || now.modified != stamp_.modified || now.size != stamp_.size;
}

void Document::markModified() {
  const bool was = isModified();
  viewDirty_ = true;
  if (!was)
    emit modifiedChanged(true);
}

void Document::setFilePath(const QString &path) {
  if (path_ == path)
    return;
  path_ = path;
  stamp_ = {};
  emit filePathChanged(path_);
}

} // namespace ls::app
