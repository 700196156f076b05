// TmemDesign: one tensor-memory design as the application edits it -- a TMEM
// layout, the tensor it holds, and the TMEM load/store that reads it -- and
// everything the views and exporters derive from it.
//
// A design is plain data (the GUI document stores it, an undo command swaps
// two of them); derived values are computed on demand and throw ls::Error
// with the offending field when the design is invalid (the GUI shows the
// message next to that field).
//
//   TmemDesign d = TmemDesign::fromText("#ttng.tensor_memory_encoding<blockM = 128, "
//                                       "blockN = 64, colStride = 1>", {128, 64}, "f32");
//   d.registerLayout();   // Gluon's get_tmem_reg_layout(f32, [128, 64], ..., 4, "32x32b")
//   d.map();              // which element sits in which lane/column, who reads it
//
// suggestTmemDesign() fills a design the way Triton does for a tcgen05 tile
// (the "suggest" action).
#pragma once

#include <string>
#include <vector>

#include "analysis/tmem/tcgen05_mma.h"
#include "analysis/tmem/tmem_map.h"
#include "analysis/tmem/tmem_reg_layout.h"
#include "notation/mlir/layout_parser.h"

namespace ls {

struct TmemDesign {
  EncodingPtr layout;                 // TensorMemoryEncoding or TensorMemoryScalesEncoding
  Shape shape = {128, 128};
  ir::ElementType element = {"f32", 32};
  int numWarps = 4;
  TmemVariant variant = TmemVariant::I32x32b;
  std::vector<std::vector<int32_t>> cgaBases; // Gluon's cga_layout; empty: one CTA

  // From attribute text (or a !ttg.memdesc type, which then fixes shape and
  // element) and a dtype name as the CLI spells it.
  static TmemDesign fromText(const std::string &attrOrMemDesc, const Shape &shape,
                             const std::string &dtype, int numWarps = 4,
                             TmemVariant variant = TmemVariant::I32x32b);

  TmemRegRequest request() const;
  int numCTAs() const;
  // The attribute as Triton 3.6 prints it.
  std::string attributeText() const;
  // !ttg.memdesc<128x64xf32, #ttng.tensor_memory_encoding<...>, #ttng.tensor_memory, mutable>;
  // `encoding` replaces the attribute (an alias such as "#tmem").
  std::string memDescText(const std::string &encoding = "") const;
  // "128x64xf32": the shape and element part of a tensor or memdesc type.
  std::string typeBody() const;

  // All checks get_tmem_reg_layout makes; throws ls::Error.
  void validate() const;
  LinearLayout tmemLayout() const;      // row, col -> dim0, dim1
  LinearLayout registerLayout() const;  // register, lane, warp, block -> dim0, dim1
  TmemAllocation allocation() const;    // lanes and 32-bit columns per CTA
  TmemMap map() const;                  // the view's tables

  bool operator==(const TmemDesign &o) const;
};

// What the "suggest" action fills: Triton's accumulator design for a tcgen05
// tile (see tcgen05_mma.h), loaded with the default 32x32b atom.
TmemDesign suggestTmemDesign(const Tcgen05Request &request, const std::string &accDtype = "f32");

} // namespace ls
