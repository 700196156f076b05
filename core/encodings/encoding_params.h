// EncodingParams: each Triton 3.6 encoding's fields, declared once.
//
// This is the analogue of Triton's TableGen (.td) parameter lists: one table
// says, for every encoding, its dialect and mnemonic, and for every field the
// key Triton prints, the kind of value, whether it may be absent, what an
// absent field means (and whether Triton then leaves it out when printing),
// the Gluon keyword that carries it, a one-line tip and its range rules. The
// readers, printers, exports and the parameter forms read the table instead
// of keeping their own lists:
//
//   notation/mlir/layout_parser    unknown and missing keys, defaults, ranges
//   notation/mlir/layout_printer   field order, fields left out at their default
//   notation/gluon/gluon_reader    constructor signatures, Gluon argument names
//   notation/gluon/gluon_printer   keyword names and their order
//   codegen/cpp_export             the builder's name and argument order
//   widgets/forms/encoding_schema  the form's fields, kinds, defaults and tips
//
// The per-encoding rules that relate fields to each other (products, powers
// of two, Triton's verifier messages) stay in each encoding's validate().
//
// Example: blocked's fields in print order are sizePerThread, threadsPerWarp,
// warpsPerCTA, order (required) and CGALayout (optional, default [] = one
// CTA, left out when default), so
//   #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4],
//                 warpsPerCTA = [4, 1], order = [1, 0]}>
// is the whole text of a single-CTA blocked layout.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "encodings/encoding.h"

namespace ls {

// The kind of value a field holds, as the text writes it.
enum class ValueKind {
  Int,         // one integer (minimum..maximum)
  Pow2,        // one power of two (minimum..maximum)
  Bool,        // true / false
  Choice,      // one of `choices`
  UIntList,    // one integer per dim: [16, 8]
  Pow2List,    // one power of two per dim: [1, 4]
  Permutation, // an order: a permutation of 0..rank-1
  Bases,       // a list of basis vectors: [[0, 1], [1, 0]]
  Cga,         // the CTA layout: CGALayout = [[...]] (legacy: the CTAsPerCGA triple)
  Parent,      // a nested distributed layout attribute
  Intervals,   // padded_shared's [interval:+padding, ...]
};

// Where in the attribute text a field stands.
enum class Placement {
  Body,       // inside <{...}> (or <...> for the #ttng kinds)
  Positional, // before the braces: padded_shared<[32:+4] {...}>
  AfterBody,  // after the braces: shared_linear<{...}, alignment = 16>
};

struct FieldParam {
  std::string key; // as Triton prints it: "sizePerThread"
  ValueKind kind = ValueKind::Int;
  // The reader accepts the text without it.
  bool optional = false;
  // What an absent field means, written as the text writes it ("32",
  // "false", "[16, 16, 16]", "[]"). For a per-dim list a single number means
  // that number in every dim ("1": tilesPerWarp of all ones). "" = none.
  std::string defaultText;
  // Triton 3.6 leaves the field out of the text when it holds its default.
  bool omittedAtDefault = false;
  // The Gluon constructor argument that carries the field ("" = none).
  std::string gluon;
  std::string tip;
  std::vector<std::string> choices; // Choice: the accepted values
  int64_t minimum = 0;
  int64_t maximum = int64_t{1} << 20;
  // 0: always used. 1, 2: alternative forms; a text uses the fields of one
  // (padded_shared: order + shape, or offset + block).
  int group = 0;
  Placement placement = Placement::Body;

  bool perDim() const {
    return kind == ValueKind::UIntList || kind == ValueKind::Pow2List ||
           kind == ValueKind::Permutation;
  }
  // True if `text` (as the printer writes it: "32", "[1, 1]") is the
  // default. A per-dim default of one number matches a list of only it.
  bool isDefault(std::string_view text) const;
};

// One argument of the Gluon 3.6 constructor, in its positional order.
struct GluonArg {
  std::string name;
  bool required = false;
  // Gluon's default where the attribute needs the field but Gluon may omit
  // it (SharedLinearLayout's alignment 16); "" = none.
  std::string defaultText = {};
  // How an argument that carries several fields is written
  // ("[major, minor]", "(M, N)"); "" for an argument of one field.
  std::string tupleText = {};
};

// One argument of the Triton C++ builder `<cppBuilder>::get(ctx, ...)` after
// ctx: the field it takes ("" = the LinearLayout made of the bases fields)
// and the /*name=*/ comment written before it ("" = none).
struct CppArg {
  std::string key;
  std::string comment;
};

struct EncodingParams {
  EncodingKind kind;
  std::string dialect;  // "ttg", "ttng"
  std::string mnemonic; // "blocked"
  bool braces = true;   // <{...}>; the #ttng kinds write <key = value, ...>
  bool shared = false;
  std::vector<FieldParam> fields; // in the order Triton 3.6 prints them
  // Keys older Triton wrote that the reader still accepts; never printed in
  // 3.6 text (CTAsPerCGA/CTASplitNum/CTAOrder, amd_mfma's versionMajor, ...).
  std::vector<std::string> legacyKeys;
  std::string gluonClass; // "" = none in Gluon 3.6
  std::vector<GluonArg> gluonArgs;
  std::string cppBuilder; // "BlockedEncodingAttr"; "" = none
  std::vector<CppArg> cppArgs;
  // Triton 3.6's parser of this attribute skips keys it does not know (the
  // reader warns); otherwise an unknown key is refused.
  bool unknownKeysIgnored = false;

  // "#ttg.blocked"
  std::string attrName() const { return "#" + dialect + "." + mnemonic; }
  const FieldParam *field(std::string_view key) const;
  // Requires: the table has `key` (a programming error otherwise).
  const FieldParam &at(std::string_view key) const;
  // The keys a text may hold at `placement` (fields of group 0 and `group`,
  // or of every group if group < 0), then the legacy keys for Body.
  std::vector<std::string> acceptedKeys(Placement placement, int group = -1) const;
};

// Every encoding, in EncodingKind order.
const std::vector<EncodingParams> &allEncodingParams();
const EncodingParams &encodingParams(EncodingKind kind);
// By mnemonic ("blocked"), or nullptr.
const EncodingParams *findEncodingParams(std::string_view mnemonic);
// By Gluon class name ("BlockedLayout"), or nullptr.
const EncodingParams *findGluonClass(std::string_view gluonClass);
// The Gluon argument name of an attribute key, searched over every encoding
// (the same key has the same Gluon name everywhere); "" if none.
std::string gluonNameOfKey(std::string_view key);

} // namespace ls
