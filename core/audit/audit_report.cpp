// JSON and text of a KernelAudit.
#include "audit/audit_report.h"

#include <set>
#include <sstream>

#include "analysis/convert/conversion_swizzle.h"
#include "report/layout_report.h"
#include "util/json_writer.h"

namespace ls::audit {
namespace {

void site(JsonWriter &w, const AuditSite &s) {
  w.key("line").value(int64_t{s.line});
  w.key("loc").value(s.loc);
  w.key("function").value(s.function);
  if (s.partition >= 0) {
    w.key("partition").value(int64_t{s.partition});
    w.key("partition_warps").value(int64_t{s.partitionWarps});
  }
}

// Where a site runs, for the text report: " in @f" when the file has
// several functions, " partition k (N warps)" inside a warp_specialize.
std::string where(const AuditSite &s, bool manyFunctions) {
  std::string out;
  if (manyFunctions && !s.function.empty())
    out += " in @" + s.function;
  if (s.partition >= 0)
    out += " partition " + std::to_string(s.partition) +
           (s.partitionWarps > 0 ? " (" + std::to_string(s.partitionWarps) + " warps)" : "");
  return out;
}

void optionalInt(JsonWriter &w, const char *key, const std::optional<int64_t> &v) {
  w.key(key);
  if (v)
    w.value(*v);
  else
    w.null();
}

void cost(JsonWriter &w, const ConversionCost &c) {
  w.beginObject();
  w.key("element_bits").value(int64_t{c.elementBits});
  if (c.shuffle) {
    w.key("shuffle_rounds").value(c.shuffle->shuffles);
    w.key("selects").value(c.shuffle->selects);
  }
  if (c.scratch) {
    const ConversionScratch &s = *c.scratch;
    w.key("scratch_bytes").value(s.bytes);
    w.key("reps").value(int64_t{s.reps});
    w.key("store_instruction").value(s.storeInstruction);
    w.key("load_instruction").value(s.loadInstruction);
    w.key("stores_per_thread").value(s.storesPerThread);
    w.key("loads_per_thread").value(s.loadsPerThread);
    w.key("barriers").value(s.barriers);
    if (s.conflicts) {
      w.key("store_conflicts").value(s.conflicts->store);
      w.key("load_conflicts").value(s.conflicts->load);
    }
  }
  w.endObject();
}

std::string costText(const AuditConvert &c) {
  if (!c.cost)
    return c.error;
  std::ostringstream o;
  if (c.cost->scratch)
    o << c.cost->scratch->bytes << " B scratch, " << c.cost->scratch->storesPerThread << "+"
      << c.cost->scratch->loadsPerThread << " st/ld per thread";
  else if (c.cost->shuffle)
    o << c.cost->shuffle->shuffles << " shuffle rounds";
  else
    o << "free";
  return o.str();
}

} // namespace

std::string auditJson(const KernelAudit &a) {
  JsonWriter w;
  w.beginObject();
  w.key("file").value(a.file);
  w.key("target").value(a.target);
  w.key("num_warps").value(int64_t{a.numWarps});
  w.key("threads_per_warp").value(int64_t{a.threadsPerWarp});
  w.key("num_ctas").value(int64_t{a.numCtas});
  w.key("bank_model").value(a.bankTarget);
  w.key("modules").beginArray();
  for (const AuditModule &m : a.modules) {
    w.beginObject();
    w.key("line").value(int64_t{m.firstLine});
    w.key("target").value(m.target);
    w.key("bank_model").value(m.bankTarget);
    w.key("num_warps").value(int64_t{m.numWarps});
    w.key("threads_per_warp").value(int64_t{m.threadsPerWarp});
    w.key("num_ctas").value(int64_t{m.numCtas});
    w.endObject();
  }
  w.endArray();
  w.key("functions").beginArray();
  for (const auto &f : a.functions)
    w.value(f);
  w.endArray();
  optionalInt(w, "shared_declared", a.sharedDeclared);
  w.key("shared_allocated").value(a.sharedAllocated);
  w.key("tensors").beginArray();
  for (const AuditTensor &t : a.tensors) {
    w.beginObject();
    w.key("type").value(t.type);
    w.key("layout").value(t.layout);
    w.key("linear");
    if (t.linear) {
      w.beginObject();
      report::writeBases(w, *t.linear);
      w.endObject();
    } else {
      w.null();
    }
    w.key("count").value(int64_t{t.count});
    if (!t.error.empty())
      w.key("error").value(t.error);
    w.endObject();
  }
  w.endArray();
  w.key("converts").beginArray();
  for (const AuditConvert &c : a.converts) {
    w.beginObject();
    site(w, c.site);
    w.key("src").value(c.src);
    w.key("dst").value(c.dst);
    w.key("class");
    if (c.cost)
      w.value(conversionKindName(c.cost->kind));
    else
      w.null();
    w.key("cost");
    if (c.cost)
      cost(w, *c.cost);
    else
      w.null();
    w.key("in_loop").value(c.site.loopDepth > 0);
    w.key("loop_depth").value(int64_t{c.site.loopDepth});
    if (!c.proposal.empty())
      w.key("proposal").value(c.proposal);
    if (!c.proposalNote.empty())
      w.key("proposal_note").value(c.proposalNote);
    if (!c.error.empty())
      w.key("error").value(c.error);
    w.endObject();
  }
  w.endArray();
  w.key("shared").beginArray();
  for (const AuditShared &s : a.shared) {
    w.beginObject();
    site(w, s.site);
    w.key("op").value(s.op);
    w.key("tensor").value(s.tensor);
    w.key("memdesc").value(s.memdesc);
    w.key("conflicts");
    if (s.conflicts)
      w.value(int64_t{*s.conflicts});
    else
      w.null();
    optionalInt(w, "wavefronts", s.wavefronts);
    optionalInt(w, "ideal_wavefronts", s.idealWavefronts);
    if (!s.instruction.empty())
      w.key("instruction").value(s.instruction);
    if (s.instructionsPerThread)
      w.key("instructions_per_thread").value(int64_t{*s.instructionsPerThread});
    if (!s.modelNote.empty())
      w.key("model_note").value(s.modelNote);
    w.key("loop_depth").value(int64_t{s.site.loopDepth});
    if (!s.proposal.empty()) {
      w.key("proposal").value(s.proposal);
      w.key("proposed_conflicts").value(int64_t{s.proposedConflicts.value_or(0)});
      optionalInt(w, "proposed_wavefronts", s.proposedWavefronts);
      w.key("proposal_trade").value(s.proposalTrade);
    }
    if (!s.proposalNote.empty())
      w.key("proposal_note").value(s.proposalNote);
    if (!s.error.empty())
      w.key("error").value(s.error);
    w.endObject();
  }
  w.endArray();
  w.key("global").beginArray();
  for (const AuditGlobal &g : a.global) {
    w.beginObject();
    site(w, g.site);
    w.key("op").value(g.op);
    w.key("type").value(g.type);
    w.key("scalar").value(g.scalar);
    w.key("vector_bits").value(int64_t{g.vectorBits});
    if (g.layoutVectorBits != g.vectorBits) {
      w.key("layout_vector_bits").value(int64_t{g.layoutVectorBits});
      w.key("vector_limit").value(g.vectorLimit);
    }
    w.key("strides");
    if (g.strides)
      w.array(*g.strides);
    else
      w.null();
    if (g.contiguousDim)
      w.key("contiguous_dim").value(int64_t{*g.contiguousDim});
    w.key("sectors_per_warp");
    if (g.sectorsPerWarp)
      w.value(*g.sectorsPerWarp);
    else
      w.value("unknown");
    optionalInt(w, "min_sectors_per_warp", g.minSectorsPerWarp);
    if (!g.sectorsNote.empty())
      w.key("sectors_note").value(g.sectorsNote);
    w.key("loop_depth").value(int64_t{g.site.loopDepth});
    if (!g.error.empty())
      w.key("error").value(g.error);
    w.endObject();
  }
  w.endArray();
  w.key("findings").beginArray();
  for (const AuditFinding &f : a.findings) {
    w.beginObject();
    site(w, f.site);
    w.key("kind").value(f.kind);
    w.key("message").value(f.message);
    w.key("proposal").value(f.proposal);
    w.key("weight").value(f.weight);
    w.endObject();
  }
  w.endArray();
  w.key("unknown_ops").beginArray();
  for (const UnknownOp &u : a.unknownOps) {
    w.beginObject();
    w.key("op").value(u.name);
    w.key("line").value(int64_t{u.line});
    w.endObject();
  }
  w.endArray();
  w.key("warnings").beginArray();
  for (const std::string &s : a.warnings)
    w.value(s);
  w.endArray();
  w.endObject();
  return w.str();
}

std::string auditText(const KernelAudit &a) {
  std::ostringstream o;
  // Whether the sites name their function: a file of several.
  std::set<std::string> functions;
  for (const AuditConvert &c : a.converts)
    functions.insert(c.site.function);
  for (const AuditShared &s : a.shared)
    functions.insert(s.site.function);
  for (const AuditGlobal &g : a.global)
    functions.insert(g.site.function);
  const bool many = functions.size() > 1;
  // "cuda:90 (bank model sm90), 4 warps x 32 lanes, 1 CTA(s)"
  auto machine = [&](const std::string &target, const std::string &bank, int warps, int lanes,
                     int ctas) {
    o << target << " (bank model " << bank << "), " << warps << " warps x " << lanes << " lanes, "
      << ctas << " CTA(s)";
  };
  o << a.file << ": ";
  machine(a.target, a.bankTarget, a.numWarps, a.threadsPerWarp, a.numCtas);
  o << ", " << a.opCount << " ops\n";
  for (const std::string &w : a.warnings)
    o << "  note: " << w << "\n";
  // Several modules: each one's machine (the header above is the first's).
  if (a.modules.size() > 1)
    for (size_t i = 0; i < a.modules.size(); ++i) {
      const AuditModule &m = a.modules[i];
      o << "  module " << i + 1 << " (line " << m.firstLine << "): ";
      machine(m.target, m.bankTarget, m.numWarps, m.threadsPerWarp, m.numCtas);
      o << "\n";
    }
  // The sum of the buffers, which is not the kernel's footprint: Triton's
  // allocator overlaps buffers that are not live together. ttg.shared (set
  // by its allocation pass, so absent from a TTGIR dump before it) is that.
  o << "shared memory: " << a.sharedAllocated << " bytes summed over the local_allocs";
  if (a.sharedDeclared)
    o << " (ttg.shared = " << *a.sharedDeclared << " bytes after Triton's allocation)";
  else if (a.sharedAllocated > 0)
    o << " (Triton's allocator overlaps buffers not live together: the kernel may use less)";
  o << "\n\ntensor types: " << a.tensors.size() << "\n";
  for (const AuditTensor &t : a.tensors)
    // Types in full: two that differ only deep inside (an instrShape) must
    // not print alike.
    o << "  " << t.count << "x  " << t.type << (t.error.empty() ? "" : "  [" + t.error + "]")
      << "\n";
  o << "\nconversions: " << a.converts.size() << "\n";
  for (const AuditConvert &c : a.converts)
    o << "  line " << c.site.line << " (" << c.site.loc << ")"
      << (c.site.loopDepth ? " loop " + std::to_string(c.site.loopDepth) : "") << where(c.site, many) << ": "
      << (c.cost ? conversionKindName(c.cost->kind) : "?") << ", " << costText(c) << "\n    "
      << c.src << "\n -> " << c.dst << "\n";
  o << "\nshared accesses: " << a.shared.size() << "\n";
  for (const AuditShared &s : a.shared) {
    o << "  line " << s.site.line << " (" << s.site.loc << ")"
      << (s.site.loopDepth ? " loop " + std::to_string(s.site.loopDepth) : "") << where(s.site, many) << " " << s.op;
    if (s.tensor.empty() && s.error.empty())
      o << ": memdesc operand (no register side) " << s.memdesc;
    if (s.conflicts)
      o << ": conflicts " << *s.conflicts;
    if (s.wavefronts)
      o << ", wavefronts " << *s.wavefronts << "/" << s.idealWavefronts.value_or(0) << " ("
        << s.instruction << ")";
    // Triton's GF(2) count is not the machine's: on a 64-lane wave it counts
    // the wave's two halves. Said where the bank model finds nothing extra.
    if (s.conflicts && *s.conflicts > 0 && s.wavefronts && s.idealWavefronts &&
        *s.wavefronts <= *s.idealWavefronts)
      o << " - no wavefront over the ideal: Triton's count is not a cost here";
    if (!s.modelNote.empty())
      o << "; " << s.modelNote;
    if (!s.error.empty())
      o << ": " << s.error;
    o << "\n";
  }
  o << "\nglobal accesses: " << a.global.size() << "\n";
  for (const AuditGlobal &g : a.global) {
    o << "  line " << g.site.line << " (" << g.site.loc << ")"
      << (g.site.loopDepth ? " loop " + std::to_string(g.site.loopDepth) : "") << where(g.site, many) << " " << g.op
      << ": " << g.vectorBits << (g.scalar ? "-bit scalar (every lane the same address)" : "-bit vectors")
      << ", sectors per warp-instruction ";
    if (g.sectorsPerWarp)
      o << *g.sectorsPerWarp << " (" << g.minSectorsPerWarp.value_or(0) << " needed)";
    else
      o << "unknown";
    if (g.layoutVectorBits != g.vectorBits)
      o << "; the layout allows " << g.layoutVectorBits << "-bit, but " << g.vectorLimit;
    if (!g.sectorsNote.empty())
      o << "; sectors " << g.sectorsNote;
    o << "\n";
  }
  o << "\nfindings (costliest first): " << a.findings.size() << "\n";
  int rank = 1;
  for (const AuditFinding &f : a.findings) {
    o << "  " << rank++ << ". line " << f.site.line << " (" << f.site.loc << ") [" << f.kind << "] "
      << f.message << "\n";
    if (!f.proposal.empty())
      o << "     proposal: " << f.proposal << "\n";
  }
  if (!a.unknownOps.empty()) {
    o << "\nunknown ops:";
    for (const UnknownOp &u : a.unknownOps)
      o << " " << u.name << "@" << u.line;
    o << "\n";
  }
  return o.str();
}

} // namespace ls::audit
