// EncodingSchema: what the parameter form of each encoding looks like.
//
// The attribute text is the source of truth of a design. A form shows the
// text's fields, one editor per key, each made for its kind of value (powers
// of two get a doubling spin box, an order gets a list of permutations, a
// version a choice), and composes new text from them; core's parser then
// accepts it or names the field and the rule it breaks. So the schema only
// knows the *shape* of each attribute, never its meaning. The fields (keys,
// kinds, optional, defaults, choices, ranges, tips) are core's
// encodings/encoding_params, the one declaration the readers and printers
// use too; this file adds only presentation (titles, which editor a kind of
// value gets, the CTA layout shown last):
//
//   blocked:   sizePerThread [pow2 per dim], threadsPerWarp [...], warpsPerCTA
//              [...], order (permutation), CGALayout (bases, optional)
//   slice:     dim, parent (a nested form)
//   ...
//   tensor_memory_encoding: blockM (64 | 128), blockN (pow2 <= 512),
//              colStride (1 | 2 | 4), CTASplitM/N (pow2, default 1), twoCTAs
//
// Tensor-memory kinds are written in the #ttng dialect without braces
// (`#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>`)
// and are designed as the registers of a TMEM access (the design form adds
// the access choice; it is not part of the attribute).
//
// Field values travel as text: a list "1, 4" (no brackets), a number "4",
// "true"/"false", bases "[[0, 1], [0, 2]]", a parent's whole attribute, the
// padded intervals "32:+4, 64:+8". An empty value is an absent optional field.
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>
#include <vector>

#include "encodings/encoding.h"
#include "encodings/encoding_params.h"

namespace ls::ui {

enum class FieldType {
  Pow2List,    // one power of two per dim
  IntList,     // one integer per dim
  Permutation, // an order
  Pow2,        // one power of two
  Int,         // one integer
  Bool,
  Choice,    // one of `choices`
  Bases,     // a list of basis vectors
  Parent,    // a nested distributed attribute
  Intervals, // padded_shared's "interval:+padding" list
};

struct FieldSpec {
  QString key;
  QString label;
  FieldType type = FieldType::Int;
  bool optional = false;
  QStringList choices;
  QString tip;
  int minimum = 0;
  int maximum = 1 << 20;
  // The value an absent key means; a field holding it is left out of the
  // composed text (Triton does not print it either). "" = none.
  QString defaultValue;
  ls::Placement placement = ls::Placement::Body; // where the composed text puts it
};

struct KindSpec {
  ls::EncodingKind kind;
  QString mnemonic; // "blocked"
  QString title;    // "Blocked (distributed)"
  bool shared = false;
  std::vector<FieldSpec> fields;
  bool tensorMemory = false; // #ttng.<mnemonic><key = value, ...>
};

using FieldValues = QMap<QString, QString>;

// The kinds the application designs.
const std::vector<KindSpec> &kindSpecs();
const KindSpec *kindSpec(ls::EncodingKind kind);
const KindSpec *kindSpec(const QString &mnemonic);

// Field values of an encoding, read from its canonical text.
FieldValues readFields(const ls::Encoding &enc);
// Attribute text from field values (not validated: core's parser decides).
QString composeAttribute(const KindSpec &spec, const FieldValues &values);

// What a new design of a kind starts from: sensible parameters for the
// current rank, warps and lanes (e.g. blocked spreads the lanes over the
// last two dims; MMA kinds put the warps on dim0).
struct DefaultContext {
  int rank = 2;
  int numWarps = 4;
  int threadsPerWarp = 32;
  int elementBits = 16;
  ls::Shape shape = {64, 64};
  // The current design's layout (for "linear" and "shared_linear", which
  // start from the bases the design already has), or nullptr.
  const ls::LinearLayout *current = nullptr;
};
QString defaultAttribute(ls::EncodingKind kind, const DefaultContext &ctx);

// All permutations of 0..rank-1 as "1, 0" texts, the default order first
// (rank <= 5; larger ranks return just the default).
QStringList permutationTexts(int rank);

} // namespace ls::ui
