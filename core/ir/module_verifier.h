// What Triton 3.6's MLIR parser and verifier reject in a module that the
// reader would otherwise read: the checks the reader applies as it reads.
//
//   - an op name must name a dialect (`tt.load`; a bare `hello` is "custom op
//     'hello' is unknown"), except builtin's `module` and, inside `func.func`,
//     the func dialect's own short names;
//   - an operand's type, where the op's syntax states it, must be the type
//     its value was defined with ("use of value '%x' expects different type
//     than prior uses");
//   - every result of a tt/ttg/ttng op with a distributed layout must have
//     the module's threads per warp, warps per CTA and CTAs per CGA ("Result
//     has an invalid layout").
//
// And which op names Triton 3.6 registers in the dialects it defines or
// loads in full (tt, ttg, ttng, amdg, scf, arith, math, cf, ub, nvws, nvg,
// tti, gluon), so that a misspelt op of those dialects is listed as unknown
// rather than taken for a known one. The lists were read from Triton 3.6's
// own library on the GPU machine (every op name it accepts in generic form).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/module.h"

namespace ls::ir {

// What the reader needs to know of an op name (computed once per distinct
// name: the reader keeps them).
struct OpNameFacts {
  // Its dialect is one whose ops this tool knows in full (tt, ttg, ttng,
  // amdg, scf, arith, math, cf, ub, nvws, nvg, tti, gluon).
  bool fullyKnownDialect = false;
  // Triton 3.6 has it (true of every name outside those dialects: nothing
  // is said about them).
  bool registered = true;
  // A name of scf/arith/math/cf/ub that no MLIR has ("arith.addd").
  bool unknownUpstream = false;
  unsigned char operandRule = 0; // how its syntax states operand types
  // The results it always defines (-1: it depends on the op as written, or
  // is not known); set by the module reader.
  signed char fixedResults = -1;
  // operandsBeforeTypes of its name (opNameFacts finds it once per name).
  signed char operandsBefore = 0;
};
OpNameFacts opNameFacts(std::string_view name);

// The op of Triton 3.6 whose name is nearest `name` in its dialect (two
// edits at most: "tt.laod" -> "tt.load"), or "".
std::string closestTriton36OpName(std::string_view name);
// `name` is dialect.op and the dialect is none that Triton 3.6 loads nor one
// of MLIR's own ("arth.muli", "t.splat"): Triton 3.6 rejects the op
// ("Dialect `arth' not found for custom op").
bool dialectNotInTriton36(std::string_view name);
// The op of Triton 3.6 of the same op name in a dialect two edits from the
// name's at most ("arth.muli" -> "arith.muli"), or "".
std::string closestTriton36OpOfOtherDialect(std::string_view name);

// The custom syntax of an op, where this tool knows it: its types go on with
// `-> R` (`%x : T -> R`, `A * B -> C`), with `to R` (casts); its operands come
// right after its name (arith's binary ops, math.*, not cmpi/cmpf's
// predicate); one type per operand (scf.yield, tt.return).
bool typesNeedArrow(const OpNameFacts &facts);
// The op's syntax ends with its `: T...` types: a `->` after them is not its
// (the arith and math ops, scf.yield and the returns, select, load, store, addptr).
bool typesRefuseArrow(const OpNameFacts &facts);
// The op's syntax reads one type after its ':' (the arith and math ops, load,
// store, casts, `T -> R` ops): a ',' after it ends the op.
bool singleColonType(const OpNameFacts &facts);
// How many operands the op's syntax writes (comma-separated) before its
// `: T` (arith's binary ops 2, select 3, tt.dot 3, ...); 0: not known here.
int operandsBeforeTypes(const OpNameFacts &facts, std::string_view name);
bool typesNeedTo(const OpNameFacts &facts);
bool operandsComeFirst(const OpNameFacts &facts, std::string_view name);
bool oneTypePerOperand(const OpNameFacts &facts);
// Its operands and types are written as one of the forms above.
bool knownOperandSyntax(const OpNameFacts &facts);
// Its types are parsed as any type, so written in full: the short form of a
// dialect's own type (`<f16>` for `!tt.ptr<f16>`) is refused.
bool shortTypesRefused(const OpNameFacts &facts, std::string_view name);

// True if Triton 3.6 registers `name` ("ttg.convert_layout"), or if `name`'s
// dialect is not one whose ops this tool knows in full. False for a name of a
// fully known dialect that Triton 3.6 does not have ("ttg.convert_layuot").
bool knownToTriton36(std::string_view name);

// `v` is one of Triton's memory spaces, #ttg.shared_memory or
// #ttng.tensor_memory (either dialect's old name too): an attribute, no layout.
bool isMemorySpaceAttr(const Value &v);
// The rank an nvidia_mma, amd_mfma or amd_wmma layout has to Triton 3.6's
// verifiers (aliases followed): the length of its warpsPerCTA (0 for an AMD
// one without it, which Triton's parser leaves empty); nullopt for any other
// layout. For the layouts this tool does not build, whose rank is refused
// only where a tensor or a slice uses them.
std::optional<int> mmaWarpsRank(const Value *layout, const AliasMap *aliases);

// A bare (dialect-less) op name the parser accepts: `module` anywhere;
// `return`, `call`, `call_indirect`, `constant` inside func.func (`insideFunc`).
bool bareOpNameAccepted(std::string_view name, bool insideFunc);

// Where an op's syntax states its operands' types. `colon` holds the types
// after its last ':' (`: T1, T2`), `arrow` those after '->', `to` the type
// after `to`, `fnInputs` the inputs of a functional type `(T1, T2) -> R`.
// Appends, for each operand whose type the syntax of that op gives, its
// index and the stated type - as written, or derived from it: a tt.load's
// `other` and a tt.store's value have the pointee type of the pointers, their
// masks the same shape and layout of i1; arith.select's condition is i1; the
// TMA copies, tc_gen5_mma and tt.dot_scaled state theirs in their own order.
// Operands it does not type are left out (the ops whose types depend on
// keywords in their text - amdg's buffer ops, cp.async's mask and other -
// are typed by the reader).
struct StatedTypes {
  const std::vector<std::string_view> &colon;
  const std::vector<std::string_view> &arrow;
  std::string_view to;
  const std::vector<std::string_view> &fnInputs;
};
// Pointee: a pointer (tensor)'s pointee; Mask: the same shape and layout of
// i1; Offsets: of i32; PointerToElement: `!tt.ptr<E>` of the element type.
enum class Derivation { AsWritten, Pointee, Mask, Offsets, PointerToElement };
struct StatedType {
  size_t operand;
  std::string_view type;
  Derivation how = Derivation::AsWritten;
};
void statedOperandTypes(const OpNameFacts &facts, std::string_view opName, bool generic,
                        size_t operands, const StatedTypes &types, std::vector<StatedType> &out);

// The element type's text of a tensor or vector type's text (`f16` of
// `tensor<4x8xf16, #b>`); a type that is neither is its own element type.
// The first form also says where it is written (`start`, `end`).
std::string_view elementTypeText(std::string_view type, size_t &start, size_t &end);
std::string_view elementTypeText(std::string_view type);

// What an element type is, for the ops' type constraints.
enum class ElementClass { Float, SignlessInteger, SignedInteger, Index, Pointer, Other };
ElementClass elementClass(std::string_view type);

// The text of a type with what MLIR prints the same way normalised: no
// spaces, and `!tt.ptr<T, 1>` (address space 1, the default) as `!tt.ptr<T>`.
std::string normalisedTypeText(std::string_view type);

// What Triton 3.6's memdesc type verifier refuses of `t` (a parsed
// `!ttg.memdesc<...>`), in its words, "" if nothing: rank 0; a dim after the
// first that is not a positive power of two, or a first dim of 0; an alloc
// shape of lower rank than the shape, or smaller than it; and, for a shared
// layout, a memory space other than #ttg.shared_memory, a layout rank other
// than the shape's or one less, or (padded_shared, shared_linear) a layout
// of another shape than the allocation. `enc` is the built layout (nullptr:
// not built, its checks skipped); `aliases` resolves the memory space.
std::string memdescTypeProblem(const TypeText &t, const Encoding *enc, const AliasMap *aliases);

// The first operand or result of a tt, ttg or ttng op of `m` (ops in the
// order they are written; Triton 3.6 does not verify other dialects' ops)
// that Triton's verifier rejects: a distributed layout whose rank differs
// from its tensor's, or whose threads per warp (default 32), warps per CTA
// (the op's warp_specialize partition's num_warps(N), else its function's
// `ttg.num-warps`, else the module's) or CTAs per CGA (default 1) differ from
// the op's context; or (tt ops) a tensor whose number of elements is not a
// power of two; or what tt.dot's, ttg.local_alloc/local_load/local_store's,
// ttg.async_copy_global_to_local's and ttg.memdesc_index/subslice's own
// verifiers refuse. The op, the value (-1: the op itself) and why.
struct LayoutMismatch {
  int op = -1;
  int value = -1;
  std::string message;
  // Where MLIR's verifier comes to this problem when that is not the op's
  // name: a block's missing terminator is found on leaving the block, after
  // everything nested in its last op (npos: at the op's name). In 64ths of a
  // character offset, so that an inner block left at the same op comes first.
  size_t order = std::string::npos;
};
// moduleWritten false (ops without a `module` around them): the layouts'
// counts are not checked (nothing says the warps), the rest is.
std::optional<LayoutMismatch> firstLayoutMismatch(const Module &m, bool moduleWritten = true);

// The first scf.for or scf.if whose regions yield another number of values
// than it has results (an scf.for's yield also feeds its iter_args), with
// MLIR's message ("'scf.for' op region control flow edge from Region #0 to
// Region #0: source has 0 operands, but target successor needs 4").
std::optional<LayoutMismatch> firstYieldCountMismatch(const Module &m);

// The first op whose operand breaks the op's type constraint, in its
// verifier's words ("'arith.addf' op operand #0 must be floating-point-like,
// but got 'tensor<128xi32, #b>'"): arith's float and integer ops and casts,
// math's float ops, tt.fp_to_fp / precise_sqrt / precise_divf (floats),
// tt.mulhiui and tt.addptr's offset (integers), the atomics' pointers.
std::optional<LayoutMismatch> firstOperandTypeViolation(const Module &m);

// The first ttg.warp_specialize its verifier refuses: nested in another; a
// partition whose arguments are not the captures (in number and type); a
// default region that does not yield the op's named results.
std::optional<LayoutMismatch> firstWarpSpecializeProblem(const Module &m);

} // namespace ls::ir
