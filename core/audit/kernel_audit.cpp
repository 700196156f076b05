#include "audit/kernel_audit.h"

#include <algorithm>
#include <map>
#include <set>

#include "analysis/banks/bank_conflicts.h"
#include "analysis/banks/shared_access.h"
#include "analysis/convert/layout_conversion.h"
#include "analysis/global/global_access.h"
#include "analysis/swizzle/swizzle_search.h"
#include "audit/pointer_strides.h"
#include "ir/type_printer.h"
#include "notation/mlir/layout_printer.h"
#include "report/conversion_report.h"
#include "util/error.h"

namespace ls::audit {

namespace {

bool startsWith(const std::string &s, const char *p) { return s.rfind(p, 0) == 0; }

} // namespace

AuditTarget resolveTarget(const std::string &moduleTarget, std::optional<int> threadsPerWarp,
                          const std::optional<std::string> &override, const std::string &field) {
  std::string t = override ? *override : moduleTarget;
  const std::string f = override ? field : "ttg.target";
  if (t.empty())
    t = threadsPerWarp && *threadsPerWarp == 64 ? "gfx942" : "sm90";
  std::string name = t;
  if (startsWith(t, "cuda:"))
    name = "sm" + t.substr(5);
  else if (startsWith(t, "hip:"))
    name = t.substr(4);
  // Bank models exist per family; newer chips of a family share them.
  std::string bankName = name;
  if (startsWith(name, "sm")) {
    const std::string digits = name.substr(2);
    int arch = 0;
    if (!digits.empty() && digits.size() <= 4 &&
        digits.find_first_not_of("0123456789") == std::string::npos)
      arch = std::stoi(digits);
    if (arch < 75) {
      throw Error(f, "'" + t + "' is not a target; expected sm80, sm90, sm100, sm120, gfx90a, "
                     "gfx942, gfx950, gfx1100, gfx1200 or Triton's cuda:90 / hip:gfx942");
    }
    bankName = arch >= 120 ? "sm120" : arch >= 100 ? "sm100" : arch >= 90 ? "sm90" : "sm80";
  } else if (startsWith(name, "gfx11")) {
    bankName = "gfx1100";
  } else if (startsWith(name, "gfx12")) {
    bankName = "gfx1200";
  }
  AuditTarget out;
  out.name = name;
  out.banks = BankTarget::byName(bankName, f);
  const bool amd = out.banks.vendor == Vendor::Amd;
  if (amd && threadsPerWarp && *threadsPerWarp == 32 && (bankName == "gfx942" || bankName == "gfx90a" || bankName == "gfx950"))
    throw Error(f, "'" + t + "' runs 64 lanes per warp but the module has 32");
  if (!amd && threadsPerWarp && *threadsPerWarp == 64)
    throw Error(f, "the module has 64 lanes per warp, an AMD kernel; '" + t +
                       "' is an NVIDIA target (use gfx942, gfx950 or hip:gfx942)");
  out.triton = amd ? "hip:" + name : "cuda:" + name.substr(2);
  out.scratch = amd ? ScratchTarget::Generic
                    : bankName == "sm80" ? ScratchTarget::Sm80 : ScratchTarget::Sm90;
  return out;
}

namespace {

const std::set<std::string> kKnownDialects = {"tt", "ttg", "ttng", "scf", "arith", "math",
                                              "amdgpu", "amdg", "rocdl", "gpu", "cf", "builtin", "llvm",
                                              "nvgpu", "nvvm", "ub", "proton"};

int elementBitsOf(const ir::SsaValue &v) {
  if (!v.type)
    return 32;
  const std::string &e = v.type->elementType;
  if (startsWith(e, "!tt.ptr"))
    return 64;
  try {
    return ir::parseElementType(e, "element type").bits;
  } catch (const Error &) {
    return 32;
  }
}

struct Walker {
  const ir::ModuleFile &file;
  const ir::Module &m;
  const AuditTarget &target;
  KernelAudit &out;
  std::map<std::string, size_t> &tensorIndex; // canonical type -> row, over all modules
  std::string function;

  // The shared-access figures of a (register type, memdesc type, direction):
  // pipelined kernels repeat the same pair once per stage.
  std::map<std::string, SharedRow> sharedCache;

  // Canonical text per type as written: a kernel has hundreds of values and
  // a few dozen types.
  std::map<std::string, std::string> canonicalCache;
  const std::string &canonical(int v) {
    const ir::SsaValue &val = m.values[v];
    auto it = canonicalCache.find(val.typeText);
    if (it != canonicalCache.end())
      return it->second;
    std::string text = val.type ? ir::canonicalTypeText(*val.type, val.encoding.get(), m.aliases.get(),
                                                        val.isTensorDesc)
                                : val.typeText;
    return canonicalCache.emplace(val.typeText, std::move(text)).first->second;
  }

  Place placeOf(int opIdx) const {
    const ir::Operation &op = m.ops[opIdx];
    Place p;
    p.line = op.pos.line;
    p.loc = op.loc.known() ? op.loc.frames.back().file + ":" +
                                 std::to_string(op.loc.frames.back().line) + ":" +
                                 std::to_string(op.loc.frames.back().column)
                           : "unknown";
    p.function = function;
    for (int b = op.parentBlock; b >= 0;) {
      const int r = m.blocks[b].parentRegion;
      const int parent = r >= 0 ? m.regions[r].parentOp : -1;
      if (parent < 0)
        break;
      const std::string &n = m.ops[parent].name;
      if (n == "scf.for" || n == "scf.while")
        ++p.loopDepth;
      b = m.ops[parent].parentBlock;
    }
    return p;
  }

  bool isTensor(int v) const {
    const ir::SsaValue &val = m.values[v];
    return val.type && !val.type->isMemDesc && !val.isTensorDesc && val.encoding;
  }
  bool isMemDesc(int v) const {
    const ir::SsaValue &val = m.values[v];
    return val.type && val.type->isMemDesc && val.encoding;
  }

  void noteTensor(int v) {
    if (!isTensor(v))
      return;
    const std::string type = canonical(v);
    auto it = tensorIndex.find(type);
    if (it == tensorIndex.end()) {
      TensorRow row;
      row.type = type;
      const ir::SsaValue &val = m.values[v];
      row.layout = ir::printEncoding(*val.encoding);
      try {
        row.linear = val.encoding->toLinearLayout(val.shape());
      } catch (const std::exception &e) {
        row.error = e.what();
      }
      it = tensorIndex.emplace(type, out.tensors.size()).first;
      out.tensors.push_back(std::move(row));
    }
    ++out.tensors[it->second].count;
  }

  void convert(int opIdx) {
    const ir::Operation &op = m.ops[opIdx];
    if (op.operands.empty() || op.results.empty())
      return;
    const int src = op.operands[0], dst = op.results[0];
    ConvertRow row;
    row.at = placeOf(opIdx);
    row.src = canonical(src);
    row.dst = canonical(dst);
    row.cls = "unknown";
    row.costJson = "null";
    try {
      if (!isTensor(src) || !isTensor(dst))
        throw Error("type", "not a tensor with a layout");
      const ir::SsaValue &s = m.values[src], &d = m.values[dst];
      LayoutConversion c(s.encoding->toLinearLayout(s.shape()), d.encoding->toLinearLayout(d.shape()));
      const int bits = elementBitsOf(s);
      ConversionCost cost = conversionCost(c, bits, target.scratch);
      row.cls = conversionKindName(cost.kind);
      const std::string dtype = s.type->elementType;
      row.costJson = report::conversionCostJson(c, cost, dtype, /*withScopes=*/false);
      row.summary = row.cls;
      if (cost.shuffle)
        row.summary += ", " + std::to_string(cost.shuffle->shuffles) + " shuffle rounds per thread";
      if (cost.scratch) {
        const ConversionScratch &sc = *cost.scratch;
        row.scratchBytes = sc.bytes;
        row.summary += ", " + std::to_string(sc.bytes) + " B scratch, " +
                       std::to_string(sc.storesPerThread) + " " + sc.storeInstruction + " + " +
                       std::to_string(sc.loadsPerThread) + " " + sc.loadInstruction +
                       " per thread";
        if (sc.conflicts)
          row.summary += ", conflicts store " + std::to_string(sc.conflicts->store) + " / load " +
                         std::to_string(sc.conflicts->load);
      }
    } catch (const std::exception &e) {
      row.error = e.what();
    }
    out.converts.push_back(std::move(row));
  }

  void shared(int opIdx) {
    const ir::Operation &op = m.ops[opIdx];
    const std::string &n = op.name;
    int reg = -1, mem = -1;
    AccessDirection dir = AccessDirection::Store;
    if (n == "ttg.local_load" && !op.operands.empty() && !op.results.empty()) {
      reg = op.results[0];
      mem = op.operands[0];
      dir = AccessDirection::Load;
    } else if (n == "ttg.local_store" && op.operands.size() >= 2) {
      reg = op.operands[0];
      mem = op.operands[1];
    } else if (n == "ttg.local_alloc" && !op.results.empty()) {
      mem = op.results[0];
      if (!op.operands.empty())
        reg = op.operands[0];
    } else if (n == "ttg.async_copy_global_to_local" && op.operands.size() >= 2) {
      reg = op.operands[0]; // the pointer tensor's layout says which thread writes what
      mem = op.operands[1];
    } else {
      // Tensor-core and TMA operands: memdescs read by hardware units.
      for (int v : op.operands)
        if (isMemDesc(v)) {
          SharedRow row;
          row.at = placeOf(opIdx);
          row.op = n;
          row.memdesc = canonical(v);
          row.note = "read by the tensor core / TMA unit: no register layout to count conflicts of";
          out.shared.push_back(std::move(row));
        }
      return;
    }
    if (mem < 0 || !isMemDesc(mem))
      return;
    SharedRow row;
    row.at = placeOf(opIdx);
    row.op = n;
    row.memdesc = canonical(mem);
    const ir::SsaValue &mv = m.values[mem];
    if (n == "ttg.local_alloc") {
      int64_t elems = 1;
      for (int64_t d : mv.type->allocShape.empty() ? mv.shape() : Shape(mv.type->allocShape.begin(), mv.type->allocShape.end()))
        elems *= d;
      row.allocBytes = elems * std::max(8, elementBitsOf(mv)) / 8;
      out.allocatedShared += row.allocBytes;
    }
    if (reg < 0 || !isTensor(reg)) {
      if (reg < 0 && n == "ttg.local_alloc") {
        row.note = "allocation only";
        out.shared.push_back(std::move(row));
      }
      return;
    }
    row.tensor = canonical(reg);
    const std::string key = row.tensor + "|" + row.memdesc + "|" + (dir == AccessDirection::Load ? "L" : "S") + n;
    if (auto hit = sharedCache.find(key); hit != sharedCache.end()) {
      row.conflicts = hit->second.conflicts;
      row.wavefronts = hit->second.wavefronts;
      row.idealWavefronts = hit->second.idealWavefronts;
      row.instruction = hit->second.instruction;
      row.proposal = hit->second.proposal;
      row.note = hit->second.note;
      out.shared.push_back(std::move(row));
      return;
    }
    const ir::SsaValue &rv = m.values[reg];
    Shape shape = rv.shape();
    const int bits = n == "ttg.async_copy_global_to_local" ? elementBitsOf(mv) : elementBitsOf(rv);
    try {
      row.conflicts = sharedBankConflicts(*rv.encoding, *mv.encoding, shape, bits);
    } catch (const std::exception &e) {
      row.note = e.what();
    }
    try {
      SharedAccessOptions opt;
      opt.direction = dir;
      opt.target = target.banks;
      opt.detailLimit = 0;
      SharedAccessReport r = analyzeSharedAccess(*rv.encoding, *mv.encoding, shape, bits, opt);
      row.wavefronts = r.wavefronts;
      row.idealWavefronts = r.idealWavefronts;
      row.instruction = r.instruction;
      if (r.wavefronts > r.idealWavefronts) {
        SwizzleProposal p = proposeSharedLayout(*rv.encoding, *rv.encoding, shape, bits, target.banks,
                                                mv.encoding);
        // Propose only a layout no worse on any figure the report shows.
        if (p.current && p.proposed.conflicts() < p.current->conflicts() &&
            p.proposed.instructions() <= p.current->instructions() &&
            p.proposed.tritonStoreConflicts + p.proposed.tritonLoadConflicts <=
                p.current->tritonStoreConflicts + p.current->tritonLoadConflicts)
          row.proposal = p.proposed.attribute;
      }
    } catch (const std::exception &e) {
      if (row.note.empty())
        row.note = e.what();
    }
    sharedCache.emplace(key, row);
    out.shared.push_back(std::move(row));
  }

  void global(int opIdx) {
    const ir::Operation &op = m.ops[opIdx];
    if (op.operands.empty())
      return;
    // tt.load/store/atomics address through a tensor of pointers; AMD's
    // buffer ops through a scalar base pointer and a tensor of element
    // offsets (amdg.buffer_load %base[%offsets], ...), which has the layout.
    int ptr = op.operands[0];
    std::string elem;
    if (startsWith(op.name, "amdg")) {
      ptr = -1;
      for (int v : op.operands) {
        const ir::SsaValue &val = m.values[v];
        if (startsWith(val.typeText, "!tt.ptr<"))
          elem = val.typeText;
        else if (ptr < 0 && isTensor(v) && val.type && val.type->elementType[0] == 'i' && v != op.operands[0])
          ptr = v;
      }
      if (ptr < 0 || elem.empty())
        return;
    } else {
      if (!isTensor(ptr))
        return; // scalar or descriptor access
      elem = m.values[ptr].type->elementType; // !tt.ptr<f16>
    }
    GlobalRow row;
    row.at = placeOf(opIdx);
    row.op = op.name;
    row.type = canonical(ptr);
    const ir::SsaValue &pv = m.values[ptr];
    int bits = 32;
    const size_t lt = elem.find('<'), gt = elem.rfind('>');
    if (lt != std::string::npos && gt != std::string::npos && gt > lt) {
      try {
        bits = ir::parseElementType(elem.substr(lt + 1, gt - lt - 1), "element type").bits;
      } catch (const Error &) {
      }
    }
    try {
      const LinearLayout ll = pv.encoding->toLinearLayout(pv.shape());
      row.strides = pointerStrides(m, ptr);
      // With the IR's strides the vector and sectors are the access's own;
      // without them, the vector the layout allows on a row-major tensor.
      GlobalAccess ga = row.strides ? GlobalAccess(ll, bits, *row.strides) : GlobalAccess(ll, bits);
      row.vectorBits = ga.vectorBits();
      const double n = static_cast<double>(ga.summaries().size());
      if (row.strides && n > 0) {
        row.sectorsPerWarp = static_cast<double>(ga.totalSectors()) / n;
        row.minSectorsPerWarp = static_cast<double>(ga.totalMinSectors()) / n;
      }
    } catch (const std::exception &) {
      row.strides.reset();
    }
    out.global.push_back(std::move(row));
  }

  void run() {
    for (int opIdx : m.walk()) {
      const ir::Operation &op = m.ops[opIdx];
      ++out.operations;
      if (op.name == "tt.func") {
        ++out.functions;
        function = op.stringAttribute("sym_name").value_or("");
      }
      for (int v : op.results)
        noteTensor(v);
      const std::string &n = op.name;
      const std::string dialect = n.substr(0, n.find('.'));
      if (!kKnownDialects.count(dialect) &&
          std::find(out.unknownOps.begin(), out.unknownOps.end(), n) == out.unknownOps.end())
        out.unknownOps.push_back(n);
      if (n == "ttg.convert_layout")
        convert(opIdx);
      else if (n == "ttg.local_load" || n == "ttg.local_store" || n == "ttg.local_alloc" ||
               n == "ttg.async_copy_global_to_local" || n == "ttng.warp_group_dot" ||
               n == "ttng.tc_gen5_mma" || n == "ttng.async_tma_copy_global_to_local" ||
               n == "ttng.async_tma_copy_local_to_global")
        shared(opIdx);
      else if (n == "tt.load" || n == "tt.store" || n == "tt.atomic_rmw" || n == "tt.atomic_cas" ||
               n == "amdg.buffer_load" || n == "amdg.buffer_store" || n == "amdg.buffer_atomic_rmw")
        global(opIdx);
    }
  }
};

double loopWeight(int depth) {
  double w = 1;
  for (int i = 0; i < depth; ++i)
    w *= 8;
  return w;
}

std::string where(const Place &p) {
  return p.loopDepth ? " inside " + std::to_string(p.loopDepth) + " loop" + (p.loopDepth > 1 ? "s" : "")
                     : "";
}

void rank(KernelAudit &a) {
  for (const ConvertRow &c : a.converts) {
    if (c.cls == conversionKindName(ConversionKind::SharedMemory)) {
      a.findings.push_back({c.at, "convert_through_shared",
                            "convert_layout through shared memory" + where(c.at) + ": " + c.summary +
                                "; from " + c.src + " to " + c.dst,
                            static_cast<double>(c.scratchBytes) * 2 * loopWeight(c.at.loopDepth)});
    } else if (c.cls == conversionKindName(ConversionKind::WarpShuffle) && c.at.loopDepth > 0) {
      a.findings.push_back({c.at, "convert_shuffle",
                            "convert_layout by warp shuffles" + where(c.at) + ": " + c.summary,
                            64.0 * loopWeight(c.at.loopDepth)});
    }
  }
  for (const SharedRow &s : a.shared) {
    if (!s.wavefronts || !s.idealWavefronts || *s.wavefronts <= *s.idealWavefronts)
      continue;
    std::string msg = s.op + where(s.at) + ": " + std::to_string(*s.wavefronts) +
                      " wavefronts per warp where " + std::to_string(*s.idealWavefronts) +
                      " would do (" + s.instruction + "); Triton's bank_conflicts " +
                      (s.conflicts ? std::to_string(*s.conflicts) : std::string("unknown"));
    if (!s.proposal.empty())
      msg += "; proposed shared layout: " + s.proposal;
    a.findings.push_back({s.at, "bank_conflicts", msg,
                          128.0 * static_cast<double>(*s.wavefronts - *s.idealWavefronts) *
                              loopWeight(s.at.loopDepth)});
  }
  for (const GlobalRow &g : a.global) {
    if (!g.sectorsPerWarp || !g.minSectorsPerWarp || *g.sectorsPerWarp <= *g.minSectorsPerWarp + 1e-9)
      continue;
    char buf[160];
    std::snprintf(buf, sizeof buf, ": %.1f sectors per warp-instruction where %.1f would do",
                  *g.sectorsPerWarp, *g.minSectorsPerWarp);
    a.findings.push_back({g.at, "uncoalesced", g.op + where(g.at) + buf,
                          32.0 * (*g.sectorsPerWarp - *g.minSectorsPerWarp) * loopWeight(g.at.loopDepth)});
  }
  std::stable_sort(a.findings.begin(), a.findings.end(),
                   [](const Finding &x, const Finding &y) { return x.score > y.score; });
}

} // namespace

KernelAudit auditKernel(const ir::ModuleFile &file, const std::string &fileName,
                        const AuditOptions &options) {
  KernelAudit a;
  a.file = fileName;
  if (file.modules.empty())
    throw Error("--file", "holds no module");
  const ir::Module &first = file.modules.front();
  a.target = resolveTarget(first.target, first.threadsPerWarp, options.target);
  a.numWarps = first.numWarps.value_or(4);
  a.threadsPerWarp = first.threadsPerWarp.value_or(a.target.banks.vendor == Vendor::Amd ? 64 : 32);
  a.numCtas = first.numCTAs.value_or(1);
  a.declaredShared = first.shared;
  std::map<std::string, size_t> tensorIndex;
  for (const ir::Module &m : file.modules) {
    ++a.modules;
    Walker w{file, m, a.target, a, tensorIndex, {}, {}, {}};
    w.run();
  }
  rank(a);
  return a;
}

} // namespace ls::audit
