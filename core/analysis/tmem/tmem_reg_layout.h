// The register layout of a tensor-memory load or store (tcgen05.ld / .st),
// exactly as Triton 3.6 and Gluon's `get_tmem_reg_layout` choose it.
//
// # The instructions
//
// A warp moves data between its registers and TMEM with one of a few
// "shapes" (PTX's .shape), each a fixed pattern of (lane, register) ->
// (TMEM row, 32-bit column) for one warp, the *atom*:
//
//   32x32b   lane t reads row t, one column per register      (32 rows x 1 col)
//   16x64b   lanes read rows 0..15 in two column halves       (16 rows x 2 cols)
//   16x128b  4 lanes per row, two rows per thread              (16 rows x 4 cols)
//   16x256b  4 lanes per row, 2 columns x 2 rows per thread    (16 rows x 8 cols)
//   16x32bx2 32x32b's lanes 16..31 moved to a second column block (inferred only)
//
// A warp can only reach its own lane quarter (warp w -> lanes 32*(w%4)...), so
// warps 0..3 take the four quarters (warp bases rows 32 and 64) and further
// warps split the columns (or, for the 16-row atoms with 8+ warps, take rows
// 16..31 of each quarter).
//
// # From atom to register layout
//
// With T the atom extended by registers and warps (register, lane, warp ->
// row, col) and L the TMEM layout (row, col -> dim0, dim1), the register
// layout is the composition  L o T : register, lane, warp -> dim0, dim1.
// Narrow elements are first packed: contiguous elements along dim1 that share
// a 32-bit cell become consecutive registers of one thread. Triton refuses an
// atom whose composition would load an element twice within a warp (returning
// nothing, which Gluon reports as "unsupported").
//
// Gluon's `32x32b_splitn` variant is the 32x32b layout with the basis that
// moves by N/2 swapped into the last register, so `tl.split` along N is free.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "encodings/encoding.h"
#include "encodings/tensor_memory.h"
#include "layout/linear_layout.h"

namespace ls {

// Gluon's instr_variant: an atom, or 32x32b with the N/2 split in a register.
enum class TmemVariant { I32x32b, I16x64b, I16x128b, I16x256b, I16x32bx2, I32x32bSplitN };
const char *tmemVariantName(TmemVariant variant);
// The variants Gluon's get_tmem_reg_layout accepts, in its order.
const std::vector<TmemVariant> &allTmemVariants();
// Throws Error("instr_variant", "unknown instr_variant: X") like Gluon.
TmemVariant parseTmemVariant(const std::string &text);

// Triton's getDistributedLayoutForTmemLdSt on a TMEM linear layout
// (row, col -> dim0, dim1) of `bitwidth`-bit elements.  With `cga` (block ->
// dim0, dim1) the CTA part of the TMEM layout is divided out first and the CGA
// layout appended as the block dimension.  nullopt where Triton returns none.
// Throws Error where Triton 3.6 would abort on an assertion.
std::optional<LinearLayout> tmemLoadStoreLayout(const LinearLayout &tmem, TmemAtom atom,
                                                int numWarps, int bitwidth,
                                                const std::optional<LinearLayout> &cga);

// Everything get_tmem_reg_layout takes.
struct TmemRegRequest {
  EncodingPtr layout;  // #ttng.tensor_memory_encoding or _scales_encoding
  Shape shape;         // 2-D
  int bitwidth = 32;   // element width: 32 f32, 16 f16/bf16, 8 f8
  int numWarps = 4;
  TmemVariant variant = TmemVariant::I32x32b;
  std::vector<std::vector<int32_t>> cgaBases; // Gluon's cga_layout; empty: one CTA
};

// Gluon 3.6's get_tmem_reg_layout(element_ty, shape, layout, num_warps,
// instr_variant, cga_layout): in-dims register, lane, warp, block -> dim0,
// dim1. Every combination Gluon rejects throws ls::Error whose rule is
// Gluon's (or Triton's verifier's) message.
LinearLayout tmemRegLayout(const TmemRegRequest &request);

// Triton's getDefaultLayoutForTmemLdSt (what a plain tmem load gets, and the
// accumulator layout of tl.dot on Blackwell): 32x32b, or 16x256b where
// TRITON_PREFER_TMEM_16x256_LAYOUT is set and that atom fits.
LinearLayout tmemDefaultRegLayout(const TmemRegRequest &request, bool prefer16x256 = false);

// Python's repr of the Gluon layout object, as Gluon's messages print it:
// "TensorMemoryLayout(block=(128, 64), col_stride=1, cta_split_num=None, two_ctas=False)".
std::string gluonTmemLayoutRepr(const Encoding &layout);

// "DistributedLinearLayout(reg_bases=[[0, 1]], lane_bases=..., shape=[128, 64])".
std::string gluonLinearLayoutRepr(const LinearLayout &layout);

} // namespace ls
