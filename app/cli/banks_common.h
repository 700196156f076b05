// Helpers shared by the shared-memory commands (`banks`, `swizzle`):
// reading a distributed/shared layout pair with one shape and element type,
// the wavefront-model options, and small output helpers.
#pragma once

#include <string>
#include <vector>

#include "analysis/banks/shared_access.h"
#include "cli_common.h"

namespace ls::cli {

struct BanksInput {
  EncodingPtr distributed; // the first flag
  EncodingPtr shared;      // the second flag (may be null if optional)
  Shape shape;
  ir::ElementType element;
};

// Reads --<first> and --<second> (attributes or types) with --shape and
// --dtype, which may also come from the types; they must agree. `secondOptional`
// allows the second flag to be absent.
BanksInput resolveBanksInput(const Args &args, const std::string &first = "distributed",
                             const std::string &second = "shared", bool secondOptional = false);
// Reads one more layout flag on the same shape (e.g. --reader).
EncodingPtr resolveExtraLayout(const Args &args, const std::string &flag, const Shape &shape);

// --target, --warp, --no-matrix, --detail.
// The machine is machineTarget's for the distributed layout's warp width.
SharedAccessOptions accessOptions(const Args &args, const Encoding &distributed,
                                  const Shape &shape);


// Writes text to a file atomically; errors name `flag`.
void writeTextFile(const std::string &path, const std::string &flag, const std::string &text);

} // namespace ls::cli
