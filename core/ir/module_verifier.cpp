#include "ir/module_verifier.h"

#include <algorithm>
#include <initializer_list>
#include <unordered_map>

#include "encodings/blocked.h"
#include "encodings/dot_operand.h"
#include "encodings/nvidia_mma.h"
#include "encodings/padded_shared.h"
#include "encodings/shared_linear.h"
#include "encodings/slice.h"
#include "encodings/tensor_memory.h"
#include "ir/type_printer.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/ascii.h"
#include "util/error.h"
#include "util/literal.h"
#include "util/text_hash.h"

namespace ls::ir {

namespace {

// The ops Triton 3.6 registers, by dialect (sorted): read from its library
// on the GPU machine, each name confirmed by parsing it in generic form.
constexpr std::string_view kTt[] = {
    "addptr", "advance", "assert", "atomic_cas", "atomic_rmw", "bitcast", "broadcast", "call",
    "cat", "clampf", "descriptor_gather", "descriptor_load", "descriptor_reduce",
    "descriptor_scatter", "descriptor_store", "dot", "dot_scaled", "elementwise_inline_asm",
    "expand_dims", "extern_elementwise", "fp_to_fp", "func", "gather", "get_num_programs",
    "get_program_id", "histogram", "int_to_ptr", "join", "load", "make_range",
    "make_tensor_descriptor", "make_tensor_ptr", "map_elementwise", "map_elementwise.return",
    "mulhiui", "precise_divf", "precise_sqrt", "print", "ptr_to_int", "reduce", "reduce.return",
    "reshape", "return", "scan", "scan.return", "splat", "split", "store", "trans", "unsplat"};
constexpr std::string_view kTtg[] = {
    "async_commit_group", "async_copy_global_to_local", "async_wait", "convert_layout",
    "fp4_to_fp", "global_scratch_alloc", "local_alloc", "local_barrier", "local_dealloc",
    "local_load", "local_store", "mask", "mask.return", "memdesc_index", "memdesc_reinterpret",
    "memdesc_reshape", "memdesc_subslice", "memdesc_trans", "predicate_stage", "warp_return",
    "warp_specialize", "warp_specialize.partitions", "warp_yield"};
constexpr std::string_view kTtng[] = {
    "arrive_barrier", "async_copy_mbarrier_arrive", "async_tma_copy_global_to_local",
    "async_tma_copy_local_to_global", "async_tma_gather", "async_tma_reduce", "async_tma_scatter",
    "async_tma_store_wait", "barrier_expect", "cluster_arrive", "cluster_wait",
    "fence_async_shared", "init_barrier", "inval_barrier", "reinterpret_tensor_descriptor",
    "tc_gen5_commit", "tc_gen5_mma", "tc_gen5_mma_scaled", "tensormap_create",
    "tensormap_fenceproxy_acquire", "tmem_alloc", "tmem_copy", "tmem_load", "tmem_store",
    "tmem_subslice", "wait_barrier", "warp_group_dot", "warp_group_dot_wait"};
constexpr std::string_view kAmdg[] = {
    "arrive_barrier", "async_copy_mbarrier_arrive", "async_tdm_copy_global_to_local",
    "async_tdm_copy_local_to_global", "async_tdm_wait", "async_wait", "buffer_atomic_cas",
    "buffer_atomic_rmw", "buffer_load", "buffer_load_to_local", "buffer_store", "concat",
    "cond_barrier", "extract_slice", "in_thread_transpose", "init_barrier",
    "instruction_sched_hint", "local_load_packed_tranposed", "masked_load", "masked_store",
    "memory_counter_wait", "scaled_upcast_fp4", "scaled_upcast_fp8", "upcast_mxfp",
    "wait_barrier"};
constexpr std::string_view kScf[] = {
    "condition", "execute_region", "for", "forall", "forall.in_parallel", "if", "index_switch",
    "parallel", "reduce", "reduce.return", "while", "yield"};
constexpr std::string_view kArith[] = {
    "addf", "addi", "addui_extended", "andi", "bitcast", "ceildivsi", "ceildivui", "cmpf", "cmpi",
    "constant", "divf", "divsi", "divui", "extf", "extsi", "extui", "floordivsi", "fptosi",
    "fptoui", "index_cast", "index_castui", "maximumf", "maxnumf", "maxsi", "maxui", "minimumf",
    "minnumf", "minsi", "minui", "mulf", "muli", "mulsi_extended", "mului_extended", "negf", "ori",
    "remf", "remsi", "remui", "scaling_extf", "scaling_truncf", "select", "shli", "shrsi", "shrui",
    "sitofp", "subf", "subi", "truncf", "trunci", "uitofp", "xori"};
constexpr std::string_view kMath[] = {
    "absf", "absi", "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil",
    "clampf", "copysign", "cos", "cosh", "ctlz", "ctpop", "cttz", "erf", "erfc", "exp", "exp2",
    "expm1", "floor", "fma", "fpowi", "ipowi", "isfinite", "isinf", "isnan", "isnormal", "log",
    "log10", "log1p", "log2", "powf", "round", "roundeven", "rsqrt", "sin", "sinh", "sqrt", "tan",
    "tanh", "trunc"};
constexpr std::string_view kCf[] = {"assert", "br", "cond_br", "switch"};
constexpr std::string_view kUb[] = {"poison"};
constexpr std::string_view kNvws[] = {
    "aref.buffer", "aref.create", "aref.get.enter", "aref.get.exit", "aref.put.enter",
    "aref.put.exit", "consumer_release", "consumer_wait", "create_token", "descriptor_gather",
    "descriptor_load", "producer_acquire", "producer_commit", "warp_group", "warp_group.return",
    "warp_group.yield"};
constexpr std::string_view kNvg[] = {"cluster_id",          "ld_acquire", "tensor_memory_base",
                                     "warp_id",             "wgmma",      "wgmma_wait_group"};
constexpr std::string_view kTti[] = {
    "experimental_assert_in_thread", "experimental_buffer_pointers", "experimental_lock_acquire",
    "experimental_lock_release", "experimental_memdesc_to_i64"};
constexpr std::string_view kGluon[] = {"set_auto_layout"};

struct Dialect {
  std::string_view name;
  const std::string_view *begin, *end;
};
template <size_t N> constexpr Dialect dialect(std::string_view n, const std::string_view (&ops)[N]) {
  return {n, ops, ops + N};
}
constexpr Dialect kDialects[] = {
    dialect("tt", kTt),       dialect("ttg", kTtg),   dialect("ttng", kTtng),
    dialect("amdg", kAmdg),   dialect("scf", kScf),   dialect("arith", kArith),
    dialect("math", kMath),   dialect("cf", kCf),     dialect("ub", kUb),
    dialect("nvws", kNvws),   dialect("nvg", kNvg),   dialect("tti", kTti),
    dialect("gluon", kGluon)};

const Dialect *fullyKnown(std::string_view name, std::string_view &op) {
  const size_t dot = name.find('.');
  if (dot == std::string_view::npos)
    return nullptr;
  const std::string_view d = name.substr(0, dot);
  for (const Dialect &k : kDialects)
    if (k.name == d) {
      op = name.substr(dot + 1);
      return &k;
    }
  return nullptr;
}

bool oneOf(std::string_view name, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// How an op's syntax types its operands (statedOperandTypes).
enum class Rule {
  None,
  SameType,         // `: T`, every operand T (arith binary ops, comparisons, math.*)
  ReturnLike,       // `: T1, T2`, one type per operand
  FirstBeforeArrow, // `%x ... : T -> R`, %x has T
  Cast,             // `%x : T to R`
  Join,             // `%a, %b : T -> R`, both T
  IntoMemory,       // `%v, %m : T -> M` (local_store, async copies)
  Dot,              // `%a, %b, %acc : A * B -> C`
  Select,
  Load,
  Store,
  Addptr,
};

Rule ruleOf(std::string_view n) {
  if (startsWithLiteral(n, "math."))
    return Rule::SameType;
  static const std::vector<std::pair<std::string_view, Rule>> table = [] {
    std::vector<std::pair<std::string_view, Rule>> t;
    for (std::string_view op :
         {"arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui", "arith.remsi",
          "arith.remui", "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi", "arith.andi",
          "arith.ori", "arith.xori", "arith.shli", "arith.shrsi", "arith.shrui", "arith.maxsi",
          "arith.minsi", "arith.maxui", "arith.minui", "arith.addf", "arith.subf", "arith.mulf",
          "arith.divf", "arith.remf", "arith.maximumf", "arith.minimumf", "arith.maxnumf",
          "arith.minnumf", "arith.negf", "arith.cmpi", "arith.cmpf", "tt.precise_sqrt",
          "tt.precise_divf", "tt.mulhiui", "tt.clampf"})
      t.emplace_back(op, Rule::SameType);
    for (std::string_view op : {"scf.yield", "tt.return", "tt.reduce.return", "tt.scan.return",
                                "tt.map_elementwise.return", "ttg.mask.return", "ttg.warp_yield"})
      t.emplace_back(op, Rule::ReturnLike);
    for (std::string_view op : {"ttg.convert_layout",
                                "tt.splat",
                                "tt.broadcast",
                                "tt.expand_dims",
                                "tt.reshape",
                                "tt.trans",
                                "tt.bitcast",
                                "tt.int_to_ptr",
                                "tt.ptr_to_int",
                                "tt.fp_to_fp",
                                "tt.histogram",
                                "tt.split",
                                "tt.unsplat",
                                "ttg.local_load",
                                "ttg.memdesc_trans",
                                "ttg.memdesc_reshape",
                                "ttg.memdesc_index",
                                "ttg.memdesc_subslice",
                                "ttg.memdesc_reinterpret",
                                "ttg.fp4_to_fp"})
      t.emplace_back(op, Rule::FirstBeforeArrow);
    for (std::string_view op :
         {"arith.extf", "arith.truncf", "arith.extsi", "arith.extui", "arith.trunci",
          "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui", "arith.bitcast",
          "arith.index_cast", "arith.index_castui", "ttng.reinterpret_tensor_descriptor"})
      t.emplace_back(op, Rule::Cast);
    t.emplace_back("tt.join", Rule::Join);
    t.emplace_back("ttg.local_store", Rule::IntoMemory);
    t.emplace_back("ttg.async_copy_global_to_local", Rule::IntoMemory);
    t.emplace_back("tt.dot", Rule::Dot);
    t.emplace_back("ttng.warp_group_dot", Rule::Dot);
    t.emplace_back("arith.select", Rule::Select);
    t.emplace_back("tt.load", Rule::Load);
    t.emplace_back("tt.store", Rule::Store);
    t.emplace_back("tt.addptr", Rule::Addptr);
    std::sort(t.begin(), t.end());
    return t;
  }();
  auto it = std::lower_bound(table.begin(), table.end(), n,
                             [](const auto &e, std::string_view key) { return e.first < key; });
  return it != table.end() && it->first == n ? it->second : Rule::None;
}

} // namespace

OpNameFacts opNameFacts(std::string_view name) {
  OpNameFacts f;
  std::string_view op;
  const Dialect *d = fullyKnown(name, op);
  if (d) {
    f.fullyKnownDialect = true;
    f.registered = std::binary_search(d->begin, d->end, op);
    f.unknownUpstream =
        !f.registered && oneOf(d->name, {"scf", "arith", "math", "cf", "ub"});
  }
  f.operandRule = static_cast<unsigned char>(ruleOf(name));
  f.operandsBefore = static_cast<signed char>(operandsBeforeTypes(f, name));
  return f;
}

bool typesNeedArrow(const OpNameFacts &f) {
  const Rule r = static_cast<Rule>(f.operandRule);
  return r == Rule::FirstBeforeArrow || r == Rule::Join || r == Rule::IntoMemory ||
         r == Rule::Dot;
}

bool typesNeedTo(const OpNameFacts &f) { return static_cast<Rule>(f.operandRule) == Rule::Cast; }

bool operandsComeFirst(const OpNameFacts &f, std::string_view name) {
  return static_cast<Rule>(f.operandRule) == Rule::SameType &&
         !equalsLiteral(name, "arith.cmpi") && !equalsLiteral(name, "arith.cmpf");
}

// ttng's barrier ops: their operand is one i64 barrier in shared memory.
static bool barrierOp(std::string_view name) {
  return oneOf(name, {"ttng.init_barrier", "ttng.inval_barrier", "ttng.barrier_expect",
                      "ttng.wait_barrier", "ttng.arrive_barrier"});
}

bool shortTypesRefused(const OpNameFacts &f, std::string_view name) {
  const Rule r = static_cast<Rule>(f.operandRule);
  // (The barrier ops print their memdesc qualified: `: !ttg.memdesc<1xi64, ...>`.)
  return r == Rule::SameType || r == Rule::Addptr || r == Rule::Select || r == Rule::Cast ||
         r == Rule::Join || (r == Rule::FirstBeforeArrow && startsWithLiteral(name, "tt.")) ||
         name == "ttg.convert_layout" ||
         // (tt.make_range's result is a builtin tensor type, read whole.)
         name == "tt.make_range" || barrierOp(name);
}

int operandsBeforeTypes(const OpNameFacts &f, std::string_view n) {
  if (n.size() < 6)
    return 0;
  if (oneOf(n, {"arith.negf", "tt.precise_sqrt"}))
    return 1;
  if (startsWithLiteral(n, "arith.") && static_cast<Rule>(f.operandRule) == Rule::SameType)
    return 2; // the binary ops and the comparisons
  if (oneOf(n,
            {"tt.precise_divf", "tt.mulhiui", "tt.addptr", "tt.join", "tt.store", "ttg.local_store",
             "ttg.async_copy_global_to_local", "ttng.tensormap_create", "ttng.wait_barrier"}))
    return 2;
  if (oneOf(n, {"tt.clampf", "tt.dot", "ttng.warp_group_dot", "arith.select"}))
    return 3;
  return 0;
}

bool singleColonType(const OpNameFacts &f) {
  const Rule r = static_cast<Rule>(f.operandRule);
  return r == Rule::SameType || r == Rule::Load || r == Rule::Store || r == Rule::Cast ||
         r == Rule::FirstBeforeArrow;
}

bool typesRefuseArrow(const OpNameFacts &f) {
  const Rule r = static_cast<Rule>(f.operandRule);
  return r == Rule::SameType || r == Rule::ReturnLike || r == Rule::Select || r == Rule::Load ||
         r == Rule::Store || r == Rule::Addptr;
}

bool knownOperandSyntax(const OpNameFacts &f) {
  return static_cast<Rule>(f.operandRule) != Rule::None;
}

bool oneTypePerOperand(const OpNameFacts &f) {
  return static_cast<Rule>(f.operandRule) == Rule::ReturnLike;
}

bool knownToTriton36(std::string_view name) { return opNameFacts(name).registered; }

// (module_verifier.h)
std::optional<int> mmaWarpsRank(const Value *layout, const AliasMap *aliases) {
  for (int depth = 0; layout && layout->kind == Value::Kind::AliasRef && depth < 8; ++depth) {
    if (!aliases)
      return std::nullopt;
    const auto a = aliases->find(layout->text);
    layout = a == aliases->end() ? nullptr : a->second.get();
  }
  if (!layout || layout->kind != Value::Kind::Attr ||
      (layout->dialect != "ttg" && layout->dialect != "triton_gpu"))
    return std::nullopt;
  const bool amd = layout->name == "amd_mfma" || layout->name == "amd_wmma";
  if (!amd && layout->name != "nvidia_mma")
    return std::nullopt;
  for (const auto &[key, value] : layout->entries)
    if (key == "warpsPerCTA")
      return value && value->kind == Value::Kind::List
                 ? std::optional<int>(int(value->items.size()))
                 : std::nullopt;
  // (Triton's AMD parsers leave a missing warpsPerCTA empty.)
  return amd ? std::optional<int>(0) : std::nullopt;
}

bool isMemorySpaceAttr(const Value &v) {
  return v.kind == Value::Kind::Attr && !v.hasBody &&
         (((v.dialect == "ttg" || v.dialect == "triton_gpu") && v.name == "shared_memory") ||
          ((v.dialect == "ttng" || v.dialect == "triton_nvidia_gpu") && v.name == "tensor_memory"));
}

namespace {
// Edit distance (insert, delete, substitute, swap two neighbours); 99 for
// names over 64 characters.
size_t editDistance(std::string_view a, std::string_view b) {
  const size_t n = a.size(), m = b.size();
  if (n > 64 || m > 64)
    return 99;
  std::vector<size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
  for (size_t j = 0; j <= m; ++j)
    prev[j] = j;
  for (size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= m; ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        cur[j] = std::min(cur[j], prev2[j - 2] + 1);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[m];
}
} // namespace

std::string closestTriton36OpName(std::string_view name) {
  std::string_view op;
  const Dialect *d = fullyKnown(name, op);
  if (!d)
    return {};
  std::string_view best;
  size_t bestDistance = 3; // two edits at most
  for (const std::string_view *o = d->begin; o != d->end; ++o) {
    const size_t k = editDistance(op, *o);
    if (k < bestDistance) {
      bestDistance = k;
      best = *o;
    }
  }
  return best.empty() ? std::string() : std::string(d->name) + "." + std::string(best);
}

bool dialectNotInTriton36(std::string_view name) {
  const size_t dot = name.find('.');
  if (dot == std::string_view::npos || dot == 0)
    return false;
  const std::string_view d = name.substr(0, dot);
  for (const Dialect &k : kDialects)
    if (k.name == d)
      return false;
  // What Triton 3.6's contexts load besides (NVIDIA's and AMD's included),
  // and MLIR's own dialects, of which nothing is said.
  return !oneOf(d, {"builtin", "gpu", "llvm", "nvvm", "rocdl", "proton", "proton_gpu", "func",
                    "index", "affine", "memref", "vector", "tensor", "linalg", "amdgpu", "nvgpu",
                    "complex", "ptr", "spirv", "emitc", "shape", "bufferization", "async", "omp",
                    "acc", "pdl", "transform", "tosa", "sparse_tensor", "mesh", "quant", "x86vector",
                    "arm_neon", "arm_sve", "arm_sme", "irdl", "dlti", "smt", "xegpu", "mpi", "shard",
                    "polynomial", "ml_program", "pdl_interp"});
}

std::string closestTriton36OpOfOtherDialect(std::string_view name) {
  const size_t dot = name.find('.');
  if (dot == std::string_view::npos)
    return {};
  const std::string_view d = name.substr(0, dot), op = name.substr(dot + 1);
  for (const Dialect &k : kDialects)
    if (editDistance(d, k.name) <= 2)
      for (const std::string_view *o = k.begin; o != k.end; ++o)
        if (*o == op)
          return std::string(k.name) + "." + std::string(op);
  return {};
}

bool bareOpNameAccepted(std::string_view name, bool insideFunc) {
  if (name == "module" || name == "unrealized_conversion_cast")
    return true;
  return insideFunc && oneOf(name, {"return", "call", "call_indirect", "constant"});
}

void statedOperandTypes(const OpNameFacts &facts, std::string_view n, bool generic,
                        size_t operands, const StatedTypes &t, std::vector<StatedType> &out) {
  auto one = [&](size_t k, std::string_view type, Derivation how = Derivation::AsWritten) {
    out.push_back({k, type, how});
  };
  auto all = [&](const std::vector<std::string_view> &types) {
    for (size_t k = 0; k < operands && k < types.size(); ++k)
      one(k, types[k]);
  };
  if (generic) {
    if (t.fnInputs.size() == operands)
      all(t.fnInputs);
    return;
  }
  // An op of Triton's dialects that 3.6 does not have: its syntax (and the
  // order of its types) is not known.
  if (facts.fullyKnownDialect && !facts.registered)
    return;
  if (!t.fnInputs.empty()) {
    // `(T1, T2) -> R`: one type per operand (warp_specialize's list follows
    // its partitions, whose captures are operands too).
    if (t.fnInputs.size() == operands && n != "ttg.warp_specialize")
      all(t.fnInputs);
    return;
  }
  // `scf.condition(%c) %a, %b : A, B`: the condition is an i1, the values
  // forwarded typed by the list.
  // `ttng.tmem_store %v, %m[%t], %pred : T -> M` and `ttng.tmem_load
  // %m[%t] : M -> T`: the value and the tensor memory are typed.
  if (n == "ttng.tmem_store" && operands >= 2 && t.colon.size() == 1 && t.arrow.size() == 1) {
    one(0, t.colon[0]);
    one(1, t.arrow[0]);
    return;
  }
  if (n == "ttng.tmem_load" && operands >= 1 && t.colon.size() == 1) {
    one(0, t.colon[0]);
    return;
  }
  // The barrier ops: `%bar, ... : M` (the barrier's memdesc first).
  if (barrierOp(n) && operands >= 1 && t.colon.size() == 1 && t.arrow.empty()) {
    one(0, t.colon[0]);
    // `ttng.barrier_expect %bar, 16384, %pred`: its predicate is an i1 (the
    // byte count is an attribute); `ttng.wait_barrier %bar, %phase`: an i32.
    if (n == "ttng.barrier_expect" && operands == 2)
      one(1, "i1");
    if (n == "ttng.wait_barrier" && operands >= 2)
      one(1, "i32");
    return;
  }
  // `ttg.memdesc_index %m[%i] : M -> R`: the index is an i32.
  if (n == "ttg.memdesc_index" && operands == 2 && t.colon.size() == 1) {
    one(0, t.colon[0]);
    one(1, "i32");
    return;
  }
  if (n == "ttg.local_dealloc" && operands == 1 && t.colon.size() == 1) {
    one(0, t.colon[0]);
    return;
  }
  if (n == "scf.condition" && operands >= 1) {
    one(0, "i1");
    if (t.colon.size() + 1 == operands)
      for (size_t k = 1; k < operands; ++k)
        one(k, t.colon[k - 1]);
    return;
  }
  // The async ops' operands are tokens (their syntax states no type).
  if (n == "ttg.async_wait" || n == "ttg.async_commit_group") {
    for (size_t k = 0; k < operands; ++k)
      one(k, "!ttg.async.token");
    return;
  }
  // `scf.for %i = %lb to %ub step %s iter_args(%a = %init) -> (T) : I`:
  // the bounds and step are read as I (index if not written), each init as
  // its result's type (MLIR resolves them once the body is read).
  if (n == "scf.for" && operands >= 3) {
    const std::string_view iv = t.colon.empty() ? std::string_view("index") : t.colon[0];
    for (size_t k = 0; k < 3; ++k)
      one(k, iv);
    if (t.arrow.size() + 3 == operands)
      for (size_t k = 3; k < operands; ++k)
        one(k, t.arrow[k - 3]);
    return;
  }
  // scf.if's and cf.cond_br's condition is read as an i1 (their syntax
  // states no type for it).
  if ((n == "scf.if" || n == "cf.cond_br") && operands >= 1) {
    one(0, "i1");
    return;
  }
  if (operands == 0 || t.colon.empty())
    return;
  const std::vector<std::string_view> &c = t.colon;
  // Ops whose types follow their operands' order in their own way:
  // `ttng.tc_gen5_mma %a, %b, %d, ... : A, B, D, ...`;
  // `ttng.async_tma_copy_local_to_global %desc[%c0, %c1] %src : Desc, Src`;
  // `ttng.async_tma_copy_global_to_local %desc[%c0, %c1] %dst, %bar, %pred
  // : Desc, Bar -> Dst` (the predicate i1; the coordinates, and a newer
  // Triton's im2col `offsets = [...]`, not typed here);
  // `tt.dot_scaled %a (scale %as)?, %b (scale %bs)?, %c ... : A(, AS)? *
  // B(, BS)? -> D` (the accumulator's type last).
  if (n == "ttng.tc_gen5_mma") {
    if (c.size() >= 3 && operands >= 3)
      for (size_t k = 0; k < 3; ++k)
        one(k, c[k]);
    return;
  }
  if (n == "ttng.async_tma_copy_local_to_global") {
    if (c.size() == 2 && t.arrow.empty() && operands >= 2) {
      one(0, c[0]);
      one(operands - 1, c[1]);
    }
    return;
  }
  if (n == "ttng.async_tma_copy_global_to_local") {
    if (c.size() == 2 && t.arrow.size() == 1 && operands >= 4) {
      one(0, c[0]);
      one(operands - 3, t.arrow[0]);
      one(operands - 2, c[1]);
      one(operands - 1, "i1");
    }
    return;
  }
  // `ttng.warp_group_dot_wait %a, %b {pendings = N} : A, B`: one type per
  // operand (its results have them too).
  if (n == "ttng.warp_group_dot_wait") {
    if (c.size() == operands && t.arrow.empty())
      for (size_t k = 0; k < operands; ++k)
        one(k, c[k]);
    return;
  }
  if (n == "tt.dot_scaled") {
    if (t.arrow.size() == 1 && c.size() + 1 == operands) {
      for (size_t k = 0; k < c.size(); ++k)
        one(k, c[k]);
      one(c.size(), t.arrow[0]);
    }
    return;
  }
  const Rule rule = static_cast<Rule>(facts.operandRule);
  if (rule == Rule::None)
    return;
  if (!t.to.empty()) {
    if (rule == Rule::Cast && c.size() == 1)
      one(0, c[0]);
    return;
  }
  if (!t.arrow.empty()) {
    if (rule == Rule::Dot) {
      if (c.size() == 2 && t.arrow.size() == 1 && operands >= 3) {
        one(0, c[0]);
        one(1, c[1]);
        one(2, t.arrow[0]);
      }
      return;
    }
    if (c.size() != 1 || t.arrow.size() != 1)
      return;
    if (rule == Rule::FirstBeforeArrow) {
      one(0, c[0]);
    } else if (rule == Rule::Join && operands == 2) {
      one(0, c[0]);
      one(1, c[0]);
    } else if (rule == Rule::IntoMemory && operands >= 2) {
      one(0, c[0]);
      one(1, t.arrow[0]);
    }
    return;
  }
  switch (rule) {
  case Rule::ReturnLike:
    if (c.size() == operands)
      all(c);
    break;
  case Rule::SameType:
    if (c.size() == 1)
      for (size_t k = 0; k < operands; ++k)
        one(k, c[0]);
    break;
  case Rule::Select:
    if (operands == 3 && c.size() == 1) { // (the condition i1, the tensor form writing both)
      one(0, "i1");
      one(1, c[0]);
      one(2, c[0]);
    } else if (operands == 3 && c.size() == 2) {
      one(0, c[0]);
      one(1, c[1]);
      one(2, c[1]);
    }
    break;
  case Rule::Load: // `tt.load %ptr, %mask, %other : P`
    if (c.size() == 1) {
      one(0, c[0]);
      if (operands >= 2)
        one(1, c[0], Derivation::Mask);
      if (operands >= 3)
        one(2, c[0], Derivation::Pointee);
    }
    break;
  case Rule::Store: // `tt.store %ptr, %value, %mask : P`
    if (c.size() == 1) {
      one(0, c[0]);
      if (operands >= 2)
        one(1, c[0], Derivation::Pointee);
      if (operands >= 3)
        one(2, c[0], Derivation::Mask);
    }
    break;
  case Rule::Addptr:
    if (c.size() == 2 && operands == 2)
      all(c);
    break;
  default:
    break;
  }
}

std::string normalisedTypeText(std::string_view type) {
  std::string s;
  s.reserve(type.size());
  for (char ch : type)
    if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r')
      s += ch;
  // `!tt.ptr<T,1>` -> `!tt.ptr<T>`: address space 1 is the default.
  for (size_t p = s.find("!tt.ptr<"); p != std::string::npos; p = s.find("!tt.ptr<", p + 1)) {
    // k: the '>' closing this pointer; depth: nesting at the last ','.
    int depth = 0, atComma = -1;
    size_t k = p + 7, comma = std::string::npos;
    for (; k < s.size(); ++k) {
      if (s[k] == '<') {
        ++depth;
      } else if (s[k] == '>') {
        if (--depth == 0)
          break;
      } else if (s[k] == ',') {
        comma = k;
        atComma = depth;
      }
    }
    if (k < s.size() && atComma == 1 && comma + 2 == k && s[comma + 1] == '1')
      s.erase(comma, 2);
  }
  return s;
}

namespace {

// The warps partition region `region` of the ttg.warp_specialize.partitions
// op `holder` runs with, from its warp_specialize's partitionNumWarps
// (`array<i32: 2, 1>`); 0 where that does not say.
int partitionWarps(const Module &m, int holder, int region) {
  const Operation &h = m.ops[size_t(holder)];
  const auto k = std::find(h.regions.begin(), h.regions.end(), region) - h.regions.begin();
  const int b = h.parentBlock;
  const int r = b >= 0 ? m.blocks[size_t(b)].parentRegion : -1;
  const int ws = r >= 0 ? m.regions[size_t(r)].parentOp : -1;
  if (ws < 0)
    return 0;
  const auto warps = m.ops[size_t(ws)].intArrayAttribute("partitionNumWarps");
  if (!warps || k >= ptrdiff_t(warps->size()) || (*warps)[size_t(k)] <= 0)
    return 0;
  return int((*warps)[size_t(k)]);
}

// What tt.dot's verifier refuses in `op`: A and B of other element widths;
// a layout on one of A and B only; A and B with layouts and C without; dot
// operands of other kWidths (not checked for a Hopper MMA parent). "" if none.
std::string dotProblem(const Module &m, const Operation &op) {
  if (op.operands.size() < 3)
    return {};
  for (int k = 0; k < 3; ++k)
    if (op.operands[size_t(k)] < 0 || !m.values[size_t(op.operands[size_t(k)])].type)
      return {};
  const SsaValue &a = m.values[size_t(op.operands[0])], &b = m.values[size_t(op.operands[1])],
                 &c = m.values[size_t(op.operands[2])];
  if (a.type->isMemDesc || b.type->isMemDesc)
    return {};
  auto bits = [](const SsaValue &v) {
    try {
      return parseElementType(v.type->elementType).bits;
    } catch (const std::exception &) {
      return 0;
    }
  };
  const int aBits = bits(a), bBits = bits(b);
  if (aBits > 0 && bBits > 0 && aBits != bBits)
    return "tt.dot: element types of operands A and B must have same bit width (" +
           a.type->elementType + " and " + b.type->elementType + ")";
  const bool aLayout = a.type->encoding != nullptr, bLayout = b.type->encoding != nullptr;
  if (!aLayout && !bLayout)
    return {};
  if (aLayout != bLayout)
    return "tt.dot: mismatching encoding between A and B operands (" +
           std::string(aLayout ? "B" : "A") + " has no layout)";
  if (!c.type->encoding)
    return "tt.dot: miss encoding of C operand";
  if (!a.encoding || !b.encoding)
    return {}; // a layout this tool does not model: not judged
  const auto *da = dynamic_cast<const DotOperandEncoding *>(a.encoding.get());
  const auto *db = dynamic_cast<const DotOperandEncoding *>(b.encoding.get());
  if (!da && !db)
    return {};
  if (const auto *mma = da ? dynamic_cast<const NvidiaMmaEncoding *>(da->parent.get()) : nullptr;
      mma && mma->versionMajor == 3)
    return {};
  if (!da || !db)
    return std::string("tt.dot: mismatching encoding between A and B operands (") +
           (da ? "B" : "A") + " is not a dot operand)";
  if (da->kWidth != db->kWidth)
    return "tt.dot: mismatching kWidth between A and B operands (" + std::to_string(da->kWidth) +
           " and " + std::to_string(db->kWidth) + ")";
  return {};
}

// "64, 48": a shape as MLIR's diagnostics print an array.
std::string listText(const std::vector<int64_t> &v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + std::to_string(v[i]);
  return out;
}

bool isPow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

// A memdesc's allocation shape: as written, else its shape.
const std::vector<int64_t> &allocOf(const TypeText &t) {
  return t.allocShape.empty() ? t.shape : t.allocShape;
}

// Whether a memdesc type says `mutable`.
bool isMutable(const TypeText &t) {
  for (const ValuePtr &v : t.trailing)
    if (v && v->kind == Value::Kind::Ident && v->text == "mutable")
      return true;
  return false;
}

// The layout's rank for the local ops' rank rule, or -1 when not built.
int layoutRank(const SsaValue &v) {
  return v.encoding ? v.encoding->rank() : -1;
}

// What ttg.local_alloc's, local_store's, local_load's and the cp.async
// copy's verifiers refuse, in Triton's words after the op's name: a memdesc
// that is not shared memory (alloc), a tensor whose rank is not the memdesc
// layout's, an alloc whose shape is not its alloc shape, an uninitialized
// alloc or a store or copy into immutable memory, and a tensor whose element
// type or shape is not the memdesc's. "" if none. The result of an op this
// tool does not know has a guessed type and is not judged.
// tt.make_range, tt.expand_dims and tt.reduce: what Triton 3.6's verifier and
// result-type inference refuse (the range's bounds and size; the axis against
// the operand's rank and slice layout; a reduction's result type).
std::string shapeOpProblem(const Module &m, const Operation &op) {
  auto typeOf = [&](int v) -> const SsaValue * {
    if (v < 0 || !m.values[size_t(v)].type)
      return nullptr;
    return &m.values[size_t(v)];
  };
  auto head = [&] { return "'" + op.name + "' op "; };
  if (equalsLiteral(op.name, "tt.func")) {
    // A function's blocks are not empty (said on entering the block, at the
    // function; a block's last op that is no terminator is said on leaving
    // it: the reader's firstTerminatorProblem).
    for (int r : op.regions)
      for (int b : m.regions[size_t(r)].blocks)
        if (m.blocks[size_t(b)].operations.empty())
          return "empty block: expect at least a terminator (tt.return) in " + op.name;
    return {};
  }
  if (equalsLiteral(op.name, "tt.gather")) {
    const std::optional<int64_t> axis = op.intAttribute("axis");
    const SsaValue *src = op.operands.empty() ? nullptr : typeOf(op.operands[0]);
    if (axis && src && (*axis < 0 || *axis >= int64_t(src->type->shape.size())))
      return head() + "gather dimension must be less than the input rank";
    return {};
  }
  if (equalsLiteral(op.name, "tt.make_range")) {
    const std::optional<int64_t> start = op.intAttribute("start"), end = op.intAttribute("end");
    if (!start || !end)
      return head() + "requires attribute '" + (start ? "end" : "start") + "'";
    if (*start >= *end)
      return head() + "start must be less than end (start = " + std::to_string(*start) +
             ", end = " + std::to_string(*end) + ")";
    const SsaValue *r = op.results.empty() ? nullptr : typeOf(op.results[0]);
    if (r && r->type->shape.size() == 1 && r->type->shape[0] != *end - *start)
      return head() + "number of elements in returned tensor, " +
             std::to_string(r->type->shape[0]) + ", must match size of range [" +
             std::to_string(*start) + ", " + std::to_string(*end) + "), which has " +
             std::to_string(*end - *start) + " elements";
    return {};
  }
  const bool expand = equalsLiteral(op.name, "tt.expand_dims");
  const bool reduce = equalsLiteral(op.name, "tt.reduce");
  if (!expand && !reduce)
    return {};
  const std::optional<int64_t> axis = op.intAttribute("axis");
  const SsaValue *src = op.operands.empty() ? nullptr : typeOf(op.operands[0]);
  const SsaValue *dst = op.results.empty() ? nullptr : typeOf(op.results[0]);
  if (!axis || !src || !dst || !src->encoding || src->type->isMemDesc)
    return {};
  const int64_t rank = int64_t(src->type->shape.size());
  if (expand) {
    if (*axis < 0 || *axis > rank)
      return head() + "axis " + std::to_string(*axis) + " is out of range for a rank-" +
             std::to_string(rank) + " operand";
    const auto *slice = dynamic_cast<const SliceEncoding *>(src->encoding.get());
    if (!slice || int64_t(slice->dim) != *axis)
      return "Incompatible slice dimension for ExpandDimsOp operand: axis " +
             std::to_string(*axis) + " needs an operand layout sliced along dim " +
             std::to_string(*axis);
    return {};
  }
  // tt.reduce: the result has the operand's shape without `axis` and the
  // layout #ttg.slice<{dim = axis, parent = operand's}> (a scalar for rank 1).
  if (*axis < 0 || *axis >= rank)
    return "slice dim=" + std::to_string(*axis) + " must be less than the parent rank=" +
           std::to_string(rank);
  if (rank == 1 || !dst->type || dst->type->isMemDesc)
    return {};
  std::vector<int64_t> shape = src->type->shape;
  shape.erase(shape.begin() + *axis);
  const auto *slice = dynamic_cast<const SliceEncoding *>(dst->encoding.get());
  const bool sameLayout =
      slice && int64_t(slice->dim) == *axis && slice->parent &&
      (slice->parent == src->encoding ||
       printEncoding(*slice->parent) == printEncoding(*src->encoding));
  if (dst->type->shape != shape || !sameLayout)
    return head() + "inferred type(s) are incompatible with return type(s) of operation: " +
           "reducing axis " + std::to_string(*axis) + " of " + std::string(src->typeText) +
           " gives shape " + listText(shape) + " with #ttg.slice<{dim = " +
           std::to_string(*axis) + ", parent = ...}> of its layout, not " +
           std::string(dst->typeText);
  return {};
}

// ttng.tmem_load's result, tmem_store's and tmem_alloc's source: a layout
// tcgen05.ld/st messages move to or from the TMEM layout (Triton 3.6's
// verifyTMEMOperand). "" if so, or where the types or layouts are not known
// (a tensor without a layout, a memdesc not in tensor memory).
// `seen`: the answers for the (tensor, memdesc) type texts met before in this
// module (a kernel moves the same tile many times).
std::string tmemOperandProblem(const Module &m, const Operation &op,
                               std::unordered_map<std::string, std::string> &seen) {
  int tensor = -1, memdesc = -1;
  const char *role = "source";
  if (op.name == "ttng.tmem_store" && op.operands.size() >= 2) {
    tensor = op.operands[0];
    memdesc = op.operands[1];
  } else if (op.name == "ttng.tmem_load" && !op.operands.empty() && !op.results.empty()) {
    tensor = op.results[0];
    memdesc = op.operands[0];
    role = "result";
  } else if (op.name == "ttng.tmem_alloc" && !op.operands.empty() && !op.results.empty()) {
    tensor = op.operands[0];
    memdesc = op.results[0];
  }
  if (tensor < 0 || memdesc < 0)
    return {};
  const SsaValue &t = m.values[size_t(tensor)], &d = m.values[size_t(memdesc)];
  for (const SsaValue *v : {&t, &d})
    if (v->definingOp >= 0 && m.ops[size_t(v->definingOp)].guessedResultTypes)
      return {};
  if (!t.type || t.type->isMemDesc || !t.encoding || !d.type || !d.type->isMemDesc || !d.encoding ||
      t.type->shape.size() != 2 || d.type->shape.size() != 2)
    return {};
  const bool scales = d.encoding->kind() == EncodingKind::TensorMemoryScales;
  if (d.encoding->kind() != EncodingKind::TensorMemory && !scales)
    return {};
  std::string key = std::string(t.typeText) + '\x1f' + std::string(d.typeText);
  auto it = seen.find(key);
  if (it == seen.end()) {
    std::string why;
    try {
      why = tmemLdStProblem(t.encoding->toLinearLayout(t.type->shape),
                            d.encoding->toLinearLayout(d.type->shape),
                            parseElementType(d.type->elementType, "element type").bits, scales);
    } catch (const std::exception &) {
      // a layout this tool cannot build: not judged here
    }
    it = seen.emplace(std::move(key), std::move(why)).first;
  }
  if (it->second.empty())
    return {};
  return "'" + op.name + "' op " + role + " layout is not TMEM compatible (" + it->second + ")";
}

std::string localOpProblem(const Module &m, const Operation &op) {
  // A value's type, unless it is a guess (the result of an op this tool does
  // not know, typed as its text suggests).
  auto typeOf = [&](int v) -> const TypeText * {
    if (v < 0 || !m.values[size_t(v)].type)
      return nullptr;
    const int def = m.values[size_t(v)].definingOp;
    if (def >= 0 && m.ops[size_t(def)].guessedResultTypes)
      return nullptr;
    return m.values[size_t(v)].type.get();
  };
  const std::string head = op.name + ": ";
  // verifySharedMemoryRank, then verifyMemoryOpTypes.
  auto rankAndTypes = [&](int tensor, int memdesc, bool tensorIsSource,
                          const char *role) -> std::string {
    const TypeText *t = typeOf(tensor), *d = typeOf(memdesc);
    if (!t || !d || t->isMemDesc || !d->isMemDesc)
      return {};
    const int r = layoutRank(m.values[size_t(memdesc)]);
    if (r >= 0 && int(t->shape.size()) != r)
      return head + role + " has rank " + std::to_string(t->shape.size()) +
             " but memdesc encoding has rank " + std::to_string(r);
    const TypeText &src = tensorIsSource ? *t : *d, &dst = tensorIsSource ? *d : *t;
    if (src.elementType != dst.elementType)
      return head + "source element type " + src.elementType +
             " must match destination element type " + dst.elementType;
    if (src.shape != dst.shape)
      return head + "source shape [" + listText(src.shape) + "] must match [destination shape " +
             listText(dst.shape) + "]";
    return {};
  };
  if (equalsLiteral(op.name, "ttg.local_alloc")) {
    const TypeText *d = op.results.empty() ? nullptr : typeOf(op.results[0]);
    if (!d || !d->isMemDesc)
      return {};
    const int src = op.operands.empty() ? -1 : op.operands[0];
    if (src >= 0)
      if (std::string why = rankAndTypes(src, op.results[0], true, "source");
          !why.empty() && why.find(" has rank ") != std::string::npos)
        return why;
    if (!d->allocShape.empty() && d->allocShape != d->shape)
      return head + "result shape and its alloc shape must match";
    if (op.operands.empty())
      return isMutable(*d) ? std::string()
                           : head + "uninitialized alloc must have a mutable memdesc type";
    return rankAndTypes(src, op.results[0], true, "source");
  }
  if (equalsLiteral(op.name, "ttg.local_store")) {
    if (op.operands.size() < 2)
      return {};
    const TypeText *d = typeOf(op.operands[1]);
    if (d && d->isMemDesc && !isMutable(*d))
      return head + "Cannot store into immutable memory";
    return rankAndTypes(op.operands[0], op.operands[1], true, "source");
  }
  if (equalsLiteral(op.name, "ttg.local_load")) {
    if (op.operands.empty() || op.results.empty())
      return {};
    return rankAndTypes(op.results[0], op.operands[0], false, "result");
  }
  if (equalsLiteral(op.name, "ttg.async_copy_global_to_local")) {
    const TypeText *d = op.operands.size() > 1 ? typeOf(op.operands[1]) : nullptr;
    if (d && d->isMemDesc && !isMutable(*d))
      return head + "Cannot store into immutable memory";
  }
  return {};
}

// ttg.memdesc_subslice's tile rules: offsets only where a dim is split, and
// there a multiple of the result's size; the source's layout of one CTA
// (block of size 1); and no split through the swizzle pattern (every
// power-of-two step of a split dim, from the result's size up, must land on
// a power-of-two offset of the source's layout). "" if none; a layout this
// tool cannot build is not judged.
// A view op's source and result, both memdescs (nullptr values otherwise).
std::pair<const SsaValue *, const SsaValue *> memdescView(const Module &m, const Operation &op) {
  if (op.operands.empty() || op.results.empty() || op.operands[0] < 0)
    return {nullptr, nullptr};
  const SsaValue &src = m.values[size_t(op.operands[0])], &dst = m.values[size_t(op.results[0])];
  if (!src.type || !dst.type || !src.type->isMemDesc || !dst.type->isMemDesc)
    return {nullptr, nullptr};
  return {&src, &dst};
}

std::string subsliceTileProblem(const Module &m, const Operation &op) {
  const auto [sv, dv] = memdescView(m, op);
  if (!sv)
    return {};
  const SsaValue &src = *sv;
  const TypeText &s = *sv->type, &d = *dv->type;
  const auto offsets = op.intArrayAttribute("offsets");
  if (!offsets || offsets->size() != s.shape.size() || d.shape.size() != s.shape.size())
    return {};
  std::vector<size_t> split;
  for (size_t i = 0; i < s.shape.size(); ++i)
    if (s.shape[i] != d.shape[i])
      split.push_back(i);
  if (split.empty())
    return {};
  const std::string head = op.name + ": ";
  for (size_t i = 0; i < offsets->size(); ++i) {
    const bool isSplit = std::find(split.begin(), split.end(), i) != split.end();
    if (!isSplit && (*offsets)[i] != 0)
      return head + "A non zero offset found in a dimension that is not being split";
    if (isSplit && d.shape[i] > 0 && ((*offsets)[i] & (d.shape[i] - 1)))
      return head + "The split offset may not touch the tile";
  }
  if (!src.encoding)
    return {};
  try {
    LinearLayout ll;
    if (const auto *pad = dynamic_cast<const PaddedSharedEncoding *>(src.encoding.get())) {
      if (pad->rank() < int(s.shape.size()))
        return head + "SubSlice of low rank PaddedSharedEncoding from higher rank tensors is not "
                      "supported yet";
      ll = pad->linearComponent;
    } else {
      const std::vector<int64_t> &alloc = allocOf(s);
      ll = src.encoding->toLinearLayout(
          Shape(alloc.end() - std::ptrdiff_t(s.shape.size()), alloc.end()));
    }
    if (ll.hasInDim("block") && ll.getInDimSize("block") != 1)
      return head + "non-trivial block dimension not supported";
    const LinearLayout inv = ll.invert();
    const auto outs = ll.getOutDimNames();
    for (size_t dim : split)
      for (int64_t size = std::max<int64_t>(1, d.shape[dim]); size < s.shape[dim]; size *= 2) {
        LinearLayout::DimSizes at;
        for (size_t k = 0; k < outs.size(); ++k)
          at.push_back({outs[k], k == dim ? int32_t(size) : 0});
        const auto o = inv.apply(at);
        if (o.empty() || !isPow2(o[0].second))
          return head + "We don't support splitting along the swizzling pattern";
      }
  } catch (const std::exception &) {
    return {};
  }
  return {};
}

// What ttg.memdesc_index's and ttg.memdesc_subslice's verifiers refuse: a
// view of another element type; an index whose result is not the source
// without its first dim (rank, then shape), or whose source or result has
// an alloc shape other than its shape. "" if none.
std::string memdescViewProblem(const Module &m, const Operation &op) {
  const auto [sv, dv] = memdescView(m, op);
  if (!sv)
    return {};
  const TypeText &s = *sv->type, &d = *dv->type;
  if (s.elementType != d.elementType)
    return op.name + ": the result's element type " + d.elementType + " is not the source's (" +
           s.elementType + ")";
  if (op.name == "ttg.memdesc_subslice") {
    // One offset per dim of the source.
    if (const auto offsets = op.intArrayAttribute("offsets")) {
      const size_t n = offsets->size();
      if (n != s.shape.size())
        return op.name + ": offsets must have the same rank as input (" + std::to_string(n) +
               " offsets, a source of rank " + std::to_string(s.shape.size()) + ")";
    }
    return {};
  }
  if (op.name != "ttg.memdesc_index")
    return {};
  if (d.shape.size() + 1 != s.shape.size())
    return op.name + ": result rank " + std::to_string(d.shape.size()) +
           " must be one less than the source's (" + std::to_string(s.shape.size()) + ")";
  if (!std::equal(d.shape.begin(), d.shape.end(), s.shape.begin() + 1))
    return op.name + ": result shape " + shapeText(d.shape) +
           " must be the source shape without its first dim (" + shapeText(s.shape) + ")";
  if ((!s.allocShape.empty() && s.allocShape != s.shape) ||
      (!d.allocShape.empty() && d.allocShape != d.shape))
    return op.name + ": alloc shape must match shape for both result and src";
  return {};
}

// What the verifiers of amdg.concat, amdg.extract_slice and
// amdg.in_thread_transpose refuse about types, shapes and layouts: concat's
// sources of different types, another element type or rank than the
// result, a result dim that is not a multiple of the source's, or another
// number of sources than the result needs; a slice of another element type
// or rank, or larger than its source; either with lanes or warps placed
// otherwise in the result than in the source; a transpose of a non-blocked
// or non-2-d input, to another shape or dtype, or to a layout other than
// the per-thread transpose of the input's. "" if none (which registers hold
// which element of a concat, and a slice's offsets, are not checked).
std::string amdTileProblem(const Module &m, const Operation &op) {
  if (op.operands.empty() || op.results.empty())
    return {};
  for (int v : op.operands)
    if (v < 0 || !m.values[size_t(v)].type || m.values[size_t(v)].type->isMemDesc)
      return {};
  const SsaValue &dst = m.values[size_t(op.results[0])];
  if (!dst.type || dst.type->isMemDesc)
    return {};
  const TypeText &d = *dst.type, &s = *m.values[size_t(op.operands[0])].type;
  // Both layouts place lanes and warps alike: their lane and warp bases
  // (Triton's linear layouts of the types) are equal. Unknown: not judged.
  auto laneWarpDiffer = [&](const SsaValue &a, const SsaValue &b) {
    if (!a.encoding || !b.encoding)
      return false;
    try {
      const LinearLayout la = a.encoding->toLinearLayout(a.type->shape);
      const LinearLayout lb = b.encoding->toLinearLayout(b.type->shape);
      auto of = [](const LinearLayout &l, const char *dim) {
        for (auto &[name, bases] : l.getBases())
          if (name == dim)
            return bases;
        return std::vector<LinearLayout::Basis>{};
      };
      return of(la, "lane") != of(lb, "lane") || of(la, "warp") != of(lb, "warp");
    } catch (const std::exception &) {
      return false;
    }
  };
  const char *laneWarp = ": Lane and warp dim basis must match between source and destination "
                         "layout.";
  if (op.name == "amdg.in_thread_transpose") {
    const SsaValue &src = m.values[size_t(op.operands[0])];
    if (src.encoding && src.encoding->kind() != EncodingKind::Blocked)
      return op.name + ": Expect input tensor in Blocked encoding";
    if (s.shape.size() != 2)
      return op.name + ": Expect 2d tensor";
    if (s.shape != d.shape)
      return op.name + ": Expect equal input and output shapes";
    if (s.elementType != d.elementType)
      return op.name + ": Expect input and output tensor to have same dtype";
    // The result is the operand's layout with each thread's tile transposed:
    // the tile's register bases (sizePerThread cut to the shape) run over the
    // dims in `order` with its two entries swapped; the tile's remaining
    // register bases are 0.
    const auto *blocked = dynamic_cast<const BlockedEncoding *>(src.encoding.get());
    if (blocked && dst.encoding && blocked->order.size() == 2 && blocked->sizePerThread.size() == 2) {
      try {
        const LinearLayout srcLL = blocked->toLinearLayout(s.shape);
        const LinearLayout dstLL = dst.encoding->toLinearLayout(d.shape);
        std::vector<unsigned> regOrder = blocked->order;
        std::swap(regOrder[0], regOrder[1]);
        std::vector<unsigned> spt(2);
        for (size_t d = 0; d < 2; ++d)
          spt[d] = unsigned(std::min<int64_t>(blocked->sizePerThread[d], s.shape[d]));
        // (identityStandardND's out dims run in regOrder: put back to dim0, dim1.)
        const std::vector<LinearLayout::Basis> tile = inDimBases(
            identityStandardND("register", spt, regOrder).transposeOuts(srcLL.getOutDimNames()),
            "register");
        const LinearLayout::Basis zero(2, 0);
        int fullTile = 0;
        for (unsigned x : blocked->sizePerThread)
          for (unsigned v = 1; v < x; v *= 2)
            ++fullTile;
        LinearLayout::BasesT bases = srcLL.getBases();
        for (auto &[inDim, list] : bases) {
          if (inDim != "register")
            continue;
          for (size_t k = 0; k < list.size() && k < size_t(fullTile); ++k)
            list[k] = k < tile.size() ? tile[k] : zero;
        }
        const LinearLayout expected(std::move(bases), srcLL.getOutDimNames());
        if (!(expected == dstLL))
          return op.name + ": Expect output layout to be transposed per thread";
      } catch (const std::exception &) {
      }
    }
    return {};
  }
  if (op.name == "amdg.extract_slice") {
    if (s.elementType != d.elementType)
      return "amdg.extract_slice: result element type must match source element type (" +
             d.elementType + " and " + s.elementType + ")";
    if (s.shape.size() != d.shape.size())
      return "amdg.extract_slice: result rank must be equal to source rank (" +
             std::to_string(d.shape.size()) + " and " + std::to_string(s.shape.size()) + ")";
    for (size_t k = 0; k < d.shape.size(); ++k)
      if (d.shape[k] > s.shape[k])
        return "amdg.extract_slice: result shape cannot exceed source shape at dimension " +
               std::to_string(k);
    if (laneWarpDiffer(m.values[size_t(op.operands[0])], dst))
      return op.name + laneWarp;
    return {};
  }
  // amdg.concat
  const std::string first = normalisedTypeText(m.values[size_t(op.operands[0])].typeText);
  for (int v : op.operands)
    if (normalisedTypeText(m.values[size_t(v)].typeText) != first &&
        m.values[size_t(v)].type.get() != &s)
      return "amdg.concat: All sources must have identical tensor types.";
  if (s.elementType != d.elementType)
    return "amdg.concat: Element types of sources and destination must match.";
  if (s.shape.size() != d.shape.size())
    return "amdg.concat: Source and destination tensors must have the same rank.";
  int64_t tiles = 1;
  for (size_t k = 0; k < d.shape.size(); ++k) {
    if (s.shape[k] <= 0 || d.shape[k] % s.shape[k] != 0)
      return "amdg.concat: Source and destination tensor shapes don't match.";
    tiles *= d.shape[k] / s.shape[k];
  }
  if (int64_t(op.operands.size()) != tiles)
    return "amdg.concat: Number of source tiles (" + std::to_string(op.operands.size()) +
           ") doesn't match required count (" + std::to_string(tiles) + ").";
  if (laneWarpDiffer(m.values[size_t(op.operands[0])], dst))
    return op.name + laneWarp;
  return {};
}

} // namespace

std::string memdescTypeProblem(const TypeText &t, const Encoding *enc, const AliasMap *aliases) {
  if (!t.isMemDesc)
    return {};
  const std::vector<int64_t> &shape = t.shape;
  if (shape.empty())
    return "rank 0 memdesc is not allowed";
  for (size_t i = 1; i < shape.size(); ++i)
    if (!isPow2(shape[i]))
      return "shape must have power-of-2 and non-zero dimensions; got " + listText(shape);
  if (shape.front() == 0)
    return "shape has 0 dimension";
  const std::vector<int64_t> &alloc = allocOf(t);
  if (alloc.size() < shape.size())
    return "alloc shape must have at least as many dimensions as shape";
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] > alloc[alloc.size() - shape.size() + i])
      return "shape must be less than or equal to allocShape. shape = " + listText(shape) +
             ", allocShape = " + listText(alloc);
  if (!enc) {
    // A memory space where the layout goes (`!ttg.memdesc<..., #smem, #smem>`).
    const Value *layout = t.encoding.get();
    if (layout && layout->kind == Value::Kind::AliasRef && aliases) {
      auto it = aliases->find(layout->text);
      layout = it != aliases->end() ? it->second.get() : nullptr;
    }
    if (layout && layout->kind == Value::Kind::Attr &&
        ((layout->dialect == "ttg" && layout->name == "shared_memory") ||
         (layout->dialect == "ttng" && layout->name == "tensor_memory")))
      return "#" + layout->dialect + "." + layout->name + " is not a valid encoding";
    // A shared layout that did not build (a rank-0 swizzled_shared): its
    // rank is its order's length.
    if (layout && layout->kind == Value::Kind::Attr && layout->name == "swizzled_shared")
      for (const auto &[key, v] : layout->entries)
        if (key == "order" && v && v->kind == Value::Kind::List) {
          const size_t rank = v->items.size();
          if (!(rank == shape.size() || rank + 1 == shape.size()))
            return "rank must be equal to or one less than the shape size. Got " +
                   std::to_string(rank) + " and " + std::to_string(shape.size());
        }
    return {};
  }
  // A memdesc holds a shared layout or tensor memory's; a register layout
  // (blocked, mma, ...) is refused, printed as Triton prints it.
  if (!enc->isShared() && enc->kind() != EncodingKind::TensorMemory &&
      enc->kind() != EncodingKind::TensorMemoryScales)
    return printEncoding(*enc, Syntax::Triton36) + " is not a valid encoding";
  if (!enc->isShared()) {
    // Tensor memory's layouts live in tensor memory.
    const Value *space = !t.trailing.empty() ? t.trailing[0].get() : nullptr;
    if (space && space->kind == Value::Kind::AliasRef && aliases) {
      auto it = aliases->find(space->text);
      space = it != aliases->end() ? it->second.get() : nullptr;
    }
    if (space && !(space->kind == Value::Kind::Attr && space->name == "tensor_memory"))
      return "memorySpace must be TensorMemorySpace";
    // Its rank, element width and allocation (MemDescType's verifier).
    if (const auto *tm = dynamic_cast<const TensorMemoryEncoding *>(enc)) {
      try {
        const std::vector<int64_t> &alloc = allocOf(t);
        tm->verifyMemDesc(Shape(alloc.begin(), alloc.end()), parseElementType(t.elementType).bits);
      } catch (const Error &e) {
        return e.rule();
      }
    }
    return {};
  }
  // The memory space: the first trailing attribute, an alias resolved.
  if (!t.trailing.empty() && t.trailing[0]) {
    const Value *space = t.trailing[0].get();
    if (space->kind == Value::Kind::AliasRef && aliases) {
      auto it = aliases->find(space->text);
      if (it != aliases->end() && it->second)
        space = it->second.get();
    }
    if (space->kind == Value::Kind::Attr &&
        !((space->dialect == "ttg" || space->dialect == "triton_gpu") &&
          space->name == "shared_memory"))
      return "memorySpace must be SharedMemorySpace for shared encoding. Got " +
             attributeSyntaxText(*space, aliases);
    if (space->kind == Value::Kind::Ident) // a type (`f32`) as the memory space
      return "memorySpace must be SharedMemorySpace for shared encoding. Got " + space->text;
  }
  const int rank = enc->rank();
  if (!(rank == int(shape.size()) || rank == int(shape.size()) - 1))
    return "rank must be equal to or one less than the shape size. Got " + std::to_string(rank) +
           " and " + std::to_string(shape.size());
  // The layouts that carry their own shape: it must be the allocation's
  // (padded_shared: without a leading pipelining dim; shared_linear: its
  // last dims).
  const LinearLayout *ll = nullptr;
  std::vector<int64_t> expected;
  if (const auto *pad = dynamic_cast<const PaddedSharedEncoding *>(enc)) {
    ll = &pad->linearComponent;
    expected = alloc;
    if (rank == int(alloc.size()) - 1)
      expected.erase(expected.begin());
  } else if (const auto *lin = dynamic_cast<const SharedLinearEncoding *>(enc)) {
    ll = &lin->layout;
    expected.assign(alloc.end() - std::min<std::ptrdiff_t>(rank, std::ptrdiff_t(alloc.size())),
                    alloc.end());
  }
  if (ll) {
    const auto outs = ll->getOutDimNames();
    for (size_t d = 0; d < outs.size() && d < expected.size(); ++d) {
      const int64_t got = ll->getOutDimSize(outs[d]);
      if (got != expected[d])
        return "Mismatch in expected shape for dimension " + std::to_string(d) +
               ". Expected: " + std::to_string(expected[d]) + ", got: " + std::to_string(got);
    }
  }
  return {};
}

namespace {
// Whether a tensor's encoding (an alias followed to what it names) is
// #ttg.shared_memory, a memory space: no layout, which Triton's verifier
// refuses as a non-distributed one. (#ttng.tensor_memory, of another
// dialect, it lets pass.)
bool isSharedMemorySpace(const Value *enc, const Module &m) {
  for (int depth = 0; enc && enc->kind == Value::Kind::AliasRef && depth < 8; ++depth) {
    if (!m.aliases)
      return false;
    const auto a = m.aliases->find(enc->text);
    enc = a == m.aliases->end() ? nullptr : a->second.get();
  }
  return enc && isMemorySpaceAttr(*enc) && enc->name == "shared_memory";
}

} // namespace

std::optional<LayoutMismatch> firstLayoutMismatch(const Module &m, bool moduleWritten) {
  struct Counts {
    int rank = 0, lanes = 0, warps = 0, ctas = 0;
    bool ok = false;
  };
  // Few distinct layouts: a short list, searched from the last one found.
  std::vector<std::pair<const Encoding *, Counts>> seen;
  const int lanes = m.threadsPerWarp.value_or(32);
  const int ctas = m.numCTAs.value_or(1);
  // The warps an op runs with: its function's `ttg.num-warps` if it has one,
  // else the module's; a warp_specialize partition's num_warps(N) (0 where
  // that is not written: not checked) and -1 where none says.
  std::vector<int> warpsOfParent(m.ops.size(), -2); // by the op holding the region; -2: not yet
  auto warpsAt = [&](int op) {
    std::vector<int> path;
    int w = m.numWarps ? *m.numWarps : -1;
    for (int o = op; o >= 0;) {
      const int b = m.ops[size_t(o)].parentBlock;
      const int reg = b >= 0 ? m.blocks[size_t(b)].parentRegion : -1;
      const int parent = reg >= 0 ? m.regions[size_t(reg)].parentOp : -1;
      if (parent < 0)
        break;
      if (warpsOfParent[size_t(parent)] != -2) {
        w = warpsOfParent[size_t(parent)];
        break;
      }
      const Operation &p = m.ops[size_t(parent)];
      if (p.name == "ttg.warp_specialize.partitions") {
        // Partition k runs num_warps(N): the k-th of its warp_specialize's
        // partitionNumWarps (0, not checked, where that is not written).
        w = partitionWarps(m, parent, reg);
        break;
      }
      path.push_back(parent);
      if (p.name == "tt.func" || p.name == "func.func") {
        if (auto n = p.intAttribute("ttg.num-warps")) {
          w = int(*n);
          break;
        }
      }
      // A module nested in the file's module, with warps of its own (as
      // Triton looks them up: the nearest function or module that says).
      if (p.name == "module" || p.name == "builtin.module") {
        auto n = p.intAttribute("ttg.num-warps");
        if (!n)
          n = p.intAttribute("triton_gpu.num-warps");
        if (n) {
          w = int(*n);
          break;
        }
      }
      o = parent;
    }
    for (int p : path)
      warpsOfParent[size_t(p)] = w;
    return w;
  };
  const char *tail = " (Triton 3.6 rejects the module)";
  // Values found fine already: 1 for their layout, 2 for their size too. A
  // value's uses run in the warps of its definition (functions and
  // warp_specialize partitions are isolated from above).
  std::vector<uint8_t> passed(m.values.size(), 0);
  int opWarps = -3; // the current op's warps, found on first need
  // Why value `value`, an operand or a result of op `opIndex` (`what`),
  // makes Triton's verifier reject the op, or "".
  auto problem = [&](int opIndex, int value, const auto &what,
                     bool sizeChecked) -> std::string {
    const SsaValue &v = m.values[size_t(value)];
    if (!v.type || v.type->isMemDesc || v.isTensorDesc || passed[size_t(value)] > sizeChecked)
      return {};
    passed[size_t(value)] = std::max<uint8_t>(passed[size_t(value)], sizeChecked ? 2 : 1);
    if (sizeChecked) { // the tt dialect's tensor size check
      // A product of positive numbers is a power of two exactly when each is.
      // (No elements at all is accepted: Triton tests n & (n - 1).)
      bool pow2 = true, empty = false;
      for (int64_t d : v.type->shape) {
        pow2 = pow2 && (d <= 0 || (d & (d - 1)) == 0);
        empty = empty || d == 0;
      }
      pow2 = pow2 || empty;
      if (!pow2)
        return what() + " has shape " + shapeText(v.type->shape) +
               ", whose number of elements is not a power of two" + tail;
    }
    if (v.encoding ? v.encoding->isShared() || v.encoding->isTensorMemory()
                   : isSharedMemorySpace(v.type->encoding.get(), m))
      return what() +
             " has an invalid layout: Non-distributed layout is not allowed in tensor type" + tail;
    if (!moduleWritten)
      return {}; // (a module written without `module attributes` says no warps)
    if (!v.encoding) {
      if (const auto rank = mmaWarpsRank(v.type->encoding.get(), m.aliases.get());
          rank && size_t(*rank) != v.type->shape.size())
        return what() + " has an invalid layout: it has rank " + std::to_string(*rank) +
               ", but the tensor it is attached to has rank " +
               std::to_string(v.type->shape.size()) + tail;
      return {};
    }
    size_t k = 0;
    while (k < seen.size() && seen[k].first != v.encoding.get())
      ++k;
    const bool fresh = k == seen.size();
    if (fresh)
      seen.emplace_back(v.encoding.get(), Counts{});
    Counts &c = seen[k].second;
    if (fresh) {
      try {
        c = {v.encoding->rank(), v.encoding->warpSize(), v.encoding->numWarps(),
             v.encoding->numCTAs(), true};
      } catch (const std::exception &) {
        c.ok = false; // a layout this tool cannot size: said where it is used
      }
    }
    if (!c.ok)
      return {};
    auto head = [&]() { return what() + " has an invalid layout: it has "; };
    if (size_t(c.rank) != v.type->shape.size())
      return head() + "rank " + std::to_string(c.rank) +
             ", but the tensor it is attached to has rank " +
             std::to_string(v.type->shape.size()) + tail;
    if (c.lanes != lanes)
      return head() + std::to_string(c.lanes) + " threads per warp, but the module specifies " +
             std::to_string(lanes) + " threads per warp" + tail;
    if (opWarps == -3)
      opWarps = warpsAt(opIndex);
    const int warps = opWarps;
    if (warps < 0)
      return what() + " has a layout, but neither its function nor the module has "
                      "ttg.num-warps: the number of warps per CTA is unknown" +
             tail;
    if (warps > 0 && c.warps != warps)
      return head() + std::to_string(c.warps) + " warps per CTA, but its context requires " +
             std::to_string(warps) + " warps per CTA" + tail;
    if (c.ctas != ctas)
      return head() + std::to_string(c.ctas) + " CTAs per CGA, but the module requires " +
             std::to_string(ctas) + " CTAs per CGA" + tail;
    return {};
  };
  std::unordered_map<std::string, std::string> tmemSeen;
  // Triton 3.6 verifies the operands and results of its own dialects' ops, an
  // op's before the ops nested in it (an arith.constant or an amdg op with
  // any layout is accepted; a tt op using it is not).
  for (size_t i = 0; i < m.ops.size(); ++i) {
    const Operation &op = m.ops[i];
    if (op.implicit)
      continue;
    if (equalsLiteral(op.name, "amdg.concat") || equalsLiteral(op.name, "amdg.extract_slice") ||
        equalsLiteral(op.name, "amdg.in_thread_transpose"))
      if (std::string why = amdTileProblem(m, op); !why.empty())
        return LayoutMismatch{int(i), -1, why + tail};
    const bool tt = startsWithLiteral(op.name, "tt.");
    if (!tt && !startsWithLiteral(op.name, "ttg.") && !startsWithLiteral(op.name, "ttng."))
      continue;
    opWarps = -3;
    for (size_t k = 0; k < op.operands.size(); ++k) {
      const int v = op.operands[k];
      if (v < 0)
        continue;
      std::string why = problem(int(i), v, [&] {
        return "operand " + std::to_string(k) + " (" + m.values[size_t(v)].name + ") of " +
               op.name;
      }, tt);
      if (!why.empty())
        return LayoutMismatch{int(i), v, std::move(why)};
    }
    for (int v : op.results) {
      std::string why = problem(int(i), v, [&] {
        const ir::SsaValue &r = m.values[size_t(v)];
        return "result " + (r.name.empty() ? std::to_string(r.resultIndex) + " (unnamed)" : r.name) +
               " of " + op.name;
      }, tt);
      if (!why.empty())
        return LayoutMismatch{int(i), v, std::move(why)};
    }
    if (equalsLiteral(op.name, "tt.make_range") || equalsLiteral(op.name, "tt.expand_dims") ||
        equalsLiteral(op.name, "tt.reduce") || equalsLiteral(op.name, "tt.return") ||
        equalsLiteral(op.name, "tt.reduce.return") || equalsLiteral(op.name, "tt.scan.return") ||
        equalsLiteral(op.name, "scf.yield") ||
        equalsLiteral(op.name, "tt.func") || equalsLiteral(op.name, "tt.gather"))
      if (std::string why = shapeOpProblem(m, op); !why.empty())
        return LayoutMismatch{int(i), -1, why + tail};
    if (equalsLiteral(op.name, "tt.dot"))
      if (std::string why = dotProblem(m, op); !why.empty())
        return LayoutMismatch{int(i), -1, why + tail};
    if (equalsLiteral(op.name, "ttg.memdesc_index") || equalsLiteral(op.name, "ttg.memdesc_subslice"))
      if (std::string why = memdescViewProblem(m, op); !why.empty())
        return LayoutMismatch{int(i), -1, why + tail};
    if (equalsLiteral(op.name, "ttg.memdesc_subslice"))
      if (std::string why = subsliceTileProblem(m, op); !why.empty())
        return LayoutMismatch{int(i), -1, why + tail};
    if (startsWithLiteral(op.name, "ttg.local_") ||
        equalsLiteral(op.name, "ttg.async_copy_global_to_local"))
      if (std::string why = localOpProblem(m, op); !why.empty())
        return LayoutMismatch{int(i), -1, why + tail};
    if (startsWithLiteral(op.name, "ttng.tmem_"))
      if (std::string why = tmemOperandProblem(m, op, tmemSeen); !why.empty())
        return LayoutMismatch{int(i), -1, why + tail};
  }
  return std::nullopt;
}

} // namespace ls::ir

namespace ls::ir {

std::optional<LayoutMismatch> firstYieldCountMismatch(const Module &m) {
  for (size_t i = 0; i < m.ops.size(); ++i) {
    const Operation &op = m.ops[i];
    const bool isFor = op.name == "scf.for", isIf = op.name == "scf.if";
    if (!isFor && !isIf)
      continue;
    // (Results written without names are not counted here: not judged.)
    const size_t needs = op.results.size();
    if (needs == 0)
      continue;
    for (size_t k = 0; k < op.regions.size(); ++k) {
      const Region &r = m.regions[size_t(op.regions[k])];
      if (r.blocks.empty())
        continue;
      const Block &b = m.blocks[size_t(r.blocks.back())];
      if (b.operations.empty())
        continue;
      const Operation &y = m.ops[size_t(b.operations.back())];
      if (y.name != "scf.yield" || y.operands.size() == needs)
        continue;
      // MLIR's RegionBranchOpInterface verifier, in its words.
      const std::string edge = isFor ? "from Region #0 to Region #0"
                                     : "from Region #" + std::to_string(k) + " to parent results";
      return LayoutMismatch{static_cast<int>(i), -1,
                            "'" + op.name + "' op region control flow edge " + edge + ": source has " +
                                std::to_string(y.operands.size()) +
                                " operands, but target successor needs " + std::to_string(needs)};
    }
  }
  return std::nullopt;
}

} // namespace ls::ir

namespace ls::ir {

// The element type's text of a tensor or vector type's text (`f16` of
// `tensor<4x8xf16, #b>`); a type that is neither is its own element type.
// `start`/`end` receive where it is written.
std::string_view elementTypeText(std::string_view t, size_t &start, size_t &end) {
  if (t.rfind("tensor<", 0) != 0 && t.rfind("vector<", 0) != 0) {
    start = 0;
    end = t.size();
    return t;
  }
  size_t p = 7;
  for (;;) {
    size_t q = p;
    while (q < t.size() && isAsciiDigit(t[q]))
      ++q;
    if (q > p && q < t.size() && t[q] == 'x')
      p = q + 1;
    else
      break;
  }
  int depth = 0;
  size_t e = p;
  for (; e < t.size(); ++e) {
    if (t[e] == '<')
      ++depth;
    else if (t[e] == '>' && depth-- == 0)
      break;
    else if (t[e] == ',' && depth == 0)
      break;
  }
  start = p;
  end = e;
  return t.substr(p, e - p);
}


std::string_view elementTypeText(std::string_view t) {
  size_t b = 0, e = 0;
  return trimAsciiSpace(elementTypeText(t, b, e));
}

ElementClass elementClass(std::string_view type) {
  const std::string_view e = elementTypeText(type);
  if (e.rfind("!tt.ptr<", 0) == 0)
    return ElementClass::Pointer;
  if (e == "index")
    return ElementClass::Index;
  if (e.size() > 1 && e[0] == 'i' && isAsciiDigit(e[1]))
    return ElementClass::SignlessInteger;
  if ((e.size() > 2 && (e[0] == 's' || e[0] == 'u') && e[1] == 'i' && isAsciiDigit(e[2])))
    return ElementClass::SignedInteger;
  if ((e.size() > 1 && e[0] == 'f' && isAsciiDigit(e[1])) || e == "bf16" || e == "tf32")
    return ElementClass::Float;
  return ElementClass::Other;
}

} // namespace ls::ir

namespace ls::ir {

namespace {

// An op's operand type constraint as its verifier says it.
struct OperandConstraint {
  std::string_view op;
  int operand;
  std::string_view description;
};

bool satisfies(std::string_view description, ElementClass c) {
  if (description == "floating-point-like" ||
      description == "floating-point or ranked tensor of floating-point values")
    return c == ElementClass::Float;
  if (description == "signless-integer-like")
    return c == ElementClass::SignlessInteger || c == ElementClass::Index;
  if (description == "signless-fixed-width-integer-like")
    return c == ElementClass::SignlessInteger;
  if (description == "integer or ranked tensor of integer values")
    return c == ElementClass::SignlessInteger || c == ElementClass::SignedInteger;
  if (description == "ptr or ranked tensor of ptr values")
    return c == ElementClass::Pointer;
  return true;
}

const std::vector<OperandConstraint> &operandConstraints() {
  static const std::vector<OperandConstraint> table = [] {
    std::vector<OperandConstraint> t;
    for (std::string_view op :
         {"arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf", "arith.maximumf",
          "arith.minimumf", "arith.maxnumf", "arith.minnumf", "arith.negf", "arith.extf",
          "arith.truncf", "arith.fptosi", "arith.fptoui", "math.exp", "math.exp2", "math.log",
          "math.log2", "math.sqrt", "math.rsqrt", "math.sin", "math.cos", "math.tanh", "math.erf",
          "math.floor", "math.ceil", "math.absf", "math.fma", "math.trunc", "math.round"})
      t.push_back({op, 0, "floating-point-like"});
    for (std::string_view op :
         {"arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui", "arith.remsi",
          "arith.remui", "arith.andi", "arith.ori", "arith.xori", "arith.shli", "arith.shrsi",
          "arith.shrui", "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui",
          "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi"})
      t.push_back({op, 0, "signless-integer-like"});
    for (std::string_view op :
         {"arith.sitofp", "arith.uitofp", "arith.trunci", "arith.extsi", "arith.extui"})
      t.push_back({op, 0, "signless-fixed-width-integer-like"});
    for (std::string_view op : {"tt.fp_to_fp", "tt.precise_sqrt", "tt.precise_divf"})
      t.push_back({op, 0, "floating-point or ranked tensor of floating-point values"});
    t.push_back({"tt.mulhiui", 0, "integer or ranked tensor of integer values"});
    t.push_back({"tt.addptr", 1, "integer or ranked tensor of integer values"});
    t.push_back({"tt.atomic_rmw", 0, "ptr or ranked tensor of ptr values"});
    t.push_back({"tt.atomic_cas", 0, "ptr or ranked tensor of ptr values"});
    t.push_back({"ttng.async_tma_gather", 0,
                 "Tensor descriptor type (`::mlir::triton::TensorDescType`) in Triton IR type system"});
    // The shared-memory ops' memory descriptor operand.
    static constexpr std::string_view kMemDesc =
        "memory descriptor type (`::mlir::triton::gpu::MemDescType`) in Triton IR type system";
    for (std::string_view op : {"ttg.local_load", "ttg.local_dealloc", "ttg.memdesc_index",
                                "ttg.memdesc_subslice", "ttg.memdesc_trans", "ttg.memdesc_reshape"})
      t.push_back({op, 0, kMemDesc});
    t.push_back({"ttg.local_store", 1, kMemDesc});
    t.push_back({"ttg.async_copy_global_to_local", 1, kMemDesc});
    std::sort(t.begin(), t.end(),
              [](const OperandConstraint &a, const OperandConstraint &b) { return a.op < b.op; });
    return t;
  }();
  return table;
}

// The constraint on an op of that name, or nullptr (one hash lookup).
const OperandConstraint *constraintOf(std::string_view name) {
  static const std::unordered_map<std::string_view, const OperandConstraint *, TextHash> index = [] {
    std::unordered_map<std::string_view, const OperandConstraint *, TextHash> m;
    for (const OperandConstraint &c : operandConstraints())
      m.emplace(c.op, &c);
    return m;
  }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

} // namespace

// tcgen05's operand kinds and the accumulators each allows (Triton 3.6's
// TCGen5MMA verifier: i8 stands for float4 there, so it is of the f8f6f4 kind).
struct MmaV5Kind {
  const char *kind;
  std::vector<std::string> accumulators;
};
std::optional<MmaV5Kind> mmaV5Kind(const std::string &t) {
  if (t == "f32")
    return MmaV5Kind{"tf32", {"f32"}};
  if (t == "f16")
    return MmaV5Kind{"f16", {"f16", "f32"}};
  if (t == "bf16")
    return MmaV5Kind{"f16", {"f32"}};
  if (t == "f8E4M3FN" || t == "f8E5M2" || t == "i8")
    return MmaV5Kind{"f8f6f4", {"f16", "f32"}};
  return std::nullopt;
}

// The element types of a tcgen05 MMA's A, B and D: "" where not a memdesc.
std::optional<std::string> mmaV5DtypeProblem(const Module &m, const Operation &op) {
  if (op.operands.size() < 3)
    return std::nullopt;
  std::string e[3];
  for (int k = 0; k < 3; ++k) {
    const int v = op.operands[size_t(k)];
    if (v < 0 || !m.values[size_t(v)].type || !m.values[size_t(v)].type->isMemDesc)
      return std::nullopt;
    e[k] = m.values[size_t(v)].type->elementType;
  }
  const std::optional<MmaV5Kind> a = mmaV5Kind(e[0]), b = mmaV5Kind(e[1]);
  if (!a)
    return "unsupported LHS operand dtype: '" + e[0] + "'";
  if (!b)
    return "unsupported RHS operand dtype: '" + e[1] + "'";
  if (std::string_view(a->kind) != b->kind)
    return std::string("LHS and RHS operand dtypes kinds don't match: LHS kind is ") + a->kind +
           " but RHS kind is " + b->kind;
  auto allows = [&](const MmaV5Kind &k) {
    return std::find(k.accumulators.begin(), k.accumulators.end(), e[2]) != k.accumulators.end();
  };
  if (!allows(*a) || !allows(*b)) {
    std::string list;
    for (const std::string &t : a->accumulators)
      list += (list.empty() ? "'" : ", '") + t + "'";
    return "unsupported accumulator dtype for operand types '" + e[0] + "' and '" + e[1] +
           "', accumulator dtype is '" + e[2] + "' but must be one of [" + list + "]";
  }
  return std::nullopt;
}

std::optional<LayoutMismatch> firstOperandTypeViolation(const Module &m) {
  for (size_t i = 0; i < m.ops.size(); ++i) {
    const Operation &op = m.ops[i];
    if (op.name == "ttng.tc_gen5_mma" || op.name == "ttng.tc_gen5_mma_scaled")
      if (std::optional<std::string> why = mmaV5DtypeProblem(m, op))
        return LayoutMismatch{static_cast<int>(i), -1, "'" + op.name + "' op " + *why};
    // wgmma: fp8 operands accumulate in f32 only with maxNumImpreciseAcc >= 32
    // (absent: 0); A in registers: as many elements per 32 bits as kWidth.
    if (op.name == "ttng.warp_group_dot" && !op.operands.empty() && op.operands[0] >= 0) {
      const SsaValue &a = m.values[size_t(op.operands[0])];
      const SsaValue *d = op.results.empty() ? nullptr : &m.values[size_t(op.results[0])];
      if (a.type && d && d->type && d->type->elementType == "f32" &&
          (a.type->elementType == "f8E5M2" || a.type->elementType == "f8E4M3FN") &&
          op.intAttribute("maxNumImpreciseAcc").value_or(0) < 32)
        return LayoutMismatch{static_cast<int>(i), -1,
                              "'ttng.warp_group_dot' op Cannot use F32 as the accumulator element type "
                              "when the max_num_imprecise_acc is less than 32"};
      if (a.type && !a.type->isMemDesc && a.encoding)
        if (const auto *dot = dynamic_cast<const DotOperandEncoding *>(a.encoding.get())) {
          try {
            const int bits = parseElementType(a.type->elementType).bits;
            if (bits > 0 && bits <= 32 && dot->kWidth != unsigned(32 / bits))
              return LayoutMismatch{static_cast<int>(i), -1,
                                    "'ttng.warp_group_dot' op in-register LHS operand must have a "
                                    "kWidth of " + std::to_string(32 / bits) + " but got " +
                                        std::to_string(dot->kWidth)};
          } catch (const Error &) {
          }
        }
    }
    // (ttng's own verifiers: a cluster arrive says whether it is relaxed; a
    // barrier op's barrier is one i64 in shared memory.)
    if (op.name == "ttng.cluster_arrive" && !op.generic && !op.hasAttribute("relaxed"))
      return LayoutMismatch{static_cast<int>(i), -1,
                            "'ttng.cluster_arrive' op requires attribute 'relaxed'"};
    if (op.name == "ttng.tmem_subslice" && !op.hasAttribute("N"))
      return LayoutMismatch{static_cast<int>(i), -1,
                            "'ttng.tmem_subslice' op requires attribute 'N'"};
    // Tensor memory written must be mutable.
    auto immutable = [&](int v) {
      if (v < 0)
        return false;
      const std::string_view t = m.values[size_t(v)].typeText;
      return t.rfind("!ttg.memdesc<", 0) == 0 && t.find("mutable") == std::string_view::npos;
    };
    if (op.name == "ttng.tmem_alloc" && op.operands.empty() && !op.results.empty() &&
        immutable(op.results[0]))
      return LayoutMismatch{static_cast<int>(i), -1,
                            "'ttng.tmem_alloc' op uninitialized alloc must have a mutable memdesc "
                            "type"};
    if (op.name == "ttng.tmem_store" && op.operands.size() >= 2 && immutable(op.operands[1]))
      return LayoutMismatch{static_cast<int>(i), -1,
                            "'ttng.tmem_store' op Cannot store into an immutable alloc"};
    if (op.name == "ttng.tmem_copy" && op.operands.size() >= 2 && immutable(op.operands[1]))
      return LayoutMismatch{static_cast<int>(i), -1,
                            "'ttng.tmem_copy' op Cannot copy into an immutable alloc"};
    if (op.operands.empty())
      continue;
    if (barrierOp(op.name) && op.operands[0] >= 0) {
      const std::string t = normalisedTypeText(m.values[size_t(op.operands[0])].typeText);
      if (t.rfind("!ttg.memdesc<", 0) == 0 && t.rfind("!ttg.memdesc<1xi64,", 0) != 0)
        return LayoutMismatch{static_cast<int>(i), op.operands[0],
                              "'" + op.name +
                                  "' op barrier allocation must be a descriptor of 1xi64 type"};
    }
    if (const OperandConstraint *found = constraintOf(op.name)) {
      const OperandConstraint &c = *found;
      if (size_t(c.operand) >= op.operands.size())
        continue;
      const int v = op.operands[size_t(c.operand)];
      if (v < 0)
        continue;
      const std::string_view type = m.values[size_t(v)].typeText;
      // (a type alias or an unread type: not judged here)
      if (type.empty() || (type[0] == '!' && type.rfind("!tt.", 0) != 0))
        continue;
      const bool ok = c.description.rfind("Tensor descriptor type", 0) == 0
                          ? type.rfind("!tt.tensordesc<", 0) == 0
                      : c.description.rfind("memory descriptor type", 0) == 0
                          ? type.rfind("!ttg.memdesc<", 0) == 0 ||
                                type.rfind("!triton_gpu.memdesc<", 0) == 0
                          : satisfies(c.description, elementClass(type));
      if (!ok)
        return LayoutMismatch{static_cast<int>(i), v,
                              "'" + op.name + "' op operand #" + std::to_string(c.operand) +
                                  " must be " + std::string(c.description) + ", but got '" + std::string(type) +
                                  "'"};
    }
  }
  return std::nullopt;
}

} // namespace ls::ir

namespace ls::ir {

std::optional<LayoutMismatch> firstWarpSpecializeProblem(const Module &m) {
  auto typeOf = [&](int v) -> std::string {
    return v >= 0 ? normalisedTypeText(m.values[size_t(v)].typeText) : std::string();
  };
  for (size_t i = 0; i < m.ops.size(); ++i) {
    const Operation &op = m.ops[i];
    if (op.name != "ttg.warp_specialize")
      continue;
    auto problem = [&](int at, std::string what) {
      return LayoutMismatch{at, -1, "'" + m.ops[size_t(at)].name + "' op " + std::move(what)};
    };
    // Not inside another one's regions.
    for (int b = op.parentBlock, guard = 0; b >= 0 && guard < 4096; ++guard) {
      const int r = m.blocks[size_t(b)].parentRegion;
      const int p = r >= 0 ? m.regions[size_t(r)].parentOp : -1;
      if (p < 0)
        break;
      const std::string &pn = m.ops[size_t(p)].name;
      if (pn == "ttg.warp_specialize" || pn == "ttg.warp_specialize.partitions")
        return problem(int(i), "cannot be nested inside another `ttg.warp_specialize` op");
      b = m.ops[size_t(p)].parentBlock;
    }
    // The partitions' arguments are the captures, in number and type.
    if (op.regions.size() >= 2) {
      const Region &holder = m.regions[size_t(op.regions[1])];
      // The second region holds the partitions op, and that only.
      if (holder.blocks.size() == 1) {
        const std::vector<int> &held = m.blocks[size_t(holder.blocks[0])].operations;
        if (held.size() != 1 || m.ops[size_t(held[0])].name != "ttg.warp_specialize.partitions")
          return problem(int(i),
                         "expected to find only a `ttg.warp_specialize.partitions` op inside "
                         "its second region");
      }
      if (!holder.blocks.empty() && !m.blocks[size_t(holder.blocks[0])].operations.empty()) {
        const int partsIdx = m.blocks[size_t(holder.blocks[0])].operations[0];
        const Operation &parts = m.ops[size_t(partsIdx)];
        // One partitionNumWarps entry per partition.
        if (const std::optional<std::vector<int64_t>> warps =
                op.intArrayAttribute("partitionNumWarps");
            warps && warps->size() != parts.regions.size())
          return problem(int(i), "has " + std::to_string(parts.regions.size()) +
                                     " partitions but `partitionNumWarps` has " +
                                     std::to_string(warps->size()) + " elements");
        // A partition's region has a block (`partition0() num_warps(2) {}`
        // has none).
        for (size_t k = 0; k < parts.regions.size(); ++k) {
          const Region &pr = m.regions[size_t(parts.regions[k])];
          const bool empty = pr.blocks.empty() ||
                             (pr.blocks.size() == 1 && m.blocks[size_t(pr.blocks[0])].operations.empty() &&
                              m.blocks[size_t(pr.blocks[0])].arguments.empty() &&
                              m.blocks[size_t(pr.blocks[0])].label.empty());
          if (empty)
            return problem(partsIdx, "region #" + std::to_string(k) +
                                         " ('partitionRegions') failed to verify constraint: region "
                                         "with at least 1 blocks");
        }
        // One warp group start ID per partition, where they are given.
        if (const std::optional<std::string> ids = op.attribute("warpGroupStartIds")) {
          size_t n = 0;
          const size_t colon = ids->find(':');
          if (colon != std::string::npos)
            for (size_t k = colon + 1; k < ids->size(); ++k)
              if (isAsciiDigit((*ids)[k]) && (k == colon + 1 || !isAsciiDigit((*ids)[k - 1])))
                ++n;
          if (n != parts.regions.size())
            return problem(int(i), "has " + std::to_string(n) + " warp group start IDs but expected " +
                                       std::to_string(parts.regions.size()));
        }
        for (size_t k = 0; k < parts.regions.size(); ++k) {
          const Region &pr = m.regions[size_t(parts.regions[k])];
          if (pr.blocks.empty())
            continue;
          const std::vector<int> &args = m.blocks[size_t(pr.blocks[0])].arguments;
          if (args.size() != op.operands.size())
            return problem(int(i), "partition region #" + std::to_string(k) + " has " +
                                       std::to_string(args.size()) + " arguments but expected " +
                                       std::to_string(op.operands.size()));
          for (size_t a = 0; a < args.size(); ++a) {
            const std::string want = typeOf(op.operands[a]), got = typeOf(args[a]);
            if (!want.empty() && !got.empty() && want != got)
              return problem(int(i), "partition region #" + std::to_string(k) + " argument #" +
                                         std::to_string(a) + " has type '" +
                                         std::string(m.values[size_t(args[a])].typeText) +
                                         "' but corresponding capture has type '" +
                                         std::string(m.values[size_t(op.operands[a])].typeText) +
                                         "'");
          }
        }
      }
    }
    // The default region yields the op's results (when they are named).
    if (!op.results.empty() && !op.regions.empty()) {
      const Region &def = m.regions[size_t(op.regions[0])];
      if (!def.blocks.empty() && !m.blocks[size_t(def.blocks.back())].operations.empty()) {
        const int y = m.blocks[size_t(def.blocks.back())].operations.back();
        const Operation &yield = m.ops[size_t(y)];
        if (yield.name == "ttg.warp_yield") {
          if (yield.operands.size() != op.results.size())
            return problem(y, "has " + std::to_string(yield.operands.size()) +
                                  " operands but parent op expected " +
                                  std::to_string(op.results.size()));
          for (size_t a = 0; a < yield.operands.size(); ++a) {
            const std::string want = typeOf(op.results[a]), got = typeOf(yield.operands[a]);
            if (!want.empty() && !got.empty() && want != got)
              return problem(y, "operand #" + std::to_string(a) + " has type '" +
                                    std::string(m.values[size_t(yield.operands[a])].typeText) +
                                    "' but parent op expected '" +
                                    std::string(m.values[size_t(op.results[a])].typeText) + "'");
          }
        }
      }
    }
  }
  return std::nullopt;
}

} // namespace ls::ir
