// Findings from the audit's tables, weighted and sorted.
#include "audit/findings.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ls::audit {

double loopFactor(int depth) {
  return std::pow(16.0, depth);
}

namespace {

std::string where(const AuditSite &s) {
  return s.loopDepth > 0
             ? " inside " + std::to_string(s.loopDepth) + " loop" + (s.loopDepth > 1 ? "s" : "")
             : "";
}

// "1 store", "8 stores".
std::string counted(int64_t n, const char *noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

void conversionFindings(const KernelAudit &a, std::vector<AuditFinding> &out) {
  for (const AuditConvert &c : a.converts) {
    if (!c.cost)
      continue;
    AuditFinding f;
    f.site = c.site;
    f.proposal = c.proposal;
    std::ostringstream m;
    if (c.cost->scratch) {
      const ConversionScratch &s = *c.cost->scratch;
      // Triton's count is extra wavefronts per instruction on a 32-lane warp;
      // a 64-lane wave takes two wavefronts per access at least, which the
      // count includes (1 there is no conflict).
      const bool wave64 = a.threadsPerWarp == 64;
      const int64_t st = s.conflicts ? s.conflicts->store : 0;
      const int64_t ld = s.conflicts ? s.conflicts->load : 0;
      const int64_t conflicts = wave64 ? std::max<int64_t>(0, st - 1) + std::max<int64_t>(0, ld - 1)
                                       : st + ld;
      f.kind = c.site.loopDepth > 0 ? "convert_in_loop" : "convert";
      m << "convert_layout through shared memory" << where(c.site) << ": " << s.bytes
        << " bytes of scratch, " << counted(s.storesPerThread, "store") << " + "
        << counted(s.loadsPerThread, "load") << " per thread, " << counted(s.barriers, "barrier");
      if (st || ld) {
        m << ", Triton's bank_conflicts " << st << " per store and " << ld << " per load";
        if (wave64)
          m << (conflicts ? "" : " (none extra: a 64-lane wave takes two wavefronts per access)");
      }
      if (!c.proposalNote.empty())
        m << "; " << c.proposalNote;
      f.weight =
          double(s.storesPerThread + s.loadsPerThread + conflicts) * loopFactor(c.site.loopDepth);
    } else if (c.cost->shuffle) {
      f.kind = "convert_shuffle";
      m << "convert_layout by warp shuffles" << where(c.site) << ": " << c.cost->shuffle->shuffles
        << " shuffle rounds per thread";
      f.weight = double(c.cost->shuffle->shuffles) * loopFactor(c.site.loopDepth) / 4;
    } else if (c.cost->kind == ConversionKind::AcrossCtas) {
      f.kind = "convert_across_ctas";
      m << "convert_layout across CTAs" << where(c.site) << " (distributed shared memory)";
      f.weight = 64 * loopFactor(c.site.loopDepth);
    } else {
      continue;
    }
    f.message = m.str();
    out.push_back(std::move(f));
  }
}

void sharedFindings(const KernelAudit &a, std::vector<AuditFinding> &out) {
  for (const AuditShared &s : a.shared) {
    // With the machine's bank model the cost is the wavefronts over the
    // ideal; Triton's count (a machine-independent GF(2) count) decides only
    // where the model has no figure.
    const bool modelled = s.wavefronts && s.idealWavefronts;
    const int64_t extra = modelled ? *s.wavefronts - *s.idealWavefronts : 0;
    if (!conflictingAccess(s))
      continue;
    AuditFinding f;
    f.site = s.site;
    f.kind = "bank_conflict";
    std::ostringstream m;
    const int triton = s.conflicts.value_or(0);
    // Triton's Python binding refuses amd_rotating_shared (Unhandled encoding,
    // tests/data/ttgir36/triton_reading.jsonl): the count is Triton's
    // algorithm on the linear layouts, not a number Triton printed.
    if (s.memdesc.find("amd_rotating_shared") != std::string::npos)
      m << s.op << where(s.site) << ": Triton's algorithm counts "
        << counted(triton, "bank conflict")
        << " (on the linear layouts; Triton's binding refuses amd_rotating_shared)";
    else
      m << s.op << where(s.site) << ": Triton counts " << counted(triton, "bank conflict");
    if (modelled)
      m << "; " << *s.wavefronts << " wavefronts per warp against " << *s.idealWavefronts
        << " ideal (" << s.instruction << ")";
    if (!s.modelNote.empty())
      m << "; " << s.modelNote;
    if (!s.proposalNote.empty())
      m << "; " << s.proposalNote;
    f.message = m.str();
    if (!s.proposal.empty()) {
      f.proposal = "swizzle to " + s.proposal + " (here: Triton's count " + std::to_string(triton) +
                   " -> " + std::to_string(s.proposedConflicts.value_or(0));
      if (modelled && s.proposedWavefronts)
        f.proposal += ", wavefronts " + std::to_string(*s.wavefronts) + " -> " +
                      std::to_string(*s.proposedWavefronts);
      f.proposal += "; " + s.proposalTrade + ")";
    }
    f.weight = double(modelled ? extra : triton) * loopFactor(s.site.loopDepth);
    out.push_back(std::move(f));
  }
}

void globalFindings(const KernelAudit &a, std::vector<AuditFinding> &out) {
  for (const AuditGlobal &g : a.global) {
    if (!g.sectorsPerWarp || !g.minSectorsPerWarp || *g.sectorsPerWarp <= *g.minSectorsPerWarp)
      continue;
    AuditFinding f;
    f.site = g.site;
    f.kind = "uncoalesced";
    std::ostringstream m;
    m << g.op << where(g.site) << ": " << *g.sectorsPerWarp
      << " sectors per warp-instruction against " << *g.minSectorsPerWarp << " needed ("
      << g.vectorBits << "-bit vectors";
    if (g.layoutVectorBits != g.vectorBits)
      m << " where the layout allows " << g.layoutVectorBits << ": " << g.vectorLimit;
    m << ")";
    f.message = m.str();
    f.weight = double(*g.sectorsPerWarp - *g.minSectorsPerWarp) * loopFactor(g.site.loopDepth);
    out.push_back(std::move(f));
  }
}

} // namespace

std::vector<AuditFinding> rankFindings(const KernelAudit &audit) {
  std::vector<AuditFinding> out;
  conversionFindings(audit, out);
  sharedFindings(audit, out);
  globalFindings(audit, out);
  std::stable_sort(out.begin(), out.end(), [](const AuditFinding &x, const AuditFinding &y) {
    if (x.weight != y.weight)
      return x.weight > y.weight;
    return std::tie(x.site.module, x.site.line) < std::tie(y.site.module, y.site.line);
  });
  return out;
}

} // namespace ls::audit
