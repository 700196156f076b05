#include "analysis/ownership/ownership_batch.h"

#include <bit>

#include "util/error.h"

namespace ls {

void firstOwnersOnGrid(const Ownership &own, std::span<const uint64_t> rowElems,
                       std::span<const uint64_t> colElems, std::vector<uint64_t> &out) {
  const size_t nr = rowElems.size(), nc = colElems.size();
  out.resize(nr * nc);
  if (!own.isSurjective()) {
    // Without surjectivity the pseudo-inverse is not a preimage everywhere;
    // ask per cell so that unowned elements say so.
    for (size_t i = 0; i < nr; ++i)
      for (size_t j = 0; j < nc; ++j)
        out[i * nc + j] = own.firstOwner(rowElems[i] ^ colElems[j]);
    return;
  }
  std::vector<uint64_t> colOwner(nc);
  for (size_t j = 0; j < nc; ++j)
    colOwner[j] = own.firstOwner(colElems[j]);
  for (size_t i = 0; i < nr; ++i) {
    const uint64_t r = own.firstOwner(rowElems[i]);
    uint64_t *row = out.data() + i * nc;
    for (size_t j = 0; j < nc; ++j)
      row[j] = r ^ colOwner[j];
  }
}

void elementsOnGrid(const Ownership &own, std::span<const uint64_t> rowLocs,
                    std::span<const uint64_t> colLocs, std::vector<uint64_t> &out) {
  const size_t nr = rowLocs.size(), nc = colLocs.size();
  out.resize(nr * nc);
  std::vector<uint64_t> colElem(nc);
  for (size_t j = 0; j < nc; ++j)
    colElem[j] = own.elementAt(colLocs[j]);
  for (size_t i = 0; i < nr; ++i) {
    const uint64_t r = own.elementAt(rowLocs[i]);
    uint64_t *row = out.data() + i * nc;
    for (size_t j = 0; j < nc; ++j)
      row[j] = r ^ colElem[j];
  }
}

namespace {

int totalInBits(const Ownership &own) {
  int n = 0;
  for (int b : own.inBits())
    n += b;
  return n;
}

} // namespace

int64_t heldElementsWork(const Ownership &own, uint64_t fixedMask) {
  const int n = totalInBits(own);
  int free = 0;
  for (int i = 0; i < n; ++i)
    free += ((fixedMask >> i) & 1) ? 0 : 1;
  return int64_t{1} << free;
}

std::vector<uint64_t> heldElementsBitmap(const Ownership &own, uint64_t fixedMask,
                                         uint64_t fixedValue) {
  require(own.numElements() <= (int64_t{1} << 32), "heldElementsBitmap: too many elements");
  const int n = totalInBits(own);
  std::vector<uint64_t> freeStep; // element change of each free location bit
  for (int i = 0; i < n; ++i)
    if (!((fixedMask >> i) & 1))
      freeStep.push_back(own.elementAt(uint64_t{1} << i));
  std::vector<uint64_t> bits(static_cast<size_t>((own.numElements() + 63) / 64), 0);
  uint64_t e = own.elementAt(fixedValue & fixedMask);
  bits[e >> 6] |= uint64_t{1} << (e & 63);
  const uint64_t count = uint64_t{1} << freeStep.size();
  for (uint64_t g = 1; g < count; ++g) {
    e ^= freeStep[std::countr_zero(g)];
    bits[e >> 6] |= uint64_t{1} << (e & 63);
  }
  return bits;
}

} // namespace ls
