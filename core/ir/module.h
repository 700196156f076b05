// A TTGIR/MLIR module as read from text: operations, SSA values, blocks and
// regions, with the source position of each.
//
// The shape is MLIR's: an Operation has operands (values), results (values),
// an attribute dictionary and regions; a Region holds Blocks; a Block has
// arguments (values) and a list of operations. Everything lives in the
// Module's arenas and refers to everything else by index, so a Module can be
// copied and moved freely and an index stays valid for the module's life:
//
//   %0 = tt.load %p : tensor<128x!tt.ptr<f16>, #blocked>   // ops[5]
//        values[9] = %0: definingOp 5, type tensor<128xf16, #blocked>
//        values[3] = %p: uses {op 5, operand 0}
//
// The SSA value class is called SsaValue because ir::Value already names a
// node of the attribute syntax tree (notation/mlir/attr_syntax.h).
//
// Invariants: values[v].definingOp >= 0 xor values[v].ownerBlock >= 0;
// every use {op, k} has ops[op].operands[k] == v.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "encodings/encoding.h"
#include "ir/location.h"
#include "notation/mlir/attr_syntax.h"
#include "notation/mlir/layout_parser.h"
#include "util/source_text.h"

namespace ls::ir {

struct Use {
  int op = -1;      // the using operation
  int operand = -1; // which operand of it
};

struct SsaValue {
  std::string name;     // as written: "%0", "%acc_38#1", "%arg0"
  // The type as written ("tensor<128xf32, #blocked>"); "" if none printed.
  // Views one of Module::typeTexts (valid while any copy of the module lives).
  std::string_view typeText;
  // The parsed type when it is a tensor<>, !ttg.memdesc<> or !tt.tensordesc<tensor<>>
  // (shared by every value of the same type text; null otherwise).
  std::shared_ptr<const TypeText> type;
  bool isTensorDesc = false; // !tt.tensordesc<...>; `type` is the inner tensor
  EncodingPtr encoding;      // the layout of `type`, aliases resolved; null if none/unknown
  int definingOp = -1;       // the op whose result this is, or -1
  int resultIndex = -1;      // which result of definingOp
  int ownerBlock = -1;       // the block whose argument this is, or -1
  int argIndex = -1;         // which argument of ownerBlock
  std::vector<Use> uses;     // in source order
  SourcePos pos;             // where it is defined
  Location loc;              // block arguments' loc(...), if written

  bool isBlockArgument() const { return ownerBlock >= 0; }
  // The shape of a tensor/memdesc/tensordesc type (empty if none).
  const Shape &shape() const; // the type's; empty without a parsed type
};

struct Operation {
  std::string name;     // "tt.load", "scf.for", "tt.reduce"
  bool generic = false; // written as "name"(...) : (...) -> ...
  // Not written in the text: a terminator MLIR's printer elides (scf.yield)
  // or the holder of ttg.warp_specialize's partition regions.
  bool implicit = false;
  // A name of a dialect whose ops Triton 3.6 has in full that it does not
  // have (a misspelling, or an op of a newer Triton): listed as unknown.
  bool unknownToTriton36 = false;
  // The reader guessed its result types (no syntax known for this name).
  bool guessedResultTypes = false;
  std::vector<int> operands; // value indices
  std::vector<int> results;  // value indices
  // The attribute dictionary: `<{...}>` properties and `{...}` attributes,
  // in source order, each key with its value's text ("16 : i32", "array<i32: 1, 0>").
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string attributeText; // the dictionaries as written, joined by " "
  std::vector<int> regions;  // region indices
  int parentBlock = -1;      // -1 for a module op
  SourcePos pos;             // where the op starts (its first result or its name)
  int endLine = 0;           // the last line of the op (its closing line if it has regions)
  Location loc;              // resolved trailing loc(...)

  bool hasAttribute(const std::string &key) const;
  std::optional<std::string> attribute(const std::string &key) const;
  // `axis = 1 : i32` -> 1; nullopt if absent or not an integer.
  std::optional<int64_t> intAttribute(const std::string &key) const;
  // `ttg.target = "cuda:90"` -> cuda:90; nullopt if absent or not a string.
  std::optional<std::string> stringAttribute(const std::string &key) const;
  // `offsets = array<i32: 0, 32>` -> {0, 32} (`array<i32>` -> {}); nullopt if
  // absent or not an integer array.
  std::optional<std::vector<int64_t>> intArrayAttribute(const std::string &key) const;
};

struct Block {
  std::string label;           // "^bb0", or "" for an entry block without one
  std::vector<int> arguments;  // value indices
  std::vector<int> operations; // op indices, in order
  int parentRegion = -1;
};

struct Region {
  std::vector<int> blocks;
  int parentOp = -1;
};

// A `#name = #dialect.attr<...>` definition whose attribute is a layout.
struct LayoutAlias {
  std::string name; // without '#'
  EncodingPtr encoding;
  int line = 0;
};

class Module {
public:
  // Module attributes (`module attributes {...}`), with their usual spellings
  // and the legacy triton_gpu. prefix read the same.
  std::optional<int> numWarps, threadsPerWarp, numCTAs, shared, totalNumWarps;
  std::string target;  // "cuda:90", "hip:gfx942"; "" if absent
  std::string symName; // `module @name`, if written

  int moduleOp = -1; // the builtin.module operation in ops
  std::vector<Operation> ops;
  std::vector<SsaValue> values;
  std::vector<Block> blocks;
  std::vector<Region> regions;

  // Every distinct type text of the file, once (shared by its modules and
  // their copies): what SsaValue::typeText views.
  std::shared_ptr<const std::deque<std::string>> typeTexts;

  // Every attribute alias of the file (shared by its modules) and the layout ones.
  std::shared_ptr<const AliasMap> aliases;
  std::vector<LayoutAlias> layoutAliases;

  // The body operations of the module in walk order (pre-order, regions
  // included), i.e. every op but the module op itself.
  std::vector<int> walk() const;
  // The first op that starts on a 1-based source line, or -1.
  int opAtLine(int line) const;
  // The value named `%name` visible at top level of the first function, or any
  // value of that name (first definition) - for tests and the CLI.
  int findValue(const std::string &name) const;
};

} // namespace ls::ir
