#include "grid/location_fields.h"

#include "layout/layout_utils.h"

namespace ls::ui {

LocationFields::LocationFields(const ls::Ownership &own) {
  int shift = 0;
  const auto &names = own.inDims();
  const auto &bits = own.inBits();
  for (size_t i = 0; i < names.size(); ++i) {
    BitField f{shift, bits[i]};
    if (names[i] == ls::kRegister)
      reg = f;
    else if (names[i] == ls::kLane)
      lane = f;
    else if (names[i] == ls::kWarp)
      warp = f;
    else if (names[i] == ls::kBlock)
      block = f;
    else if (names[i] == ls::kOffset) {
      offset = f;
      shared = true;
    }
    shift += bits[i];
  }
}

QString LocationFields::ownerLabel(uint64_t loc) const {
  QString s;
  if (block.bits > 0)
    s = QStringLiteral("B%1:").arg(block.of(loc));
  if (shared)
    return s + QStringLiteral("@%1").arg(offset.of(loc));
  return s + QStringLiteral("T%1:%2").arg(thread(loc)).arg(reg.of(loc));
}

QString LocationFields::ownerDescription(uint64_t loc) const {
  QString s;
  if (block.bits > 0)
    s = QStringLiteral("block %1, ").arg(block.of(loc));
  if (shared)
    return s + QStringLiteral("offset %1").arg(offset.of(loc));
  return s + QStringLiteral("warp %1, lane %2, register %3")
                 .arg(warp.of(loc))
                 .arg(lane.of(loc))
                 .arg(reg.of(loc));
}

} // namespace ls::ui
