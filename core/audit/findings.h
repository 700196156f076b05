// Ranking what a kernel pays for.
//
// Each finding carries the figure that makes it costly and a weight that
// orders them. A loop multiplies its body's cost by its trip count, which
// the IR rarely states, so the weight counts a loop level as 16x (the
// ordering, not the figure, depends on that choice):
//
//   convert through shared memory, depth d : (stores + loads per thread
//                                             + store/load conflicts) x 16^d
//   warp-shuffle convert, depth d          : shuffle rounds x 16^d / 4
//   bank conflict of a shared access       : extra wavefronts per warp x 16^d
//   uncoalesced global access              : (sectors - minimum) per warp
//                                             instruction x 16^d
//
// Conversions that are no-ops or register permutations cost nothing and are
// not findings.
#pragma once

#include <vector>

#include "audit/kernel_audit.h"

namespace ls::audit {

// Postcondition: findings sorted by weight, descending; ties by line.
std::vector<AuditFinding> rankFindings(const KernelAudit &audit);

// 16^depth.
double loopFactor(int depth);

} // namespace ls::audit
