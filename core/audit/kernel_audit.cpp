// The audit walk: one pass over every op of every module, then the ranking.
#include "audit/kernel_audit.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "analysis/banks/bank_conflicts.h"
#include "analysis/banks/shared_access.h"
#include "analysis/banks/shared_vectorisation.h"
#include "analysis/global/global_access.h"
#include "analysis/swizzle/optimal_swizzling.h"
#include "audit/audit_target.h"
#include "audit/axis_info.h"
#include "audit/findings.h"
#include "audit/pointer_strides.h"
#include "encodings/dot_operand.h"
#include "encodings/swizzled_shared.h"
#include "ir/type_printer.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/ascii.h"
#include "util/error.h"
#include "util/literal.h"
#include "util/text_hash.h"

namespace ls::audit {
namespace {

// Bits of an element type as Triton's bank_conflicts takes them: pointers
// are 64-bit, i1 stays 1.
int elementBitsOf(const std::string &element) {
  if (element.rfind("!tt.ptr", 0) == 0)
    return 64;
  try {
    return ir::parseElementType(element).bits;
  } catch (const Error &) {
    return 32;
  }
}

// The vector a thread may issue when the IR does not show the strides: the
// tensor taken row-major (Triton's contiguity assumption for a pointer
// tensor whose last dim is the contiguous one). With power-of-two dims the
// flat offset is linear over GF(2), so registers 0..k-1 form one vector of
// 2^k elements exactly when their offsets are 1, 2, ..., 2^(k-1) and no
// other basis touches the low k bits - what GlobalAccess finds by scanning
// every thread, without the scan.
int vectorElems(const LinearLayout &ll, const std::vector<int64_t> &strides, int elementBits) {
  auto flat = [&](const std::vector<int32_t> &b) {
    int64_t o = 0;
    for (size_t d = 0; d < b.size() && d < strides.size(); ++d)
      o += int64_t{b[d]} * strides[d];
    return o;
  };
  const int maxVec = std::max(1, 128 / std::max(8, elementBits));
  std::vector<int64_t> regs, others;
  for (const auto &[dim, bases] : ll.getBases())
    for (const auto &b : bases)
      (dim == "register" ? regs : others).push_back(flat(b));
  int k = 0;
  while ((1 << (k + 1)) <= maxVec && k < int(regs.size()) && regs[k] == (int64_t{1} << k))
    ++k;
  for (; k > 0; --k) {
    int64_t low = (int64_t{1} << k) - 1;
    bool ok = true;
    for (size_t i = size_t(k); ok && i < regs.size(); ++i)
      ok = (regs[i] & low) == 0;
    for (int64_t o : others)
      ok = ok && (o & low) == 0;
    if (ok)
      break;
  }
  return 1 << k;
}

int rowMajorVectorElems(const LinearLayout &ll, const Shape &shape, int elementBits) {
  return vectorElems(ll, rowMajorStrides(std::vector<int64_t>(shape.begin(), shape.end())),
                     elementBits);
}

// Dialects whose ops the audit knows or knows to ignore; anything else is
// listed as unknown.
bool knownDialect(std::string_view name) {
  static constexpr std::string_view known[] = {
      "tt",    "ttg",   "ttng", "amdg",   "amdgpu",           "scf",
      "arith", "math",  "cf",   "gpu",    "builtin",          "llvm",
      "ub",    "nvgpu", "nvws", "proton", "triton_gpu",       "rocdl",
      "nvvm",  "func",  "tti",  "index",  "triton_nvidia_gpu"};
  const size_t dot = name.find('.');
  if (dot == std::string_view::npos)
    return false;
  const std::string_view dialect = name.substr(0, dot);
  return std::find(std::begin(known), std::end(known), dialect) != std::end(known);
}

// The value `make()` gives for `key`, computed once per cache.
template <class Map, class Make>
const typename Map::mapped_type &memo(Map &cache, const typename Map::key_type &key, Make make) {
  auto it = cache.find(key);
  if (it == cache.end())
    it = cache.emplace(key, make()).first;
  return it->second;
}

class Walker {
public:
  Walker(const ir::ModuleFile &file, const AuditOptions &options, KernelAudit &out)
      : file_(file), options_(options), out_(out) {}

  void run() {
    for (size_t mi = 0; mi < file_.modules.size(); ++mi)
      auditModule(int(mi), file_.modules[mi]);
  }

private:
  // What the audit keeps per parsed type object: its canonical text, and the
  // entry of out_.tensors that counts its values (once one is counted).
  struct TypeEntry {
    std::string text;
    std::optional<size_t> tensor;
  };
  // Requires: m.values[value].type.
  TypeEntry &typeEntry(const ir::Module &m, int value) {
    const ir::SsaValue &v = m.values[value];
    auto it = typeCache_.find(v.type.get());
    if (it != typeCache_.end())
      return it->second;
    const std::string *printed =
        v.encoding && v.type->encoding ? &printedOf(*v.encoding, m, *v.type) : nullptr;
    if (printed && printed->empty())
      printed = nullptr;
    std::string t = ir::canonicalTypeText(*v.type, v.encoding.get(), m.aliases.get(),
                                          v.isTensorDesc, printed);
    return typeCache_.emplace(v.type.get(), TypeEntry{std::move(t), std::nullopt}).first->second;
  }
  // The canonical text of a value's type (a view of the cache's text, or of
  // the value's own text when it has no parsed type).
  std::string_view typeText(const ir::Module &m, int value) {
    const ir::SsaValue &v = m.values[value];
    return v.type ? std::string_view(typeEntry(m, value).text) : v.typeText;
  }

  const LinearLayout *linearOf(const ir::Module &m, int value) {
    const ir::SsaValue &v = m.values[value];
    if (!v.encoding || !v.type)
      return nullptr;
    const auto &ll = layoutOf(*v.encoding, v.type->shape);
    return ll.first ? &*ll.first : nullptr;
  }

  // Triton's toLinearLayout of (encoding object, shape), computed once: the
  // values, conversions and shared accesses of a kernel name few layouts
  // many times. Holds the layout or the reason there is none.
  const std::pair<std::optional<LinearLayout>, std::string> &layoutOf(const Encoding &enc,
                                                                      const Shape &shape) {
    auto key = std::make_pair(&enc, shape);
    auto it = llCache_.find(key);
    if (it == llCache_.end()) {
      std::pair<std::optional<LinearLayout>, std::string> ll;
      try {
        ll.first = enc.toLinearLayout(shape);
      } catch (const Error &e) {
        ll.second = e.what();
      }
      it = llCache_.emplace(key, std::move(ll)).first;
    }
    return it->second;
  }

  // Canonical text of an encoding, printed once per encoding object (types
  // naming one alias share it).
  const std::string &printedOf(const Encoding &enc, const ir::Module &m,
                               const ir::TypeText &type) {
    auto it = printed_.find(&enc);
    if (it != printed_.end())
      return it->second;
    std::string text;
    try {
      text = ir::printEncoding(enc);
    } catch (const Error &) {
      text = ir::attributeSyntaxText(*type.encoding, m.aliases.get());
    }
    return printed_.emplace(&enc, std::move(text)).first->second;
  }

  AuditSite siteOf(int mi, const ir::Module &m, int opIndex) {
    AuditSite s;
    s.op = opIndex;
    s.module = mi;
    const ir::Operation &op = m.ops[opIndex];
    s.line = op.pos.line;
    s.loc = op.loc.text();
    s.function = function_;
    for (int b = op.parentBlock; b >= 0;) {
      int r = m.blocks[b].parentRegion;
      int parent = r >= 0 ? m.regions[r].parentOp : -1;
      if (parent < 0)
        break;
      const std::string &n = m.ops[parent].name;
      if (n == "scf.for" || n == "scf.while")
        ++s.loopDepth;
      if (n == "ttg.warp_specialize.partitions" && s.partition < 0) {
        // Partition k: the k-th region; its warps the warp_specialize's
        // k-th partitionNumWarps.
        const auto &regs = m.ops[parent].regions;
        s.partition = int(std::find(regs.begin(), regs.end(), r) - regs.begin());
        const int hb = m.ops[parent].parentBlock;
        const int hr = hb >= 0 ? m.blocks[hb].parentRegion : -1;
        const int ws = hr >= 0 ? m.regions[hr].parentOp : -1;
        if (ws >= 0)
          if (auto w = m.ops[ws].intArrayAttribute("partitionNumWarps");
              w && size_t(s.partition) < w->size())
            s.partitionWarps = int((*w)[size_t(s.partition)]);
      }
      b = m.ops[parent].parentBlock;
    }
    return s;
  }

  void auditModule(int mi, const ir::Module &m) {
    if (mi == 0 || out_.numWarps == 0) {
      out_.numWarps = m.numWarps.value_or(4);
      out_.threadsPerWarp = m.threadsPerWarp.value_or(32);
      out_.numCtas = m.numCTAs.value_or(1);
      if (m.shared)
        out_.sharedDeclared = *m.shared;
    }
    axis_.emplace(m, file_.source);
    // The figures depend on the module's machine.
    convertCache_.clear();
    sharedCache_.clear();
    globalCache_.clear();
    copyVecCache_.clear();
    // The machine: --target, else the module's ttg.target, else what its
    // warp width implies (a 64-lane module is CDNA's); the warp width must
    // be one the machine runs.
    const int lanes = m.threadsPerWarp.value_or(32);
    const std::string field = options_.target.empty() ? "ttg.target" : "--target";
    std::string machine = options_.target.empty() ? m.target : options_.target;
    if (machine.empty())
      machine = defaultTargetFor(lanes);
    try {
      target_ = auditTarget(machine, field);
    } catch (const Error &) {
      // A machine the module names that this tool has no model of (a
      // newer chip: hip:gfx1250): the module is Triton's all the same; its
      // figures take the model its warp width implies, and say so.
      // (A malformed name is still an error: `cuda:abc`.)
      const bool amdChip = machine.rfind("hip:gfx", 0) == 0 && machine.size() > 7 &&
                           std::all_of(machine.begin() + 7, machine.end(),
                                       [](char c) { return isAsciiAlnum(c); });
      if (!amdChip && !options_.target.empty())
        throw;
      if (!amdChip) {
        // The module's own ttg.target names no machine at all (`cuda`,
        // `cuda:abc`): Triton 3.6 reads the module all the same. Its warp
        // width's usual machine stands in, said so; --target picks one.
        target_ = auditTarget(defaultTargetFor(lanes), field);
        out_.warnings.push_back("ttg.target \"" + machine.substr(0, 60) +
                                "\" names no machine this tool knows (cuda:N or hip:gfxN): the "
                                "figures are " +
                                target_.banks.name + "'s (--target picks another)");
        target_.module = machine;
      } else {
        const std::string stand = lanes == 64 ? "gfx942" : "gfx1200";
        target_ = auditTarget(stand, field);
        target_.module = machine;
        out_.warnings.push_back("no bank model for " + machine + " (this tool models " +
                                [] {
                                  std::string list;
                                  for (const std::string &n : BankTarget::names())
                                    list += (list.empty() ? "" : ", ") + n;
                                  return list;
                                }() +
                                "): its shared-memory figures are " + stand + "'s");
      }
    }
    // A compute capability this tool has no model of: the nearest model's
    // figures, said so (cuda:75 takes sm80's, cuda:130 sm120's).
    if (target_.standIn)
      out_.warnings.push_back("no bank model for " + machine + ": its shared-memory and conversion "
                              "figures are " + target_.banks.name + "'s");
    // The flag names another machine than the module: the report is for the
    // flag's machine, not for what Triton compiled this kernel for.
    if (!options_.target.empty() && !m.target.empty()) {
      try {
        const AuditTarget own = auditTarget(m.target, "ttg.target");
        if (own.banks.name != target_.banks.name || own.banks.vendor != target_.banks.vendor)
          out_.warnings.push_back("--target " + options_.target + " overrides the module's ttg.target " +
                                  m.target + ": the figures are " + target_.banks.name +
                                  "'s, not those of the machine Triton compiled this kernel for");
      } catch (const Error &) {
        // The module's own name has no model: nothing to compare.
      }
    }
    if (const int runs = targetLanes(target_.banks); runs != lanes) {
      // A module that names no machine and a warp no GPU runs (Triton's
      // tests write 4 or 16 lanes): its layouts are still Triton's, and so
      // are its conflict counts; the bank model refuses the warp (its
      // wavefronts are left out, with the reason, per access).
      // (--target asks for a machine: one that does not run this warp is
      // refused. The module's own ttg.target with another warp width is
      // Triton's to read all the same - an RDNA chip runs wave64 too.)
      if (!options_.target.empty())
        throw Error(field, machine + " runs " + std::to_string(runs) +
                               "-lane warps; this kernel has " + std::to_string(lanes) +
                               " (ttg.threads-per-warp = " + std::to_string(lanes) + ")");
      if (!m.target.empty())
        out_.warnings.push_back("ttg.target " + machine + " runs " + std::to_string(runs) +
                                "-lane warps in this tool's bank model, and the module has " +
                                std::to_string(lanes) + " (ttg.threads-per-warp = " +
                                std::to_string(lanes) +
                                "): its layouts, conversions and Triton's conflict counts are "
                                "audited, the bank model's wavefronts are not");
      else
        out_.warnings.push_back("the module names no machine (ttg.target) and has " +
                                std::to_string(lanes) +
                                "-lane warps, which no GPU runs: its layouts, conversions and "
                                "Triton's conflict counts are audited, the bank model's "
                                "wavefronts are not");
    }
    if (mi == 0) {
      out_.target = target_.module;
      out_.bankTarget = target_.banks.name;
    }
    AuditModule am;
    am.target = target_.module;
    am.bankTarget = target_.banks.name;
    am.numWarps = m.numWarps.value_or(4);
    am.threadsPerWarp = lanes;
    am.numCtas = m.numCTAs.value_or(1);
    am.firstLine = m.moduleOp >= 0 ? m.ops[size_t(m.moduleOp)].pos.line : 0;
    out_.modules.push_back(std::move(am));
    for (int opIndex : m.walk()) {
      const ir::Operation &op = m.ops[opIndex];
      // Compared with each literal inline (util/literal.h).
      const std::string_view name = op.name;
      ++out_.opCount;
      if (equalsLiteral(name, "tt.func") || equalsLiteral(name, "func.func")) {
        function_ = op.stringAttribute("sym_name").value_or("");
        if (function_.empty())
          function_ = op.attribute("sym_name").value_or("?");
        out_.functions.push_back(function_);
      }
      // An op of a dialect the audit does not know, or a name Triton 3.6's
      // own dialects do not have (a misspelling, or an op of a newer Triton).
      if (!op.implicit && (op.unknownToTriton36 || !knownDialect(op.name)))
        out_.unknownOps.push_back({op.name, op.pos.line});
      countResults(m, opIndex);
      if (equalsLiteral(name, "ttg.convert_layout"))
        convert(mi, m, opIndex);
      else if (equalsLiteral(name, "ttg.async_copy_global_to_local")) {
        // cp.async reads global memory through its pointer tensor as a
        // load does, and writes the vectors it read (no wider than the
        // pointers and mask allow) into shared memory: both are listed.
        copyVecElems_.reset();
        globalAccess(mi, m, opIndex);
        sharedAccess(mi, m, opIndex);
      } else if (equalsLiteral(name, "ttg.local_load") || equalsLiteral(name, "ttg.local_store") ||
                 equalsLiteral(name, "ttg.local_alloc"))
        sharedAccess(mi, m, opIndex);
      else if (equalsLiteral(name, "ttng.warp_group_dot") ||
               startsWithLiteral(name, "ttng.tc_gen5_mma") ||
               startsWithLiteral(name, "ttng.async_tma_"))
        operandMemdescs(mi, m, opIndex); // tc_gen5_mma(_scaled), TMA copies, gathers...
      else if (equalsLiteral(name, "tt.load") || equalsLiteral(name, "tt.store") ||
               equalsLiteral(name, "tt.atomic_rmw") || equalsLiteral(name, "tt.atomic_cas"))
        globalAccess(mi, m, opIndex);
      else if (equalsLiteral(name, "amdg.buffer_load") ||
               equalsLiteral(name, "amdg.buffer_store") ||
               equalsLiteral(name, "amdg.buffer_atomic_rmw") ||
               equalsLiteral(name, "amdg.buffer_atomic_cas") ||
               equalsLiteral(name, "amdg.buffer_load_to_local"))
        bufferAccess(mi, m, opIndex);
      if (equalsLiteral(name, "ttg.local_alloc") && !op.results.empty()) {
        const ir::SsaValue &r = m.values[op.results[0]];
        if (r.type) {
          int64_t n = 1;
          for (int64_t d : r.type->allocShape.empty() ? r.type->shape : r.type->allocShape)
            n *= d;
          out_.sharedAllocated += n * std::max(1, elementBitsOf(r.type->elementType) / 8);
        }
      }
    }
    settleProposals();
  }

  // Wavefronts and instructions per thread of one register/shared pair with
  // a candidate shared layout.
  // One access's cost with another shared layout: wavefronts, instructions
  // per thread and their name. `copy` as in sharedAccess (a cp.async copy's
  // vector, 0: the layout's; -1: not a copy).
  struct Cost {
    int64_t wavefronts = 0;
    int instructions = 0;
    std::string instruction;
  };
  Cost costWith(const LinearLayout &reg, const LinearLayout &smem, int bits,
                AccessDirection direction, int copy) {
    const SharedAccessOptions o = accessOptions(direction, copy);
    const SharedAccessReport r = analyzeSharedAccess(reg, smem, bits, o);
    return {r.wavefronts, r.instructionsPerThread(), r.instruction};
  }

  // The bank model's options for one access on the module's machine: warp
  // 0's instructions, no per-wavefront detail. `copy` as in sharedAccess: a
  // cp.async copy's vector (0: the layout's), -1 for any other access.
  SharedAccessOptions accessOptions(AccessDirection direction, int copy = -1) const {
    SharedAccessOptions o;
    o.direction = direction;
    o.target = target_.banks;
    o.detailLimit = 0;
    o.allWarps = false;
    if (copy >= 0) {
      o.asyncCopy = true;
      if (copy > 0)
        o.maxVecElems = copy;
    }
    return o;
  }

  // A swizzle changes the buffer, so every access of it pays: the accesses
  // of one memdesc layout and shape are one group. A candidate (Triton's
  // optimal swizzle for a conflicting access's register layout) is proposed
  // if the group's accesses together take fewer wavefronts and no more
  // instructions per thread with it (without a bank model: fewer Triton
  // conflicts), the best such candidate by total wavefronts; the trade is
  // said where an access pays more. Never for a buffer an MMA or TMA unit
  // reads (NVMMA layouts only).
  void settleProposals() {
    using GroupKey = std::tuple<const Encoding *, Shape, int>;
    std::map<GroupKey, std::vector<const Record *>> groups;
    for (const Record &r : records_)
      groups[{std::get<1>(r.key), std::get<2>(r.key), std::get<3>(r.key)}].push_back(&r);
    for (const auto &entry : groups) {
      // (Named, not bound: clang 14 captures no structured binding in a lambda.)
      const GroupKey &group = entry.first;
      const std::vector<const Record *> &recs = entry.second;
      auto conflicting = [&](const Record *r) { return conflictingAccess(out_.shared[r->index]); };
      if (std::none_of(recs.begin(), recs.end(), conflicting))
        continue;
      // One evaluation per distinct access (a pipelined loop repeats them).
      std::map<SharedKey, const Record *> distinct;
      for (const Record *r : recs)
        distinct.emplace(r->key, r);
      auto noteAll = [&](const std::string &note) {
        for (const Record *r : recs)
          if (conflicting(r))
            out_.shared[r->index].proposalNote = note;
      };
      if (auto mma = nvmmaReaders_.find(std::get<0>(group)); mma != nvmmaReaders_.end()) {
        noteAll("no swizzle proposed: " + mma->second.first + " (line " +
                std::to_string(mma->second.second) +
                ") reads this buffer, and it takes NVMMA layouts only");
        continue;
      }
      // Triton's optimal swizzle for each conflicting access's register
      // layout (accesses of one register layout propose the same swizzle:
      // judged once).
      std::vector<LinearLayout> cands;
      std::vector<const LinearLayout *> from;
      for (const auto &[key, r] : distinct) {
        if (!conflicting(r) || !r->reg ||
            std::find(from.begin(), from.end(), r->reg) != from.end())
          continue;
        from.push_back(r->reg);
        try {
          LinearLayout c = optimalSharedLayout(*r->reg, *r->reg, std::get<3>(key));
          if (std::find(cands.begin(), cands.end(), c) == cands.end())
            cands.push_back(std::move(c));
        } catch (const Error &) {
          // no candidate from this access
        }
      }
      // The group's figures now; modelled when every access has wavefronts.
      bool modelled = true;
      int64_t nowCost = 0, nowInstr = 0;
      for (const auto &[key, r] : distinct) {
        const AuditShared &cur = out_.shared[r->index];
        modelled &= cur.wavefronts && cur.instructionsPerThread;
      }
      for (const auto &[key, r] : distinct) {
        const AuditShared &cur = out_.shared[r->index];
        nowCost += modelled ? *cur.wavefronts : *cur.conflicts;
        nowInstr += modelled ? *cur.instructionsPerThread : 0;
      }
      struct Judged {
        const LinearLayout *layout = nullptr;
        int64_t cost = 0, instr = 0;
        struct Access {
          int conflicts = 0;      // Triton's count
          int64_t wavefronts = 0; // (Triton's count without a bank model)
          Cost cost;              // bank model (empty without one)
        };
        std::map<SharedKey, Access> perAccess;
      };
      std::optional<Judged> best;
      for (const LinearLayout &cand : cands) {
        const LinearLayout *c = &cand;
        Judged j;
        j.layout = c;
        for (const auto &[key, r] : distinct) {
          const int bits = std::get<3>(key);
          const int cc = bankConflictsMemDesc(*r->reg, *c, bits);
          int64_t wf = cc;
          Cost with;
          if (modelled) {
            with = costWith(*r->reg, *c, bits, std::get<4>(key), std::get<5>(key));
            wf = with.wavefronts;
            j.instr += with.instructions;
          }
          j.cost += wf;
          j.perAccess[key] = {cc, wf, with};
        }
        const bool gains = j.cost < nowCost && j.instr <= nowInstr;
        if (gains && (!best || j.cost < best->cost || (j.cost == best->cost && j.instr < best->instr)))
          best = std::move(j);
      }
      if (!best) {
        noteAll(cands.empty()
                    ? "no swizzle proposed: Triton's optimal swizzle could not be built for this "
                      "buffer's accesses"
                    : std::string("no swizzle proposed: with Triton's optimal swizzle for any "
                                  "access of this buffer, its accesses together take no fewer ") +
                          (modelled ? "wavefronts (or more instructions)" : "Triton conflicts") +
                          " (`swizzle --writer W --reader R` searches further)");
        continue;
      }
      // Printed as Triton 3.6 prints the attribute (no empty `block = []`).
      const std::string text = ir::printEncoding(*ir::parseEncoding(
          "#ttg.shared_linear<{" + ir::printBases(*best->layout, best->layout->getInDimNames()) +
          "}, alignment = 16>"));
      std::string trade = std::string(modelled ? "wavefronts" : "Triton conflicts") + " " +
                          std::to_string(nowCost) + " -> " + std::to_string(best->cost) +
                          " over the buffer's " + std::to_string(distinct.size()) +
                          " distinct access" + (distinct.size() == 1 ? "" : "es");
      if (modelled && best->instr != nowInstr)
        trade += ", instructions per thread " + std::to_string(nowInstr) + " -> " +
                 std::to_string(best->instr);
      // What any one access pays: more wavefronts, or more (or narrower)
      // instructions, named.
      for (const auto &[key, r] : distinct) {
        const AuditShared &cur = out_.shared[r->index];
        const Judged::Access &then = best->perAccess.at(key);
        const int64_t now = modelled ? *cur.wavefronts : *cur.conflicts;
        const bool moreWavefronts = then.wavefronts > now;
        const bool moreInstr = modelled && then.cost.instructions > *cur.instructionsPerThread;
        if (!moreWavefronts && !moreInstr)
          continue;
        trade += "; line " + std::to_string(cur.site.line) + "'s " + cur.op + " pays ";
        if (moreWavefronts)
          trade += std::to_string(now) + " -> " + std::to_string(then.wavefronts);
        if (moreInstr)
          trade += std::string(moreWavefronts ? " wavefronts and " : "") +
                   std::to_string(*cur.instructionsPerThread) + " " + cur.instruction + " -> " +
                   std::to_string(then.cost.instructions) + " " + then.cost.instruction +
                   " per thread";
      }
      for (const Record *r : recs) {
        AuditShared &s = out_.shared[r->index];
        s.proposal = text;
        s.proposedConflicts = best->perAccess.at(r->key).conflicts;
        if (modelled)
          s.proposedWavefronts = best->perAccess.at(r->key).wavefronts;
        s.proposalTrade = trade;
      }
    }
    records_.clear();
    nvmmaReaders_.clear();
  }

  void countResults(const ir::Module &m, int opIndex) {
    for (int r : m.ops[opIndex].results) {
      const ir::SsaValue &v = m.values[r];
      if (!v.type || v.type->isMemDesc || v.isTensorDesc || !v.type->encoding)
        continue;
      // Values of one parsed type share an entry: found by the type object,
      // else by the canonical text (types written differently that read the same).
      TypeEntry &entry = typeEntry(m, r);
      if (entry.tensor) {
        ++out_.tensors[*entry.tensor].count;
        continue;
      }
      const std::string &t = entry.text;
      auto [it, fresh] = tensorIndex_.emplace(t, out_.tensors.size());
      const size_t index = it->second;
      entry.tensor = index;
      if (fresh) {
        AuditTensor at;
        at.type = t;
        at.shape = v.type->shape;
        at.firstLine = m.ops[opIndex].pos.line;
        if (v.encoding) {
          at.layout = printedOf(*v.encoding, m, *v.type);
          const auto &ll = layoutOf(*v.encoding, v.type->shape);
          if (ll.first)
            at.linear = *ll.first;
          else
            at.error = ll.second;
        } else {
          at.layout = ir::attributeSyntaxText(*v.type->encoding, m.aliases.get());
          at.error = "layout not modelled";
        }
        out_.tensors.push_back(std::move(at));
      }
      ++out_.tensors[index].count;
    }
  }

  void convert(int mi, const ir::Module &m, int opIndex) {
    const ir::Operation &op = m.ops[opIndex];
    AuditConvert c;
    c.site = siteOf(mi, m, opIndex);
    if (op.operands.empty() || op.results.empty())
      return;
    int src = op.operands[0], dst = op.results[0];
    c.src = typeText(m, src);
    c.dst = typeText(m, dst);
    const ir::SsaValue &sv = m.values[src];
    c.elementBits = sv.type ? elementBitsOf(sv.type->elementType) : 32;
    const LinearLayout *a = linearOf(m, src), *b = linearOf(m, dst);
    if (!a || !b) {
      c.error = "layout not modelled";
    } else {
      // The same conversion (same layouts, shape and element) costs the
      // same wherever it appears: a pipelined loop repeats it.
      const ConvertKey key{sv.encoding.get(), m.values[dst].encoding.get(), sv.shape(),
                           c.elementBits};
      auto hit = convertCache_.find(key);
      if (hit == convertCache_.end()) {
        std::pair<std::optional<ConversionCost>, std::string> r;
        try {
          LayoutConversion conv(*a, *b);
          r.first = conversionCost(conv, c.elementBits, target_.scratch);
        } catch (const Error &e) {
          r.second = e.what();
        }
        hit = convertCache_.emplace(key, std::move(r)).first;
      }
      c.cost = hit->second.first;
      c.error = hit->second.second;
    }
    if (c.cost && c.cost->kind != ConversionKind::NoOp && sv.definingOp >= 0) {
      // A producer whose layout is a free choice (a load from memory, a
      // splat, a range, a constant) could produce the destination layout
      // directly. Elementwise ops are not: they inherit their operands'
      // layout, so the conversion would only move.
      const std::string &p = m.ops[sv.definingOp].name;
      bool free = equalsLiteral(p, "tt.load") || equalsLiteral(p, "ttg.local_load") ||
                  equalsLiteral(p, "arith.constant") || equalsLiteral(p, "tt.splat") ||
                  equalsLiteral(p, "tt.make_range");
      const ir::SsaValue &dv = m.values[dst];
      if (free && dv.encoding) {
        // A load in the destination layout reads memory differently: the
        // conversion is worth removing only if that read is no worse.
        c.proposalNote = producerCostChange(m, sv.definingOp, *dv.encoding, c.elementBits);
        if (c.proposalNote.empty())
          c.proposal = "produce " + (sv.name.empty() ? std::string("its result") : sv.name) +
                       " (" + p + ", line " +
                       std::to_string(m.ops[sv.definingOp].pos.line) + ") directly in " +
                       ir::printEncoding(*dv.encoding);
      }
    }
    out_.converts.push_back(std::move(c));
  }

  // What producing op `producer`'s result in `dst` instead would cost its
  // memory read: "" if no figure gets worse, else the figures that would
  // ("not proposed: tt.load (line 38) in that layout would use 16-bit
  // vectors instead of 128"). tt.load: vector width and, with known
  // strides, sectors; ttg.local_load: wavefronts, instructions and Triton's
  // conflicts on the target.
  std::string producerCostChange(const ir::Module &m, int producer, const Encoding &dst,
                                 int elementBits) {
    const ir::Operation &op = m.ops[producer];
    if (op.operands.empty() || op.results.empty())
      return {};
    const std::string who = op.name + " (line " + std::to_string(op.pos.line) + ")";
    try {
      if (equalsLiteral(op.name, "tt.load")) {
        const int ptr = op.operands[0];
        const ir::SsaValue &pv = m.values[ptr];
        const LinearLayout *now = linearOf(m, ptr);
        if (!now || !pv.type)
          return {};
        const auto &then = layoutOf(dst, pv.type->shape);
        if (!then.first)
          return {};
        const auto strides = pointerStrides(m, ptr, file_.source);
        const auto partial = partialPointerStrides(m, ptr, file_.source);
        AuditGlobal a, b;
        a.elementBits = b.elementBits = elementBits;
        measureGlobal(a, *now, pv.type->shape, strides, partial);
        measureGlobal(b, *then.first, pv.type->shape, strides, partial);
        std::string worse;
        if (b.vectorBits < a.vectorBits)
          worse = std::to_string(b.vectorBits) + "-bit vectors instead of " +
                  std::to_string(a.vectorBits);
        if (a.sectorsPerWarp && b.sectorsPerWarp && *b.sectorsPerWarp > *a.sectorsPerWarp)
          worse += (worse.empty() ? "" : " and ") + std::to_string(*b.sectorsPerWarp) +
                   " sectors per warp-instruction instead of " + std::to_string(*a.sectorsPerWarp);
        return worse.empty() ? "" : "not proposed: " + who + " in that layout would use " + worse;
      }
      if (equalsLiteral(op.name, "ttg.local_load")) {
        const ir::SsaValue &mv = m.values[op.operands[0]];
        const LinearLayout *now = linearOf(m, op.results[0]);
        if (!now || !mv.encoding || !mv.type)
          return {};
        const Shape &shape = m.values[op.results[0]].type->shape;
        const auto &smem = layoutOf(*mv.encoding, shape);
        const auto &then = layoutOf(dst, shape);
        if (!smem.first || !then.first)
          return {};
        const Cost cn = costWith(*now, *smem.first, elementBits, AccessDirection::Load, -1);
        const Cost ct = costWith(*then.first, *smem.first, elementBits, AccessDirection::Load, -1);
        const int64_t wfNow = cn.wavefronts, wfThen = ct.wavefronts;
        const int inNow = cn.instructions, inThen = ct.instructions;
        const int cNow = bankConflictsMemDesc(*now, *smem.first, elementBits);
        const int cThen = bankConflictsMemDesc(*then.first, *smem.first, elementBits);
        if (wfThen <= wfNow && inThen <= inNow && cThen <= cNow)
          return {};
        return "not proposed: " + who + " in that layout would take " + std::to_string(wfThen) +
               " wavefronts and " + std::to_string(inThen) + " instructions per thread (" +
               std::to_string(cThen) + " Triton conflicts) instead of " + std::to_string(wfNow) +
               " and " + std::to_string(inNow) + " (" + std::to_string(cNow) + ")";
      }
    } catch (const Error &) {
      return {}; // the figures need layouts the machine cannot serve: say nothing
    }
    return {};
  }

  void sharedAccess(int mi, const ir::Module &m, int opIndex) {
    const ir::Operation &op = m.ops[opIndex];
    int reg = -1, mem = -1;
    if (equalsLiteral(op.name, "ttg.local_load") && !op.operands.empty() && !op.results.empty())
      reg = op.results[0], mem = op.operands[0];
    else if (equalsLiteral(op.name, "ttg.local_store") && op.operands.size() >= 2)
      reg = op.operands[0], mem = op.operands[1];
    else if (equalsLiteral(op.name, "ttg.local_alloc") && !op.operands.empty() &&
             !op.results.empty())
      reg = op.operands[0], mem = op.results[0];
    else if (equalsLiteral(op.name, "ttg.async_copy_global_to_local") && op.operands.size() >= 2)
      reg = op.operands[0], mem = op.operands[1];
    else
      return;
    AuditShared s;
    s.site = siteOf(mi, m, opIndex);
    s.op = op.name;
    s.tensor = typeText(m, reg);
    s.memdesc = typeText(m, mem);
    const ir::SsaValue &rv = m.values[reg], &mv = m.values[mem];
    s.elementBits = mv.type ? elementBitsOf(mv.type->elementType) : 32;
    if (!rv.encoding || !mv.encoding || !rv.type) {
      s.error = "layout not modelled";
      out_.shared.push_back(std::move(s));
      return;
    }
    const Shape &shape = rv.type->shape;
    const AccessDirection direction =
        equalsLiteral(op.name, "ttg.local_load") ? AccessDirection::Load : AccessDirection::Store;
    // A cp.async copy: its vectors as its global side found them (0: the
    // layout's), named cp.async; -1: not a copy.
    const int copy = equalsLiteral(op.name, "ttg.async_copy_global_to_local")
                         ? copyVecElems_.value_or(0)
                         : -1;
    // A pipelined loop makes the same access in its prologue and body: the
    // figures of one (pair, shape, element, direction) are computed once.
    const SharedKey key{rv.encoding.get(), mv.encoding.get(), shape, s.elementBits, direction, copy};
    const AuditShared &r = memo(sharedCache_, key, [&] {
      AuditShared fresh;
      fresh.elementBits = s.elementBits;
      measureShared(fresh, m, reg, *rv.encoding, *mv.encoding, shape, direction, copy);
      return fresh;
    });
    s.conflicts = r.conflicts;
    s.wavefronts = r.wavefronts;
    s.idealWavefronts = r.idealWavefronts;
    s.instruction = r.instruction;
    s.instructionsPerThread = r.instructionsPerThread;
    s.modelNote = r.modelNote;
    s.error = r.error;
    // Every register-side access with figures: a swizzle for one changes
    // the buffer for all of them.
    if (r.error.empty() && r.conflicts && r.modelNote.empty())
      records_.push_back({out_.shared.size(), key, linearOf(m, reg)});
    out_.shared.push_back(std::move(s));
  }

  // Triton's bank_conflicts, the bank model's wavefronts and a swizzle
  // proposal for one register/shared pair (s.elementBits already set).
  void measureShared(AuditShared &s, const ir::Module &m, int reg, const Encoding &regEnc,
                     const Encoding &memEnc, const Shape &shape, AccessDirection direction,
                     int copy = -1) {
    try {
      const LinearLayout *rl = linearOf(m, reg);
      if (!rl)
        throw Error("layout", "not modelled");
      const auto &smem = layoutOf(memEnc, shape);
      if (!smem.first) {
        s.error = smem.second;
        return;
      }
      const LinearLayout &sl = *smem.first;
      s.conflicts = bankConflictsMemDesc(*rl, sl, s.elementBits);
      // gfx950 reads a dot operand whose K dim is not the buffer's fastest
      // with ds_read_b64_tr_b16 / _b8 (Triton's TransLocalLoadOpConversion:
      // an MFMA parent, a swizzled_shared buffer, 8- or 16-bit elements). The
      // bank model has no such instruction: it would model plain ds_read_u16
      // reads instead, so it gives no figure.
      if (direction == AccessDirection::Load && target_.banks.name == "gfx950" &&
          (s.elementBits == 16 || s.elementBits == 8) &&
          memEnc.kind() == EncodingKind::SwizzledShared)
        if (const auto *dot = dynamic_cast<const DotOperandEncoding *>(&regEnc);
            dot && dot->parent && dot->parent->kind() == EncodingKind::AmdMfma) {
          const auto &sw = static_cast<const SwizzledSharedEncoding &>(memEnc);
          const int rank = int(shape.size());
          const int kDim = dot->opIdx == 0 ? rank - 1 : rank - 2;
          if (!sw.order.empty() && int(sw.order[0]) != kDim) {
            s.instruction = s.elementBits == 16 ? "ds_read_b64_tr_b16" : "ds_read_b64_tr_b8";
            s.modelNote = "Triton 3.6 reads this with " + s.instruction +
                          " (gfx950's transposing LDS read), which the bank model does not "
                          "model: no wavefront figure";
            return;
          }
        }
      if (options_.wavefronts) {
        // The encoding overload's checks, on the layouts already computed.
        const PaddedSharedEncoding *padded = checkSharedPair(regEnc, memEnc, shape);
        const SharedAccessOptions opt = accessOptions(direction, copy);
        SharedAccessReport r = analyzeSharedAccess(*rl, sl, s.elementBits, opt, padded);
        s.wavefronts = r.wavefronts;
        s.idealWavefronts = r.idealWavefronts;
        s.instruction = r.instruction;
        s.instructionsPerThread = r.instructionsPerThread();
      }
    } catch (const Error &e) {
      s.error = e.what();
    }
  }

  // Memdesc operands of MMA and TMA ops: listed with their layouts; there is
  // no register side, so no bank count.
  void operandMemdescs(int mi, const ir::Module &m, int opIndex) {
    const ir::Operation &op = m.ops[opIndex];
    for (int v : op.operands) {
      const ir::SsaValue &sv = m.values[v];
      if (!sv.type || !sv.type->isMemDesc || !sv.encoding || !sv.encoding->isShared())
        continue;
      // An mbarrier (`1xi64`, or one of a ring `Nx1xi64`) is no operand tile:
      // the MMA or TMA op signals it, nothing reads it through banks.
      if (sv.type->elementType == "i64" && !sv.type->shape.empty() && sv.type->shape.back() == 1)
        continue;
      AuditShared s;
      s.site = siteOf(mi, m, opIndex);
      s.op = op.name;
      s.memdesc = typeText(m, v);
      s.elementBits = elementBitsOf(sv.type->elementType);
      // The MMA or TMA unit reads this layout through a descriptor that
      // knows only NVMMA's swizzles: the buffer keeps its layout.
      nvmmaReaders_.emplace(sv.encoding.get(), std::make_pair(op.name, s.site.line));
      out_.shared.push_back(std::move(s));
    }
  }

  void globalAccess(int mi, const ir::Module &m, int opIndex) {
    const ir::Operation &op = m.ops[opIndex];
    if (op.operands.empty())
      return;
    int ptr = op.operands[0];
    const ir::SsaValue &pv = m.values[ptr];
    if (!pv.type && pv.typeText.rfind("!tt.ptr<", 0) == 0 &&
        !equalsLiteral(op.name, "ttg.async_copy_global_to_local")) {
      // A scalar access (`tt.load %p : !tt.ptr<f32>`): every lane the same
      // address, one element, one sector per warp-instruction.
      AuditGlobal g;
      g.site = siteOf(mi, m, opIndex);
      g.op = op.name;
      g.type = std::string(pv.typeText);
      g.scalar = true;
      g.elementBits = pointeeBits(pv.typeText);
      g.vectorBits = g.layoutVectorBits = g.elementBits;
      g.sectorsPerWarp = g.minSectorsPerWarp = 1;
      out_.global.push_back(std::move(g));
      return;
    }
    if (!pv.type || pv.type->isMemDesc || pv.isTensorDesc ||
        pv.type->elementType.rfind("!tt.ptr", 0))
      return; // a descriptor access
    AuditGlobal g;
    g.site = siteOf(mi, m, opIndex);
    g.op = op.name;
    g.type = typeText(m, ptr);
    g.elementBits = pointeeBits(pv.type->elementType);
    // The mask, where the op has one: tt.load %p, %mask[, %other];
    // tt.store / tt.atomic_rmw %p, %value, %mask; the cp.async copy's
    // `mask` (%src, %dst, %mask[, %other]). An i1 tensor of the pointer's
    // shape; -1: none.
    size_t at = 0;
    if (equalsLiteral(op.name, "tt.load"))
      at = 1;
    else if (equalsLiteral(op.name, "tt.store") || equalsLiteral(op.name, "tt.atomic_rmw") ||
             equalsLiteral(op.name, "ttg.async_copy_global_to_local"))
      at = 2;
    int mask = -1;
    if (at > 0 && at < op.operands.size() && op.operands[at] >= 0) {
      const ir::SsaValue &mv = m.values[size_t(op.operands[at])];
      if (mv.type && !mv.type->isMemDesc && mv.type->elementType == "i1" &&
          mv.type->shape == pv.type->shape)
        mask = op.operands[at];
    }
    // A cp.async copy also writes its vector to shared memory in one piece.
    const int dst = equalsLiteral(op.name, "ttg.async_copy_global_to_local") &&
                            op.operands.size() > 1
                        ? op.operands[1]
                        : -1;
    addGlobal(std::move(g), m, ptr, mask, true, dst);
  }

  // AMD buffer ops address memory as a scalar base plus a tensor of i32
  // element offsets (`amdg.buffer_load %base[%offsets], %mask : tensor<..>`):
  // the offsets tensor carries the layout and, where the IR shows how it is
  // built, the strides; the pointee of the scalar base gives the element.
  void bufferAccess(int mi, const ir::Module &m, int opIndex) {
    const ir::Operation &op = m.ops[opIndex];
    int base = -1;
    for (size_t k = 0; k + 1 < op.operands.size(); ++k) {
      const ir::SsaValue &v = m.values[op.operands[k]];
      if (!v.type && v.typeText.rfind("!tt.ptr<", 0) == 0) {
        base = int(k);
        break;
      }
    }
    if (base < 0)
      return; // not the form Triton 3.6 prints
    int offsets = op.operands[size_t(base) + 1];
    const ir::SsaValue &ov = m.values[offsets];
    if (!ov.type || ov.type->isMemDesc)
      return;
    AuditGlobal g;
    g.site = siteOf(mi, m, opIndex);
    g.op = op.name;
    // The data's type: the loaded result or the stored value (whose layout
    // equals the offsets'); the offsets' type for a copy to shared memory.
    int data = offsets;
    if ((equalsLiteral(op.name, "amdg.buffer_load") ||
         equalsLiteral(op.name, "amdg.buffer_atomic_rmw") ||
         equalsLiteral(op.name, "amdg.buffer_atomic_cas")) &&
        !op.results.empty() && m.values[op.results[0]].type)
      data = op.results[0];
    else if (equalsLiteral(op.name, "amdg.buffer_store") && base > 0 &&
             m.values[op.operands[0]].type)
      data = op.operands[0];
    g.type = typeText(m, data);
    g.elementBits = pointeeBits(m.values[op.operands[size_t(base)]].typeText);
    // The mask: the i1 tensor of the offsets' shape after them.
    int mask = -1;
    for (size_t k = size_t(base) + 2; k < op.operands.size() && mask < 0; ++k) {
      const ir::SsaValue &v = m.values[op.operands[k]];
      if (v.type && !v.type->isMemDesc && v.type->elementType == "i1" &&
          v.type->shape == ov.type->shape)
        mask = op.operands[k];
    }
    addGlobal(std::move(g), m, offsets, mask, /*pointers=*/false, -1, op.operands[size_t(base)]);
  }

  // `!tt.ptr<f16>` or `!tt.ptr<f16, 1>` -> 16; `!tt.ptr<!tt.ptr<f32>>` -> 64
  // (the pointee is a pointer).
  static int pointeeBits(std::string_view pointerType) {
    return elementBitsOf(ir::pointeeTypeText(std::string(pointerType)));
  }

  // Measures an access whose addresses vary as `addresses` (a tensor of
  // pointers, or of buffer offsets) and lists it.
  // `mask`: the access's mask (-1: none); `pointers`: `addresses` is a
  // tensor of pointers (false: of an AMD buffer op's offsets from the
  // scalar pointer `bufferBase`, counted in elements). Triton's axis
  // analysis of either decides the alignment, as its lowering takes it.
  // `sharedDst`: a cp.async copy's memdesc, whose layout must hold each
  // vector contiguously too (-1: not a copy).
  void addGlobal(AuditGlobal g, const ir::Module &m, int addresses, int mask = -1,
                 bool pointers = true, int sharedDst = -1, int bufferBase = -1) {
    const LinearLayout *ll = linearOf(m, addresses);
    if (!ll) {
      g.error = "layout not modelled";
    } else {
      std::optional<int64_t> alignedBytes; // below 16: the sectors' start is not known aligned
      try {
        // One walk of the pointer's chain: all strides known, or some.
        auto partial = partialPointerStrides(m, addresses, file_.source);
        std::optional<std::vector<int64_t>> strides;
        if (partial && std::all_of(partial->begin(), partial->end(),
                                   [](const std::optional<int64_t> &x) { return x.has_value(); })) {
          strides.emplace();
          for (const std::optional<int64_t> &x : *partial)
            strides->push_back(*x);
        }
        // A pipelined loop repeats its accesses (prologue and body): one
        // measurement per (layout, shape, element, strides seen).
        const Shape &shape = m.values[addresses].type->shape;
        const GlobalKey key{ll, g.elementBits, partial, 0};
        const AuditGlobal *r = &memo(globalCache_, key, [&] {
          AuditGlobal fresh;
          fresh.elementBits = g.elementBits;
          measureGlobal(fresh, *ll, shape, strides, partial, 0);
          return fresh;
        });
        g.layoutVectorBits = r->vectorBits;
        // What Triton's code generation narrows the vector to: the
        // pointer's alignment and the mask's constancy along the dim the
        // vector runs on.
        if (pointers || bufferBase >= 0) {
          std::optional<int> dim = r->contiguousDim;
          if (r->strides)
            for (size_t d = 0; d < r->strides->size(); ++d)
              if (std::abs((*r->strides)[d]) == 1 && shape[d] > 1)
                dim = int(d);
          // No unit-stride dim the IR shows: the layout's fastest dim (its
          // first register basis), as Triton takes the layout's order[0].
          if (!dim)
            for (const auto &[inDim, bases] : ll->getBases())
              if (inDim == "register") {
                for (const auto &b : bases) {
                  for (size_t d = 0; d < b.size() && !dim; ++d)
                    if (b[d] != 0)
                      dim = int(d);
                  if (dim)
                    break;
                }
              }
          const int layoutElems = std::max(1, r->vectorBits / std::max(1, g.elementBits));
          const std::optional<AxisFacts> pf = dim ? axis_->of(addresses) : std::nullopt;
          // A buffer op's base pointer: its divisibility in bytes.
          std::optional<int64_t> baseBytes;
          if (dim && !pointers)
            if (const std::optional<AxisFacts> bf = axis_->of(bufferBase); bf && !bf->divisibility.empty())
              baseBytes = bf->divisibility[0];
          const int64_t elementBytes = std::max(g.elementBits / 8, 1);
          // The sectors are counted from a 32-byte-aligned start. Triton
          // knows a pointer argument 16-byte aligned at most (its
          // specialisation), so only less than that is said: an odd row
          // stride, an offset of unknown divisibility.
          if (pf && size_t(*dim) < pf->divisibility.size()) {
            int64_t bytes = pf->divisibility[size_t(*dim)];
            if (!pointers) // offsets count elements (16 or more of them: 16 bytes or more)
              bytes = bytes < 16 ? bytes * elementBytes : 16;
            if (baseBytes)
              bytes = std::min(bytes, *baseBytes);
            if (bytes < 16)
              alignedBytes = bytes;
          }
          if (dim && layoutElems > 1) {
            int cap = layoutElems;
            if (pf && size_t(*dim) < pf->divisibility.size()) {
              // Pointers: their divisibility is in bytes. Buffer offsets
              // count elements (the base pointer's alignment is below).
              const int64_t align =
                  pointers ? AxisAnalysis::alignment(*pf, size_t(*dim), g.elementBits)
                           : std::max<int64_t>(1, std::min(pf->divisibility[size_t(*dim)],
                                                           pf->contiguity[size_t(*dim)]));
              if (align < cap) {
                cap = int(align);
                g.vectorLimit = std::string(pointers ? "the pointers" : "the offsets") +
                                " are aligned to " + std::to_string(align) + " element(s) along dim " +
                                std::to_string(*dim) + " (divisibility " +
                                std::to_string(pf->divisibility[size_t(*dim)]) +
                                (pointers ? " bytes" : " elements") + ", contiguity " +
                                std::to_string(pf->contiguity[size_t(*dim)]) + ")";
              }
            }
            if (baseBytes) {
              const int64_t align = std::max<int64_t>(1, *baseBytes / elementBytes);
              if (align < cap) {
                cap = int(align);
                const ir::SsaValue &bv = m.values[size_t(bufferBase)];
                g.vectorLimit = "the base pointer " + bv.name + " is aligned to " +
                                std::to_string(*baseBytes) + " bytes";
              }
            }
            if (mask >= 0) {
              const std::optional<AxisFacts> mf = axis_->of(mask);
              if (mf && size_t(*dim) < mf->constancy.size() &&
                  mf->constancy[size_t(*dim)] < cap) {
                cap = int(std::max<int64_t>(1, mf->constancy[size_t(*dim)]));
                const ir::SsaValue &mv = m.values[size_t(mask)];
                g.vectorLimit = "the mask " + (mv.name.empty() ? std::string("") : mv.name + " ") +
                                "(line " + std::to_string(mv.pos.line) + ") is constant over " +
                                std::to_string(cap) + " element(s) along dim " +
                                std::to_string(*dim);
              }
            }
            // cp.async: Triton's lowering vectorises the register -> shared
            // map too (largestVectorisation of it, at most this vector).
            if (sharedDst >= 0 && cap > 1) {
              const ir::SsaValue &dv = m.values[size_t(sharedDst)];
              if (dv.type && dv.type->isMemDesc && dv.encoding && dv.encoding->isShared() &&
                  dv.type->shape.size() >= shape.size()) {
                const std::vector<int64_t> &alloc = dv.type->shape;
                const auto &sl = layoutOf(*dv.encoding, Shape(alloc.end() - std::ptrdiff_t(shape.size()),
                                                              alloc.end()));
                if (sl.first) {
                  try {
                    // One answer per (layouts, element, cap): a pipelined
                    // loop copies the same tiles in its prologue and body.
                    const auto key = std::make_tuple(ll, &*sl.first, g.elementBits, cap);
                    auto hit = copyVecCache_.find(key);
                    if (hit == copyVecCache_.end())
                      hit = copyVecCache_
                                .emplace(key, largestVectorisation(
                                                  ll->invertAndCompose(*sl.first), g.elementBits,
                                                  cap)
                                                  .elements)
                                .first;
                    const int v = hit->second;
                    if (v < cap) {
                      cap = v;
                      g.vectorLimit = "the shared layout holds " + std::to_string(v) +
                                      " element(s) of a thread's vector contiguously (cp.async "
                                      "writes each vector in one piece)";
                    }
                  } catch (const std::exception &) {
                    // Layouts the vectorisation cannot compose: no shared-side cap.
                  }
                }
              }
            }
            if (cap < layoutElems) {
              const GlobalKey capped{ll, g.elementBits, partial, cap};
              r = &memo(globalCache_, capped, [&] {
                AuditGlobal fresh;
                fresh.elementBits = g.elementBits;
                measureGlobal(fresh, *ll, shape, strides, partial, cap);
                return fresh;
              });
            }
          }
        }
        g.vectorBits = r->vectorBits;
        if (sharedDst >= 0 && g.elementBits > 0)
          copyVecElems_ = std::max(1, g.vectorBits / g.elementBits);
        g.strides = r->strides;
        g.contiguousDim = r->contiguousDim;
        g.sectorsPerWarp = r->sectorsPerWarp;
        g.minSectorsPerWarp = r->minSectorsPerWarp;
        if (alignedBytes && g.sectorsPerWarp)
          g.sectorsNote = "counted from a 32-byte-aligned start; the IR shows the addresses aligned to " +
                          std::to_string(*alignedBytes) +
                          " bytes only, so a warp-instruction may touch one more sector per contiguous run";
      } catch (const Error &e) {
        g.error = e.what();
      }
    }
    out_.global.push_back(std::move(g));
  }

  // Vector width and, with known strides, sectors per warp-instruction.
  // Where only some strides are known (a runtime row stride), the vector
  // runs along the dim the IR shows with stride 1 (as Triton's axis
  // analysis finds it), the others taken as aligned multiples, as the
  // row-major fallback takes them; with no unit-stride dim known, row-major.
  // `cap`: the most elements per vector (0: as the layout allows).
  void measureGlobal(AuditGlobal &g, const LinearLayout &ll, const Shape &shape,
                     std::optional<std::vector<int64_t>> strides,
                     const std::optional<std::vector<std::optional<int64_t>>> &partial, int cap = 0) {
    g.strides = std::move(strides);
    if (!g.strides) {
      int unit = -1, units = 0;
      if (partial)
        for (size_t d = 0; d < partial->size(); ++d)
          if ((*partial)[d] && std::abs(*(*partial)[d]) == 1 && shape[d] > 1) {
            unit = int(d);
            ++units;
          }
      if (units == 1) {
        std::vector<int64_t> assumed;
        for (const std::optional<int64_t> &x : *partial)
          assumed.push_back(x ? std::abs(*x) : int64_t{1} << 30);
        g.vectorBits = vectorElems(ll, assumed, g.elementBits) * g.elementBits;
        g.contiguousDim = unit;
      } else {
        g.vectorBits = rowMajorVectorElems(ll, shape, g.elementBits) * g.elementBits;
      }
      if (cap > 0)
        g.vectorBits = std::min(g.vectorBits, cap * g.elementBits);
      return;
    }
    std::vector<int64_t> abs = *g.strides;
    for (auto &x : abs)
      x = std::abs(x);
    // Warp 0 alone: each warp issues the same instructions shifted by its
    // own base, and scanning one warp instead of all keeps the audit of a
    // kernel in the milliseconds.
    LinearLayout::BasesT bases = ll.getBases();
    for (auto &[dim, b] : bases)
      if (dim == "warp" || dim == "block")
        b.clear();
    LinearLayout warp0(std::move(bases), ll.getOutDims(), /*requireSurjective=*/false);
    GlobalAccess ga(warp0, g.elementBits, abs, cap);
    g.vectorBits = ga.vectorBits();
    int64_t n = std::max<int64_t>(1, int64_t(ga.summaries().size()));
    g.sectorsPerWarp = ga.totalSectors() / n;
    g.minSectorsPerWarp = ga.totalMinSectors() / n;
  }

  const ir::ModuleFile &file_;
  const AuditOptions &options_;
  KernelAudit &out_;
  AuditTarget target_;
  std::string function_;
  std::unordered_map<std::string, size_t, TextHash, std::equal_to<>> tensorIndex_;
  std::unordered_map<const ir::TypeText *, TypeEntry> typeCache_;
  std::map<std::pair<const Encoding *, Shape>, std::pair<std::optional<LinearLayout>, std::string>>
      llCache_;
  std::unordered_map<const Encoding *, std::string> printed_;
  using ConvertKey = std::tuple<const Encoding *, const Encoding *, Shape, int>;
  std::map<ConvertKey, std::pair<std::optional<ConversionCost>, std::string>> convertCache_;
  using SharedKey =
      std::tuple<const Encoding *, const Encoding *, Shape, int, AccessDirection, int>;
  std::map<SharedKey, AuditShared> sharedCache_;
  // A layout (layoutOf's, so one per encoding and shape), the element size
  // and the strides the IR shows (null: none).
  using GlobalKey = std::tuple<const LinearLayout *, int,
                               std::optional<std::vector<std::optional<int64_t>>>, int>;
  std::map<GlobalKey, AuditGlobal> globalCache_;
  std::optional<AxisAnalysis> axis_; // the module's, for pointer and mask facts
  // cp.async: the register -> shared vector of (register layout, shared
  // layout, element bits, cap); the layouts are layoutOf's, so per module.
  std::map<std::tuple<const LinearLayout *, const LinearLayout *, int, int>, int> copyVecCache_;
  // The cp.async copy being audited: the elements per vector its global side
  // found (unset: not measured).
  std::optional<int> copyVecElems_;
  // One module's register-side shared accesses with figures, the swizzle
  // candidates of the conflicting ones, and the memdesc layouts an MMA or
  // TMA op reads (op, line): settleProposals turns them into proposals.
  struct Record {
    size_t index; // into out_.shared
    SharedKey key;
    const LinearLayout *reg;
  };
  std::vector<Record> records_;
  std::map<const Encoding *, std::pair<std::string, int>> nvmmaReaders_;
};

} // namespace

bool conflictingAccess(const AuditShared &s) {
  if (s.wavefronts && s.idealWavefronts)
    return *s.wavefronts > *s.idealWavefronts;
  return s.conflicts && *s.conflicts > 0;
}

KernelAudit auditModules(const ir::ModuleFile &file, const AuditOptions &options) {
  KernelAudit out;
  // What the reader warned of (an op Triton 3.6 does not have, an odd
  // layout field), first, at its line:column.
  for (const Diagnostic &d : file.warnings.all())
    out.warnings.push_back(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + ": " +
                           d.message);
  out.fileWarnings = int(out.warnings.size());
  Walker(file, options, out).run();
  out.findings = rankFindings(out);
  return out;
}

} // namespace ls::audit
