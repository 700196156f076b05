// gluon-probe export: a Python script in which Triton's own code generation
// decides whether Layout Studio's table of a layout is right.
//
// The script builds the design's layout with its Gluon 3.6 constructor (the
// one top-level `LAYOUT = ...` assignment, text from notation/gluon) and holds
// the tool's answer as a Python literal (the one top-level `EXPECTED = ...`
// assignment).  Triton compiles a @gluon.jit kernel for LAYOUT and the GPU runs
// it; nothing in the kernel reads EXPECTED, so a wrong table fails:
//
//   distributed layouts  a tensor in LAYOUT whose every element is the id of
//       the thread holding it, read by inline PTX (`%tid.x`, plus
//       `%cluster_ctarank` when the CGA has several CTAs) on the values in
//       LAYOUT, then stored to global memory.  EXPECTED[e] lists the owners of
//       element e (row-major flat index) as block * THREADS_PER_CTA +
//       warp * LANES + lane; the thread that stored e must be one of them.
//   shared layouts  element indices stored through LAYOUT into shared memory
//       (ttgl.allocate_shared_memory + store), the raw buffer read back
//       through a flat 1-D SwizzledSharedLayout(1, 1, 1, [0]) view of the same
//       allocation (`_reinterpret`) and stored to global.  EXPECTED[slot]
//       (slot = cta * SLOTS_PER_CTA + padded offset) is the element the tool
//       puts there, -1 for padding.  Element types narrower than the index
//       take several launches (one byte or half-word of the index each).
//
// Tensor memory is refused (Gluon 3.6's TMEM ops need an sm_100 GPU; see
// docs/export.md).  The script exits 0 printing PASS, or 1 printing FAIL and
// the first differing elements; 2 when Triton or the GPU could not run it.
#pragma once

#include <string>

#include "codegen/export_options.h"

namespace ls::codegen {

std::string exportGluonProbe(const ExportDesign &design, const ExportOptions &options);

} // namespace ls::codegen
