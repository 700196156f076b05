#include "grid/step_player.h"

#include <bit>

#include "analysis/ownership/mma_fragment.h"
#include "analysis/ownership/ownership_batch.h"
#include "grid/location_fields.h"

namespace ls::ui {

namespace {

// Above this many locations the walk shows only the current step (the
// cumulative picture would cost a bitmap pass per step).
constexpr int64_t kMaxCumulativeWork = int64_t{1} << 26;

} // namespace

StepPlayer::StepPlayer(QObject *parent) : QObject(parent) {
  timer_.setInterval(450);
  connect(&timer_, &QTimer::timeout, this, [this] {
    if (step_ + 1 >= stepCount())
      timer_.stop();
    else
      next();
  });
}

void StepPlayer::setResult(LayoutResultPtr result) {
  const bool was = isActive();
  result_ = std::move(result);
  visited_.clear();
  visitedUpTo_ = 0;
  if (!result_ || !result_->ownership || result_->isShared()) {
    if (was)
      stop();
    return;
  }
  if (was) {
    step_ = std::min(step_, stepCount() - 1);
    publish();
  }
}

void StepPlayer::setUnit(Unit u) {
  if (u == unit_)
    return;
  unit_ = u;
  visited_.clear();
  visitedUpTo_ = 0;
  if (isActive()) {
    step_ = 0;
    publish();
  }
}

int StepPlayer::stepCount() const {
  if (!result_ || !result_->ownership || result_->isShared())
    return 0;
  const LocationFields f(*result_->ownership);
  switch (unit_) {
  case Unit::Lane:
    return static_cast<int>(f.lane.size() * f.warp.size() * f.block.size());
  case Unit::Warp:
    return static_cast<int>(f.warp.size() * f.block.size());
  case Unit::Register:
    return static_cast<int>(std::min<int64_t>(f.reg.size(), 1 << 20));
  }
  return 0;
}

StepPlayer::Fixed StepPlayer::fixedFor(int k) const {
  const LocationFields f(*result_->ownership);
  Fixed x;
  const uint64_t v = static_cast<uint64_t>(k);
  switch (unit_) {
  case Unit::Lane: {
    x.mask = f.threadMask();
    // Thread k = lane + lanes * (warp + warps * block).
    x.value = f.lane.place(v) | f.warp.place(v >> f.lane.bits) |
              f.block.place(v >> (f.lane.bits + f.warp.bits));
    x.caption = QStringLiteral("thread %1 (warp %2, lane %3)")
                    .arg(f.thread(x.value))
                    .arg(f.warp.of(x.value))
                    .arg(f.lane.of(x.value));
    break;
  }
  case Unit::Warp:
    x.mask = f.warpMask();
    x.value = f.warp.place(v) | f.block.place(v >> f.warp.bits);
    x.caption = QStringLiteral("warp %1").arg(f.warp.of(x.value));
    break;
  case Unit::Register:
    x.mask = f.reg.mask();
    x.value = f.reg.place(v);
    x.caption = QStringLiteral("register %1 of every thread").arg(v);
    break;
  }
  if (f.block.bits > 0 && unit_ != Unit::Register)
    x.caption.prepend(QStringLiteral("block %1, ").arg(f.block.of(x.value)));
  return x;
}

QString StepPlayer::overlayText(int k) const {
  if (k < 0 || k >= stepCount())
    return {};
  const LocationFields f(*result_->ownership);
  const uint64_t v = static_cast<uint64_t>(k);
  const QString dot = QStringLiteral(" \u00b7 ");
  QString t;
  switch (unit_) {
  case Unit::Lane: {
    const Fixed x = fixedFor(k);
    t = QStringLiteral("T%1").arg(f.thread(x.value)) + dot +
        QStringLiteral("warp %1").arg(f.warp.of(x.value)) + dot +
        QStringLiteral("lane %1").arg(f.lane.of(x.value));
    if (f.block.bits > 0)
      t.prepend(QStringLiteral("block %1").arg(f.block.of(x.value)) + dot);
    break;
  }
  case Unit::Warp: {
    const Fixed x = fixedFor(k);
    t = QStringLiteral("warp %1").arg(f.warp.of(x.value));
    if (f.block.bits > 0)
      t.prepend(QStringLiteral("block %1").arg(f.block.of(x.value)) + dot);
    break;
  }
  case Unit::Register: {
    t = QStringLiteral("reg %1").arg(v);
    const ls::Encoding *enc =
        result_->distributed ? result_->distributed.get() : result_->encoding.get();
    if (enc && !result_->isTensorMemory()) {
      const ls::MmaFragment frag =
          ls::mmaFragment(*enc, result_->ownership->layout(), result_->elementBits);
      if (frag.valid())
        t += dot + QString::fromStdString(frag.name(v));
    }
    t += QStringLiteral(" of every thread");
    break;
  }
  }
  return QStringLiteral("%1/%2   ").arg(k + 1).arg(stepCount()) + t;
}

std::pair<uint64_t, uint64_t> StepPlayer::locationOf(int k) const {
  if (k < 0 || k >= stepCount())
    return {0, 0};
  const Fixed x = fixedFor(k);
  return {x.mask, x.value};
}

GridHighlight StepPlayer::highlightFor(int k) {
  const ls::Ownership &own = *result_->ownership;
  const Fixed x = fixedFor(k);
  GridHighlight h;
  h.mode = GridHighlight::Mode::Sets;
  h.strongMask = x.mask;
  h.strongValue = x.value;
  h.strongElements = ls::heldElementsBitmap(own, x.mask, x.value);
  int64_t count = 0;
  for (uint64_t w : h.strongElements)
    count += std::popcount(w);
  // Everything the earlier steps revealed stays in colour.
  const int64_t work = own.numLocations();
  if (work <= kMaxCumulativeWork && k > 0) {
    if (visitedUpTo_ > k || visited_.empty()) {
      visited_.assign(h.strongElements.size(), 0);
      visitedUpTo_ = 0;
    }
    for (; visitedUpTo_ < k; ++visitedUpTo_) {
      const Fixed p = fixedFor(visitedUpTo_);
      const auto bits = ls::heldElementsBitmap(own, p.mask, p.value);
      for (size_t i = 0; i < bits.size(); ++i)
        visited_[i] |= bits[i];
    }
    h.normalElements = visited_;
    h.hasNormal = true;
    // Hardware views: nothing of an earlier step matches this mask, which
    // leaves them dim there; the outline still walks.
    h.normalMask = ~uint64_t{0};
    h.normalValue = ~uint64_t{0};
  }
  h.caption = QStringLiteral("Step %1 / %2: %3, %4 elements")
                  .arg(k + 1)
                  .arg(stepCount())
                  .arg(x.caption)
                  .arg(count);
  return h;
}

void StepPlayer::publish() {
  if (!isActive() || stepCount() == 0) {
    emit highlightChanged(std::nullopt);
    emit stepChanged(-1, stepCount(), QString());
    return;
  }
  GridHighlight h = highlightFor(step_);
  const QString caption = h.caption;
  emit highlightChanged(h);
  emit stepChanged(step_, stepCount(), caption);
}

void StepPlayer::start() {
  if (stepCount() == 0)
    return;
  step_ = 0;
  publish();
}

void StepPlayer::stop() {
  timer_.stop();
  step_ = -1;
  publish();
}

void StepPlayer::next() {
  if (!isActive()) {
    start();
    return;
  }
  if (step_ + 1 < stepCount()) {
    ++step_;
    publish();
  }
}

void StepPlayer::previous() {
  if (isActive() && step_ > 0) {
    --step_;
    publish();
  }
}

void StepPlayer::goTo(int k) {
  if (stepCount() == 0)
    return;
  step_ = std::clamp(k, 0, stepCount() - 1);
  publish();
}

void StepPlayer::togglePlay() {
  if (timer_.isActive()) {
    timer_.stop();
    return;
  }
  if (!isActive() || step_ + 1 >= stepCount())
    start();
  timer_.start();
}

} // namespace ls::ui
