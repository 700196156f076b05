// The audit written out: the JSON object scripts rely on and the readable
// report of `layout-studio-cli audit`.
//
// JSON (docs/audit.md lists every key):
//   {"file", "target", "num_warps", "threads_per_warp", "num_ctas",
//    "tensors":  [{"type", "layout", "linear": {"register", "lane", "warp", "block"}, "count"}],
//    "converts": [{"line", "loc", "src", "dst", "class", "cost", "in_loop", "loop_depth"}],
//    "shared":   [{"line", "loc", "op", "tensor", "memdesc", "conflicts", "wavefronts"}],
//    "global":   [{"line", "loc", "op", "type", "vector_bits", "sectors_per_warp"}],
//    "findings": [{"line", "loc", "kind", "message", "proposal"}], ...}
// A figure the audit could not establish is null ("unknown" for sectors).
#pragma once

#include <string>

#include "audit/kernel_audit.h"

namespace ls::audit {

std::string auditJson(const KernelAudit &audit);
// Tables of conversions, shared and global accesses, then the findings.
std::string auditText(const KernelAudit &audit);

} // namespace ls::audit
