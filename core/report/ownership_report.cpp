#include "report/ownership_report.h"

#include <algorithm>

#include "util/json_writer.h"

namespace ls::report {

namespace {

// The location's in-dims outermost first (Ownership packs them minor first).
Location locationOf(const Ownership &own, uint64_t packed) {
  const std::vector<int32_t> coords = own.unpackLocation(packed);
  Location loc;
  for (size_t i = own.inDims().size(); i-- > 0;)
    loc.emplace_back(own.inDims()[i], coords[i]);
  return loc;
}

std::string locationText(const Location &loc) {
  std::string s;
  for (const auto &[d, v] : loc)
    s += (s.empty() ? "" : ", ") + d + " " + std::to_string(v);
  return s;
}

std::string coordsText(const std::vector<int64_t> &c) {
  std::string s = "(";
  for (size_t i = 0; i < c.size(); ++i)
    s += (i ? ", " : "") + std::to_string(c[i]);
  return s + ")";
}

void writeLocation(JsonWriter &w, const Location &loc) {
  w.beginObject();
  for (const auto &[d, v] : loc)
    w.key(d).value(v);
  w.endObject();
}

} // namespace

ElementOwners elementOwners(const Ownership &own, const std::vector<int64_t> &element) {
  ElementOwners o;
  o.element = element;
  for (uint64_t loc : own.ownersOf(own.packElement(element)))
    o.owners.push_back(locationOf(own, loc));
  return o;
}

std::string elementOwnersText(const ElementOwners &o) {
  std::string s = "element " + coordsText(o.element) + ": ";
  if (o.owners.empty())
    return s + "held by no location (the layout does not cover it)\n";
  s += std::to_string(o.owners.size()) + (o.owners.size() == 1 ? " owner\n" : " owners\n");
  for (const Location &l : o.owners)
    s += "  " + locationText(l) + "\n";
  return s;
}

std::string elementOwnersJson(const ElementOwners &o) {
  JsonWriter w;
  w.beginObject();
  w.key("element").array(o.element);
  w.key("owners").beginArray();
  for (const Location &l : o.owners)
    writeLocation(w, l);
  w.endArray();
  w.endObject();
  return w.str();
}

HeldElements elementsAt(const Ownership &own,
                        const std::vector<std::pair<DimName, int64_t>> &fixed) {
  HeldElements h;
  const std::vector<DimName> &dims = own.inDims();
  const std::vector<int> &bits = own.inBits();
  std::vector<int32_t> coords(dims.size(), 0);
  std::vector<size_t> free;
  for (size_t i = dims.size(); i-- > 0;) {
    auto it = std::find_if(fixed.begin(), fixed.end(), [&](const auto &f) { return f.first == dims[i]; });
    if (it != fixed.end()) {
      coords[i] = static_cast<int32_t>(it->second);
      h.fixed.emplace_back(dims[i], it->second);
    } else {
      free.push_back(i);
      h.varying.push_back(dims[i]);
    }
  }
  // Enumerate the free in-dims, the innermost (last in `free`) fastest.
  int totalBits = 0;
  for (size_t i : free)
    totalBits += bits[i];
  for (uint64_t n = 0; n < (uint64_t{1} << totalBits); ++n) {
    uint64_t rest = n;
    Location varying(free.size());
    for (size_t k = free.size(); k-- > 0;) {
      const size_t i = free[k];
      coords[i] = static_cast<int32_t>(rest & ((uint64_t{1} << bits[i]) - 1));
      rest >>= bits[i];
      varying[k] = {dims[i], coords[i]};
    }
    const std::vector<int64_t> e = own.unpackElement(own.elementAt(own.packLocation(coords)));
    h.elements.emplace_back(std::move(varying), e);
  }
  return h;
}

std::string heldElementsText(const HeldElements &h) {
  std::string s = h.thread ? "thread " + std::to_string(*h.thread) + " (" + locationText(h.fixed) + ")"
                           : locationText(h.fixed);
  if (h.varying.empty())
    return s + ": element " + (h.elements.empty() ? "-" : coordsText(h.elements[0].second)) + "\n";
  s += ": " + std::to_string(h.elements.size()) + " ";
  s += h.varying.size() == 1 ? h.varying[0] + "s" : "locations";
  s += "\n";
  for (const auto &[loc, e] : h.elements)
    s += "  " + locationText(loc) + ": " + coordsText(e) + "\n";
  return s;
}

std::string heldElementsJson(const HeldElements &h) {
  JsonWriter w;
  w.beginObject();
  if (h.thread)
    w.key("thread").value(*h.thread);
  for (const auto &[d, v] : h.fixed)
    w.key(d).value(v);
  w.key("elements").beginArray();
  for (const auto &[loc, e] : h.elements) {
    w.beginObject();
    for (const auto &[d, v] : loc)
      w.key(d).value(v);
    w.key("element").array(e);
    w.endObject();
  }
  w.endArray();
  w.endObject();
  return w.str();
}

std::string ownershipGridJson(const Ownership &own) {
  JsonWriter w;
  w.beginObject();
  w.key("shape").array(own.shape());
  w.key("cells").beginArray();
  for (int64_t e = 0; e < own.numElements(); ++e) {
    w.beginArray();
    for (uint64_t loc : own.ownersOf(static_cast<uint64_t>(e)))
      writeLocation(w, locationOf(own, loc));
    w.endArray();
  }
  w.endArray();
  w.endObject();
  return w.str();
}

} // namespace ls::report
