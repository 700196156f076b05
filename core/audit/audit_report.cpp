#include "audit/audit_report.h"

#include <cstdio>

#include "report/layout_report.h"
#include "util/json_writer.h"

namespace ls::audit {

namespace {

void place(JsonWriter &w, const Place &p) {
  w.key("line").value(int64_t{p.line});
  w.key("loc").value(p.loc);
}

void optional(JsonWriter &w, const char *key, const std::optional<int64_t> &v) {
  w.key(key);
  if (v)
    w.value(*v);
  else
    w.null();
}

void optional(JsonWriter &w, const char *key, const std::optional<double> &v) {
  w.key(key);
  if (v)
    w.value(*v);
  else
    w.null();
}

std::string fixed1(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

} // namespace

std::string auditJson(const KernelAudit &a) {
  JsonWriter w;
  w.beginObject();
  w.key("file").value(a.file);
  w.key("target").value(a.target.name);
  w.key("num_warps").value(int64_t{a.numWarps});
  w.key("threads_per_warp").value(int64_t{a.threadsPerWarp});
  w.key("num_ctas").value(int64_t{a.numCtas});
  w.key("modules").value(int64_t{a.modules});
  w.key("functions").value(int64_t{a.functions});
  w.key("shared_bytes").beginObject();
  w.key("allocated").value(a.allocatedShared);
  w.key("declared");
  if (a.declaredShared)
    w.value(int64_t{*a.declaredShared});
  else
    w.null();
  w.endObject();
  w.key("tensors").beginArray();
  for (const TensorRow &t : a.tensors) {
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
      w.key("error").value(t.error);
    }
    w.key("count").value(int64_t{t.count});
    w.endObject();
  }
  w.endArray();
  w.key("converts").beginArray();
  for (const ConvertRow &c : a.converts) {
    w.beginObject();
    place(w, c.at);
    w.key("src").value(c.src);
    w.key("dst").value(c.dst);
    w.key("class").value(c.cls);
    w.key("cost").raw(c.costJson);
    w.key("in_loop").value(int64_t{c.at.loopDepth});
    if (!c.error.empty())
      w.key("error").value(c.error);
    w.endObject();
  }
  w.endArray();
  w.key("shared").beginArray();
  for (const SharedRow &s : a.shared) {
    w.beginObject();
    place(w, s.at);
    w.key("op").value(s.op);
    w.key("tensor");
    if (s.tensor.empty())
      w.null();
    else
      w.value(s.tensor);
    w.key("memdesc").value(s.memdesc);
    optional(w, "conflicts", s.conflicts);
    optional(w, "wavefronts", s.wavefronts);
    optional(w, "ideal_wavefronts", s.idealWavefronts);
    if (!s.instruction.empty())
      w.key("instruction").value(s.instruction);
    if (s.allocBytes)
      w.key("bytes").value(s.allocBytes);
    if (!s.proposal.empty())
      w.key("proposal").value(s.proposal);
    if (!s.note.empty())
      w.key("note").value(s.note);
    w.key("in_loop").value(int64_t{s.at.loopDepth});
    w.endObject();
  }
  w.endArray();
  w.key("global").beginArray();
  for (const GlobalRow &g : a.global) {
    w.beginObject();
    place(w, g.at);
    w.key("op").value(g.op);
    w.key("type").value(g.type);
    w.key("vector_bits").value(int64_t{g.vectorBits});
    w.key("strides");
    if (g.strides)
      w.array(*g.strides);
    else
      w.value("unknown");
    w.key("sectors_per_warp");
    if (g.sectorsPerWarp)
      w.value(*g.sectorsPerWarp);
    else
      w.value("unknown");
    optional(w, "min_sectors_per_warp", g.minSectorsPerWarp);
    w.key("in_loop").value(int64_t{g.at.loopDepth});
    w.endObject();
  }
  w.endArray();
  w.key("findings").beginArray();
  for (const Finding &f : a.findings) {
    w.beginObject();
    place(w, f.at);
    w.key("kind").value(f.kind);
    w.key("message").value(f.message);
    w.endObject();
  }
  w.endArray();
  w.key("unknown_ops").beginArray();
  for (const std::string &n : a.unknownOps)
    w.value(n);
  w.endArray();
  w.endObject();
  return w.str();
}

std::string auditText(const KernelAudit &a) {
  std::string o;
  o += a.file + ": target " + a.target.name + " (" + a.target.triton + "), " +
       std::to_string(a.numWarps) + " warps x " + std::to_string(a.threadsPerWarp) + " lanes, " +
       std::to_string(a.numCtas) + " CTA(s); " + std::to_string(a.modules) + " module(s), " +
       std::to_string(a.functions) + " function(s), " + std::to_string(a.operations) + " ops\n";
  o += "shared memory: " + std::to_string(a.allocatedShared) + " B allocated by local_alloc" +
       (a.declaredShared ? ", " + std::to_string(*a.declaredShared) + " B declared (ttg.shared)" : "") +
       "\n";
  o += "\nfindings (costliest first):\n";
  if (a.findings.empty())
    o += "  none: no conversion through shared memory, no bank conflicts, no uncoalesced access "
         "that the IR determines\n";
  int k = 0;
  for (const Finding &f : a.findings)
    o += "  " + std::to_string(++k) + ". line " + std::to_string(f.at.line) + " (" + f.at.loc +
         ") [" + f.kind + "] " + f.message + "\n";
  o += "\nconversions (" + std::to_string(a.converts.size()) + "):\n";
  for (const ConvertRow &c : a.converts)
    o += "  line " + std::to_string(c.at.line) + " (" + c.at.loc + ")" +
         (c.at.loopDepth ? ", loop depth " + std::to_string(c.at.loopDepth) : "") + ": " +
         (c.error.empty() ? c.summary : "unknown (" + c.error + ")") + "\n";
  o += "\nshared-memory accesses (" + std::to_string(a.shared.size()) + "):\n";
  for (const SharedRow &s : a.shared) {
    o += "  line " + std::to_string(s.at.line) + " " + s.op + ": ";
    if (s.wavefronts)
      o += std::to_string(*s.wavefronts) + " wavefronts/warp (ideal " +
           std::to_string(*s.idealWavefronts) + ", " + s.instruction + "), Triton conflicts " +
           (s.conflicts ? std::to_string(*s.conflicts) : std::string("unknown"));
    else
      o += s.note;
    if (s.allocBytes)
      o += ", " + std::to_string(s.allocBytes) + " B";
    o += "\n";
  }
  o += "\nglobal accesses (" + std::to_string(a.global.size()) + "):\n";
  for (const GlobalRow &g : a.global)
    o += "  line " + std::to_string(g.at.line) + " " + g.op + ": " + std::to_string(g.vectorBits) +
         "-bit vectors, sectors per warp-instruction " +
         (g.sectorsPerWarp ? fixed1(*g.sectorsPerWarp) + " (minimum " + fixed1(*g.minSectorsPerWarp) + ")"
                           : std::string("unknown (the IR does not show the pointer's strides)")) +
         "\n";
  o += "\ntensor types (" + std::to_string(a.tensors.size()) + "):\n";
  for (const TensorRow &t : a.tensors)
    o += "  " + std::to_string(t.count) + "x " + t.type + (t.error.empty() ? "" : "  [" + t.error + "]") + "\n";
  if (!a.unknownOps.empty()) {
    o += "\nops outside the dialects the audit knows (listed, not costed):";
    for (const std::string &n : a.unknownOps)
      o += " " + n;
    o += "\n";
  }
  return o;
}

} // namespace ls::audit
