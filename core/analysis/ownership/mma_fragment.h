// MmaFragment: the names the PTX ISA (and AMD's matrix-core guides) give to
// the registers of one MMA instruction's fragment, for an MMA layout.
//
// The PTX manual draws mma.sync.m16n8k16 as fragments: thread T0 holds c0,
// c1 at row 0, columns 0 and 1 and c2, c3 at row 8 of the accumulator; the A
// operand is a0..a7, the B operand b0..b3. Triton's nvidia_mma v2 layout and
// its dot operands list their register bases in exactly that order (with
// the default kWidth = 32 / element bits), so the fragment name of a
// register is its index within one instruction tile:
//
//   name = <operand letter> (register mod 2^registerBits)
//
// where registerBits counts the leading register bases of the layout that
// stay inside the instruction tile (rows x cols of the last two dims). The
// same rule names the registers of other MMAs (v3 wgmma, AMD MFMA and WMMA)
// "c0..", "a0..", "b0..": their register index within one instruction tile
// -- not a vendor's spelling (wgmma calls the accumulator d0.., AMD's guides
// number VGPRs), which the docs say.
//
// Axis names follow the operands: C (accumulator) is M x N, A is M x K, B is
// K x N.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "encodings/encoding.h"
#include "layout/linear_layout.h"

namespace ls {

struct MmaFragment {
  char operand = 0;                   // 'a', 'b' or 'c'; 0 when the layout is not an MMA layout
  int registerBits = 0;               // register bits inside one instruction tile
  int64_t tileRows = 0, tileCols = 0; // the instruction tile (last two dims)
  std::string rowAxis, colAxis;       // "M", "N" or "K"
  std::string
      instruction; // "mma.sync m16n8k16" (C: "mma.sync m16n8"), "wgmma m64n64k16", "mfma m32n32k8"

  bool valid() const { return operand != 0; }
  uint64_t registerInTile(uint64_t reg) const { return reg & ((uint64_t{1} << registerBits) - 1); }
  // "c2" for register 6 of a 4-register accumulator tile.
  std::string name(uint64_t reg) const {
    return std::string(1, operand) + std::to_string(registerInTile(reg));
  }
};

// The fragment naming of a layout: an accumulator (nvidia_mma, amd_mfma,
// amd_wmma) or a dot operand of one; an invalid MmaFragment for other
// layouts. `layout` is the encoding's linear layout for the tensor shown;
// `elementBits` fixes the instruction's K where the encoding does not.
MmaFragment mmaFragment(const Encoding &enc, const LinearLayout &layout, int elementBits);

} // namespace ls
