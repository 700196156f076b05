#include "analysis/ownership/layout_grid.h"

#include <vector>

#include "util/error.h"

namespace ls {

namespace {

int digits(int64_t v) {
  int d = 1;
  while (v >= 10) {
    v /= 10;
    ++d;
  }
  return d;
}

std::string padded(int64_t value, int64_t count) {
  return std::string(digits(count) - digits(value), ' ') + std::to_string(value);
}

int64_t inSize(const LinearLayout &ll, const DimName &d) {
  if (!ll.hasInDim(d))
    return 1;
  int log2 = ll.getInDimSizeLog2(d);
  return log2 > 40 ? (int64_t{1} << 40) : (int64_t{1} << log2);
}

std::vector<int64_t> shapeOf(const LinearLayout &ll) {
  std::vector<int64_t> s;
  for (const auto &[n, size] : ll.getOutDims())
    s.push_back(size);
  return s;
}

int64_t product(const std::vector<int64_t> &s) {
  int64_t p = 1;
  for (int64_t v : s)
    p *= v;
  return p;
}

// Coordinates -> "(a,b)" with each value padded to the digits of its dim.
std::string coordText(const std::vector<int32_t> &c, const std::vector<int64_t> &shape,
                      const char *sep) {
  std::string s = "(";
  for (size_t d = 0; d < c.size(); ++d) {
    if (d)
      s += sep;
    s += padded(c[d], shape[d]);
  }
  return s + ")";
}

int64_t linearIndex(const std::vector<int32_t> &c, const std::vector<int64_t> &shape) {
  int64_t lin = 0, stride = 1;
  for (int d = static_cast<int>(c.size()) - 1; d >= 0; --d) {
    lin += c[d] * stride;
    stride *= shape[d];
  }
  return lin;
}

// The nested-bracket layout shared by both tensor views.
std::string tensorView(const std::vector<std::string> &cells, const std::vector<int64_t> &shape,
                       const char *sep) {
  const int rank = static_cast<int>(shape.size());
  const int64_t total = product(shape);
  std::string out;
  std::vector<int64_t> idx(rank, 0);
  bool newline = true;
  for (int64_t i = 0; i < total; ++i) {
    int open = 0;
    for (int j = rank - 1; j >= 0 && idx[j] == 0; --j) {
      out += '[';
      ++open;
    }
    if (newline) {
      out.append(static_cast<size_t>(rank - open), ' ');
      newline = false;
    }
    out += cells[i];
    // Advance the row-major index; every dim that wraps to 0 closes a bracket.
    int j = rank - 1;
    for (; j >= 0; --j) {
      if (++idx[j] < shape[j])
        break;
      idx[j] = 0;
      out += ']';
    }
    if (idx[rank - 1] == 0) {
      out += '\n';
      newline = true;
    } else {
      out += sep;
    }
  }
  return out;
}

void requireInDims(const LinearLayout &ll, std::initializer_list<const char *> allowed,
                   const char *what) {
  for (const auto &d : ll.getInDimNames()) {
    bool ok = false;
    for (const char *a : allowed)
      ok = ok || d == a;
    if (!ok)
      throw Error("layout", std::string("a ") + what + " grid needs in-dims " +
                                (allowed.size() == 4 ? "register, lane, warp, block"
                                                     : "offset, block") +
                                ", found '" + d + "'");
  }
}

} // namespace

std::string distributedGrid(const LinearLayout &ll, bool hardwareView) {
  requireInDims(ll, {"register", "lane", "warp", "block"}, "distributed");
  const std::vector<int64_t> shape = shapeOf(ll);
  const int64_t total = product(shape);
  const int64_t nReg = inSize(ll, "register"), nLane = inSize(ll, "lane"),
                nWarp = inSize(ll, "warp"), nBlock = inSize(ll, "block");
  if (total > kMaxGridCells || nReg * nLane * nWarp * nBlock > 4 * kMaxGridCells)
    throw Error("--shape", "the grid has " + std::to_string(total) +
                               " elements; at most " + std::to_string(kMaxGridCells) +
                               " are printed (use `linear`, or the application's grid view)");
  const std::vector<DimName> ins = ll.getInDimNames();
  std::vector<int32_t> inVals(ins.size(), 0), out(shape.size(), 0);
  auto setIn = [&](const char *name, int64_t v) {
    for (size_t i = 0; i < ins.size(); ++i)
      if (ins[i] == name)
        inVals[i] = static_cast<int32_t>(v);
  };
  std::vector<std::string> cells;
  std::string hw;
  if (!hardwareView)
    cells.assign(static_cast<size_t>(total), std::string());
  for (int64_t b = 0; b < nBlock; ++b) {
    if (hardwareView && nBlock > 1)
      hw += "Block" + std::to_string(b) + ":\n";
    for (int64_t w = 0; w < nWarp; ++w) {
      if (hardwareView) {
        hw += "Warp" + std::to_string(w) + ":\n";
        for (int64_t r = 0; r < nReg; ++r) {
          for (int64_t t = 0; t < nLane; ++t) {
            setIn("block", b), setIn("warp", w), setIn("lane", t), setIn("register", r);
            ll.applyIndexed(inVals.data(), out.data());
            if (t)
              hw += ", ";
            hw += coordText(out, shape, ",");
          }
          hw += '\n';
        }
        continue;
      }
      for (int64_t t = 0; t < nLane; ++t)
        for (int64_t r = 0; r < nReg; ++r) {
          setIn("block", b), setIn("warp", w), setIn("lane", t), setIn("register", r);
          ll.applyIndexed(inVals.data(), out.data());
          std::string &cell = cells[static_cast<size_t>(linearIndex(out, shape))];
          if (!cell.empty())
            cell += '|';
          const int64_t tid = t + w * nLane;
          int pad = digits(nBlock) - digits(b) + digits(nWarp * nLane) - digits(tid) +
                    digits(nReg) - digits(r);
          cell.append(static_cast<size_t>(pad), ' ');
          if (nBlock > 1)
            cell += "B" + std::to_string(b) + ":";
          cell += "T" + std::to_string(tid) + ":" + std::to_string(r);
        }
    }
  }
  return hardwareView ? hw : tensorView(cells, shape, ", ");
}

std::string sharedGrid(const LinearLayout &ll, bool hardwareView) {
  requireInDims(ll, {"offset", "block"}, "shared");
  const std::vector<int64_t> shape = shapeOf(ll);
  const int64_t total = product(shape);
  if (total > kMaxGridCells)
    throw Error("--shape", "the grid has " + std::to_string(total) +
                               " elements; at most " + std::to_string(kMaxGridCells) +
                               " are printed (use `linear`, or the application's grid view)");
  const int64_t nBlock = inSize(ll, "block");
  const int64_t blockSize = total / nBlock;
  const std::vector<DimName> ins = ll.getInDimNames();
  std::vector<int32_t> inVals(ins.size(), 0), out(shape.size(), 0);
  // Cell p holds the coordinate at (block-major) memory position p.
  std::vector<std::string> cells(hardwareView ? 0 : static_cast<size_t>(total));
  size_t next = 0;
  std::string hw;
  for (int64_t b = 0; b < nBlock; ++b) {
    if (hardwareView)
      hw += "Block: " + std::to_string(b) + ":\n";
    for (int64_t off = 0; off < blockSize; ++off) {
      for (size_t i = 0; i < ins.size(); ++i)
        inVals[i] = static_cast<int32_t>(ins[i] == "block" ? b : off);
      ll.applyIndexed(inVals.data(), out.data());
      if (hardwareView)
        hw += "Offset: " + std::to_string(off) + " -> " + coordText(out, shape, ",") + "\n";
      else
        cells[next++] = coordText(out, shape, ":");
    }
  }
  return hardwareView ? hw : tensorView(cells, shape, ",");
}

} // namespace ls
