// Turning pasted text into designs.
//
// Users paste what they have at hand: an attribute (`#ttg.blocked<{...}>`),
// a type (`tensor<64x64xf16, #blocked>` with the alias's definition, or a
// whole `!ttg.memdesc<...>`), or a TTGIR dump with `#alias = ...` lines and a
// module. A dump gives one design per layout alias, named after it, with the
// shape and element type of the first tensor that uses it and the module's
// num-warps / threads-per-warp / num-ctas; layouts written inline in types
// count as designs too. Gluon constructor text and CuTe layouts are read as
// every --layout is; a CuTe thread-value layout takes its tile from a trailing
// `--shape 16x16` (or `shape 16x16`), else from the current design.
// Anything else gets a message naming what is wrong.
//
// A tensor-memory layout (#ttng.tensor_memory_encoding, _scales_encoding, or
// a !ttg.memdesc in #ttng.tensor_memory) becomes a TMEM design read with the
// default 32x32b access by the module's warps (a warpgroup at least); without
// a type it takes the current design's shape if it fits, else its own block.
#pragma once

#include <QStringList>
#include <vector>

#include "design.h"
#include "ir/module_reader.h"

namespace ls::app {

struct ImportResult {
  std::vector<Design> designs;
  QString error;     // set when nothing could be imported
  QStringList notes; // layouts skipped, with why
  // What Triton 3.6 reads oddly in the text (an ignored key, an odd default),
  // "field: what", for a dump "line L: #alias: field: what": read anyway.
  QStringList warnings;
  // The machine the text names, canonical (design.h): a module's ttg.target
  // ("hip:gfx942" -> "gfx942"), else gfx942 for ttg.threads-per-warp = 64;
  // "" when the text says nothing about it. The paste makes it the
  // document's target.
  QString target;
};

// `base` supplies what the text does not say (shape, element type, module).
// `progress` follows the reading of a TTGIR dump and may cancel it (then the
// result has no designs and the error says it was cancelled); it is called
// on the calling thread, which may be a worker (the GUI reads large pastes
// on one, background_task.h).
ImportResult importLayouts(const QString &text, const Design &base,
                           const ls::ir::ReadProgress &progress = {});

// Whether the text looks like a TTGIR dump rather than one attribute/type.
bool looksLikeTtgir(const QString &text);

} // namespace ls::app
