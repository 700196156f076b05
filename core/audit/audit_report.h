// Text and JSON of a kernel audit (kernel_audit.h).
//
// JSON, the keys scripts and CI rely on (docs/audit.md):
//   {"file", "target", "num_warps", "threads_per_warp", "num_ctas",
//    "shared_bytes": {"allocated", "declared"},
//    "tensors":  [{"type", "layout", "linear": {"register", "lane", "warp", "block"}, "count"}],
//    "converts": [{"line", "loc", "src", "dst", "class", "cost", "in_loop"}],
//    "shared":   [{"line", "loc", "op", "tensor", "memdesc", "conflicts", "wavefronts", ...}],
//    "global":   [{"line", "loc", "op", "type", "vector_bits", "sectors_per_warp", ...}],
//    "findings": [{"line", "loc", "kind", "message"}], "unknown_ops": [...]}
// Types are canonical Triton 3.6 text with layouts inline; lines are 1-based;
// in_loop is the loop nesting depth (0 = not in a loop); a figure the IR does
// not determine is null (JSON) or "unknown" (text).
#pragma once

#include <string>

#include "audit/kernel_audit.h"

namespace ls::audit {

std::string auditJson(const KernelAudit &a);
// Tables of tensors, conversions, shared and global accesses, then the
// ranked findings.
std::string auditText(const KernelAudit &a);

} // namespace ls::audit
