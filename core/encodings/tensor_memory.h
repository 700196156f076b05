// #ttng.tensor_memory_encoding: how a Blackwell tcgen05 tile sits in tensor
// memory (TMEM).
//
// TMEM is, per CTA, an array of 128 lanes (rows) by 512 columns of 32-bit
// cells. Warp w of a warpgroup may only touch lanes 32*(w%4) .. 32*(w%4)+31.
// A tensor in TMEM is stored in blocks of blockM (64 or 128) rows by blockN
// columns:
//
//   blockM = 128: row r of the block is lane r.
//   blockM = 64:  rows 0..15 of a 16-row slab go to lanes 0..15 of each lane
//                 quarter (rows 0-15 -> lanes 0-15, 16-31 -> lanes 32-47, ...);
//                 lanes 16..31 of each quarter hold the next block along M
//                 (or along N), or nothing at all.
//
// `colStride` is the distance, in element-sized slots, between neighbours of
// a row: 1 packs 32/bitwidth elements per 32-bit column, 32/bitwidth leaves
// each element alone in its column ("unpacked"). CTASplitM/N divide the
// tensor among the CTAs of a cluster; twoCTAs is cta_group::2, where blockM 64
// is laid out as the transpose of a 128-row block (PTX data path layout B).
//
// The linear layout maps in-dims (row, col) -> (dim0, dim1), where `row` is the
// lane (128) and `col` counts element-sized slots: 32-bit column c holds slots
// c*(32/bitwidth) .. c*(32/bitwidth) + 32/bitwidth - 1. The CTA split is the
// top of `col`. A zero basis at row 32 or 64 means the block is repeated in
// another lane quarter; any other zero basis means the slot holds nothing
// (Triton's [Zeros in TMEM LinearLayouts]).
#pragma once

#include "encodings/encoding.h"

namespace ls {

inline const DimName kRow = "row";
inline const DimName kCol = "col";

// Lanes and 32-bit columns one CTA allocates for a tensor (getTmemAllocSizes).
struct TmemAllocation {
  int numRows = 0; // 128, or 64 when lanes 16..31 of every quarter are unused
  int numCols = 0; // 32-bit columns per CTA
};

class TensorMemoryEncoding : public Encoding {
public:
  unsigned blockM = 128;
  unsigned blockN = 128;
  unsigned colStride = 1;
  unsigned ctaSplitM = 1;
  unsigned ctaSplitN = 1;
  bool twoCTAs = false;

  EncodingKind kind() const override { return EncodingKind::TensorMemory; }
  int rank() const override { return 2; }
  // TensorMemoryEncodingAttr::verify, with Triton's messages.
  void validate() const override;
  int numCTAs() const override { return static_cast<int>(ctaSplitM * ctaSplitN); }

  // The checks MemDescType::verify makes for a tensor of this shape and
  // element width in TMEM (bitwidth * colStride <= 32, the allocation covers
  // whole blocks, at most 512 columns per CTA), with Triton's messages.
  void verifyMemDesc(const Shape &shape, int bitwidth) const;

  // Requires: verifyMemDesc(shape, bitwidth) passed.
  TmemAllocation allocation(const Shape &shape, int bitwidth) const;

protected:
  LinearLayout computeLinearLayout(const Shape &shape) const override;
};

// Triton's getTmemAllocSizes for a TMEM layout L (row, col -> dim0, dim1) of
// `bitwidth`-bit elements split over `numCTAs` CTAs.
TmemAllocation tmemAllocation(const LinearLayout &tmemLayout, int bitwidth, int numCTAs);

// Triton's TMemAccessAtom.
enum class TmemAtom { I32x32b, I16x64b, I16x128b, I16x256b, I16x32bx2 };
// PTX's spelling: "32x32b", "16x64b", ...
const char *tmemAtomName(TmemAtom atom);

// Triton's getTileLayout: one warp's access pattern, register, lane (, warp)
// -> row, col (32-bit columns). `unpacked` gives each register two columns.
LinearLayout tmemAtomTile(TmemAtom atom, bool unpacked, bool withWarp);

// Triton 3.6's check of a TMEM load or store (computeTMemLdStEncodingInfo,
// which the verifiers of ttng.tmem_load, tmem_store and tmem_alloc call):
// whether tcgen05.ld/st messages move the register layout `reg` (register,
// lane, warp, block -> dim0, dim1) to or from the TMEM layout `mem` (row, col
// -> dim0, dim1) of `bitwidth`-bit elements. The conversion reg -> (row, col)
// must send warps 1 and 2 to rows 32 and 64 (a warp reaches only its lane
// quarter), and after dropping broadcast registers and packing narrow
// elements into 32-bit cells (or unpacking 16-bit ones), one message atom
// (32x32b, 16x256b, 16x64b, 16x128b, else 16x32bx2) must divide it: its
// register bases found among the conversion's (in any order), its lane and
// warp bases equal, and every other basis clear of the atom's rows and
// columns. `maxnreg`: the registers a thread may have (256 unless the module
// or a partition says less). Empty if it lowers; else why not.
std::string tmemLdStProblem(const LinearLayout &reg, const LinearLayout &mem, int bitwidth,
                            bool isScales, int maxnreg = 256);

} // namespace ls
