// A small syntax tree for MLIR attribute text as Triton IR writes layouts.
//
//   #ttg.blocked<{sizePerThread = [1, 4], ..., order = [1, 0]}>
//   #ttg.slice<{dim = 1, parent = #blocked}>
//   #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
//   #ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 64]}>
//
// The parser only knows the grammar; which keys an encoding takes, and what
// they mean, is decided by the encoding builders (notation/mlir/layout_parser.cpp).
// Every node remembers its byte offset so messages can point at it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ls::ir {

struct Value;
using ValuePtr = std::shared_ptr<Value>;

struct Value {
  enum class Kind {
    Integer,  // 42, -1
    Bool,     // true, false
    List,     // [v, v, ...]
    Attr,     // #dialect.name<...> or #dialect.name
    AliasRef, // #name (resolved against TTGIR aliases)
    Ident,    // a bare word, e.g. `mutable`, or an element type
    String,   // "text"
    Interval, // 32:+4 (padded_shared)
    Dict,     // {key = v, ...} as a field's value (Triton main's WMMA ctaLayout)
  };
  Kind kind = Kind::Integer;
  size_t offset = 0;
  int64_t integer = 0;         // Integer, Bool (0/1), Interval (the interval)
  int64_t padding = 0;         // Interval only
  std::string text;            // Ident, String, AliasRef (name without '#')
  std::vector<ValuePtr> items; // List

  // Attr
  std::string dialect;                                        // "ttg", "triton_gpu", "ttng", ...
  std::string name;                                           // "blocked", ...
  bool hasBody = false;                                       // written with <...>
  std::vector<ValuePtr> positional;                           // body values outside the dict
  std::vector<std::pair<std::string, ValuePtr>> entries;      // key = value, in order
  std::vector<std::pair<std::string, ValuePtr>> extraEntries; // after the dict (", key = v")
};

// A parsed `tensor<...>` or `!ttg.memdesc<...>` type.
struct TypeText {
  bool isMemDesc = false;
  bool isTensorDesc = false; // the block type of a !tt.tensordesc<tensor<...>>
  std::vector<int64_t> shape;
  std::string elementType;
  ValuePtr encoding;               // the layout attribute (or alias ref)
  std::vector<ValuePtr> trailing;  // memory space, `mutable`, alloc shape ...
  std::vector<int64_t> allocShape; // memdesc only, if given
};

} // namespace ls::ir
