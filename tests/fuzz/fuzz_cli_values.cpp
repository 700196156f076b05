// Fuzz target: the CLI's value parsers -- shapes (--shape 64x64), integer
// lists (--contiguity 1,64), basis lists (--cga-layout [[0, 1]]), counts
// (--num-warps), element types (--dtype) and targets (--target cuda:90).
// The first byte picks the parser, the rest is the flag's value, so one
// corpus covers them all and libFuzzer learns each grammar separately.
#include <string>

#include "cli_common.h"
#include "cli_lists.h"
#include "cli_values.h"
#include "codegen/export_options.h"
#include "fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace ls;
  if (size == 0)
    return 0;
  const std::string value(fuzz::asText(data + 1, size - 1));
  fuzz::acceptsOrRejects([&] {
    switch (data[0] % 7) {
    case 0:
      (void)cli::parseShape(value, "--shape");
      break;
    case 1:
      (void)cli::parseIntList(value, "--contiguity");
      break;
    case 2:
      (void)cli::parseIntList(value, "--order", /*allowZero=*/true);
      break;
    case 3:
      (void)cli::parseBasesList(value, "--cga-layout");
      break;
    case 4:
      (void)cli::parseCount(value, "--num-warps");
      break;
    case 5:
      (void)ir::parseElementType(value, "--dtype");
      break;
    default:
      (void)codegen::parseTarget(value, "--target");
      break;
    }
  });
  return 0;
}
