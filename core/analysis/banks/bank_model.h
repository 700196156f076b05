// The hardware model of shared memory: how one warp-wide load or store is
// served in wavefronts.
//
// # NVIDIA (sm80, sm90, sm100)
// 32 banks of 4 bytes; bank(address) = (address / 4) % 32, and a 128-byte
// line of consecutive words touches every bank once. A wavefront serves at
// most one 32-bit word per bank; lanes that touch the same word share it
// (broadcast on loads, one merged write on stores), so
//
//   wavefronts(group) = max over banks of (distinct words of that bank)
//
// Lanes are served in groups whose data is at most 128 bytes: the whole warp
// for accesses of up to 4 bytes, half-warps (lanes 0-15, 16-31) for 8-byte
// and quarter-warps (0-7, 8-15, ...) for 16-byte accesses. ldmatrix and
// stmatrix serve each 8x8 matrix (8 lanes giving 16-byte row addresses) as
// one group. Loads of 8 or 16 bytes whose lanes come in equal pairs (every
// lane n reads what lane n^1 reads, or every lane n what lane n^2 reads)
// return packed data and are served in groups twice as large (NVIDIA's
// forum note on uniform LDS.64/LDS.128; checked on the H100 in
// docs/banks_gpu_table.md).
//
// # AMD (gfx90a, gfx942: 32 banks; gfx950: 64 banks)
// Wave64; bank(address) = (address / 4) % banks. The LDS serves one phase of
// lanes per cycle, `banks * 4` bytes of it:
//   - up to 4 bytes per lane: 32 lanes per phase (64 with 64 banks);
//   - ds_read_b64 / ds_write_b64: 16 consecutive lanes (32 with 64 banks);
//   - ds_write_b128: 8 consecutive lanes (16 with 64 banks);
//   - ds_read_b128 with 32 banks: 8 lanes, {0-3, 20-23}, {4-7, 16-19},
//     {8-11, 28-31}, {12-15, 24-27}, then the same +32;
//     with 64 banks: 16 lanes, {0-3, 12-15, 20-23, 24-27} and
//     {4-7, 8-11, 16-19, 28-31}, then the same +32 (as Triton's AMD
//     padding heuristics describe them).
// Within a phase the same max-distinct-words-per-bank rule applies.
//
// The ideal for an instruction is one wavefront per group that has an
// active lane; conflicts = wavefronts - ideal, which is what Nsight Compute
// reports as l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ls {

enum class Vendor { Nvidia, Amd };
enum class AccessDirection { Load, Store };

// How the lanes of one instruction address memory.
enum class InstructionClass {
  LdSt,   // ld.shared / st.shared / ds_read / ds_write: one vector per lane
  Matrix, // ldmatrix / stmatrix: lanes 8i..8i+7 give the rows of matrix i
};

struct BankTarget {
  std::string name = "sm90"; // sm80, sm90, sm100, gfx90a, gfx942, gfx950
  Vendor vendor = Vendor::Nvidia;
  int banks = 32;
  int bankBytes = 4;
  bool ldmatrix = true;
  bool stmatrix = true;
  bool pairedLoads = true; // the packed-return rule for 8/16-byte loads

  // Throws ls::Error(field, ...) for an unknown name.
  static BankTarget byName(const std::string &name, const std::string &field = "--target");
  static std::vector<std::string> names();
};

// One lane's part of one instruction: `bytes` contiguous bytes (1..16) from
// `byteAddress`, which is a multiple of `bytes`.
struct LaneAccess {
  int lane = 0;
  int64_t byteAddress = 0;
  int bytes = 4;
};

// One 32-bit word served in one wavefront: the bank it lives in, the word
// index (byte address / 4), and the lanes that touch it.
struct BankCell {
  int bank = 0;
  int64_t word = 0;
  uint64_t lanes = 0;
};

struct Wavefront {
  int group = 0;               // index into InstructionWavefronts::groups
  uint64_t lanes = 0;          // lanes with a word in this wavefront
  std::vector<BankCell> cells; // at most one per bank, ascending bank
};

struct LaneGroup {
  uint64_t lanes = 0;            // lanes served together (a phase)
  int wavefronts = 0;            // max distinct words per bank
  std::vector<int> wordsPerBank; // distinct words per bank (size banks)
};

struct InstructionWavefronts {
  std::vector<LaneGroup> groups;
  std::vector<Wavefront> fronts; // only when asked for detail
  int wavefronts = 0;
  int ideal = 0;
};

// The groups of lanes served together, as lane masks.  `accesses` lets the
// NVIDIA paired-load rule look at the addresses.
std::vector<uint64_t> laneGroups(const BankTarget &target, InstructionClass cls,
                                 AccessDirection direction, int accessBytes, int laneCount,
                                 std::span<const LaneAccess> accesses);

// Serves one instruction of one warp.  `accesses` holds the active lanes
// (at most one entry per lane); `detail` fills `fronts`.
InstructionWavefronts serveInstruction(const BankTarget &target, InstructionClass cls,
                                       AccessDirection direction, int accessBytes, int laneCount,
                                       std::span<const LaneAccess> accesses, bool detail);

// Triton's warp width on a machine: 32 lanes on NVIDIA and on RDNA (gfx10,
// gfx11, gfx12: Triton's AMD backend compiles them wave32), 64 on CDNA (gfx9).
int targetLanes(const BankTarget &t);

// Throws Error(field, rule) when a layout with `lanes` lanes per warp cannot
// run on `t`, naming the targets that run it:
//   "has 64 lanes per warp; sm90 runs 32-lane warps (64 lanes are CDNA's:
//    gfx90a, gfx942, gfx950)".
void checkTargetLanes(const BankTarget &t, int lanes, const std::string &field);

} // namespace ls
