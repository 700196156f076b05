// What every fuzz target shares.
//
// A target is one `LLVMFuzzerTestOneInput` per entry point that takes
// outside text. The same source builds twice: with libFuzzer (the `fuzz`
// preset, clang) to search the input space, and with replay_main.cpp (any
// compiler, the normal and ASan builds) so that CTest replays every input in
// tests/fuzz/regressions/<target>/ on every run without clang.
//
// The contract a target checks: bad input is answered by ls::Error (the one
// `error: <field>: <rule>` line of the CLI, the message next to a GUI field).
// Anything else escaping -- InternalError, std::out_of_range, bad_alloc, a
// sanitizer report, more than a second per input -- is a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "util/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace ls::fuzz {

inline std::string_view asText(const uint8_t *data, size_t size) {
  return {reinterpret_cast<const char *>(data), size};
}

// Runs `body`; an ls::Error is the expected answer to bad input.
template <class F> bool acceptsOrRejects(F &&body) {
  try {
    body();
    return true;
  } catch (const ls::Error &) {
    return false;
  }
}

// Trips the fuzzer (and the replay test) with a message naming the broken
// property; used for the oracles, not for rejected input.
[[noreturn]] void oracleFailed(const char *what, std::string_view detail);

} // namespace ls::fuzz
