// StepPlayer: walks through a layout lane by lane, warp by warp or register
// by register, for teaching.
//
// Step k of "lane" is thread k (warp-major, as Triton numbers threads): its
// elements are outlined and the threads already visited stay in colour, so
// the tensor fills in the order the hardware holds it. "warp" steps whole
// warps (and CTAs), "register" steps register k of every thread at once.
// The player only produces GridHighlight values; the grid view draws them.
#pragma once

#include <QObject>
#include <QTimer>
#include <optional>

#include "grid/grid_highlight.h"
#include "grid/layout_result.h"

namespace ls::ui {

class StepPlayer : public QObject {
  Q_OBJECT
public:
  enum class Unit { Lane, Warp, Register };

  explicit StepPlayer(QObject *parent = nullptr);

  void setResult(LayoutResultPtr result);
  const LayoutResultPtr &result() const { return result_; }
  void setUnit(Unit u);
  Unit unit() const { return unit_; }
  int stepCount() const;
  int step() const { return step_; }
  bool isActive() const { return step_ >= 0; }
  bool isPlaying() const { return timer_.isActive(); }
  void setInterval(int ms) { timer_.setInterval(ms); }

  // The highlight of step k (tensor view semantics; hardware views use the
  // location test it also carries).
  GridHighlight highlightFor(int k);
  // Step k in a few words, for the large caption above the grid:
  // "T37 \u00b7 warp 1 \u00b7 lane 5", "warp 2", "reg 2 \u00b7 c2" (the MMA
  // fragment name when the layout has one). "" when k is not a step.
  QString overlayText(int k) const;
  // The hardware location bits step k fixes, and their values (for the
  // basis view: which lane / warp / register bits are set).
  std::pair<uint64_t, uint64_t> locationOf(int k) const;

public slots:
  void start();
  void stop();
  void next();
  void previous();
  void togglePlay();
  void goTo(int k);

signals:
  // nullopt when the walk stops.
  void highlightChanged(const std::optional<ls::ui::GridHighlight> &h);
  void stepChanged(int step, int count, const QString &caption);

private:
  struct Fixed {
    uint64_t mask = 0, value = 0;
    QString caption;
  };
  Fixed fixedFor(int k) const;
  void publish();

  LayoutResultPtr result_;
  Unit unit_ = Unit::Lane;
  int step_ = -1;
  QTimer timer_;
  std::vector<uint64_t> visited_; // elements of steps < visitedUpTo_
  int visitedUpTo_ = 0;
};

} // namespace ls::ui
