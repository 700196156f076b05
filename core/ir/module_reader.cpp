#include "ir/module_reader.h"

#include <cctype>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <deque>
#include <functional>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "encodings/blocked.h"
#include "encodings/dot_operand.h"
#include "encodings/encoding_params.h"
#include "encodings/linear.h"
#include "encodings/nvidia_mma.h"
#include "encodings/nvmma_shared.h"
#include "encodings/shared_linear.h"
#include "ir/module_verifier.h"
#include "ir/op_lexer.h"
#include "ir/type_printer.h"
#include "notation/mlir/attr_syntax_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/ascii.h"
#include "util/error.h"
#include "util/limits.h"
#include "util/literal.h"
#include "util/text_hash.h"

namespace ls::ir {

namespace {

// Deepest region nesting read (deeper text is a diagnostic, never a stack overflow).
constexpr int kMaxRegionDepth = 128;

struct Failure {
  size_t offset;
  std::string message;
};

// A bound of util/limits.h reached: reading stops (readModuleFile keeps the
// one diagnostic and no modules).
struct Stop {
  size_t offset;
  std::string message;
  bool cancelled = false;
};

bool isLayoutAttr(const Value &v) {
  if (v.kind != Value::Kind::Attr)
    return false;
  if (v.name == "shared_memory" || v.name == "tensor_memory")
    return false;
  return v.dialect == "ttg" || v.dialect == "triton_gpu" || v.dialect == "ttng" ||
         v.dialect == "triton_nvidia_gpu";
}

// ttg.fp4_to_fp's rule (Fp4ToFpOp's verifier in Triton 3.6): the operand's
// layout inferred back from the result's must be the operand's. Where the
// axis comes first in the result's register order, a blocked result halves
// its sizePerThread there and a dot operand its kWidth (each must be 2 or
// more); any other takes out a register basis of 1 along the axis and halves
// the axis in the others. "" where it holds (or is not computed here).
std::string fp4SourceProblem(const Encoding &src, const Shape &srcShape, const Encoding &res,
                             const Shape &resShape, int axis) {
  try {
    const LinearLayout resLL = res.toLinearLayout(resShape);
    const std::vector<unsigned> order = orderAlongInDim(resLL, "register");
    std::optional<LinearLayout> inferred;
    const std::string cannot = "failed to infer encoding";
    if (size_t(axis) < order.size() && order[size_t(axis)] == 0) {
      if (const auto *b = dynamic_cast<const BlockedEncoding *>(&res)) {
        if (b->sizePerThread[size_t(axis)] <= 1)
          return cannot + " (a blocked result needs sizePerThread >= 2 along the axis)";
        BlockedEncoding half = *b;
        half.sizePerThread[size_t(axis)] /= 2;
        inferred = half.toLinearLayout(srcShape);
      } else if (const auto *d = dynamic_cast<const DotOperandEncoding *>(&res)) {
        if (d->kWidth <= 1)
          return cannot + " (a dot operand result needs kWidth >= 2)";
        DotOperandEncoding half = *d;
        half.kWidth /= 2;
        inferred = half.toLinearLayout(srcShape);
      }
    }
    if (!inferred) {
      LinearLayout::BasesT bases = resLL.getBases();
      bool found = false;
      for (auto &[inDim, list] : bases)
        for (size_t k = 0; k < list.size();) {
          if (!found && inDim == "register" && list[k][size_t(axis)] == 1) {
            found = true;
            list.erase(list.begin() + std::ptrdiff_t(k));
            continue;
          }
          list[k][size_t(axis)] /= 2;
          ++k;
        }
      if (!found)
        return cannot + " (the result's registers hold no pair along the axis)";
      LinearLayout::DimSizes outs = resLL.getOutDims();
      outs[size_t(axis)].second /= 2;
      inferred = LinearLayout(std::move(bases), std::move(outs), /*requireSurjective=*/false);
    }
    if (!(*inferred == src.toLinearLayout(srcShape)))
      return "Src and Dst encodings are not compatible (the operand's layout is not the result's "
             "with its registers halved along axis " +
             std::to_string(axis) + ")";
  } catch (const std::exception &) {
  }
  return {};
}

// Layout attributes whose fields Triton 3.6 does not verify when it reads
// them: a file is valid with any values there (a layout built from them here
// may still fail, where it is asked for).
bool unverifiedByTriton36(const Value &attr) {
  return attr.kind == Value::Kind::Attr &&
         (attr.dialect == "ttg" || attr.dialect == "triton_gpu") &&
         (attr.name == "nvidia_mma" || attr.name == "nvmma_shared" ||
          attr.name == "amd_rotating_shared");
}

// The first field of `attr` holding a negative integer (alone or in a list),
// or "".
std::string negativeField(const Value &attr) {
  for (const auto &[key, v] : attr.entries) {
    if (!v)
      continue;
    if (v->kind == Value::Kind::Integer && v->integer < 0)
      return key;
    for (const ValuePtr &x : v->items)
      if (x && x->kind == Value::Kind::Integer && x->integer < 0)
        return key;
  }
  return {};
}

// Of #ttg.nvmma_shared, whose fields Triton 3.6 does not verify, it does
// check the CGALayout's entries against rank 2 as it reads them ("'CGALayout'
// entry length does not match rank 2").
bool cgaLengthChecked(const Value &attr, const Error &e) {
  return attr.kind == Value::Kind::Attr && attr.name == "nvmma_shared" &&
         e.field() == "CGALayout" && e.rule().find("must match the rank") != std::string::npos;
}

// A field Triton 3.6 reads without a check of this tool's: amd_mfma's K
// (instrShape's third value).
bool unverifiedField(const Value &attr, const Error &e) {
  if (attr.kind != Value::Kind::Attr)
    return false;
  if (attr.name == "amd_mfma" && e.field() == "instrShape" && e.rule().rfind("K ", 0) == 0)
    return true;
  // amd_mfma's and amd_wmma's rank (warpsPerCTA's length; 0 where it is not
  // written): Triton 3.6 refuses it only where a slice or a tensor uses the
  // layout (mmaWarpsRank).
  if ((attr.name == "amd_mfma" || attr.name == "amd_wmma") && e.field() == "warpsPerCTA" &&
      (e.rule().rfind("is required", 0) == 0 ||
       e.rule().find("has rank 2 or 3") != std::string::npos))
    return true;
  // (More than [M, N, K]: Triton 3.6 reads the first three and verifies M, N.)
  if (attr.name == "amd_mfma" && e.field() == "instrShape" && e.rule() == "must be [M, N, K]")
    for (const auto &[key, v] : attr.entries)
      if (key == "instrShape")
        return v && v->kind == Value::Kind::List && v->items.size() > 3;
  // #ttg.swizzled_shared's order may be empty: a rank-0 layout, which only a
  // memdesc of rank 0 or 1 could take (memdescTypeProblem says so).
  if (attr.name == "swizzled_shared" && e.field() == "order")
    for (const auto &[key, v] : attr.entries)
      if (key == "order")
        return v && v->kind == Value::Kind::List && v->items.empty();
  // #ttg.swizzled_shared's vec, perPhase and maxPhase: any unsigned 32-bit
  // value reads (0 too; Triton divides by them only when the layout is
  // asked for).
  if (attr.name == "swizzled_shared" &&
      (e.field() == "vec" || e.field() == "perPhase" || e.field() == "maxPhase"))
    for (const auto &[key, v] : attr.entries)
      if (key == e.field())
        return v && v->kind == Value::Kind::Integer && v->integer >= 0 &&
               v->integer <= int64_t{0xffffffff};
  return false;
}

// Splits the inside of an attribute dictionary at its top-level commas:
// `a = 1 : i32, b, "c.d" = array<i32: 1, 0>` -> {a, 1 : i32}, {b, ""}, {c.d, array<...>}.
std::vector<std::pair<std::string, std::string>> splitDictionary(std::string_view s) {
  std::vector<std::pair<std::string, std::string>> out;
  auto add = [&](std::string_view entry) {
    // `// ...` lines before the entry (a dictionary written over several
    // lines may say what its keys are) are not part of its key.
    for (entry = trimAsciiSpace(entry); entry.substr(0, 2) == "//";) {
      const size_t nl = entry.find('\n');
      entry = nl == std::string_view::npos ? std::string_view() : trimAsciiSpace(entry.substr(nl + 1));
    }
    int depth = 0;
    size_t eq = std::string_view::npos;
    for (size_t i = 0; i < entry.size(); ++i) {
      char c = entry[i];
      if (c == '"') {
        for (++i; i < entry.size() && entry[i] != '"'; ++i)
          if (entry[i] == '\\')
            ++i;
      } else if (c == '(' || c == '[' || c == '{' || c == '<') {
        ++depth;
      } else if (c == ')' || c == ']' || c == '}' || (c == '>' && i > 0 && entry[i - 1] != '-')) {
        --depth;
      } else if (c == '=' && depth == 0) {
        eq = i;
        break;
      }
    }
    std::string_view key =
        trimAsciiSpace(eq == std::string_view::npos ? entry : entry.substr(0, eq));
    if (key.size() >= 2 && key.front() == '"' && key.back() == '"')
      key = key.substr(1, key.size() - 2);
    if (key.empty())
      return;
    std::string value =
        eq == std::string_view::npos ? std::string() : std::string(trimAsciiSpace(entry.substr(eq + 1)));
    // A value written over lines (`start = 0\n : i32`): its blanks are one
    // space, as MLIR reads a line break (strings kept as written).
    if (value.find('\n') != std::string::npos) {
      std::string one;
      bool inString = false, escaped = false;
      for (size_t i = 0; i < value.size(); ++i) {
        const char c = value[i];
        if (inString && !escaped && c == '\\') {
          escaped = true;
          one += c;
          continue;
        }
        if (c == '"' && !escaped)
          inString = !inString;
        escaped = false;
        if (!inString && isAsciiSpace(c)) {
          if (one.empty() || one.back() != ' ')
            one += ' ';
          continue;
        }
        one += c;
      }
      value = std::move(one);
    }
    out.emplace_back(std::string(key), std::move(value));
  };
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i)
        if (s[i] == '\\')
          ++i;
    } else if (c == '(' || c == '[' || c == '{' || c == '<') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}' || (c == '>' && i > 0 && s[i - 1] != '-')) {
      --depth;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      // A comment runs to the end of its line: its commas and brackets are text.
      while (i < s.size() && s[i] != '\n')
        ++i;
    } else if (c == ',' && depth == 0) {
      add(s.substr(start, i - start));
      start = i + 1;
    }
  }
  add(s.substr(start));
  return out;
}

// The i1 type of a comparison's result: `tensor<128xf32, #b>` -> `tensor<128xi1, #b>`.
// `t` with its element type replaced by `element` (Triton's getI1SameShape,
// getI32SameShape); a scalar type becomes `element`.
std::string withElementType(const std::string &t, std::string_view element) {
  size_t b = 0, e = 0;
  elementTypeText(t, b, e);
  return t.substr(0, b) + std::string(element) + t.substr(e);
}

// Triton's getPointerTypeToElement: `!tt.ptr<E>` of a type's element type E.
std::string pointerToElement(const std::string &t) {
  size_t b = 0, e = 0;
  return "!tt.ptr<" + std::string(trimAsciiSpace(elementTypeText(t, b, e))) + ">";
}

struct CachedType {
  std::string_view text; // in the file's type texts (Module::typeTexts)
  std::shared_ptr<const TypeText> type;
  bool isTensorDesc = false;
  EncodingPtr encoding;
  std::string error;                 // set once; reported at the first value of this type
  size_t errorAt = 0;                // where in the type text the problem is
  std::vector<std::string> warnings; // what Triton 3.6 reads oddly, "field: what"
  bool reported = false;             // the warnings were said
  bool errorReported = false;
};

class Reader {
private:
  struct HeaderScratch; // one nesting level of op headers (below)

public:
  Reader(ModuleFile &f, const ReadProgress &progress)
      : f_(f), text_(f.source.text()), lex_(f.source.text()), progress_(progress) {}

  void run() {
    try {
      // The aliases are read first (a #loc may be used before it is
      // written), but what is wrong in one is said where MLIR, reading the
      // text in order, meets it: readBody says each before the top-level
      // item that follows it.
      deferAliasErrors_ = true;
      readAliases();
      deferAliasErrors_ = false;
      std::stable_sort(aliasErrors_.begin(), aliasErrors_.end(),
                       [](const AliasError &a, const AliasError &b) { return a.alias < b.alias; });
      readBody();
      resolveLocations();
      // An op listed as unknown is valid only in an otherwise valid file: in
      // one that is not, it is what Triton 3.6 refuses first when it comes
      // before the first problem (MLIR stops at the first).
      if (firstUnknownOp_.second != std::string_view::npos)
        for (size_t i = 0; i < f_.diagnostics.size(); ++i) {
          const Diagnostic &d = f_.diagnostics.all()[i];
          if (d.severity != Diagnostic::Severity::Error)
            continue;
          const SourcePos u = at(firstUnknownOp_.second);
          // (MLIR lexes the token after the name before it looks the name
          // up: that token's lexer error comes first.)
          size_t next = firstUnknownOpEnd_;
          while (next < text_.size() && (text_[next] == ' ' || text_[next] == '\t'))
            ++next;
          const SourcePos n = at(next);
          // A problem said once the text is read (undefined values, the
          // verifiers) comes after every op was read: the unknown op first.
          const bool afterReading = i >= deferredFrom_;
          const bool lexerErrorAfter =
              (!afterReading && d.pos.line == n.line && d.pos.column == n.column) ||
              (d.pos.line == n.line && d.pos.column == n.column + 1 &&
               startsWithLiteral(d.message, "expected three consecutive")) ||
              (d.pos.line == n.line && next < text_.size() && text_[next] == '"' &&
               startsWithLiteral(d.message, "expected '\"' in string"));
          if (!lexerErrorAfter &&
              (afterReading || u.line < d.pos.line || (u.line == d.pos.line && u.column < d.pos.column)))
            f_.diagnostics.errorFirst(u, firstUnknownOp_.first);
          break;
        }
    } catch (const Stop &s) {
      // Half-read modules are not offered: the limit is the one answer.
      f_.diagnostics.error(at(s.offset), s.message);
      f_.stopped = true;
      f_.cancelled = s.cancelled;
      f_.modules.clear();
      f_.aliases = std::make_shared<AliasMap>();
      f_.layoutAliases.clear();
    }
  }

private:
  struct PendingArg {
    std::string_view name; // into the source text
    std::string_view type;
    size_t offset = 0;
    std::string_view loc;
    size_t locOffset = 0;
  };
  // MLIR's forward reference: a value used before its definition (in the
  // text) is a placeholder of the type its first use states, shared by its
  // later uses (each of which must state that type too) until a definition
  // of the name replaces it, wherever in the file that comes (MLIR's name
  // table keeps placeholders when a region or a function ends): one of
  // another type is "definition of SSA value ... has type", one of that type
  // binds the uses and leaves them to the verifier (a definition in another
  // function: "using value defined outside the region") and the dominance
  // check. Never defined: "use of undefined value", once the file is read.
  struct ForwardRef {
    std::string_view key;  // the name used, without a trailing "#0" (views the source)
    std::string_view type; // the type its first typed use states; "" until one does
    size_t offset = 0;     // the first use
    int isolated = 0;      // the isolated region (a function's body) it is used in
    std::vector<std::pair<int, int>> uses; // (op, operand)
  };
  // A placeholder of an earlier module (whose ops its uses index): a
  // definition in a later module says the verifier's error at its first use.
  struct EarlierModuleRef {
    std::string_view key;     // (a view of the source)
    std::string type, opName; // (copies: what they view may move as modules are added)
    size_t offset = 0, opOffset = 0;
  };
  // The value names in scope. One open-addressing table for all nested
  // scopes, keyed by views of the source: a slot holds a name's innermost
  // visible definition, each definition the one it shadows, and closing a
  // scope restores what its definitions shadowed. A lookup hashes the name
  // once, whatever the depth, and defining a name allocates nothing.
  class NameTable {
  public:
    // Empties the table for a module of about `expectedNames` names: the
    // slots used so far are cleared one by one (a file of many small modules
    // does not clear the whole table each time), and a first table is made
    // large enough for the estimate, up to 4096 slots (it grows as needed).
    void reset(size_t expectedNames) {
      for (size_t i : touched_)
        slots_[i] = Slot{};
      touched_.clear();
      defs_.clear();
      size_t cap = slots_.size();
      while (cap < expectedNames * 2 && cap < 4096)
        cap *= 2;
      if (cap != slots_.size())
        slots_.assign(cap, Slot{});
    }
    // The innermost visible definition of `name`: its index, or -1.
    int find(std::string_view name) const {
      const Slot *s = probe(name, hashText(name));
      return s && s->top >= 0 ? s->top : -1;
    }
    int valueOf(int def) const { return defs_[size_t(def)].value; }
    // Defines `name` at `depth` (the innermost open scope); false if the
    // name is already visible from a depth of `minDepth` or more (the first
    // definition stays): MLIR lets no name shadow another, except in a
    // region that starts a name scope of its own (minDepth: where it starts).
    // Requires: `name` outlives the table's current contents.
    bool define(std::string_view name, int value, int depth, int minDepth) {
      if ((touched_.size() + 1) * 2 > slots_.size())
        grow();
      const size_t h = hashText(name);
      Slot *s = probe(name, h);
      if (!s) {
        s = emptySlot(h);
        s->name = name;
        s->hash = h;
        touched_.push_back(static_cast<size_t>(s - slots_.data()));
      } else if (s->top >= 0 && defs_[size_t(s->top)].depth >= minDepth) {
        return false;
      }
      defs_.push_back({value, depth, s->top, static_cast<int>(s - slots_.data())});
      s->top = static_cast<int>(defs_.size()) - 1;
      return true;
    }
    size_t definitions() const { return defs_.size(); }
    // Forgets the definitions made since `mark` (a definitions() value).
    void restore(size_t mark) {
      while (defs_.size() > mark) {
        const Def &d = defs_.back();
        slots_[size_t(d.slot)].top = d.shadowed;
        defs_.pop_back();
      }
    }

  private:
    struct Slot {
      std::string_view name; // data() == nullptr: an empty slot
      size_t hash = 0;
      int top = -1; // innermost visible definition, or -1 (none now)
    };
    struct Def {
      int value, depth;
      int shadowed; // the definition this one hides, or -1
      int slot;
    };
    const Slot *probe(std::string_view name, size_t h) const {
      const size_t mask = slots_.size() - 1;
      for (size_t i = h & mask;; i = (i + 1) & mask) {
        const Slot &s = slots_[i];
        if (s.name.data() == nullptr)
          return nullptr;
        if (s.hash == h && s.name == name)
          return &s;
      }
    }
    Slot *probe(std::string_view name, size_t h) {
      return const_cast<Slot *>(static_cast<const NameTable *>(this)->probe(name, h));
    }
    Slot *emptySlot(size_t h) {
      const size_t mask = slots_.size() - 1;
      size_t i = h & mask;
      while (slots_[i].name.data() != nullptr)
        i = (i + 1) & mask;
      return &slots_[i];
    }
    void grow() {
      std::vector<Slot> old = std::move(slots_);
      slots_.assign(old.size() * 2, Slot{});
      std::vector<int> moved(old.size(), -1);
      std::vector<size_t> touched;
      touched.reserve(touched_.size());
      for (size_t i : touched_) {
        Slot *s = emptySlot(old[i].hash);
        *s = old[i];
        moved[i] = static_cast<int>(s - slots_.data());
        touched.push_back(static_cast<size_t>(moved[i]));
      }
      touched_ = std::move(touched);
      for (Def &d : defs_)
        d.slot = moved[size_t(d.slot)];
    }
    std::vector<Slot> slots_ = std::vector<Slot>(64);
    std::vector<size_t> touched_; // the slots in use, to clear them on reset
    std::vector<Def> defs_;
  };
  struct Scope {
    size_t mark = 0; // names_.definitions() when the scope opened
  };
  struct ResultGroup {
    std::string_view name; // into the source text
    int count;
    size_t offset;
  };
  struct LocRef {
    int module;
    bool isValue;
    int index;
    std::string_view body; // into the source text
    size_t offset;
  };

  [[noreturn]] void fail(size_t offset, std::string message) {
    throw Failure{offset, std::move(message)};
  }
  // Reports progress every 64 KiB of text; throws Stop when cancelled.
  void reportProgress(size_t offset, size_t weight, size_t pass) {
    if (!progress_ || offset < nextReport_[pass])
      return;
    nextReport_[pass] = offset + (size_t{1} << 16);
    // Two passes over the text: aliases count 1/8 of the work, the body 7/8.
    const size_t total = text_.size() * 8;
    const size_t done = pass == 0 ? offset : text_.size() + offset * weight;
    if (!progress_(std::min(done, total), total))
      throw Stop{offset, "reading cancelled", true};
  }

  void error(size_t offset, std::string message) {
    if (deferAliasErrors_) {
      aliasErrors_.push_back({aliasStart_, offset, std::move(message)});
      return;
    }
    if (f_.diagnostics.size() >= static_cast<size_t>(limits::kMaxDiagnostics))
      throw Stop{offset, "more than " + std::to_string(limits::kMaxDiagnostics) +
                             " lines could not be read; reading stopped (is this a TTGIR file?)"};
    f_.diagnostics.error(at(offset), std::move(message));
  }
  Module &mod() { return f_.modules[module_]; }

  // Where the value of the parameter an "X: unknown field ..." error names
  // starts, in the attribute written at `from` (its line); npos if none.
  size_t unknownParameterValueAt(const std::string &what, size_t from) const {
    const size_t colon = what.find(": ");
    if (colon == std::string::npos || (what.find("unknown field", colon) == std::string::npos &&
                                       what.find("no such parameter", colon) == std::string::npos))
      return std::string_view::npos;
    const std::string key = what.substr(0, colon);
    const size_t lineEnd = lex_.nextLineStart(from);
    for (size_t k = text_.find(key, from); k != std::string_view::npos && k < lineEnd;
         k = text_.find(key, k + 1))
      if (k > 0 && !isAsciiAlnum(text_[k - 1]) && followedByEquals(k + key.size())) {
        size_t v = text_.find('=', k + key.size()) + 1;
        while (v < lineEnd && isAsciiSpace(text_[v]))
          ++v;
        return v;
      }
    return std::string_view::npos;
  }

  // --- aliases: `#name = <attribute>` / `#name = loc(...)` / `!name = <type>` ---
  // Read before the body, since a location alias may follow its uses.
  // `i32`, `si8`, `ui1`: MLIR lexes these as an integer type, never as a name
  // (`f16` and `index` are keywords, which a name may be).
  static bool isIntegerTypeWord(std::string_view w) {
    return isBuiltinTypeName(w) && (w[0] == 'i' || w[0] == 's' || w[0] == 'u') && w != "index";
  }
  // The stated types' own problems first: the reader stopped after a type
  // whose text it delimited by brackets alone (`#ttg.slice{...}>`).
  void reportTypesOf(const std::vector<std::string_view> &types) {
    for (std::string_view ty : types)
      if (viewsSource(ty))
        reportTypeError(internType(ty), ty, size_t(ty.data() - text_.data()));
  }

  // MLIR's checks of an alias definition's name, before what follows it: not
  // defined already (as an attribute, a location or a type alias), no '.'.
  void checkAliasName(const OpToken &name, const AliasMap &aliases) {
    const bool attr = name.kind == OpToken::Kind::HashId;
    const std::string key(name.text.substr(1));
    if (attr ? aliases.count(key) > 0 || f_.locations.defines(key)
             : typeAliasNames_.count(name.text) > 0)
      fail(name.offset, std::string("redefinition of ") + (attr ? "attribute" : "type") +
                            " alias id '" + key + "'");
    if (key.find('.') != std::string::npos)
      fail(name.offset, std::string(attr ? "attribute" : "type") +
                            " names with a '.' are reserved for dialect-defined names");
  }

  void readAliases() {
    auto aliases = std::make_shared<AliasMap>();
    // name, attribute, where the alias and where its attribute start
    std::vector<std::tuple<std::string, ValuePtr, size_t, size_t>> defs;
    // An alias starts a line, or follows another on the same line
    // (`...}>#shared = ...`, as Triton's lit tests write some).
    // Lines are found in the source's line table (no scan for each '\n');
    // `line` is the line holding pos (an alias may end on a later line).
    size_t sameLine = std::string_view::npos;
    int line = 1;
    auto nextPos = [&]() {
      if (sameLine == std::string_view::npos)
        return f_.source.lineStart(++line);
      line = at(sameLine).line;
      return sameLine;
    };
    for (size_t pos = 0; pos < text_.size(); pos = nextPos()) {
      sameLine = std::string_view::npos;
      aliasStart_ = pos;
      reportProgress(pos, 1, 0);
      char c = text_[pos];
      if (c != '#' && c != '!')
        continue;
      try {
        lex_.seek(pos);
        OpToken name = lex_.next();
        if (name.kind != OpToken::Kind::HashId && name.kind != OpToken::Kind::BangId)
          continue;
        // A line that is no definition (no '=': a type or attribute going on
        // from the line above, or a name the lexer refuses what follows, as
        // `#loc'9 = ...`) is readBody's to judge, in MLIR's order.
        OpToken eq;
        try {
          eq = lex_.next();
        } catch (const OpLexer::Failure &) {
          continue;
        }
        if (!eq.is('='))
          continue;
        checkAliasName(name, *aliases);
        // `#loc18 = /main/...`: a '/' that starts no comment starts no value
        // (MLIR says so after the '=', before its lexer would refuse it).
        if (size_t q = text_.find_first_not_of(" \t", eq.end());
            name.kind == OpToken::Kind::HashId && q != std::string_view::npos && text_[q] == '/' &&
            (q + 1 >= text_.size() || text_[q + 1] != '/'))
          fail(eq.end(), "#" + std::string(name.text.substr(1)) + ": expected attribute value");
        OpToken v = lex_.peek();
        size_t end;
        std::string key(name.text.substr(1));
        // `#loc12 =[ loc(...)`: an array of locations; after each element its
        // ',' or ']' (MLIR: at the end of the token before, on its line).
        if (name.kind == OpToken::Kind::HashId && v.is('[')) {
          size_t q = v.end();
          while (q < text_.size() && isAsciiSpace(text_[q]))
            ++q;
          if (text_.compare(q, 4, "loc(") == 0) {
            const size_t close = lex_.matchBracket(q + 3);
            if (close != std::string_view::npos) {
              size_t r = close;
              while (r < text_.size() && isAsciiSpace(text_[r]))
                ++r;
              if (r >= text_.size() || (text_[r] != ',' && text_[r] != ']')) {
                size_t w = r;
                while (w > close && isAsciiSpace(text_[w - 1]))
                  --w;
                fail(w, "#" + key + ": expected ',' or ']'");
              }
            }
          }
        }
        if (name.kind == OpToken::Kind::BangId) {
          // A type alias (`!ty = tensor<128xi32, #blocked>`): uses of `!ty`
          // read its type (scanType), as MLIR reads them.
          typeAliasNames_.insert(name.text);
          size_t typeEnd = v.end();
          if ((v.kind == OpToken::Kind::Ident || v.kind == OpToken::Kind::BangId) &&
              typeEnd < text_.size() && text_[typeEnd] == '<') {
            // A dialect type's body as MLIR finds it, over lines if need be
            // (`!llvm.struct<(\n f32, ...)>`).
            size_t at = 0;
            std::string problem;
            typeEnd = v.kind == OpToken::Kind::BangId ? scanPrettyBody(text_, typeEnd, at, problem)
                                                      : lex_.matchBracket(typeEnd);
            if (typeEnd == std::string_view::npos && v.kind == OpToken::Kind::BangId)
              fail(at, problem);
          }
          if (typeEnd != std::string_view::npos &&
              (v.kind == OpToken::Kind::Ident || v.kind == OpToken::Kind::BangId))
            typeAliases_.emplace(name.text, text_.substr(v.offset, typeEnd - v.offset));
          end = lex_.nextLineStart(typeEnd == std::string_view::npos ? v.offset : typeEnd - 1);
        } else if (v.isIdent("loc")) {
          // Its syntax. An alias it names is one defined above it (MLIR looks each up as
          // it reads it; only an op's own loc(#x) may name a later one).
          const LocationSyntax ls =
              readLocationSyntax(text_, v.offset, [&](std::string_view ref) {
                return f_.locations.defines(std::string(ref)) || aliases->count(std::string(ref)) > 0;
              });
          if (ls.errorAt != std::string_view::npos)
            fail(ls.errorAt, "#" + key + ": " + ls.error);
          end = ls.end;
          const size_t open = text_.find('(', v.end());
          f_.locations.define(key, std::string(text_.substr(open + 1, end - open - 2)));
        } else if (v.kind == OpToken::Kind::HashId) {
          std::string_view rest =
              text_.substr(v.offset, std::min(text_.size() - v.offset, kMaxAttrText));
          // `#tg.nvidia_mma<...>`: a dialect Triton 3.6 does not load.
          if (const size_t q = unloadedDialectAttrAt(v.text, v.text.size()); q != std::string_view::npos)
            fail(v.offset + q, "#" + key + ": " + unloadedDialectProblem(v.text, q));
          try {
            SyntaxParser sp(rest);
            ValuePtr attr = sp.parseAttribute(0);
            end = v.offset + sp.lexer().position();
            // MLIR reads the aliases in order: one it names must be defined
            // above (said just past the name).
            if (const Value *ref = laterAliasRef(*attr, *aliases))
              fail(v.offset + ref->offset + 1 + ref->text.size(),
                   "#" + key + ": undefined symbol alias id '" + ref->text + "'");
            (*aliases)[key] = attr;
            // Triton's verifier points at the mnemonic (`blocked` of `#ttg.blocked<`);
            // where the attribute has its own parser (tensor memory's, a dot
            // operand's), at its '<'.
            const size_t dot = v.text.find('.');
            const bool ownParser = v.text.find("tensor_memory") != std::string_view::npos ||
                                   v.text.find(".dot_op") != std::string_view::npos;
            defs.emplace_back(key, attr, name.offset,
                              ownParser ? v.end()
                                        : v.offset + (dot == std::string_view::npos ? 0 : dot + 1));
          } catch (const SyntaxError &e) {
            // MLIR first finds the end of a pretty attribute's body, across
            // lines: an unbalanced one is that error, where MLIR stops.
            size_t lt = v.end(), scanAt = 0;
            std::string scanProblem;
            const size_t bodyEnd = lt < text_.size() && text_[lt] == '<'
                                       ? scanPrettyBody(text_, lt, scanAt, scanProblem)
                                       : 0;
            if (bodyEnd == std::string_view::npos)
              fail(scanAt, "#" + key + ": " + scanProblem);
            // An attribute that goes on past where the text was cut at the
            // limit is too long, not malformed.
            if (rest.size() < text_.size() - v.offset &&
                (e.offset() + 1 >= rest.size() || bodyEnd > v.offset + rest.size()))
              fail(v.offset, "#" + key + ": the attribute is longer than " +
                                 std::to_string(kMaxAttrText) + " characters");
            // `register = [[64.0, 0]]`: the linear layout's parser reads the
            // whole attribute first and says so after it (the next token).
            if (const size_t at = v.offset + e.offset();
                v.text == "#ttg.linear" && bodyEnd != 0 && at + 1 < text_.size() &&
                text_[at] == '.' && at > 0 && isAsciiDigit(text_[at - 1]) &&
                isAsciiDigit(text_[at + 1])) {
              // (Triton reads register, lane, warp, block in that order: the
              // first whose list holds a float is named.)
              std::string dim = "register";
              const std::string_view body = text_.substr(v.offset, bodyEnd - v.offset);
              for (const char *d : {"register", "lane", "warp", "block"}) {
                const size_t k = body.find(d);
                const size_t open = k == std::string_view::npos ? k : body.find('[', k);
                if (open == std::string_view::npos)
                  continue;
                size_t close = open;
                for (int nest = 0; close < body.size(); ++close)
                  if (body[close] == '[')
                    ++nest;
                  else if (body[close] == ']' && --nest == 0)
                    break;
                bool fraction = false;
                for (size_t q = open + 1; q + 1 < close && !fraction; ++q)
                  fraction =
                      body[q] == '.' && isAsciiDigit(body[q - 1]) && isAsciiDigit(body[q + 1]);
                if (fraction) {
                  dim = d;
                  break;
                }
              }
              size_t next = bodyEnd;
              while (next < text_.size() && isAsciiSpace(text_[next]))
                ++next;
              fail(next, "#" + key + ": Expected integer in basis for '" + dim + "'");
            }
            // `order = [1.0, 0]`: Triton's layout parser wants integers in its
            // lists, and says so at the layout's name.
            if (const size_t at = v.offset + e.offset(), dot = v.text.find('.');
                dot != std::string_view::npos && startsWithLiteral(v.text, "#ttg.") &&
                at + 1 < text_.size() && text_[at] == '.' && at > 0 &&
                isAsciiDigit(text_[at - 1]) && isAsciiDigit(text_[at + 1]))
              fail(v.offset + dot + 1,
                   "#" + key + ": expected an integer type in the layout's list");
            // Where in the file, not where in the alias's text.
            fail(v.offset + e.offset(), "#" + key + ": " + e.problem());
          } catch (const Error &e) {
            fail(v.offset, "#" + key + ": " + e.rule());
          }
        } else {
          // `#x = !t`: a type (a type is an attribute); `!t` without a
          // dialect's '.' or a body is a type alias defined above.
          if (v.kind == OpToken::Kind::BangId && v.text.find('.') == std::string_view::npos &&
              !(v.end() < text_.size() && text_[v.end()] == '<') && !typeAliasNames_.count(v.text))
            fail(v.end(), "#" + key + ": undefined symbol alias id '" +
                              std::string(v.text.substr(1, 40)) + "'");
          // (`#x = <{...}>`: a '<' starts no attribute)
          if (v.kind == OpToken::Kind::Punct && !v.is('[') && !v.is('{') && !v.is('(') &&
              !v.is('-'))
            fail(wrongToken(v), "#" + key + ": expected attribute value");
          // A bare word is an attribute only as one of MLIR's keywords or a
          // builtin type (`callsite(...)` is no attribute outside loc(...)).
          if (v.kind == OpToken::Kind::Ident && !isBuiltinTypeName(v.text) &&
              !isContainerTypeWord(v.text) && !isMlirAttributeKeyword(v.text) &&
              !v.isIdent("opaque"))
            fail(wrongToken(v), "#" + key + ": expected attribute value");
          // `(` starts a function type (a type is an attribute): a string or
          // a number is no type in its list.
          if (v.is('(')) {
            lex_.skip();
            const OpToken in = lex_.peek();
            if (in.kind == OpToken::Kind::String || in.kind == OpToken::Kind::Number ||
                in.kind == OpToken::Kind::ValueId ||
                (in.kind == OpToken::Kind::Ident && !isBuiltinTypeName(in.text) &&
                 !isContainerTypeWord(in.text)))
              fail(in.offset, "#" + key + ": expected non-function type");
          }
          // A value of one token (`#a = 7`): what follows on its line is a
          // top-level op to MLIR (`#loc4 =7 loc(...)`: 'loc' is none).
          // (`#loc17 = @loc(...)`: a symbol reference, `@a::@b` at most, is
          // one value too; no type follows it.)
          if (v.kind == OpToken::Kind::AtId) {
            lex_.seek(v.end());
            while (text_.compare(lex_.peek().offset, 3, "::@") == 0) {
              lex_.skip();
              lex_.skip();
              if (lex_.peek().kind != OpToken::Kind::AtId)
                break;
              lex_.skip();
            }
            const OpToken n = lex_.peek();
            if ((n.kind == OpToken::Kind::Punct || n.kind == OpToken::Kind::Number) &&
                !n.newlineBefore && !n.is('{'))
              fail(wrongToken(n), "expected operation name in quotes (after #" + key + "'s value)");
          }
          if (v.kind == OpToken::Kind::Number || v.kind == OpToken::Kind::String) {
            lex_.seek(v.end());
            // `"str" : T`, `7 : i32`: a ':' after the value starts its type
            // (`#loc1 = "f.py":93:36)`, its `loc(` lost: 93 is no type).
            if (lex_.peek().is(':')) {
              lex_.skip();
              const OpToken ty = lex_.peek();
              if (ty.kind == OpToken::Kind::Number || ty.kind == OpToken::Kind::String ||
                  ty.kind == OpToken::Kind::End ||
                  (ty.kind == OpToken::Kind::Punct && !ty.is('(')) ||
                  (ty.kind == OpToken::Kind::Ident && !isBuiltinTypeName(ty.text) &&
                   !isContainerTypeWord(ty.text)))
                fail(wrongToken(ty), "#" + key + ": expected non-function type");
              lex_.seek(v.end());
            }
            const OpToken n = lex_.peek();
            if (n.kind == OpToken::Kind::Ident && !n.newlineBefore &&
                n.text.find('.') == std::string_view::npos) {
              const OpToken op = n;
              lex_.seek(op.end()); // (MLIR lexes the token after the name first: its lexer error)
              (void)lex_.peek();
              fail(op.offset, "custom op '" + std::string(op.text.substr(0, 40)) +
                                  "' is unknown (after #" + key + "'s value)");
            }
            // (`#loc1 = "offs"(#loc2)`: no op starts with a bracket or a number.)
            if ((n.kind == OpToken::Kind::Punct || n.kind == OpToken::Kind::Number) &&
                !n.newlineBefore && !n.is(':') && !n.is('{'))
              fail(wrongToken(n), "expected operation name in quotes (after #" + key + "'s value)");
          }
          end = lex_.nextLineStart(v.offset); // dense<...>, affine_map<...>: kept as text
        }
        aliasEnds_[name.offset] = end;
        size_t k = end;
        while (k < text_.size() && (text_[k] == ' ' || text_[k] == '\t'))
          ++k;
        if (k < text_.size() && (text_[k] == '#' || text_[k] == '!') && k > pos)
          sameLine = k;
      } catch (const Failure &fl) {
        error(fl.offset, fl.message);
        aliasEnds_[pos] = lex_.nextLineStart(pos);
      } catch (const OpLexer::Failure &fl) {
        error(fl.offset, fl.what);
        aliasEnds_[pos] = lex_.nextLineStart(pos);
      }
    }
    f_.aliases = aliases;
    for (const auto &[name, attr, offset, attrOffset] : defs) {
      aliasStart_ = offset;
      if (!isLayoutAttr(*attr))
        continue;
      // A layout's integers are unsigned to Triton's parsers: `-0` (read as
      // 0 here) is out of their range, said at the digit as MLIR says it.
      if (const auto end = aliasEnds_.find(offset); end != aliasEnds_.end())
        if (const size_t zero = negativeZeroAt(text_.substr(attrOffset, end->second - attrOffset));
            zero != std::string_view::npos)
          error(attrOffset + zero, "#" + name +
                                       ": integer constant out of range for attribute (-0 "
                                       "in an unsigned field; Triton 3.6 rejects the module)");
      // A layout's parameters follow its name at once: MLIR says "expected
      // '<'" just past the name (`#ttg.blocked#ttg.blocked<{...}>`).
      if (!attr->hasBody) {
        // (attrOffset is the mnemonic's start, or already past the name.)
        const bool atName = text_.compare(attrOffset, attr->name.size(), attr->name) == 0;
        const size_t nameEnd = attrOffset + attr->name.size();
        // `#ttg.sha'red_memory`: a character MLIR's lexer refuses right after
        // the name is that error first (the next token is read with it).
        if (atName && nameEnd < text_.size() && std::strchr("'`~;\\&", text_[nameEnd]) != nullptr &&
            text_[nameEnd] != '\0')
          error(nameEnd, "unexpected character");
        // A name the dialect does not have: MLIR's dialect says so at the
        // name before it looks for the '<' (`#ttg.hared_memory`).
        else if (atName && !knownDialectAttrName(attr->dialect, attr->name))
          error(attrOffset,
                "unknown attribute `" + attr->name + "` in dialect `" + attr->dialect + "`");
        else
          error(atName ? attrOffset + attr->name.size() : attrOffset, "expected '<'");
        continue;
      }
      if (const Value *w = bareWordInList(*attr)) {
        size_t at = text_.rfind('#', attrOffset) + w->offset;
        while (at > 0 && isAsciiSpace(text_[at - 1])) // (MLIR: past the token before)
          --at;
        error(at,
              "#" + name + ": expected attribute value (`" + w->text.substr(0, 24) + "` is none)");
        continue;
      }
      if (const Value *w = valueBeforeDictionary(*attr)) {
        size_t at = text_.rfind('#', attrOffset) + w->offset;
        while (at > 0 && isAsciiSpace(text_[at - 1])) // (MLIR: past the token before)
          --at;
        error(at,
              "#" + name + ": expected '>' (the layout's fields are written <{key = value, ...}>)");
        continue;
      }
      // A dot_op's struct fields, as its parser reads them (before it builds).
      if (const auto [bad, why] = dotOpFieldProblem(*attr); bad) {
        error(attrOffset - attr->dialect.size() - attr->name.size() - 2 + bad->offset,
              "#" + name + ": ttg.dot_op: " + why);
        continue;
      }
      EncodingPtr enc;
      WarningCollector collected; // what Triton 3.6 reads oddly: warnings of the file
      try {
        enc = buildEncoding(*attr, aliases.get(), 0);
        enc->validate();
        f_.layoutAliases.push_back({name, enc, at(offset).line});
        aliasEncodings_.emplace(name, enc);
        for (const auto &[field, what] : collected.take())
          f_.warnings.warning(at(offset), "#" + name + ": " + field + ": " + what);
      } catch (const Error &e) {
        collected.take(); // a failed layout's warnings are not said
        // Triton 3.6 verifies none of #ttg.nvidia_mma's and #ttg.nvmma_shared's
        // fields: the file is valid; only a layout asked of that alias fails
        // (and says why).
        const std::string whatWent = e.what();
        const bool unknownKey = whatWent.find("unknown field") != std::string::npos ||
                                whatWent.find("no such parameter") != std::string::npos;
        if (!unknownKey && ((unverifiedByTriton36(*attr) && !cgaLengthChecked(*attr, e)) ||
                            unverifiedField(*attr, e))) {
          // (Its parser still reads its fields as unsigned integers.)
          if (const std::string field = negativeField(*attr); !field.empty())
            error(attrOffset, "#" + name + ": expected an unsigned integer value in " + field);
          else
            f_.warnings.warning(at(attrOffset),
                                "#" + name + ": " + e.what() +
                                    " (Triton 3.6 reads it, and fails only where the layout is "
                                    "computed): the values of this layout are not audited");
          continue;
        }
        // ttng's tensor memory layouts are struct syntax: an unknown
        // parameter is said where its value starts, in MLIR's words.
        const std::string what = e.what();
        if (const size_t v = attr->dialect == "ttng" ? unknownParameterValueAt(what, attrOffset)
                                                          : std::string_view::npos;
                 v != std::string_view::npos)
          error(v, "#" + name + ": duplicate or unknown struct parameter name: " + what);
        else if (const auto end = aliasEnds_.find(offset);
                 attr->name == "linear" && end != aliasEnds_.end() &&
                 what.find("is required in #ttg.linear") != std::string::npos) {
          // Triton's linear parser misses a basis once the attribute is
          // read: at the token after it (MLIR's current location).
          size_t q = end->second;
          while (q < text_.size() && isAsciiSpace(text_[q]))
            ++q;
          error(std::min(q, text_.size()), "#" + name + ": " + what);
        } else // where Triton's verifier points: the attribute, not the alias name
          error(attrOffset, "#" + name + ": " + what);
      } catch (const std::exception &) {
        collected.take();
        // A limit of this tool, not of the text (e.g. a rank it cannot
        // build yet): the alias stays as syntax and the file is still read.
      }
    }
    // A type alias's type is read where it is defined, as MLIR reads it
    // (`!m = !ttg.memdesc<i64, ...>`: "rank 0 memdesc is not allowed" there).
    std::vector<std::string_view> typed;
    for (const auto &[alias, type] : typeAliases_)
      if (namesLayoutType(type) && viewsSource(type))
        typed.push_back(type);
    std::sort(typed.begin(), typed.end(),
              [](std::string_view a, std::string_view b) { return a.data() < b.data(); });
    for (std::string_view type : typed) {
      aliasStart_ = size_t(type.data() - text_.data());
      reportTypeError(internType(type), type, aliasStart_);
    }
  }

  // --- the body: modules and top-level ops ---
  void readBody() {
    lex_.seek(0);
    for (;;) {
      size_t at = lex_.position();
      try {
        OpToken t = lex_.peek();
        if (t.kind == OpToken::Kind::End)
          break;
        if (auto it = aliasEnds_.find(t.offset); it != aliasEnds_.end()) {
          sayAliasErrorsBefore(std::max(it->second, t.end()));
          lex_.seek(std::max(it->second, t.end()));
          continue;
        }
        sayAliasErrorsBefore(t.offset);
        at = t.offset;
        // `{-# ... #-}`: the file's metadata (MLIR's dialect resources, an
        // external resource list), which MLIR reads apart from the ops.
        if (t.is('{') && text_.compare(t.offset, 3, "{-#") == 0) {
          const size_t close = text_.find("#-}", t.offset + 3);
          if (close == std::string_view::npos)
            fail(t.offset, "expected '#-}' to end the file metadata");
          lex_.seek(close + 3);
          continue;
        }
        if (t.kind == OpToken::Kind::HashId || t.kind == OpToken::Kind::BangId) {
          // An alias the aliases' reading passed by (no '=' after its
          // name): MLIR's checks of an alias definition, in its order.
          const bool attr = t.kind == OpToken::Kind::HashId;
          checkAliasName(t, *f_.aliases);
          lex_.skip();
          fail(wrongToken(lex_.peek()), std::string("expected '=' in ") +
                                            (attr ? "attribute" : "type") + " alias definition");
        }
        if (t.isIdent("module")) {
          closeImplicitModule();
          startModule(t.offset);
          mod().moduleOp = parseOperation(-1);
          finishModule();
        } else if (t.is('}')) {
          fail(wrongToken(t), "unexpected '}' outside any region");
        } else {
          if (implicitBlock_ < 0)
            openImplicitModule(t.offset);
          parseOperation(implicitBlock_);
        }
      } catch (const Failure &fl) {
        error(fl.offset, fl.message);
        lex_.seek(std::max(lex_.nextLineStart(fl.offset), lex_.nextLineStart(at)));
      } catch (const OpLexer::Failure &fl) {
        error(fl.offset, fl.what);
        lex_.seek(lex_.nextLineStart(fl.offset));
      }
    }
    sayAliasErrorsBefore(std::string_view::npos);
    closeImplicitModule();
    undefinedForwardRefs();
    sayDeferredErrors();
  }

  // The problems of the aliases that start before `offset`.
  void sayAliasErrorsBefore(size_t offset) {
    while (aliasErrorsSaid_ < aliasErrors_.size() &&
           aliasErrors_[aliasErrorsSaid_].alias < offset) {
      AliasError &e = aliasErrors_[aliasErrorsSaid_++];
      error(e.offset, std::move(e.message));
    }
  }

  // The lines to reserve a module's arenas for: the rest of the text for the
  // first module (most files hold one, which then never reallocates), and
  // none ahead for a later one - a file of thousands of small modules must
  // not reserve (or search) the rest of the file for each; a large later
  // module grows its arrays as it reads.
  size_t moduleLinesFrom(size_t offset) const {
    if (f_.modules.size() > 1)
      return 0;
    return f_.source.lineCount() + 1 - static_cast<size_t>(f_.source.position(offset).line);
  }

  void startModule(size_t offset) {
    // A name used and not yet defined in the module before stays a forward
    // reference, as in MLIR; its uses index that module's ops, so it is kept
    // aside with what its verifier error needs.
    for (const ForwardRef &f : forward_) {
      // (One placeholder per name, as MLIR's one name table has: the
      // earliest module's use is the one its errors name.)
      if (std::any_of(earlierModuleRefs_.begin(), earlierModuleRefs_.end(),
                      [&](const EarlierModuleRef &e) { return e.key == f.key; }))
        continue;
      EarlierModuleRef &e = earlierModuleRefs_.emplace_back();
      e.key = f.key;
      e.type = f.type;
      e.offset = f.offset;
      if (!f.uses.empty() && f.uses[0].first >= 0 && size_t(f.uses[0].first) < mod().ops.size()) {
        const Operation &o = mod().ops[size_t(f.uses[0].first)];
        e.opName = o.name;
        e.opOffset = opNameOffset(o);
      }
    }
    forward_.clear();
    crossFunctionUse_ = false;
    f_.modules.emplace_back();
    module_ = static_cast<int>(f_.modules.size()) - 1;
    // About one op and one value a line: a dump's one module never reallocates.
    const size_t lines = moduleLinesFrom(offset);
    mod().ops.reserve(lines + 8);
    mod().values.reserve(lines + lines / 2 + 8);
    mod().blocks.reserve(lines / 8 + 8);
    mod().regions.reserve(lines / 8 + 8);
    mod().aliases = f_.aliases;
    mod().layoutAliases = f_.layoutAliases;
    mod().typeTexts = typeTexts_;
    scopes_.clear();
    names_.reset(lines + lines / 2);
  }

  void openImplicitModule(size_t offset) {
    startModule(offset);
    Module &m = mod();
    Operation op;
    op.name = "builtin.module";
    op.pos = at(offset);
    m.ops.push_back(op);
    m.moduleOp = 0;
    m.regions.push_back({{0}, 0});
    m.ops[0].regions.push_back(0);
    m.blocks.push_back({});
    m.blocks[0].parentRegion = 0;
    implicitBlock_ = 0;
    pushScope();
  }

  void closeImplicitModule() {
    if (implicitBlock_ < 0)
      return;
    popScope();
    implicitBlock_ = -1;
    finishModule(/*written=*/false);
  }

  // `written`: the text wrote the `module` op (ops outside any module are a
  // snippet, read without the module's checks: it has no attributes).
  void finishModule(bool written = true) {
    Module &m = mod();
    if (m.moduleOp < 0)
      return;
    const Operation &op = m.ops[m.moduleOp];
    for (const auto &attr : op.attributes) {
      // Not a structured binding: clang 14 (the fuzz preset) cannot capture one.
      const std::string &k = attr.first;
      std::string key = k;
      for (const char *prefix : {"ttg.", "triton_gpu."})
        if (key.rfind(prefix, 0) == 0)
          key = key.substr(std::string(prefix).size());
      // The machine's counts: an integer of its stated type (MLIR refuses
      // one out of that type's range where it reads it), and at least 1
      // (bytes of shared memory: at least 0). A value that breaks either is
      // one error at the value, never a count quietly dropped or wrapped.
      auto asInt = [&](int64_t least) -> std::optional<int> {
        // An integer literal as MLIR writes one (decimal or 0x hex, a sign,
        // then the type); anything else (4.0 : f32) is not a count at all,
        // as Triton, asking for an integer attribute, finds none.
        const std::string &written = attr.second;
        size_t q = written[0] == '-' ? 1 : 0;
        const bool hex = written.compare(q, 2, "0x") == 0;
        if (hex)
          q += 2;
        const size_t digits = q;
        std::optional<int64_t> v = int64_t{0};
        while (q < written.size() && (hex ? isAsciiHexDigit(written[q]) : isAsciiDigit(written[q]))) {
          const int d = isAsciiDigit(written[q]) ? written[q] - '0'
                                                 : (written[q] | 0x20) - 'a' + 10;
          if (v && *v > ((int64_t{1} << 58) - d) / (hex ? 16 : 10))
            v.reset(); // beyond any integer type: out of range below
          else if (v)
            *v = *v * (hex ? 16 : 10) + d;
          ++q;
        }
        size_t rest = q;
        while (rest < written.size() && written[rest] == ' ')
          ++rest;
        if (q == digits || (rest < written.size() && written[rest] != ':'))
          return std::nullopt;
        if (v && written[0] == '-')
          *v = -*v;
        const bool i64 = written.find("i64") != std::string::npos;
        if (!v || (!i64 && (*v < INT32_MIN || *v > INT32_MAX))) {
          error(moduleAttributeValueOffset(op, k),
                "integer constant out of range for attribute " + k + " (" +
                    std::string(trimAsciiSpace(written)) + "; Triton 3.6 rejects the module)");
          return std::nullopt;
        }
        if (*v < least || *v > (int64_t{1} << 30)) {
          error(moduleAttributeValueOffset(op, k), k + " = " + std::to_string(*v) + ": " +
                        (least == 0 ? "a number of bytes is 0 to 2^30"
                                    : "a count of warps, lanes or CTAs is 1 to 2^30; each "
                                      "layout of the module is then an invalid layout (Triton "
                                      "3.6 names the first op with one)"));
          return std::nullopt;
        }
        return static_cast<int>(*v);
      };
      // A boolean count is an i1 to Triton 3.6 (true is -1, false 0): every
      // layout of the module is then invalid.
      auto booleanCount = [&](const char *what) {
        const std::string_view w = trimAsciiSpace(attr.second);
        if (w == "true" || w == "false")
          error(moduleAttributeValueOffset(op, k),
                k + " = " + std::string(w) + ": an i1 (" + (w == "true" ? "-1 " : "0 ") + what +
                    " to Triton 3.6, which then finds every layout of the module invalid)");
      };
      if (key == "num-warps") {
        m.numWarps = asInt(1);
        booleanCount("warps");
      } else if (key == "threads-per-warp") {
        m.threadsPerWarp = asInt(1);
        booleanCount("lanes");
      } else if (key == "num-ctas") {
        m.numCTAs = asInt(1);
        booleanCount("CTAs"); // (a string is no integer at all: the count is taken as 1)
      }
      else if (key == "shared")
        m.shared = asInt(0);
      else if (key == "total-num-warps")
        m.totalNumWarps = asInt(1);
      else if (key == "target")
        m.target = op.stringAttribute(k).value_or("");
      else if (k == "sym_name")
        m.symName = op.stringAttribute(k).value_or("");
    }
    // builtin.module's verifier: its attributes' names have a dialect prefix.
    if (written)
      for (const auto &attr : op.attributes)
        if (attr.first.find('.') == std::string::npos && attr.first != "sym_name" &&
            attr.first != "sym_visibility") {
          verifierErrors_.emplace_back(opNameOffset(op),
                                       "'builtin.module' op can only contain attributes with "
                                       "dialect-prefixed names, found: '" + attr.first + "'");
          break;
        }
    // Triton's verifiers: every layout fits its context, and the ops' own checks.
    // The first op (in the text) that a verifier refuses.
    std::optional<LayoutMismatch> first;
    for (auto found : {firstOperandTypeViolation(m), firstLayoutMismatch(m, written),
                       firstWarpSpecializeProblem(m), firstBarrierCountProblem(m),
                       firstMissingAttributeOrBlocks(m), firstConvertShapeMismatch(m),
                       firstValueFromAbove(m), firstBroadcastOrTransProblem(m),
                       firstTerminatorProblem(m), firstShapeRuleProblem(m), undialectedArgAttrs(m)})
      if (found && (!first || orderOf(m, *found) < orderOf(m, *first)))
        first = found;
    if (!first)
      first = firstYieldCountMismatch(m);
    // An op Triton 3.6 does not have (a misspelling, a newer op) has guessed
    // result types: what its users' verifiers then say is about the guess,
    // not the kernel (the op itself is warned about and listed).
    if (first)
      for (int v : m.ops[size_t(first->op)].operands)
        if (v >= 0 && m.values[size_t(v)].definingOp >= 0 &&
            m.ops[size_t(m.values[size_t(v)].definingOp)].unknownToTriton36) {
          first.reset();
          break;
        }
    if (first)
      verifierErrors_.emplace_back(opNameOffset(m.ops[size_t(first->op)]), first->message);
  }

  // The bits of an element type (`f8E4M3FN` 8, `bf16` 16, `i1` 1), 0 if not
  // a number type.
  static int elementBits(std::string_view e) {
    if (e == "bf16")
      return 16;
    if (e == "tf32")
      return 19;
    if (e.size() < 2 || (e[0] != 'i' && e[0] != 'f') || !isAsciiDigit(e[1]))
      return 0;
    int bits = 0;
    for (size_t k = 1; k < e.size() && isAsciiDigit(e[k]) && bits < 100000; ++k)
      bits = bits * 10 + (e[k] - '0');
    return bits;
  }

  // A terminator in another op than its own; and what Triton 3.6's op
  // verifiers refuse of shapes and element types that the parser let
  // through (every use of a value has its type, but the types need not fit
  // the op): the Elementwise trait's one shape (tt.addptr, arith.select),
  // arith casts' dims, widths and result kinds, one element type where the
  // op keeps it, tt.broadcast's dims, tt.expand_dims', tt.join's,
  // tt.split's and ttg.fp4_to_fp's inferred results, tt.reshape's element
  // count, tt.make_range's i32, an atomic's mask, the dot ops' dimensions
  // (the DotOpInterface: K, batch, the result's M and N; tt.dot_scaled's
  // packed fp4 and its scales) and wgmma's result layout. At the op's name;
  // only where every type is read.
  std::optional<LayoutMismatch> firstShapeRuleProblem(const Module &m) const {
    auto tensorOf = [&](int v) -> const TypeText * {
      if (v < 0 || size_t(v) >= m.values.size())
        return nullptr;
      const SsaValue &sv = m.values[size_t(v)];
      return sv.type && !sv.type->isMemDesc && !sv.isTensorDesc ? sv.type.get() : nullptr;
    };
    auto shapedOf = [&](int v) -> const TypeText * { // a tensor or a memdesc
      if (v < 0 || size_t(v) >= m.values.size())
        return nullptr;
      const SsaValue &sv = m.values[size_t(v)];
      return sv.type && !sv.isTensorDesc ? sv.type.get() : nullptr;
    };
    // Whether the joined layout (the last dim of 2 in registers) split is
    // `part` (tt.join's and tt.split's one rule); true where a layout is not
    // computed here.
    auto splitIs = [](const EncodingPtr &joined, const std::vector<int64_t> &joinedShape,
                      const EncodingPtr &part, const std::vector<int64_t> &partShape) {
      try {
        const std::optional<LinearLayout> split = splitLinearLayout(joined->toLinearLayout(joinedShape));
        return split && *split == part->toLinearLayout(partShape);
      } catch (const std::exception &) {
        return true;
      }
    };
    // A shape's number of elements; -1 past 2^40 or with a dim not positive.
    auto elementCount = [](const std::vector<int64_t> &shape) {
      int64_t c = 1;
      for (int64_t d : shape)
        c = c > 0 && d > 0 && c <= (int64_t(1) << 40) / d ? c * d : -1;
      return c;
    };
    auto typed = [&](int v) { // a value whose type is written (a tensor or a scalar)
      return v >= 0 && size_t(v) < m.values.size() && !m.values[size_t(v)].typeText.empty();
    };
    // The ops judged below (one lookup for every other op).
    static const std::unordered_set<std::string_view, TextHash> judged = {
        "ttg.warp_yield",
        "ttg.warp_return",
        "tt.reduce.return",
        "tt.scan.return",
        "tt.return",
        "arith.sitofp",
        "arith.uitofp",
        "arith.extf",
        "arith.truncf",
        "arith.fptosi",
        "arith.fptoui",
        "arith.extsi",
        "arith.extui",
        "arith.trunci",
        "arith.bitcast",
        "arith.select",
        "tt.fp_to_fp",
        "tt.broadcast",
        "tt.reshape",
        "tt.trans",
        "tt.splat",
        "tt.cat",
        "tt.addptr",
        "tt.bitcast",
        "tt.int_to_ptr",
        "tt.ptr_to_int",
        "tt.expand_dims",
        "tt.make_range",
        "tt.join",
        "tt.split",
        "tt.atomic_rmw",
        "tt.dot",
        "ttng.warp_group_dot",
        "tt.dot_scaled",
        "ttg.fp4_to_fp",
        "tt.elementwise_inline_asm",
        "tt.reduce",
        "tt.scan",
        "tt.gather",
        "tt.descriptor_load",
        "tt.descriptor_store",
        "tt.atomic_cas",
        "ttng.tc_gen5_mma",
        "ttng.tc_gen5_mma_scaled"};
    for (size_t i = 0; i < m.ops.size(); ++i) {
      const Operation &op = m.ops[i];
      if (op.implicit || op.guessedResultTypes || op.unknownToTriton36 || !judged.count(op.name))
        continue;
      const std::string_view n = op.name;
      auto problem = [&](std::string what) {
        return LayoutMismatch{static_cast<int>(i), -1, "'" + op.name + "' op " + std::move(what)};
      };
      // The terminators of one parent (HasParent, the first trait checked).
      const char *parent = equalsLiteral(n, "ttg.warp_yield")     ? "ttg.warp_specialize"
                           : equalsLiteral(n, "ttg.warp_return")  ? "ttg.warp_specialize.partitions"
                           : equalsLiteral(n, "tt.reduce.return") ? "tt.reduce"
                           : equalsLiteral(n, "tt.scan.return")   ? "tt.scan"
                           : equalsLiteral(n, "tt.return")        ? "tt.func"
                                                                  : nullptr;
      if (parent && op.parentBlock >= 0) {
        const int r = m.blocks[size_t(op.parentBlock)].parentRegion;
        const int p = r >= 0 ? m.regions[size_t(r)].parentOp : -1;
        // (An op Triton 3.6 lacks, written generic, is read by MLIR as an
        // unregistered op: its terminator's verifier still runs.)
        if (p >= 0 && m.ops[size_t(p)].name != parent &&
            (!m.ops[size_t(p)].guessedResultTypes || m.ops[size_t(p)].generic))
          return problem(std::string("expects parent op '") + parent + "'");
      }
      // The result's element kind (ODS, before the traits below).
      const bool floatResult = equalsLiteral(n, "arith.sitofp") ||
                               equalsLiteral(n, "arith.uitofp") || equalsLiteral(n, "arith.extf") ||
                               equalsLiteral(n, "arith.truncf") || equalsLiteral(n, "tt.fp_to_fp");
      const bool intResult = equalsLiteral(n, "arith.fptosi") || equalsLiteral(n, "arith.fptoui") ||
                             equalsLiteral(n, "arith.extsi") || equalsLiteral(n, "arith.extui") ||
                             equalsLiteral(n, "arith.trunci");
      if ((floatResult || intResult) && op.results.size() == 1 && typed(op.results[0])) {
        const std::string_view rt = m.values[size_t(op.results[0])].typeText;
        const ElementClass rc = elementClass(rt);
        const char *want = equalsLiteral(n, "tt.fp_to_fp")
                               ? "floating-point or ranked tensor of floating-point values"
                           : floatResult ? "floating-point-like"
                                         : "signless-fixed-width-integer-like";
        const bool ok =
            floatResult ? rc == ElementClass::Float : rc == ElementClass::SignlessInteger;
        if (!ok && rc != ElementClass::Other)
          return problem(std::string("result #0 must be ") + want + ", but got '" +
                         std::string(rt) + "'");
      }
      // One element type for the operand and the result.
      if ((equalsLiteral(n, "tt.broadcast") || equalsLiteral(n, "tt.reshape") ||
           equalsLiteral(n, "tt.trans") || equalsLiteral(n, "tt.splat") ||
           equalsLiteral(n, "tt.cat")) &&
          !op.operands.empty() && op.results.size() == 1 && typed(op.results[0])) {
        const TypeText *r = tensorOf(op.results[0]);
        bool same = true, known = r != nullptr;
        for (int v : op.operands) {
          known = known && typed(v);
          if (!known)
            break;
          const TypeText *a = tensorOf(v);
          const std::string_view scalar = m.values[size_t(v)].typeText;
          if (a ? a->elementType != r->elementType
                : (!m.values[size_t(v)].type && scalar != r->elementType &&
                   normalisedTypeText(scalar) != normalisedTypeText(r->elementType)))
            same = false;
        }
        if (known && !same)
          return problem("requires the same element type for all operands and results");
      }
      if (equalsLiteral(n, "tt.broadcast") && op.operands.size() == 1 && op.results.size() == 1) {
        const TypeText *a = tensorOf(op.operands[0]), *r = tensorOf(op.results[0]);
        if (a && r && a->shape.size() != r->shape.size())
          return LayoutMismatch{static_cast<int>(i), -1,
                                "rank of source must be same as rank of result"};
        if (a && r)
          for (size_t d = 0; d < a->shape.size(); ++d)
            if (a->shape[d] != 1 && a->shape[d] != r->shape[d])
              return LayoutMismatch{
                  static_cast<int>(i), -1,
                  "Different dimensions at index " + std::to_string(d) +
                      " between source and result.  Broadcast requires the source "
                      "dimension to be 1."};
      }
      // Every non-scalar operand and result of one shape.
      const bool elementwise = equalsLiteral(n, "tt.addptr") || equalsLiteral(n, "arith.select") ||
                               equalsLiteral(n, "tt.elementwise_inline_asm");
      const bool cast = startsWithLiteral(n, "arith.") &&
                        (equalsLiteral(n, "arith.extf") || equalsLiteral(n, "arith.truncf") ||
                         equalsLiteral(n, "arith.extsi") || equalsLiteral(n, "arith.extui") ||
                         equalsLiteral(n, "arith.trunci") || equalsLiteral(n, "arith.sitofp") ||
                         equalsLiteral(n, "arith.uitofp") || equalsLiteral(n, "arith.fptosi") ||
                         equalsLiteral(n, "arith.fptoui") || equalsLiteral(n, "arith.bitcast"));
      const bool sameShape = equalsLiteral(n, "tt.fp_to_fp") || equalsLiteral(n, "tt.bitcast") ||
                             equalsLiteral(n, "tt.int_to_ptr") || equalsLiteral(n, "tt.ptr_to_int");
      if (elementwise || cast || sameShape) {
        const TypeText *first = nullptr;
        bool allTyped = true, mismatch = false;
        auto see = [&](int v) {
          allTyped = allTyped && typed(v);
          if (const TypeText *t = tensorOf(v)) {
            if (first && t->shape != first->shape)
              mismatch = true;
            if (!first)
              first = t;
          }
        };
        for (int v : op.operands)
          see(v);
        for (int v : op.results)
          see(v);
        if (allTyped && mismatch)
          return problem(
              cast        ? "failed to verify that input and output have the same tensor dimensions"
              : sameShape ? "requires the same shape for all operands and results"
                          : "all non-scalar operands/results must have the same shape "
                            "and base type");
      }
      if (cast && op.operands.size() == 1 && op.results.size() == 1 && typed(op.operands[0]) &&
          typed(op.results[0])) {
        const std::string_view in = m.values[size_t(op.operands[0])].typeText,
                               out = m.values[size_t(op.results[0])].typeText;
        const ElementClass ci = elementClass(in), co = elementClass(out);
        const int bi = elementBits(elementTypeText(in)), bo = elementBits(elementTypeText(out));
        bool ok = true;
        if (bi > 0 && bo > 0) {
          if (equalsLiteral(n, "arith.extf"))
            ok = ci != ElementClass::Float || co != ElementClass::Float || bi < bo;
          else if (equalsLiteral(n, "arith.truncf"))
            ok = ci != ElementClass::Float || co != ElementClass::Float || bi > bo;
          else if (equalsLiteral(n, "arith.extsi") || equalsLiteral(n, "arith.extui"))
            ok = ci != ElementClass::SignlessInteger || co != ElementClass::SignlessInteger ||
                 bi < bo;
          else if (equalsLiteral(n, "arith.trunci"))
            ok = ci != ElementClass::SignlessInteger || co != ElementClass::SignlessInteger ||
                 bi > bo;
          else if (equalsLiteral(n, "arith.bitcast"))
            ok = bi == bo;
        }
        if (!ok)
          return problem("operand type '" + std::string(in) + "' and result type '" +
                         std::string(out) + "' are cast incompatible");
      }
      if (equalsLiteral(n, "tt.expand_dims") && op.operands.size() == 1 && op.results.size() == 1) {
        const TypeText *a = tensorOf(op.operands[0]), *r = tensorOf(op.results[0]);
        const std::optional<int64_t> axis = op.intAttribute("axis");
        if (a && r && a->elementType != r->elementType)
          return problem("requires the same element type for all operands and results");
        if (a && r && axis && *axis >= 0 && size_t(*axis) <= a->shape.size()) {
          std::vector<int64_t> want = a->shape;
          want.insert(want.begin() + *axis, 1);
          if (want != r->shape)
            return problem("inferred type(s) are incompatible with return type(s) of operation '" +
                           std::string(m.values[size_t(op.results[0])].typeText) + "' (shape " +
                           shapeText(want) + ")");
        }
      }
      if (equalsLiteral(n, "tt.make_range") && op.results.size() == 1)
        if (const TypeText *r = tensorOf(op.results[0])) {
          const ElementClass c = elementClass(r->elementType);
          if (c != ElementClass::SignlessInteger && c != ElementClass::SignedInteger)
            return problem("result #0 must be ranked tensor of integer values, but got '" +
                           std::string(m.values[size_t(op.results[0])].typeText) + "'");
          if (r->elementType != "i32" && r->shape.size() == 1 && op.intAttribute("start") &&
              op.intAttribute("end") &&
              *op.intAttribute("end") - *op.intAttribute("start") == r->shape[0])
            return problem("returned tensor must have i32 elements");
        }
      // tt.join: the operands' shape and a last dim of 2; its layout split
      // (that dim in each thread's registers, taken out) is the operands'.
      if (equalsLiteral(n, "tt.join") && op.operands.size() == 2 && op.results.size() == 1) {
        const TypeText *a = tensorOf(op.operands[0]), *r = tensorOf(op.results[0]);
        if (a && r) {
          std::vector<int64_t> want = a->shape;
          want.push_back(2);
          if (r->shape != want || r->elementType != a->elementType)
            return problem("inferred type(s) are incompatible with return type(s) of operation '" +
                           std::string(m.values[size_t(op.results[0])].typeText) + "'");
          const EncodingPtr &ea = m.values[size_t(op.operands[0])].encoding;
          const EncodingPtr &er = m.values[size_t(op.results[0])].encoding;
          if (a->encoding && !r->encoding)
            return problem("result encoding must be specified");
          if (ea && er && !splitIs(er, r->shape, ea, a->shape))
            return problem("incompatible join layout");
        }
      }
      // ttg.fp4_to_fp unpacks along its axis: that dim doubles.
      if (equalsLiteral(n, "ttg.fp4_to_fp") && op.operands.size() == 1 && op.results.size() == 1) {
        const TypeText *a = tensorOf(op.operands[0]), *r = tensorOf(op.results[0]);
        const std::optional<int64_t> axis = op.intAttribute("axis");
        if (a && axis && (*axis < 0 || size_t(*axis) >= a->shape.size()))
          return LayoutMismatch{static_cast<int>(i), -1,
                                "axis " + std::to_string(*axis) + " out of range for rank " +
                                    std::to_string(a->shape.size())};
        if (a && r && axis) {
          std::vector<int64_t> want = a->shape;
          want[size_t(*axis)] *= 2;
          if (r->shape != want)
            return problem("result shape " + shapeText(r->shape) +
                           " is not the operand's with dim " + std::to_string(*axis) +
                           " doubled (" + shapeText(want) + ")");
          // Triton infers the operand's layout back from the result's
          // (Fp4ToFpOp's verifier) and compares it with the operand's.
          const EncodingPtr &ea = m.values[size_t(op.operands[0])].encoding;
          const EncodingPtr &er = m.values[size_t(op.results[0])].encoding;
          if (ea && er)
            if (const std::string why = fp4SourceProblem(*ea, a->shape, *er, r->shape, int(*axis));
                !why.empty())
              return problem(why);
        }
      }
      // tt.reshape keeps the number of elements.
      if (equalsLiteral(n, "tt.reshape") && op.operands.size() == 1 && op.results.size() == 1) {
        const TypeText *a = tensorOf(op.operands[0]), *r = tensorOf(op.results[0]);
        if (a && r && elementCount(a->shape) > 0 && elementCount(r->shape) > 0 &&
            elementCount(a->shape) != elementCount(r->shape))
          return problem("number of src and dst elements of reshape must be the same");
      }
      // tt.split, the other way: its results' shape and layout are the
      // operand's split (the last dim of 2, held in registers, taken out).
      if (equalsLiteral(n, "tt.split") && op.operands.size() == 1 && !op.results.empty()) {
        const TypeText *a = tensorOf(op.operands[0]);
        for (int v : op.results) {
          const TypeText *r = tensorOf(v);
          if (!a || !r || a->shape.empty())
            break;
          std::vector<int64_t> want(a->shape.begin(), a->shape.end() - 1);
          const bool same = r->shape == want && r->elementType == a->elementType && a->shape.back() == 2;
          const EncodingPtr &ea = m.values[size_t(op.operands[0])].encoding;
          const EncodingPtr &er = m.values[size_t(v)].encoding;
          if (!same || (ea && er && !splitIs(ea, a->shape, er, r->shape)))
            return problem("inferred type(s) are incompatible with return type(s) of operation '" +
                           std::string(m.values[size_t(v)].typeText) + "'");
        }
      }
      // tt.bitcast keeps the bits: pointers to pointers, and widths equal.
      if (equalsLiteral(n, "tt.bitcast") && op.operands.size() == 1 && op.results.size() == 1 &&
          typed(op.operands[0]) && typed(op.results[0])) {
        const std::string_view in = m.values[size_t(op.operands[0])].typeText,
                               out = m.values[size_t(op.results[0])].typeText;
        const bool pin = elementClass(in) == ElementClass::Pointer,
                   pout = elementClass(out) == ElementClass::Pointer;
        if (pin && !pout)
          return LayoutMismatch{static_cast<int>(i), -1, "Cannot bitcast pointer to non-pointer type"};
        if (!pin && pout)
          return LayoutMismatch{static_cast<int>(i), -1, "Cannot bitcast non-pointer to pointer type"};
        const int bi = elementBits(elementTypeText(in)), bo = elementBits(elementTypeText(out));
        if (!pin && bi > 0 && bo > 0 && bi != bo)
          return LayoutMismatch{static_cast<int>(i), -1,
                                "Cannot bitcast data-type of size " + std::to_string(bi) +
                                    " to data-type of size " + std::to_string(bo)};
      }
      // An inline asm's elements come in packs of packed_element.
      if (equalsLiteral(n, "tt.elementwise_inline_asm") && !op.operands.empty())
        if (const TypeText *a = tensorOf(op.operands[0]))
          if (const std::optional<int64_t> pack = op.intAttribute("packed_element"); pack && *pack > 0) {
            const int64_t count = elementCount(a->shape);
            if (count > 0 && count % *pack != 0)
              return LayoutMismatch{static_cast<int>(i), -1,
                                    "number of input elements " + std::to_string(count) +
                                        " must be a multiple of the op's packed_element attribute, " +
                                        std::to_string(*pack)};
          }
      // tt.reduce and tt.scan: operands of one shape (a scan's results too),
      // results and the combiner's arguments of the operands' element types.
      if ((equalsLiteral(n, "tt.reduce") || equalsLiteral(n, "tt.scan")) && !op.operands.empty()) {
        const bool scan = equalsLiteral(n, "tt.scan");
        std::vector<const TypeText *> in;
        for (int v : op.operands)
          in.push_back(tensorOf(v));
        bool all = std::all_of(in.begin(), in.end(), [](const TypeText *t) { return t != nullptr; });
        if (all) {
          for (const TypeText *t : in)
            if (t->shape != in[0]->shape)
              return problem(scan ? "requires the same shape for all operands and results"
                                  : "requires the same shape for all operands");
          if (scan)
            for (int v : op.results)
              if (const TypeText *r = tensorOf(v); r && r->shape != in[0]->shape)
                return problem("requires the same shape for all operands and results");
          bool agree = op.results.size() == in.size();
          for (size_t k = 0; agree && k < op.results.size(); ++k) {
            const int v = op.results[k];
            if (!typed(v))
              continue;
            const TypeText *r = tensorOf(v);
            agree = (r ? r->elementType : std::string(m.values[size_t(v)].typeText)) == in[k]->elementType;
          }
          if (agree && !op.regions.empty()) {
            const Region &body = m.regions[size_t(op.regions[0])];
            if (!body.blocks.empty()) {
              const std::vector<int> &args = m.blocks[size_t(body.blocks[0])].arguments;
              if (args.size() == 2 * in.size())
                for (size_t k = 0; agree && k < args.size(); ++k)
                  agree = !typed(args[k]) ||
                          normalisedTypeText(m.values[size_t(args[k])].typeText) ==
                              normalisedTypeText(in[k % in.size()]->elementType);
            }
          }
          if (!agree)
            return problem("operand types and result types must agree");
        }
      }
      // tt.gather: the indices' shape and layout are the result's, the
      // input's element type the result's, one rank, and the indices match
      // the input in every dim but the axis.
      if (equalsLiteral(n, "tt.gather") && op.operands.size() == 2 && op.results.size() == 1) {
        const TypeText *src = tensorOf(op.operands[0]), *idx = tensorOf(op.operands[1]),
                       *r = tensorOf(op.results[0]);
        if (src && idx && r) {
          if (idx->shape != r->shape)
            return problem("indices and output shapes must match");
          const EncodingPtr &ei = m.values[size_t(op.operands[1])].encoding;
          const EncodingPtr &er = m.values[size_t(op.results[0])].encoding;
          if (bool(idx->encoding) != bool(r->encoding) ||
              (ei && er && ei != er &&
               printEncoding(*ei, Syntax::Triton36) != printEncoding(*er, Syntax::Triton36)))
            return problem("indices and output encodings must match");
          if (src->elementType != r->elementType)
            return problem("input and output element types must match");
          if (src->shape.size() != idx->shape.size())
            return problem("input and indices ranks must match");
          const std::optional<int64_t> axis = op.intAttribute("axis");
          if (axis && *axis >= 0 && size_t(*axis) < src->shape.size())
            for (size_t d = 0; d < src->shape.size(); ++d)
              if (int64_t(d) != *axis && idx->shape[d] != src->shape[d])
                return problem("indices dimension " + std::to_string(d) +
                               " must match the corresponding input dimension");
        }
      }
      // A descriptor's block and the tensor loaded or stored: the same type,
      // or the block with unit leading dims more.
      if ((equalsLiteral(n, "tt.descriptor_load") || equalsLiteral(n, "tt.descriptor_store")) &&
          !op.operands.empty()) {
        const bool load = equalsLiteral(n, "tt.descriptor_load");
        const int d = op.operands[0];
        const int t = load ? (op.results.empty() ? -1 : op.results[0]) : op.operands.back();
        const TypeText *block = d >= 0 && m.values[size_t(d)].isTensorDesc ? m.values[size_t(d)].type.get()
                                                                            : nullptr;
        const TypeText *tensor = tensorOf(t);
        if (block && tensor && t != d) {
          const size_t br = block->shape.size(), tr = tensor->shape.size();
          if (br != tr) {
            bool reduced = br > tr;
            for (size_t k = 0; reduced && k < br - tr; ++k)
              reduced = block->shape[k] == 1;
            if (!reduced)
              return problem("ranked reduce load only allowed for unit dimension leading dim.");
          }
          const std::vector<int64_t> tail(block->shape.end() - std::ptrdiff_t(std::min(br, tr)),
                                          block->shape.end());
          if (tail != tensor->shape || block->elementType != tensor->elementType)
            return problem("tensor descriptor block and tensor types must match");
        }
      }
      // An atomic compare-and-swap: the pointee's type is the compared
      // value's and the new value's.
      if (equalsLiteral(n, "tt.atomic_cas") && op.operands.size() == 3 && op.operands[0] >= 0) {
        const TypeText *ptr = tensorOf(op.operands[0]);
        const std::string_view pt = m.values[size_t(op.operands[0])].typeText;
        std::string pointee = ptr ? ptr->elementType : std::string(pt);
        if (startsWithLiteral(pointee, "!tt.ptr<") && typed(op.operands[0])) {
          // `!tt.ptr<T>` or `!tt.ptr<T, N>`: T (itself maybe a pointer).
          int nest = 0;
          size_t end = 8;
          for (; end < pointee.size(); ++end) {
            const char c = pointee[end];
            if (c == '<')
              ++nest;
            else if (c == '>' && nest-- == 0)
              break;
            else if (c == ',' && nest == 0)
              break;
          }
          pointee = pointee.substr(8, end - 8);
          for (int k : {1, 2}) {
            const int v = op.operands[size_t(k)];
            if (!typed(v))
              continue;
            const TypeText *t = tensorOf(v);
            const bool same = t ? ptr && t->shape == ptr->shape && t->elementType == pointee
                                : !ptr && std::string(m.values[size_t(v)].typeText) == pointee;
            if (!same)
              return problem(std::string("failed to verify that ptr type matches ") +
                             (k == 1 ? "cmp" : "value") + " type");
          }
        }
      }
      // An atomic's mask: the value's shape, of i1.
      if (equalsLiteral(n, "tt.atomic_rmw") && op.operands.size() == 3 && typed(op.operands[1]) &&
          typed(op.operands[2])) {
        const TypeText *val = tensorOf(op.operands[1]), *mask = tensorOf(op.operands[2]);
        const std::string_view maskText = m.values[size_t(op.operands[2])].typeText;
        if (val ? !mask || mask->shape != val->shape || mask->elementType != "i1"
                : normalisedTypeText(maskText) != "i1")
          return problem("failed to verify that mask type matches value type");
      }
      // The dot ops: A (M x K), B (K x N), the accumulator and result (M x N).
      const bool dot = equalsLiteral(n, "tt.dot") || equalsLiteral(n, "ttng.warp_group_dot");
      const bool scaled = equalsLiteral(n, "tt.dot_scaled") && !op.generic &&
                          op.operands.size() >= 3 && op.operands.size() <= 5;
      // tcgen05's MMAs: A, B and the accumulator D are their first three
      // operands (Triton's DotOpInterface checks their dims the same way).
      const bool mma5 = equalsLiteral(n, "ttng.tc_gen5_mma"),
                 mma5Scaled = equalsLiteral(n, "ttng.tc_gen5_mma_scaled") && !op.generic;
      if (((dot || mma5 || mma5Scaled) && op.operands.size() >= 3) || scaled) {
        const bool withScales = scaled && op.operands.size() == 5;
        // One scale: A's where `scale` follows A (`%a scale %s, %b, %c`).
        bool lhsScale = withScales;
        if (scaled && op.operands.size() == 4) {
          const size_t from = opNameOffset(op);
          const size_t comma = text_.find(',', from);
          const size_t kw = text_.find(" scale ", from);
          lhsScale = kw != std::string_view::npos && comma != std::string_view::npos && kw < comma;
        }
        const int ia = op.operands[0], ib = op.operands[scaled && lhsScale ? 2 : 1],
                  ic = mma5 || mma5Scaled || equalsLiteral(n, "ttng.warp_group_dot")
                           ? op.operands[2]
                           : op.operands.back();
        const TypeText *a = shapedOf(ia), *b = shapedOf(ib), *c = shapedOf(ic);
        if (!a || !b || !c)
          continue;
        bool lhsFp4 = false, rhsFp4 = false;
        // Whether a packed fp4 operand holds its element pairs along K (else
        // along M or N): tt.dot_scaled says so (lhs_k_pack, rhs_k_pack); a
        // tcgen05 MMA's NVMMA shared operand is packed along its inner dim
        // (A not transposed, B transposed).
        bool lhsKPack = !(op.attributeText.find("lhs_k_pack = false") != std::string::npos);
        bool rhsKPack = !(op.attributeText.find("rhs_k_pack = false") != std::string::npos);
        if (mma5Scaled) {
          const auto *sa =
              dynamic_cast<const NvmmaSharedEncoding *>(m.values[size_t(ia)].encoding.get());
          const auto *sb =
              dynamic_cast<const NvmmaSharedEncoding *>(m.values[size_t(ib)].encoding.get());
          lhsKPack = !(sa && sa->transposed);
          rhsKPack = !(sb && !sb->transposed);
        }
        if (scaled || mma5Scaled) {
          // `lhs = e2m1 rhs = e5m2`: the formats, written after the operands.
          const size_t from = opNameOffset(op);
          const size_t to = std::min(text_.size(), from + kMaxAttrText);
          auto format = [&](std::string_view key) {
            const size_t at = text_.substr(0, to).find(key, from);
            return at != std::string_view::npos && text_.substr(at + key.size(), 4) == "e2m1";
          };
          lhsFp4 = format("lhs = ");
          rhsFp4 = format("rhs = ");
        }
        const size_t rank = a->shape.size();
        if (rank != 2 && rank != 3)
          return problem("expected operands to be 2d or 3d");
        if (b->shape.size() != rank || c->shape.size() != rank)
          return problem("expected all operands to have the same rank");
        const int64_t aK = a->shape[rank - 1] * (lhsFp4 && lhsKPack ? 2 : 1);
        const int64_t bK = b->shape[rank - 2] * (rhsFp4 && rhsKPack ? 2 : 1);
        if (aK != bK)
          return problem("expected the last dimension of the first operand to be equal to the "
                         "second-to-last dimension of the second operand");
        if (rank == 3 && (a->shape[0] != c->shape[0] || b->shape[0] != c->shape[0]))
          return problem(
              "expected the first dimension of the first operand to be equal to the first "
              "dimension of the result");
        const int64_t aM = a->shape[rank - 2] * (lhsFp4 && !lhsKPack ? 2 : 1);
        const int64_t bN = b->shape[rank - 1] * (rhsFp4 && !rhsKPack ? 2 : 1);
        // (A two-CTA tcgen05 MMA's output dims are relaxed: not checked here.)
        if ((aM != c->shape[rank - 2] || bN != c->shape[rank - 1]) &&
            !((mma5 || mma5Scaled) && op.hasAttribute("two_ctas")))
          return problem(
              "expected the output shape to be the concatenation of the last dimension of "
              "the first operand and the last dimension of the second");
        // (then the op's own verifier) Ampere's MMA takes f32 operands only as
        // tf32 (ieee, tf32x3, ... have no MMAv2 form).
        if (equalsLiteral(n, "tt.dot") && !op.generic && !op.results.empty() && op.results[0] >= 0 &&
            a->elementType == "f32")
          if (const auto *mma =
                  dynamic_cast<const NvidiaMmaEncoding *>(m.values[size_t(op.results[0])].encoding.get());
              mma && mma->versionMajor == 2) {
            const size_t from = opNameOffset(op);
            const size_t colon = text_.find(" : ", from);
            const size_t kw = text_.find("inputPrecision = ", from);
            if (kw != std::string_view::npos && colon != std::string_view::npos && kw < colon) {
              size_t w = kw + 17, e = w;
              while (e < colon && isAsciiAlnum(text_[e]))
                ++e;
              if (text_.substr(w, e - w) != "tf32")
                return LayoutMismatch{static_cast<int>(i), -1, "unsupported MMA version"};
            }
          }
        // wgmma's result is in Hopper's MMA layout.
        if (equalsLiteral(n, "ttng.warp_group_dot") && !op.results.empty() && op.results[0] >= 0)
          if (const EncodingPtr &d = m.values[size_t(op.results[0])].encoding) {
            const auto *mma = dynamic_cast<const NvidiaMmaEncoding *>(d.get());
            if (!mma || mma->versionMajor != 3)
              return problem("WGMMA result layout must be Hopper NVMMA");
            // Its operands: A an NVMMA shared buffer or registers in a dot
            // operand layout, B an NVMMA shared buffer (shared_linear too);
            // the result tile per CTA a multiple of 64 x 8.
            auto encodingOf = [&](int v) {
              return v >= 0 ? m.values[size_t(v)].encoding.get() : nullptr;
            };
            const Encoding *ea = encodingOf(ia), *eb = encodingOf(ib);
            auto sharedForMma = [](const Encoding *e) {
              return dynamic_cast<const NvmmaSharedEncoding *>(e) ||
                     dynamic_cast<const SharedLinearEncoding *>(e);
            };
            if (ea && !sharedForMma(ea) && !dynamic_cast<const DotOperandEncoding *>(ea))
              return problem("WGMMA A operand must have NVMMA shared or dot layout");
            if (eb && !sharedForMma(eb))
              return problem("WGMMA B operand must have NVMMA shared layout");
            const std::vector<int64_t> perCta = mma->cga.shapePerCTA(c->shape);
            if (perCta.size() == 2 && perCta[0] % 64 != 0)
              return problem("WGMMA result M dimension must be divisible by 64");
            if (perCta.size() == 2 && perCta[1] % 8 != 0)
              return problem("WGMMA result N dimension must be divisible by 8");
          }
        if (withScales) {
          // Triton 3.6: one scale per 32 elements of K (mxfp), per 16 where the
          // scales are f8E4M3FN (nvfp4).
          const TypeText *sa = tensorOf(op.operands[1]), *sb = tensorOf(op.operands[3]);
          const int64_t k = aK;
          const int64_t factor =
              (sa && sa->elementType == "f8E4M3FN") || (sb && sb->elementType == "f8E4M3FN") ? 16
                                                                                             : 32;
          // Each scale: [M or N, K / factor].
          auto scaleProblem = [&](const TypeText *scale, int64_t mn,
                                  const char *dim) -> std::string {
            if (!scale || scale->shape.size() != rank)
              return {};
            if (scale->shape[rank - 2] != mn)
              return std::string("scales ") + dim + " dimension must match the operand " + dim +
                     " dimension";
            if (scale->shape[rank - 1] != k / factor)
              return "scales K dimension must match the operand K divided by the scale factor";
            return {};
          };
          std::string why = scaleProblem(sa, c->shape[rank - 2], "M");
          if (why.empty())
            why = scaleProblem(sb, c->shape[rank - 1], "N");
          if (!why.empty())
            return LayoutMismatch{static_cast<int>(i), -1, why};
        }
      }
    }
    return std::nullopt;
  }

  // "128x64": a shape as a type writes it.
  static std::string shapeText(const std::vector<int64_t> &shape) {
    std::string out;
    for (size_t k = 0; k < shape.size(); ++k) {
      if (k)
        out += 'x';
      out += std::to_string(shape[k]);
    }
    return out;
  }

  // A function's argument attribute without a dialect (found while the
  // header was read); the mark is taken for the next module.
  std::optional<LayoutMismatch> undialectedArgAttrs(const Module &m) {
    const int op = std::exchange(undialectedArgAttrOp_, -1);
    if (op < 0 || size_t(op) >= m.ops.size())
      return std::nullopt;
    return LayoutMismatch{
        op, -1, "'" + m.ops[size_t(op)].name + "' op arguments may only have dialect attributes"};
  }

  // Where MLIR's verifier comes to a problem: the op's name, or later (a
  // block's end).
  // (Scaled by 64: a block left is said before the block around it, which
  // ends at the same op.)
  size_t orderOf(const Module &m, const LayoutMismatch &p) const {
    return p.order != std::string::npos ? p.order : opNameOffset(m.ops[size_t(p.op)]) * 64;
  }

  // tt.broadcast keeps its operand's encoding (SameOperandsAndResultEncoding);
  // tt.trans's order is a permutation of its operand's dims.
  std::optional<LayoutMismatch> firstBroadcastOrTransProblem(const Module &m) const {
    for (size_t i = 0; i < m.ops.size(); ++i) {
      const Operation &op = m.ops[i];
      if (op.operands.size() != 1 || op.results.size() != 1 || op.operands[0] < 0)
        continue;
      const SsaValue &a = m.values[size_t(op.operands[0])], &r = m.values[size_t(op.results[0])];
      if ((equalsLiteral(op.name, "tt.broadcast") ||
           (equalsLiteral(op.name, "tt.splat") && a.type && !a.type->isMemDesc)) &&
          a.encoding && r.encoding &&
          a.encoding != r.encoding &&
          printEncoding(*a.encoding, Syntax::Triton36) != printEncoding(*r.encoding, Syntax::Triton36))
        return LayoutMismatch{static_cast<int>(i), -1,
                              "'" + op.name + "' op requires the same encoding for all operands and "
                              "results"};
      if (equalsLiteral(op.name, "tt.trans") && a.type && !a.type->isMemDesc) {
        if (const auto order = op.intArrayAttribute("order")) {
          const size_t rank = a.type->shape.size();
          std::vector<bool> seen(rank, false);
          bool permutation = order->size() == rank;
          for (int64_t d : *order) {
            permutation = permutation && d >= 0 && size_t(d) < rank && !seen[size_t(d)];
            if (permutation)
              seen[size_t(d)] = true;
          }
          if (!permutation)
            return LayoutMismatch{static_cast<int>(i), -1,
                                  "order must be a permutation of [0, ..., rank - 1]"};
        }
      }
      // (ttg.memdesc_trans: its order names each dim of its operand once.)
      if (equalsLiteral(op.name, "ttg.memdesc_trans") && a.type && a.type->isMemDesc)
        if (const auto order = op.intArrayAttribute("order");
            order && order->size() != a.type->shape.size())
          return LayoutMismatch{
              static_cast<int>(i), -1,
              "order must have the same size as the rank of the operand and result"};
      if (std::optional<std::string> why = transResultProblem(op, a, r))
        return LayoutMismatch{static_cast<int>(i), -1, "'" + op.name + "' op " + *why};
      if (std::optional<std::string> why = reshapeResultProblem(op, a, r))
        return LayoutMismatch{static_cast<int>(i), -1, "'" + op.name + "' op " + *why};
    }
    return std::nullopt;
  }

  // tt.reshape (without allow_reorder) infers its
  // result's layout: the operand's, its elements renumbered row-major into
  // the new shape (Triton compares the linear layouts). What is not so, or
  // nullopt (also where a layout is not computed here).
  static std::optional<std::string> reshapeResultProblem(const Operation &op, const SsaValue &a,
                                                         const SsaValue &r) {
    if (!equalsLiteral(op.name, "tt.reshape") || !a.type || !r.type || !a.encoding ||
        !r.encoding || a.type->isMemDesc || r.type->isMemDesc || op.hasAttribute("allow_reorder"))
      return std::nullopt; // (efficient_layout does not exempt it: Triton checks only allow_reorder)
    const Shape &in = a.type->shape, &out = r.type->shape;
    auto elements = [](const Shape &shape) {
      int64_t n = 1;
      for (int64_t d : shape) {
        if (d <= 0 || (d & (d - 1)) != 0)
          return int64_t{-1}; // (reshapeLayout wants power-of-two sizes)
        n *= d;
      }
      return n;
    };
    if (elements(in) < 0 || elements(in) != elements(out))
      return std::nullopt;
    try {
      const LinearLayout la = a.encoding->toLinearLayout(in);
      if (la.getNumOutDims() != int32_t(in.size()))
        return std::nullopt;
      if (!(reshapeLayout(la, out) == r.encoding->toLinearLayout(out)))
        return "Expected result encoding (the operand's layout, reshaped) but was " +
               printEncoding(*r.encoding, Syntax::Triton36);
    } catch (const std::exception &) {
    }
    return std::nullopt;
  }

  // tt.trans and ttg.memdesc_trans infer their result: the operand's shape,
  // and its layout, with the dims in `order` (Triton's
  // InferTypeOpWithLayoutEquivalence: the stated layout may be any of the
  // same linear layout). What is not so, or nullopt (also where a layout is
  // not computed here).
  static std::optional<std::string> transResultProblem(const Operation &op, const SsaValue &a,
                                                       const SsaValue &r) {
    const bool memdesc = equalsLiteral(op.name, "ttg.memdesc_trans");
    if ((!memdesc && !equalsLiteral(op.name, "tt.trans")) || !a.type || !r.type || !a.encoding ||
        !r.encoding || a.type->isMemDesc != memdesc || r.type->isMemDesc != memdesc)
      return std::nullopt;
    const std::optional<std::vector<int64_t>> order = op.intArrayAttribute("order");
    const Shape &in = a.type->shape;
    if (!order || order->size() != in.size())
      return std::nullopt;
    Shape expected;
    for (int64_t d : *order) {
      if (d < 0 || size_t(d) >= in.size())
        return std::nullopt;
      expected.push_back(in[size_t(d)]);
    }
    const std::string incompatible =
        "inferred type(s) (the operand's, its dims in the order given) are incompatible with "
        "return type(s) of operation '" + std::string(r.typeText) + "'";
    if (r.type->shape != expected || r.type->elementType != a.type->elementType)
      return incompatible;
    try {
      const LinearLayout la = a.encoding->toLinearLayout(in);
      if (la.getNumOutDims() != int32_t(order->size()))
        return std::nullopt;
      const std::vector<int> perm(order->begin(), order->end());
      if (!(transposeLinearLayout(la, perm) == r.encoding->toLinearLayout(r.type->shape)))
        return incompatible;
    } catch (const std::exception &) {
    }
    return std::nullopt;
  }

  // A function is isolated from above: an op in it uses no value defined
  // outside it (MLIR's verifier: "using value defined outside the region").
  // Only a module whose body defines values can break it.
  std::optional<LayoutMismatch> firstValueFromAbove(const Module &m) const {
    bool outerValues = false;
    if (m.moduleOp >= 0)
      for (int r : m.ops[size_t(m.moduleOp)].regions)
        for (int b : m.regions[size_t(r)].blocks)
          for (int o : m.blocks[size_t(b)].operations)
            outerValues = outerValues || !m.ops[size_t(o)].results.empty();
    if (!outerValues && !crossFunctionUse_)
      return std::nullopt;
    auto functionOf = [&](int block) {
      for (int b = block, guard = 0; b >= 0 && guard < 4096; ++guard) {
        const int r = m.blocks[size_t(b)].parentRegion;
        const int p = r >= 0 ? m.regions[size_t(r)].parentOp : -1;
        if (p < 0)
          return -1;
        if (m.ops[size_t(p)].name == "tt.func" || m.ops[size_t(p)].name == "func.func")
          return p;
        b = m.ops[size_t(p)].parentBlock;
      }
      return -1;
    };
    for (size_t i = 0; i < m.ops.size(); ++i) {
      const int fn = functionOf(m.ops[i].parentBlock);
      if (fn < 0)
        continue;
      for (int v : m.ops[i].operands) {
        if (v < 0)
          continue;
        const SsaValue &sv = m.values[size_t(v)];
        const int block = sv.definingOp >= 0 ? m.ops[size_t(sv.definingOp)].parentBlock : sv.ownerBlock;
        if (functionOf(block) != fn)
          return LayoutMismatch{static_cast<int>(i), -1,
                                "'" + m.ops[i].name + "' op using value defined outside the region"};
      }
    }
    return std::nullopt;
  }

  // ttg.convert_layout keeps its operand's shape and element type (its
  // SameOperandsAndResultShape and ...ElementType traits).
  std::optional<LayoutMismatch> firstConvertShapeMismatch(const Module &m) const {
    for (size_t i = 0; i < m.ops.size(); ++i) {
      const Operation &op = m.ops[i];
      if (op.operands.size() != 1 || op.results.size() != 1 || op.operands[0] < 0 ||
          !equalsLiteral(op.name, "ttg.convert_layout"))
        continue;
      const SsaValue &a = m.values[size_t(op.operands[0])], &r = m.values[size_t(op.results[0])];
      if (!a.type || !r.type || a.type->isMemDesc || r.type->isMemDesc)
        continue;
      if (a.type->shape != r.type->shape)
        return LayoutMismatch{static_cast<int>(i), -1,
                              "'ttg.convert_layout' op requires the same shape for all operands "
                              "and results"};
      if (a.type->elementType != r.type->elementType)
        return LayoutMismatch{static_cast<int>(i), -1,
                              "'ttg.convert_layout' op requires the same element type for all "
                              "operands and results"};
    }
    return std::nullopt;
  }

  // A `ttg.partition` value's problem as TritonGPU's verifier says it ("" if
  // none, or if it is no `array<i32: ...>`).
  static std::string partitionIdsProblem(std::string_view value) {
    std::string_view v = trimAsciiSpace(value);
    if (!startsWithLiteral(v, "array<i32") || v.back() != '>')
      return {};
    v = trimAsciiSpace(v.substr(9, v.size() - 10));
    std::vector<int64_t> ids;
    if (!v.empty()) {
      if (v[0] != ':')
        return {};
      for (std::string_view rest = v.substr(1); !rest.empty();) {
        const size_t comma = std::min(rest.find(','), rest.size());
        const std::string_view item = trimAsciiSpace(rest.substr(0, comma));
        int64_t x = 0;
        const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), x);
        if (ec != std::errc() || ptr != item.data() + item.size())
          return {}; // (hex and the like: not judged here)
        ids.push_back(x);
        rest = comma < rest.size() ? rest.substr(comma + 1) : std::string_view();
      }
    }
    for (size_t a = 0; a < ids.size(); ++a)
      for (size_t b = 0; b < a; ++b)
        if (ids[a] == ids[b])
          return "has duplicated partition ids";
    if (ids.empty())
      return "has no partition ids";
    if (!std::is_sorted(ids.begin(), ids.end()))
      return "partition ids not in sorted order";
    return {};
  }

  // tt.expand_dims, tt.reduce, tt.scan and tt.gather require their `axis`.
  // (And ttg.async_wait its `num`, ttng.async_tma_store_wait its `pendings`,
  // tt.trans and ttg.memdesc_trans their `order`.)
  // scf.for's and scf.if's regions hold one block at most, scf.while's one.
  std::optional<LayoutMismatch> firstMissingAttributeOrBlocks(const Module &m) const {
    for (size_t i = 0; i < m.ops.size(); ++i) {
      const Operation &op = m.ops[i];
      const std::string_view n = op.name;
      const char *required =
          (equalsLiteral(n, "tt.expand_dims") || equalsLiteral(n, "tt.reduce") ||
           equalsLiteral(n, "tt.scan") || equalsLiteral(n, "tt.gather"))
              ? "axis"
          : equalsLiteral(n, "ttg.async_wait")                                      ? "num"
          : equalsLiteral(n, "ttng.async_tma_store_wait")                           ? "pendings"
          : (equalsLiteral(n, "tt.trans") || equalsLiteral(n, "ttg.memdesc_trans")) ? "order"
          : equalsLiteral(n, "ttng.fence_async_shared")                             ? "bCluster"
          : equalsLiteral(n, "ttg.global_scratch_alloc")
              ? (!op.hasAttribute("alignment") ? "alignment" : "nbytes")
          : equalsLiteral(n, "ttng.tensormap_create")
              ? (!op.hasAttribute("elem_type")           ? "elem_type"
                 : !op.hasAttribute("fill_mode")         ? "fill_mode"
                 : !op.hasAttribute("interleave_layout") ? "interleave_layout"
                                                         : "swizzle_mode")
              : nullptr;
      // (tt.reduce and tt.scan, printed generic, have their axis (and
      // reverse) in their properties.)
      if (equalsLiteral(n, "tt.scan") && op.hasAttribute("axis") && !op.hasAttribute("reverse"))
        required = "reverse";
      // TritonGPU's verifier of a `ttg.partition` attribute (on any op, before
      // the op's own): its ids are distinct, at least one, and sorted.
      for (const auto &[key, value] : op.attributes) {
        if (key != "ttg.partition")
          continue;
        if (const std::string why = partitionIdsProblem(value); !why.empty())
          return LayoutMismatch{static_cast<int>(i), -1,
                                "'" + op.name + "' op " + why + " in attribute ttg.partition"};
      }
      if (required &&
          (!op.generic || equalsLiteral(n, "tt.scan") || equalsLiteral(n, "tt.reduce")) &&
          !op.hasAttribute(required))
        return LayoutMismatch{static_cast<int>(i), -1,
                              "'" + op.name + "' op requires attribute '" + required + "'"};
      if (op.regions.empty())
        continue;
      const bool oneAtMost = equalsLiteral(n, "scf.for") || equalsLiteral(n, "scf.if") ||
                             equalsLiteral(n, "tt.reduce") || equalsLiteral(n, "tt.scan");
      if (oneAtMost || equalsLiteral(n, "scf.while"))
        for (size_t r = 0; r < op.regions.size(); ++r) {
          const size_t blocks = m.regions[size_t(op.regions[r])].blocks.size();
          if (oneAtMost && blocks > 1)
            return LayoutMismatch{static_cast<int>(i), -1,
                                  "'" + op.name + "' op expects region #" + std::to_string(r) +
                                      " to have 0 or 1 blocks"};
          // (A region written `{}` has no block.)
          const Block &b0 = m.blocks[size_t(m.regions[size_t(op.regions[r])].blocks[0])];
          const bool empty = blocks == 1 && b0.operations.empty() && b0.arguments.empty() &&
                             b0.label.empty();
          if (!oneAtMost && (blocks != 1 || empty))
            return LayoutMismatch{static_cast<int>(i), -1,
                                  "'scf.while' op region #" + std::to_string(r) + " ('" +
                                      (r == 0 ? "before" : "after") +
                                      "') failed to verify constraint: region with 1 blocks"};
        }
    }
    return std::nullopt;
  }

  // A terminator (scf.yield, tt.return, ...) ends its block: one written
  // before another op is refused (MLIR's IsTerminator trait); and scf.if
  // with results has its else block.
  static bool isTerminatorName(std::string_view n) {
    return equalsLiteral(n, "scf.yield") || equalsLiteral(n, "tt.return") ||
           equalsLiteral(n, "scf.condition") || equalsLiteral(n, "ttg.warp_yield") ||
           equalsLiteral(n, "ttg.warp_return") || equalsLiteral(n, "tt.reduce.return") ||
           equalsLiteral(n, "tt.scan.return") || equalsLiteral(n, "cf.br") ||
           equalsLiteral(n, "cf.cond_br") || equalsLiteral(n, "tt.map_elementwise.return");
  }

  // Just past the last op name written inside `opIdx` (itself included): where
  // MLIR's verifier, walking the ops in order, leaves the block `opIdx` ends.
  size_t pastNested(const Module &m, int opIdx) const {
    size_t end = opNameOffset(m.ops[size_t(opIdx)]) + 1;
    std::vector<int> todo{opIdx};
    for (size_t guard = 0; !todo.empty() && guard < m.ops.size() + 1; ++guard) {
      const Operation &o = m.ops[size_t(todo.back())];
      todo.pop_back();
      if (!o.implicit)
        end = std::max(end, opNameOffset(o) + 1);
      for (int r : o.regions)
        for (int b : m.regions[size_t(r)].blocks)
          for (int k : m.blocks[size_t(b)].operations)
            todo.push_back(k);
    }
    return end;
  }

  // A terminator (scf.yield, tt.return, ...) ends its block: one written
  // before another op is refused (MLIR's IsTerminator trait, on entering the
  // op); a block of a function, of tt.reduce/tt.scan's combiner or of
  // ttg.warp_specialize's default region and partitions whose last op is no
  // terminator is refused at that op, on leaving the block (after what is
  // nested in it); and scf.if with results has its else block.
  std::optional<LayoutMismatch> firstTerminatorProblem(const Module &m) const {
    std::optional<LayoutMismatch> best;
    auto offer = [&](LayoutMismatch p) {
      if (!best || orderOf(m, p) < orderOf(m, *best))
        best = std::move(p);
    };
    // The blocks of `op`'s regions each end with a terminator (`want` names
    // it in the message where only one will do).
    auto endsWithTerminator = [&](const Operation &op, const std::string &want,
                                  bool anyTerminator) {
      for (int r : op.regions)
        for (int b : m.regions[size_t(r)].blocks) {
          const std::vector<int> &ops = m.blocks[size_t(b)].operations;
          if (ops.empty())
            continue;
          const Operation &last = m.ops[size_t(ops.back())];
          // (An op this tool does not know - listed as unknown - may be a
          // newer Triton's terminator: nothing is said of it.)
          const bool ok = anyTerminator
                              ? isTerminatorName(last.name)
                              : (last.name == want || (equalsLiteral(want, "tt.return") &&
                                                       (equalsLiteral(last.name, "func.return") ||
                                                        startsWithLiteral(last.name, "cf."))));
          if (!ok && !last.guessedResultTypes) {
            size_t depth = 0;
            for (int pb = last.parentBlock; pb >= 0 && depth < 63; ++depth) {
              const int pr = m.blocks[size_t(pb)].parentRegion;
              const int po = pr >= 0 ? m.regions[size_t(pr)].parentOp : -1;
              pb = po >= 0 ? m.ops[size_t(po)].parentBlock : -1;
            }
            offer(LayoutMismatch{ops.back(), -1,
                                 "block with no terminator, has " + last.name + " last (" + want +
                                     " ends it)",
                                 pastNested(m, ops.back()) * 64 - 1 - depth});
          }
        }
    };
    for (size_t i = 0; i < m.ops.size(); ++i) {
      const Operation &op = m.ops[i];
      const std::string_view n = op.name;
      if (equalsLiteral(n, "ttg.warp_specialize.partitions")) {
        endsWithTerminator(op, "ttg.warp_return", true);
        continue;
      }
      if (op.implicit)
        continue;
      if (equalsLiteral(n, "scf.if") && !op.results.empty() && !op.generic &&
          (op.regions.size() < 2 || m.regions[size_t(op.regions[1])].blocks.empty()))
        offer(LayoutMismatch{static_cast<int>(i), -1,
                             "'scf.if' op must have an else block if defining values"});
      // tt.reduce's and tt.scan's combiner ends with its return (they have
      // no implicit terminator), a function's blocks with tt.return (or a
      // branch), warp_specialize's default region with ttg.warp_yield.
      if (equalsLiteral(n, "tt.reduce") || equalsLiteral(n, "tt.scan"))
        endsWithTerminator(op, std::string(n) + ".return", false);
      else if (equalsLiteral(n, "tt.func"))
        endsWithTerminator(op, "tt.return", false);
      else if (equalsLiteral(n, "ttg.warp_specialize") && !op.regions.empty()) {
        Operation defaultOnly;
        defaultOnly.regions.push_back(op.regions[0]);
        endsWithTerminator(defaultOnly, "ttg.warp_yield", true);
      }
      if (!isTerminatorName(n) || op.parentBlock < 0)
        continue;
      const std::vector<int> &ops = m.blocks[size_t(op.parentBlock)].operations;
      for (size_t k = ops.size(); k-- > 0;) {
        const Operation &later = m.ops[size_t(ops[k])];
        if (ops[k] == static_cast<int>(i))
          break;
        if (!later.implicit) {
          offer(LayoutMismatch{static_cast<int>(i), -1,
                               "'" + op.name +
                                   "' op must be the last operation in the parent block"});
          break;
        }
      }
    }
    return best;
  }

  // `ttng.arrive_barrier %bar, COUNT ...`: the count (written in the op's
  // text, not kept as an attribute) is at least 1.
  std::optional<LayoutMismatch> firstBarrierCountProblem(const Module &m) const {
    for (size_t i = 0; i < m.ops.size(); ++i) {
      const Operation &op = m.ops[i];
      if (op.name != "ttng.arrive_barrier" || op.generic)
        continue;
      size_t p = opNameOffset(op) + op.name.size();
      auto blanks = [&] {
        while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t' || text_[p] == '\n' || text_[p] == '\r'))
          ++p;
      };
      blanks();
      if (p >= text_.size() || text_[p] != '%')
        continue;
      while (p < text_.size() && text_[p] != ',' && text_[p] != ' ' && text_[p] != '\n' && text_[p] != ':')
        ++p;
      blanks();
      if (p >= text_.size() || text_[p] != ',')
        continue;
      ++p;
      blanks();
      const size_t start = p;
      if (p < text_.size() && text_[p] == '-')
        ++p;
      while (p < text_.size() && isAsciiDigit(text_[p]))
        ++p;
      if (p == start || (p == start + 1 && text_[start] == '-'))
        continue;
      const std::string_view digits = text_.substr(start, p - start);
      if (digits[0] == '-' || digits.find_first_not_of('0') == std::string_view::npos)
        return LayoutMismatch{static_cast<int>(i), -1,
                              "'ttng.arrive_barrier' op count must be greater than or equal to 1"};
    }
    return std::nullopt;
  }

  // MLIR reports what its parser finds where it finds it, and stops; values
  // used and never defined once the whole text is read; the verifiers' errors
  // only after that. Said in that order (the first diagnostic is the answer).
  void sayDeferredErrors() {
    deferredFrom_ = std::min(deferredFrom_, f_.diagnostics.size());
    std::stable_sort(undefinedUses_.begin(), undefinedUses_.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    // Dominance is checked after every op's verifier (MLIR's verifier's
    // second pass), op by op in the text.
    std::stable_sort(dominanceErrors_.begin(), dominanceErrors_.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    // (MLIR verifies the file once it is read, op by op in the text.)
    std::stable_sort(verifierErrors_.begin(), verifierErrors_.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    for (auto *list : {&undefinedUses_, &verifierErrors_, &dominanceErrors_})
      for (auto &[offset, message] : *list)
        error(offset, std::move(message));
    undefinedUses_.clear();
    verifierErrors_.clear();
    dominanceErrors_.clear();
  }

  // MLIR's words for an op name without a dialect where the default dialect
  // is none (defaultDialectLoaded), with this tool's note.
  static std::string dialectNotFound(const std::string &name, const std::string &note) {
    return "Dialect `' not found for custom op '" + name + "'  (tried '." + name + "' as well; " +
           note + ")";
  }

  // MLIR reads an op name without a dialect in the default dialect of the
  // innermost custom op around it: builtin's at the top and in a module,
  // func's in func.func; none in any other op (scf.for, tt.func: "Dialect
  // `' not found"). Generic ops and implicit holders set none.
  bool defaultDialectLoaded(int block) const {
    const Module &m = f_.modules[module_];
    for (int b = block, guard = 0; b >= 0 && guard < 4096; ++guard) {
      const int r = m.blocks[b].parentRegion;
      const int p = r >= 0 ? m.regions[r].parentOp : -1;
      if (p < 0)
        return true;
      const Operation &op = m.ops[p];
      if (!op.generic && !op.implicit)
        return op.name == "module" || op.name == "builtin.module" || op.name == "func.func";
      b = op.parentBlock;
    }
    return true;
  }

  bool insideFuncFunc(int block) const {
    const Module &m = f_.modules[module_];
    for (int b = block, guard = 0; b >= 0 && guard < 4096; ++guard) {
      const int r = m.blocks[b].parentRegion;
      const int p = r >= 0 ? m.regions[r].parentOp : -1;
      if (p < 0)
        return false;
      if (m.ops[p].name == "func.func")
        return true;
      b = m.ops[p].parentBlock;
    }
    return false;
  }

  // --- scopes ---
  void pushScope() { scopes_.push_back({names_.definitions()}); }
  int lookup(std::string_view name) const {
    int d = names_.find(name);
    return d < 0 ? -1 : names_.valueOf(d);
  }
  // Requires: `name` views the source text or synthesized_ (it outlives the scope).
  bool defineQuietly(std::string_view name, int value) {
    if (scopes_.empty())
      pushScope();
    return names_.define(name, value, int(scopes_.size()) - 1,
                         shadowFrom_.empty() ? 0 : shadowFrom_.back());
  }
  void define(std::string_view name, int value, size_t offset) {
    if (!defineQuietly(name, value))
      error(offset, "redefinition of value " + std::string(name));
  }
  void popScope() {
    names_.restore(scopes_.back().mark);
    scopes_.pop_back();
  }

  // --- forward references (ForwardRef) ---
  static std::string_view withoutResultZero(std::string_view name) {
    return name.size() > 2 && name.substr(name.size() - 2) == "#0" ? name.substr(0, name.size() - 2)
                                                                   : name;
  }
  int currentIsolated() const { return isolatedStack_.empty() ? 0 : isolatedStack_.back(); }
  // Ops whose regions see no value defined outside them (IsolatedFromAbove).
  static bool isolatesRegions(std::string_view op) {
    return op == "builtin.module" || op == "module" || op == "tt.func" || op == "func.func" ||
           op == "ttg.warp_specialize.partitions" || op == "llvm.func" || op == "gpu.module" ||
           op == "gpu.func";
  }
  void forwardUse(int op, int operand, std::string_view name, size_t offset) {
    const std::string_view key = withoutResultZero(name);
    const int iso = currentIsolated();
    for (ForwardRef &f : forward_)
      if (f.key == key) {
        f.uses.emplace_back(op, operand);
        return;
      }
    ForwardRef &f = forward_.emplace_back();
    f.key = key;
    f.offset = offset;
    f.isolated = iso;
    f.uses.emplace_back(op, operand);
  }
  // The placeholder that operand `k` of `op` uses, or nullptr.
  ForwardRef *forwardRefOf(int op, size_t k) {
    for (ForwardRef &f : forward_)
      for (const auto &[o, n] : f.uses)
        if (o == op && size_t(n) == k)
          return &f;
    return nullptr;
  }
  // A use's stated type against its placeholder's: the first typed use
  // types it; a later one of another type is MLIR's parse error.
  bool forwardUseTypeProblem(int op, size_t k, std::string_view stated, size_t offset) {
    ForwardRef *f = forwardRefOf(op, k);
    if (!f)
      return false;
    if (f->type.empty()) {
      f->type = stated;
      return false;
    }
    if (typesAgree(stated, f->type))
      return false;
    error(offset, "use of value '" + std::string(f->key) +
                      "' expects different type than prior uses: '" + std::string(stated) +
                      "' vs '" + std::string(f->type) + "' (Triton 3.6 rejects the module)");
    return true;
  }
  // `value` defines `key` (written at `offset`, result `number` of the group
  // `group`): the placeholder of that name in this function, if any, is
  // replaced by it.
  void resolveForward(std::string_view key, int value, size_t offset, std::string_view group,
                      int number) {
    if (!earlierModuleRefs_.empty() && resolveEarlierModule(key, value, offset, group, number))
      return;
    if (forward_.empty())
      return;
    const int iso = currentIsolated();
    auto it = std::find_if(forward_.begin(), forward_.end(),
                           [&](const ForwardRef &f) { return f.key == key; });
    if (it == forward_.end())
      return;
    Module &m = mod();
    // A generic op resolves its operands once its regions are read: a
    // definition inside them is not the one its operand names.
    const int defBlock = m.values[size_t(value)].definingOp >= 0
                             ? m.ops[size_t(m.values[size_t(value)].definingOp)].parentBlock
                             : m.values[size_t(value)].ownerBlock;
    for (const auto &use : it->uses)
      if (m.ops[size_t(use.first)].generic && blockInsideOp(defBlock, use.first))
        return;
    ForwardRef f = std::move(*it);
    forward_.erase(it);
    const SsaValue &v = m.values[size_t(value)];
    const bool guessed = v.definingOp >= 0 && m.ops[size_t(v.definingOp)].guessedResultTypes;
    if (!f.type.empty() && !v.typeText.empty() && !guessed && !typesAgree(f.type, v.typeText)) {
      definitionTypeError(offset, group, number, v.typeText, f.offset, f.type);
      return;
    }
    // (Defined in another function: the verifier's isolation check says so.)
    if (f.isolated != iso)
      crossFunctionUse_ = true;
    for (const auto &[op, operand] : f.uses) {
      bindUse(op, operand, value);
      if (!dominatesEarlierUse(value, op))
        dominanceErrors_.emplace_back(opNameOffset(m.ops[size_t(op)]),
                                      "operand #" + std::to_string(operand) +
                                          " does not dominate this use: " + std::string(f.key) +
                                          " is defined after it, on line " +
                                          std::to_string(at(offset).line) +
                                          " (Triton 3.6 rejects the module)");
    }
  }
  void definitionTypeError(size_t offset, std::string_view group, int number, std::string_view type,
                           size_t useOffset, std::string_view useType) {
    error(offset, "definition of SSA value '" + std::string(group) + "#" + std::to_string(number) +
                      "' has type '" + std::string(type) + "', where its earlier use (line " +
                      std::to_string(at(useOffset).line) + ") has type '" + std::string(useType) +
                      "' (Triton 3.6 rejects the module)");
  }
  // A definition of a name an earlier module used and never defined: MLIR
  // binds the uses to it (another type: its definition's error), and the
  // verifier then refuses the use, outside the region of its definition.
  // True where it said the definition's type error.
  bool resolveEarlierModule(std::string_view key, int value, size_t offset, std::string_view group,
                            int number) {
    auto it = std::find_if(earlierModuleRefs_.begin(), earlierModuleRefs_.end(),
                           [&](const EarlierModuleRef &e) { return e.key == key; });
    if (it == earlierModuleRefs_.end())
      return false;
    const EarlierModuleRef e = *it;
    earlierModuleRefs_.erase(it);
    const SsaValue &v = mod().values[size_t(value)];
    const bool guessed = v.definingOp >= 0 && mod().ops[size_t(v.definingOp)].guessedResultTypes;
    if (!e.type.empty() && !v.typeText.empty() && !guessed && !typesAgree(e.type, v.typeText)) {
      definitionTypeError(offset, group, number, v.typeText, e.offset, e.type);
      return true;
    }
    verifierErrors_.emplace_back(e.opOffset, "'" + std::string(e.opName) +
                                                 "' op using value defined outside the region");
    return false;
  }
  // Whether `block` is in a region of op `op` (at any depth).
  bool blockInsideOp(int block, int op) const {
    const Module &m = f_.modules[module_];
    for (int b = block, guard = 0; b >= 0 && guard < 4096; ++guard) {
      const int r = m.blocks[size_t(b)].parentRegion;
      const int p = r >= 0 ? m.regions[size_t(r)].parentOp : -1;
      if (p < 0)
        return false;
      if (p == op)
        return true;
      b = m.ops[size_t(p)].parentBlock;
    }
    return false;
  }

  // Whether `value`, defined after op `use` in the text, still dominates it:
  // only from another block of the same region, where the branches decide
  // (not modelled: taken as dominating). In the definition's own block (or a
  // region nested in it) the use comes first; outside the definition's region
  // the value is not visible at all.
  bool dominatesEarlierUse(int value, int use) const {
    const Module &m = f_.modules[module_];
    const SsaValue &v = m.values[size_t(value)];
    const int defBlock = v.definingOp >= 0 ? m.ops[size_t(v.definingOp)].parentBlock : v.ownerBlock;
    if (defBlock < 0)
      return true;
    const int defRegion = m.blocks[size_t(defBlock)].parentRegion;
    for (int b = m.ops[size_t(use)].parentBlock, guard = 0; b >= 0 && guard < 4096; ++guard) {
      if (b == defBlock)
        return false;
      const int r = m.blocks[size_t(b)].parentRegion;
      if (r == defRegion)
        return true;
      const int p = r >= 0 ? m.regions[size_t(r)].parentOp : -1;
      if (p < 0)
        break;
      b = m.ops[size_t(p)].parentBlock;
    }
    return false;
  }
  // The placeholders never defined, once the file is read.
  void undefinedForwardRefs() {
    for (const EarlierModuleRef &e : earlierModuleRefs_)
      undefinedUses_.emplace_back(e.offset, "use of undefined value " + std::string(e.key));
    earlierModuleRefs_.clear();
    for (const ForwardRef &f : forward_)
      undefinedUses_.emplace_back(f.offset, "use of undefined value " + std::string(f.key));
    forward_.clear();
  }
  void bindUse(int op, int operand, int value) {
    Module &m = mod();
    if (op < 0 || size_t(op) >= m.ops.size() || operand < 0 ||
        size_t(operand) >= m.ops[size_t(op)].operands.size())
      return; // (a placeholder's use is always of the current module: see startModule)
    m.ops[op].operands[operand] = value;
    auto &uses = m.values[value].uses;
    if (uses.capacity() == 0)
      uses.reserve(4); // one allocation for most values' uses
    Use use{op, operand};
    // Keep uses in source (op index) order even when bound late.
    auto at = std::upper_bound(uses.begin(), uses.end(), use, [](const Use &a, const Use &b) {
      return a.op != b.op ? a.op < b.op : a.operand < b.operand;
    });
    uses.insert(at, use);
  }
  void addOperand(int op, const OpToken &t) {
    Module &m = mod();
    const std::string_view name = t.text;
    std::vector<int> &operands = m.ops[op].operands;
    int k = static_cast<int>(operands.size());
    if (operands.capacity() == 0)
      operands.reserve(4); // one allocation for most ops' operands
    operands.push_back(-1);
    if (headerDepth_ > 0 && headerScratch_[headerDepth_ - 1].op == op) {
      std::vector<size_t> &at = headerScratch_[headerDepth_ - 1].offsets;
      if (at.size() == static_cast<size_t>(k))
        at.push_back(t.offset);
      else {
        at.resize(static_cast<size_t>(k) + 1, t.offset);
        at[static_cast<size_t>(k)] = t.offset;
      }
    }
    if (scopes_.empty())
      pushScope();
    int v = lookup(name);
    // `%x#0` names the only result of a one-result op too.
    if (v < 0 && name.size() > 2 && name.substr(name.size() - 2) == "#0")
      v = lookup(name.substr(0, name.size() - 2));
    if (v >= 0)
      bindUse(op, k, v);
    else
      forwardUse(op, k, name, t.offset);
  }

  int newValue(std::string name, size_t offset) {
    if (++valuesRead_ > limits::kMaxValues)
      throw Stop{offset, "more than " + std::to_string(limits::kMaxValues) +
                             " values (results and block arguments) in one file; the limit is " +
                             std::to_string(limits::kMaxValues)};
    Module &m = mod();
    SsaValue &v = m.values.emplace_back(); // built in place
    v.name = std::move(name);
    v.pos = at(offset);
    return static_cast<int>(m.values.size()) - 1;
  }

  // --- types ---
  // The parsed form of a type text, parsed once per distinct text.
  CachedType &internType(std::string_view text) {
    // The same view of the source as the last one (an op's stated type,
    // checked, then given to its result): no second hash. Only views of the
    // source, which never changes; a built type's buffer may be reused.
    if (text.data() == lastTypeView_.data() && text.size() == lastTypeView_.size())
      return *lastType_;
    auto it = types_.find(text);
    if (it == types_.end()) {
      const std::string &kept = typeTexts_->emplace_back(text);
      it = types_.emplace(kept, parseType(kept)).first;
      it->second.text = kept;
    }
    if (viewsSource(text)) {
      lastTypeView_ = text;
      lastType_ = &it->second; // nodes of types_ stay where they are
    }
    return it->second;
  }

  void setType(int value, std::string_view text, size_t offset) {
    Module &m = mod();
    CachedType &c = internType(text);
    SsaValue &v = m.values[value];
    v.typeText = c.text;
    v.type = c.type;
    v.isTensorDesc = c.isTensorDesc;
    v.encoding = c.encoding;
    reportTypeError(c, text, offset);
    if (!c.reported)
      for (const std::string &w : c.warnings)
        f_.warnings.warning(at(offset), "type " + std::string(text) + ": " + w);
    c.reported = true;
  }

  // A type's problem, once, where it is: in the type as written when `text`
  // views the source (an operand's or a result's stated type), else at
  // `fallback` (the value it types).
  void reportTypeError(CachedType &c, std::string_view text, size_t fallback) {
    if (c.errorReported || c.error.empty())
      return;
    c.errorReported = true;
    error(viewsSource(text) ? size_t(text.data() - text_.data()) + std::min(c.errorAt, text.size())
                            : fallback,
          c.error);
  }

  // Whether `text` is a view of the source (not a type built or derived here).
  bool viewsSource(std::string_view text) const {
    return text.data() >= text_.data() && text.data() + text.size() <= text_.data() + text_.size();
  }

  // Whether a layout alias named in `v` (or in a parent) did not build.
  bool referencesUnbuiltAlias(const Value &v) const {
    if (v.kind == Value::Kind::AliasRef) {
      auto a = f_.aliases->find(v.text);
      return a != f_.aliases->end() && a->second && isLayoutAttr(*a->second) &&
             !aliasEncodings_.count(v.text);
    }
    for (const auto &[key, x] : v.entries)
      if (x && referencesUnbuiltAlias(*x))
        return true;
    return false;
  }

  // Triton's dot_op rule on an nvidia_mma parent, which it checks though it
  // verifies none of the parent's own fields: kWidth is non-zero exactly for
  // an Ampere or Hopper parent (versionMajor 2 or 3).
  // A bare word where a layout's list holds a value (`[[z], [0]]`): MLIR
  // reads each entry as an attribute, and a word that names no type is none.
  // `[-0, ...]`, `dim = -0`: where the 0 of a `-0` field value is in a
  // layout's text, or npos (its integers are unsigned to Triton's parsers).
  static size_t negativeZeroAt(std::string_view body) {
    for (size_t q = body.find("-0"); q != std::string_view::npos; q = body.find("-0", q + 1)) {
      size_t b = q;
      while (b > 0 && isAsciiSpace(body[b - 1]))
        --b;
      if (b > 0 && (body[b - 1] == '[' || body[b - 1] == ',' || body[b - 1] == '=') &&
          (q + 2 >= body.size() || !isAsciiAlnum(body[q + 2])))
        return q + 1;
    }
    return std::string_view::npos;
  }
  // The first alias `v` names that `defined` does not hold yet, or null.
  static const Value *laterAliasRef(const Value &v, const AliasMap &defined) {
    if (v.kind == Value::Kind::AliasRef)
      return defined.count(v.text) ? nullptr : &v;
    for (const ValuePtr &x : v.items)
      if (const Value *r = x ? laterAliasRef(*x, defined) : nullptr)
        return r;
    for (const ValuePtr &x : v.positional)
      if (const Value *r = x ? laterAliasRef(*x, defined) : nullptr)
        return r;
    for (const auto *list : {&v.entries, &v.extraEntries})
      for (const auto &[key, x] : *list)
        if (const Value *r = x ? laterAliasRef(*x, defined) : nullptr)
          return r;
    return nullptr;
  }
  // `#ttg.slice<d{...}>`: Triton's layouts read '<', a dictionary, '>'
  // (padded_shared its intervals first): a value before the dictionary is
  // where MLIR says "expected '>'". That value, or null.
  static const Value *valueBeforeDictionary(const Value &v) {
    if (v.kind != Value::Kind::Attr)
      return nullptr;
    if (v.dialect == "ttg" && v.name != "padded_shared" && !v.positional.empty() && v.positional[0])
      return v.positional[0].get();
    for (const auto &[key, x] : v.entries)
      if (const Value *w = x ? valueBeforeDictionary(*x) : nullptr)
        return w;
    return nullptr;
  }
  static const Value *bareWordInList(const Value &v, bool inList = false) {
    if (inList && v.kind == Value::Kind::Ident && !isBuiltinTypeName(v.text))
      return &v;
    // (A field of ttg's layouts holds no bare word either: `parent = mma`;
    // ttng's tensor memory layouts have enum words of their own.)
    if (v.kind == Value::Kind::Attr && v.dialect == "ttg")
      for (const auto &[key, x] : v.entries)
        if (x && x->kind == Value::Kind::Ident && !isBuiltinTypeName(x->text))
          return x.get();
    for (const ValuePtr &x : v.items)
      if (const Value *w = x ? bareWordInList(*x, true) : nullptr)
        return w;
    if (v.kind == Value::Kind::Attr)
      for (const auto &[key, x] : v.entries)
        if (const Value *w = x ? bareWordInList(*x, false) : nullptr)
          return w;
    return nullptr;
  }

  // A dot_op is a struct of opIdx, parent and kWidth to its parser: another
  // key, or one written twice, is refused where its value is written, and so
  // is an opIdx or kWidth that is not an integer. The value and why, or null.
  static std::pair<const Value *, std::string> dotOpFieldProblem(const Value &v) {
    if (v.kind != Value::Kind::Attr || v.name != "dot_op" || v.dialect != "ttg")
      return {nullptr, {}}; // (the legacy spellings are read as this tool reads them)
    for (size_t k = 0; k < v.entries.size(); ++k) {
      const auto &[key, x] = v.entries[k];
      if (!x)
        continue;
      bool twice = false;
      for (size_t j = 0; j < k; ++j)
        twice = twice || v.entries[j].first == key;
      if (twice || (key != "opIdx" && key != "kWidth" && key != "parent"))
        return {x.get(), "duplicate or unknown struct parameter name: " + key};
      if ((key == "opIdx" || key == "kWidth") && x->kind != Value::Kind::Integer &&
          x->kind != Value::Kind::Bool) // (`true`: an i1, read as 1)
        return {x.get(), "expected integer value"};
    }
    return {nullptr, {}};
  }

  std::string dotOpKWidthProblem(const Value &v) const {
    if (v.kind != Value::Kind::Attr || v.name != "dot_op")
      return {};
    const Value *parent = nullptr;
    int64_t kWidth = 0, opIdx = 0;
    for (const auto &[key, x] : v.entries) {
      if (!x)
        continue;
      if (key == "kWidth" && x->kind == Value::Kind::Integer)
        kWidth = x->integer;
      else if (key == "opIdx" && x->kind == Value::Kind::Integer)
        opIdx = x->integer;
      else if (key == "parent")
        parent = x.get();
    }
    if (opIdx != 0 && opIdx != 1)
      return "ttg.dot_op opIdx parameter can be 0 or 1, got: " + std::to_string(opIdx);
    if (parent && parent->kind == Value::Kind::AliasRef) {
      auto a = f_.aliases->find(parent->text);
      parent = a != f_.aliases->end() ? a->second.get() : nullptr;
    }
    // (`parent = 0 : i32`: an attribute that is no layout at all.)
    if (parent && (parent->kind == Value::Kind::Integer || parent->kind == Value::Kind::Bool))
      return "ttg.dot_op unexpected parent layout: " + std::to_string(parent->integer);
    if (parent && parent->kind == Value::Kind::Attr && parent->name != "blocked" &&
        parent->name != "nvidia_mma" && parent->name != "amd_mfma" &&
        parent->name != "amd_wmma")
      return "ttg.dot_op unexpected parent layout: #" + parent->dialect + "." + parent->name;
    if (parent && parent->kind == Value::Kind::Attr && parent->name == "blocked" && kWidth != 0)
      return "ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout";
    if (parent && parent->kind == Value::Kind::Attr && parent->name == "amd_wmma") {
      int64_t version = 1;
      for (const auto &[key, x] : parent->entries)
        if (key == "version" && x && x->kind == Value::Kind::Integer)
          version = x->integer;
      const std::vector<int64_t> allowed = version == 1   ? std::vector<int64_t>{8, 16}
                                           : version == 2 ? std::vector<int64_t>{4, 8, 16}
                                                          : std::vector<int64_t>{2, 8, 16};
      if (std::find(allowed.begin(), allowed.end(), kWidth) == allowed.end())
        return "ttg.dot_op kWidth parameter must be " +
               (version == 1 ? std::string("8/16") : version == 2 ? "4/8/16" : "2/8/16") +
               " for WMMA v" + std::to_string(version) + ", got " + std::to_string(kWidth);
      return {};
    }
    if (!parent || parent->kind != Value::Kind::Attr || parent->name != "nvidia_mma")
      return {};
    int64_t major = -1;
    for (const auto &[key, x] : parent->entries)
      if (key == "versionMajor" && x && x->kind == Value::Kind::Integer)
        major = x->integer;
    const bool ampereOrHopper = major == 2 || major == 3;
    if (kWidth != 0 && !ampereOrHopper)
      return "ttg.dot_op kWidth parameter can only be non-zero for Ampere or Hopper MMA parent";
    if (kWidth == 0 && ampereOrHopper)
      return "ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent";
    if (opIdx != 0 && major == 3)
      return "ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA "
             "only allows first operand to be in registers";
    return {};
  }

  // A type that carries a layout: tensor<...>, !ttg.memdesc<...> (or its
  // legacy spelling), !tt.tensordesc<...>.
  static bool namesLayoutType(std::string_view t) {
    return t.size() > 1 && t.back() == '>' &&
           (startsWithLiteral(t, "tensor<") || startsWithLiteral(t, "!ttg.memdesc<") ||
            startsWithLiteral(t, "!tt.tensordesc<") || startsWithLiteral(t, "!triton_gpu.memdesc<"));
  }

  // The first `#dialect.name` before `limit` in `s` (strings skipped) whose
  // dialect Triton 3.6 does not load: where its name starts, or npos. MLIR
  // refuses the attribute as it makes it (before what follows it).
  static size_t unloadedDialectAttrAt(std::string_view s, size_t limit) {
    for (size_t q = 0; q < limit && q < s.size(); ++q) {
      if (s[q] == '"') {
        for (++q; q < s.size() && s[q] != '"'; ++q)
          q += s[q] == '\\';
        continue;
      }
      if (s[q] != '#')
        continue;
      if (const size_t at = unloadedDialectNameAt(s, q); at != std::string_view::npos)
        return at;
      // `#name<...>`: a name without a '.' before '<' is a dialect's, whole
      // (an alias is never followed by '<'); refused at its '#'.
      size_t e = q + 1;
      while (e < s.size() && (isAsciiAlnum(s[e]) || s[e] == '_' || s[e] == '$'))
        ++e;
      if (e > q + 1 && e < s.size() && s[e] == '<' &&
          !isLoadedDialect(s.substr(q + 1, e - q - 1))) {
        // (MLIR first finds the body's end: an unbalanced body is that error.)
        size_t at = 0;
        std::string problem;
        if (scanPrettyBody(s, e, at, problem) != std::string_view::npos)
          return q;
      }
    }
    return std::string_view::npos;
  }
  // `#dialect.name` or `!dialect.name` at `prefix` in `s`: where the name
  // after the dialect's '.' starts if Triton 3.6 does not load the dialect
  // (where MLIR refuses it), else npos.
  static size_t unloadedDialectNameAt(std::string_view s, size_t prefix) {
    size_t e = prefix + 1;
    while (e < s.size() && (isAsciiAlnum(s[e]) || s[e] == '_' || s[e] == '$'))
      ++e;
    if (e < s.size() && s[e] == '.' && e > prefix + 1 && !isLoadedDialect(s.substr(prefix + 1, e - prefix - 1)))
      return e + 1;
    return std::string_view::npos;
  }
  // The first `#ttg.name` before `limit` in `s` whose name is no attribute
  // of Triton 3.6's ttg dialect: where its name starts, or npos (MLIR looks
  // the name up before it reads what follows it).
  static size_t unknownTtgAttributeAt(std::string_view s, size_t limit) {
    for (size_t q = s.find("#ttg."); q != std::string_view::npos && q < limit;
         q = s.find("#ttg.", q + 1)) {
      size_t e = q + 5;
      while (e < s.size() && (isAsciiAlnum(s[e]) || s[e] == '_'))
        ++e;
      const std::string_view name = s.substr(q + 5, e - q - 5);
      if (!name.empty() && !knownDialectAttrName("ttg", name))
        return q + 5;
    }
    return std::string_view::npos;
  }
  // Whether Triton 3.6's ttg or ttng dialect has an attribute of this name
  // (any other dialect: true, it is not this reader's to say).
  static bool knownDialectAttrName(std::string_view dialect, std::string_view name) {
    const bool ttg = dialect == "ttg", ttng = dialect == "ttng";
    if (!ttg && !ttng)
      return true;
    if (ttg && (name == "shared_memory" || name == "generic_linear" ||
                name == "partitioned_shared" || name == "shared" || name == "mma"))
      return true;
    if (ttng && name == "tensor_memory")
      return true;
    for (const EncodingParams &p : allEncodingParams())
      if (p.dialect == dialect && p.mnemonic == name)
        return true;
    return false;
  }

  static std::string unloadedDialectProblem(std::string_view s, size_t at) {
    if (at < s.size() && s[at] == '#') { // `#name<...>` (unloadedDialectAttrAt)
      size_t e = at + 1;
      while (e < s.size() && s[e] != '<')
        ++e;
      return "`#" + std::string(s.substr(at + 1, std::min<size_t>(e - at - 1, 40))) +
             "<...>` attribute created with unregistered dialect (Triton 3.6 rejects the module)";
    }
    size_t q = at - 1;
    while (q > 0 && s[q] != '#')
      --q;
    size_t e = at;
    while (e < s.size() && (isAsciiAlnum(s[e]) || s[e] == '_' || s[e] == '$' || s[e] == '.'))
      ++e;
    return std::string(s.substr(q, std::min<size_t>(e - q, 60))) +
           ": an attribute of a dialect Triton 3.6 does not load (it rejects the module)";
  }

  // The first `#name` in `s` that names no alias of the file, ending at or
  // before `limit` (a dialect's `#ttg.x` and `#name<` are no alias): the
  // name's span, or {0, 0}.
  std::pair<size_t, size_t> undefinedAliasBefore(std::string_view s, size_t limit) const {
    for (size_t q = 0; q < s.size() && q < limit; ++q) {
      if (s[q] == '"') { // (a string's characters are none)
        for (++q; q < s.size() && s[q] != '"'; ++q)
          if (s[q] == '\\')
            ++q;
        continue;
      }
      if (s[q] != '#' || q + 1 >= s.size() ||
          !((isAsciiAlnum(s[q + 1]) && !isAsciiDigit(s[q + 1])) || s[q + 1] == '_'))
        continue;
      size_t e = q + 1;
      while (e < s.size() &&
             (isAsciiAlnum(s[e]) || s[e] == '_' || s[e] == '$' || s[e] == '.' || s[e] == '-'))
        ++e;
      const std::string_view name = s.substr(q + 1, e - q - 1);
      if (e > limit)
        break;
      if (name.find('.') == std::string_view::npos && (e >= s.size() || s[e] != '<') &&
          !f_.aliases->count(std::string(name)))
        return {q + 1, e};
      q = e - 1;
    }
    return {0, 0};
  }

  CachedType parseType(const std::string &text) {
    CachedType c;
    std::string_view inner = text;
    if (inner.rfind("!tt.tensordesc<", 0) == 0 && inner.size() > 16) {
      c.isTensorDesc = true;
      inner = inner.substr(15, inner.size() - 16);
    }
    bool tensor = inner.rfind("tensor<", 0) == 0;
    bool memdesc =
        inner.rfind("!ttg.memdesc<", 0) == 0 || inner.rfind("!triton_gpu.memdesc<", 0) == 0;
    if (!tensor && !memdesc)
      return c;
    auto unloadedDialectBefore = [&](size_t limit) {
      const size_t q = unloadedDialectAttrAt(inner, limit);
      if (q == std::string_view::npos)
        return false;
      c.error = "type " + text + ": " + unloadedDialectProblem(inner, q);
      c.errorAt = size_t(inner.data() - text.data()) + q;
      return true;
    };
    try {
      SyntaxParser sp(inner);
      TypeText t = sp.parseType();
      sp.expectEnd();
      c.type = std::make_shared<const TypeText>(std::move(t));
    } catch (const SyntaxError &e) {
      if (unloadedDialectBefore(e.offset()))
        return c;
      // MLIR resolves an alias where it reads it: one the file does not
      // define, before the syntax error, is the error (just past its name).
      if (const auto [from, to] = undefinedAliasBefore(inner, e.offset()); to != 0) {
        c.error = "undefined attribute alias #" + std::string(inner.substr(from, to - from));
        c.errorAt = size_t(inner.data() - text.data()) + to;
        return c;
      }
      if (const size_t q = unknownTtgAttributeAt(inner, e.offset()); q != std::string_view::npos) {
        size_t end = q;
        while (end < inner.size() && (isAsciiAlnum(inner[end]) || inner[end] == '_'))
          ++end;
        c.error = "type " + text + ": unknown attribute `" + std::string(inner.substr(q, end - q)) +
                  "` in dialect `ttg`";
        c.errorAt = size_t(inner.data() - text.data()) + q;
        return c;
      }
      c.error = "type " + text + ": " + e.problem();
      c.errorAt = size_t(inner.data() - text.data()) + e.offset();
      return c;
    } catch (const Error &e) {
      c.error = "type " + text + ": " + e.rule();
      return c;
    }
    if (unloadedDialectBefore(inner.size()))
      return c;
    const ValuePtr &enc = c.type->encoding;
    if (!enc)
      return c;
    // An alias named anywhere in the layout (a slice's parent) or after it
    // (a memdesc's memory space) must exist, as MLIR resolves every alias it
    // reads.
    std::function<const Value *(const Value &)> undefinedIn = [&](const Value &v) -> const Value * {
      if (v.kind == Value::Kind::AliasRef)
        return f_.aliases->count(v.text) ? nullptr : &v;
      for (const auto *list : {&v.items, &v.positional})
        for (const ValuePtr &x : *list)
          if (const Value *u = x ? undefinedIn(*x) : nullptr)
            return u;
      for (const auto *list : {&v.entries, &v.extraEntries})
        for (const auto &[key, x] : *list)
          if (const Value *u = x ? undefinedIn(*x) : nullptr)
            return u;
      return nullptr;
    };
    const Value *u = undefinedIn(*enc);
    for (size_t k = 0; !u && k < c.type->trailing.size(); ++k)
      if (c.type->trailing[k])
        u = undefinedIn(*c.type->trailing[k]);
    if (u) {
      c.error = "undefined attribute alias #" + u->text;
      // MLIR says so where its parser stands then: at the token after the
      // alias's name (`tensor<4xf32, #nope>` -> the '>').
      // The reference itself: `#s` in `#s, #smem` is not the start of `#smem`.
      size_t at = std::string::npos;
      const std::string ref = "#" + u->text;
      for (size_t q = text.find(ref); q != std::string::npos; q = text.find(ref, q + 1)) {
        const size_t e = q + ref.size();
        if (e >= text.size() || !(isAsciiAlnum(text[e]) || text[e] == '_' || text[e] == '.' ||
                                  text[e] == '$' || text[e] == '-')) {
          at = e;
          break;
        }
      }
      c.errorAt = at == std::string::npos ? 0 : at; // (MLIR: just past the name)
      return c;
    }
    if (const Value *w = bareWordInList(*enc)) {
      c.error = "type " + text + ": expected attribute value (`" + w->text.substr(0, 24) + "` is none)";
      c.errorAt = size_t(inner.data() - text.data()) + w->offset;
      while (c.errorAt > 0 && isAsciiSpace(text[c.errorAt - 1])) // (MLIR: past the token before)
        --c.errorAt;
      return c;
    }
    if (const size_t zero = isLayoutAttr(*enc) ? negativeZeroAt(inner) : std::string_view::npos;
        zero != std::string_view::npos) {
      c.error = "type " + text +
                ": integer constant out of range for attribute (-0 in an unsigned "
                "field; Triton 3.6 rejects the module)";
      c.errorAt = size_t(inner.data() - text.data()) + zero;
      return c;
    }
    if (const Value *w = valueBeforeDictionary(*enc)) {
      c.error =
          "type " + text + ": expected '>' (the layout's fields are written <{key = value, ...}>)";
      c.errorAt = size_t(inner.data() - text.data()) + w->offset;
      while (c.errorAt > 0 && isAsciiSpace(text[c.errorAt - 1])) // (MLIR: past the token before)
        --c.errorAt;
      return c;
    }
    // A dot_op's struct fields, as its parser reads them (before it builds).
    if (const auto [bad, why] = dotOpFieldProblem(*enc); bad) {
      c.error = "type " + text + ": ttg.dot_op: " + why;
      c.errorAt = size_t(inner.data() - text.data()) + bad->offset;
      return c;
    }
    // A memory space where a layout goes (`tensor<4xf32, #ttg.shared_memory>`)
    // is an attribute MLIR reads; Triton's verifier refuses the tensor later,
    // at the op (module_verifier: a non-distributed layout).
    if (isMemorySpaceAttr(*enc))
      return c;
    // A type naming a layout alias shares the alias's encoding (built and
    // checked once in readAliases): dumps name a handful of aliases from
    // hundreds of types.
    bool shared = false;
    if (enc->kind == Value::Kind::AliasRef) {
      auto a = aliasEncodings_.find(enc->text);
      if (a != aliasEncodings_.end()) {
        c.encoding = a->second;
        shared = true;
      }
    }
    if (!shared) {
      WarningCollector collected;
      try {
        c.encoding = buildEncoding(*enc, f_.aliases.get(), 0);
        c.encoding->validate();
        for (const auto &[field, what] : collected.take())
          c.warnings.push_back(field + ": " + what);
      } catch (const Error &e) {
        // What Triton's attribute verifier refuses as it reads the type, at
        // the layout's '<' (`#ttg.dot_op<`), where MLIR reports it; the
        // layouts whose fields Triton does not verify stay unbuilt.
        c.encoding = nullptr;
        // A layout alias that did not build (Triton does not verify its
        // fields, or its own error is said at its definition) is not this
        // type's error; a dot_op over it still has Triton's own kWidth rule.
        // A dot_op: Triton checks its opIdx and its kWidth against its
        // parent, not the rest of this tool's rules (a kWidth of 3 is read).
        std::string why = referencesUnbuiltAlias(*enc) || enc->name == "dot_op"
                              ? dotOpKWidthProblem(*enc)
                              : std::string(e.what());
        // A slice of an mma layout of rank 0 or 1 (one not built): Triton's
        // slice verifier refuses it as it reads the slice.
        if (enc->kind == Value::Kind::Attr && enc->name == "slice")
          for (const auto &[key, parent] : enc->entries)
            if (key == "parent")
              if (const auto rank = mmaWarpsRank(parent.get(), f_.aliases.get()); rank && *rank < 2)
                why = "parent layout must have at least rank >= 2";
        // (Only Triton's layout dialects: `#gluon.auto_encoding` is a
        // placeholder this tool does not build, and valid.)
        const bool tritonLayout = enc->dialect == "ttg" || enc->dialect == "triton_gpu" ||
                                  enc->dialect == "ttng";
        if (!why.empty() && enc->kind == Value::Kind::Attr && tritonLayout &&
            (!unverifiedByTriton36(*enc) || cgaLengthChecked(*enc, e)) &&
            !unverifiedField(*enc, e)) {
          c.error = "type " + text + ": " + why;
          // MLIR verifies a layout written inside another (a slice's parent)
          // as it reads it, before the outer one: the innermost that fails
          // is the error, at its place.
          const Value *at = enc.get();
          for (auto [in, failure] = innermostFailingLayout(*at); in != at;
               std::tie(in, failure) = innermostFailingLayout(*at)) {
            at = in;
            c.error = "type " + text + ": " + failure;
          }
          // Triton points at the mnemonic (`slice` of `#ttg.slice<`), as for
          // an alias; at the '<' for a dot_op (its own parser reports it).
          const size_t mnemonicAt = at->offset + 1 + at->dialect.size() + 1;
          const size_t lt = mnemonicAt + at->name.size();
          c.errorAt = size_t(inner.data() - text.data()) +
                      (at->name == "dot_op" && at->hasBody ? lt : mnemonicAt);
        }
      } catch (const std::exception &) {
        // A layout this tool does not model (or cannot yet build) stays as
        // text: the file is still read.
        c.encoding = nullptr;
      }
      collected.take(); // not handed to an outer collector
      if (!c.error.empty())
        return c;
    }
    // What Triton's memdesc type verifier refuses, at the type's '<' (where
    // MLIR's parser stands when it builds the type: `!ttg.memdesc<`).
    if (c.type->isMemDesc) {
      std::string why = memdescTypeProblem(*c.type, c.encoding.get(), f_.aliases.get());
      if (!why.empty()) {
        c.error = "type " + text + ": " + why;
        c.errorAt = std::min(text.find('<'), text.size());
      }
    }
    return c;
  }

  // A layout of Triton's written inline as a field of `outer` that does not
  // build on its own (Triton verifies it as it reads it), with why; or
  // `outer` itself (and no reason).
  std::pair<const Value *, std::string> innermostFailingLayout(const Value &outer) const {
    for (const auto &[key, v] : outer.entries) {
      if (!v || v->kind != Value::Kind::Attr ||
          !(v->dialect == "ttg" || v->dialect == "triton_gpu" || v->dialect == "ttng") ||
          unverifiedByTriton36(*v))
        continue;
      if (std::string why = failureOf(*v); !why.empty())
        return {v.get(), std::move(why)};
    }
    return {&outer, {}};
  }
  // Why a layout does not build ("" if it does).
  std::string failureOf(const Value &layout) const {
    WarningCollector quiet;
    try {
      buildEncoding(layout, f_.aliases.get(), 0)->validate();
      quiet.take();
      return {};
    } catch (const Error &e) {
      quiet.take();
      return unverifiedField(layout, e) ? std::string() : std::string(e.what());
    } catch (const std::exception &) {
      quiet.take();
      return {};
    }
  }

  // type ::= bare-id (`<` ... `>`)? | `!`dialect.type (`<` ... `>`)? | `(` type-list `)` `->`
  // results
  std::string_view scanType() {
    OpToken t = lex_.peek();
    if (t.is('(')) {
      size_t e = lex_.matchBracket(t.offset);
      if (e == std::string_view::npos)
        fail(t.offset, "unbalanced '(' in a type");
      lex_.seek(e);
      if (lex_.peek().kind == OpToken::Kind::Arrow) {
        lex_.skip();
        std::vector<std::string_view> skipped; // a function type's results (rare)
        scanResultTypes(skipped);
      }
      std::string_view fn = text_.substr(t.offset, lex_.position() - t.offset);
      while (!fn.empty() && isAsciiSpace(fn.back()))
        fn.remove_suffix(1);
      return fn;
    }
    if (t.is('<')) {
      // `<64x64xf16, #shared, #smem>`: the short memdesc form some ops print
      // for a result (ttg.async_copy_global_to_local's destination), after
      // '->' only.
      // An op whose syntax names its own dialect's types writes them so
      // (tt.make_tensor_descriptor's `: <f16>`); one typed by any type, as
      // the arith ops and tt's tensor ops are, does not.
      const size_t before = wrongToken(t);
      const HeaderScratch *h = headerDepth_ > 0 ? &headerScratch_[headerDepth_ - 1] : nullptr;
      if (h && h->facts && h->op >= 0 &&
          shortTypesRefused(*h->facts, mod().ops[size_t(h->op)].name))
        fail(before, "expected non-function type");
      size_t e = lex_.matchBracket(t.offset);
      if (e == std::string_view::npos)
        fail(t.offset, "unbalanced '<' in the type");
      lex_.seek(e);
      synthesized_.push_back("!ttg.memdesc" + std::string(text_.substr(t.offset, e - t.offset)));
      // Its problem where it is written (the text read is built here): a
      // memdesc's, for the ops of ttg, ttng and amdg (tt's ops write their
      // own types so: `: <f16>` is a pointer).
      const bool memdescOp = h && h->op >= 0 &&
                             (startsWithLiteral(mod().ops[size_t(h->op)].name, "ttg.") ||
                              startsWithLiteral(mod().ops[size_t(h->op)].name, "ttng.") ||
                              startsWithLiteral(mod().ops[size_t(h->op)].name, "amdg."));
      if (CachedType &c = internType(synthesized_.back());
          memdescOp && !c.error.empty() && !c.errorReported) {
        c.errorReported = true;
        fail(t.offset + (c.errorAt > 12 ? c.errorAt - 12 : 0), c.error);
      }
      return synthesized_.back();
    }
    if (t.kind != OpToken::Kind::Ident && t.kind != OpToken::Kind::BangId)
      fail(wrongToken(t), "expected a type");
    if (t.kind == OpToken::Kind::Ident) {
      // A dialect's type starts with '!': `arith.addi<...>` is none (MLIR
      // says so just past the token before it).
      if (t.text.find('.') != std::string_view::npos)
        fail(wrongToken(t), "expected non-function type");
      const bool bracket = t.end() < text_.size() && text_[t.end()] == '<';
      const bool container = isContainerTypeWord(t.text);
      if (container && !bracket) {
        // MLIR reads `tensor <4xf32>` too (blanks between the tokens): the
        // type is kept as `tensor<4xf32>`.
        size_t lt = t.end();
        while (lt < text_.size() && isAsciiSpace(text_[lt]))
          ++lt;
        if (lt >= text_.size() || text_[lt] != '<') // (at the text's end: its last character)
          fail(lt >= text_.size() ? endOfText() : t.end(),
               "expected '<' in " + std::string(t.text) + " type");
        const size_t e = lex_.matchBracket(lt);
        if (e == std::string_view::npos)
          fail(lt, "unbalanced '<' in the type");
        lex_.seek(e);
        synthesized_.push_back(std::string(t.text) + std::string(text_.substr(lt, e - lt)));
        return synthesized_.back();
      }
      if (!container && !isBuiltinTypeName(t.text))
        fail(wrongToken(t), "expected non-function type: '" + std::string(t.text.substr(0, 40)) +
                                "' is not a type");
    }
    lex_.skip();
    if (t.kind == OpToken::Kind::BangId && !typeAliases_.empty() &&
        (t.end() >= text_.size() || text_[t.end()] != '<'))
      if (auto a = typeAliases_.find(t.text); a != typeAliases_.end())
        return a->second; // the aliased type, as written at its definition
    // `!name` without a dialect's '.' names a type alias: one the file
    // defines (MLIR: as a wrong token, just past the name).
    if (t.kind == OpToken::Kind::BangId && t.text.size() > 1 &&
        t.text.find('.') == std::string_view::npos && !typeAliasNames_.count(t.text) &&
        (t.end() >= text_.size() || text_[t.end()] != '<')) // (`!tt<ptr<f32>>`: a dialect's type)
      fail(wrongToken(lex_.peek()),
           "undefined symbol alias id '" + std::string(t.text.substr(1, 40)) + "'");
    // `!tt.ptr<T>`: T is a type (`!tt.ptr<#mma>` is not).
    if (t.kind == OpToken::Kind::BangId && t.text == "!tt.ptr" && t.end() + 1 < text_.size() &&
        text_[t.end()] == '<' &&
        (text_[t.end() + 1] == '#' || text_[t.end() + 1] == '>' || isAsciiDigit(text_[t.end() + 1])))
      fail(t.end() + 1, "expected non-function type (!tt.ptr's pointee is a type)");
    if (t.kind == OpToken::Kind::BangId && t.end() < text_.size() && text_[t.end()] == '<') {
      // A dialect type's body, found as MLIR finds it (across lines, `->`
      // inside it skipped).
      size_t at = 0;
      std::string problem;
      const size_t e = scanPrettyBody(text_, t.end(), at, problem);
      if (e == std::string_view::npos)
        fail(at, problem);
      lex_.seek(e);
      checkDialectTypeNames(t.offset, e);
      return text_.substr(t.offset, e - t.offset);
    }
    if (t.end() < text_.size() && text_[t.end()] == '<') {
      size_t e = lex_.matchBracket(t.end());
      if (e == std::string_view::npos) {
        // Where MLIR stops reading it: a tensor or memdesc type read up to
        // the end of its line (`tensor<4xi32, #mma loc(...)`: "expected '>'"
        // after `#mma`).
        const std::string_view rest = text_.substr(t.offset, lex_.nextLineStart(t.offset) - t.offset);
        for (size_t b = rest.find("!tt.ptr<"); b != std::string_view::npos;
             b = rest.find("!tt.ptr<", b + 1))
          checkPointerBody(t.offset + b + 8, t.offset + rest.size());
        try {
          SyntaxParser sp(rest);
          sp.parseType();
        } catch (const SyntaxError &se) {
          if (const size_t q = unloadedDialectAttrAt(rest, se.offset()); q != std::string_view::npos)
            fail(t.offset + q, unloadedDialectProblem(rest, q));
          // A dialect type's body the text's end cuts short (`!tt.ptr<i3`):
          // MLIR's scan of it stops at its '<'.
          if (t.offset + rest.size() >= text_.size())
            for (size_t b = rest.find('!'); b != std::string_view::npos; b = rest.find('!', b + 1)) {
              size_t lt = b + 1;
              while (lt < rest.size() && (isAsciiAlnum(rest[lt]) || rest[lt] == '_' || rest[lt] == '.'))
                ++lt;
              if (lt >= rest.size() || rest[lt] != '<')
                continue;
              int depth = 0;
              size_t q = lt;
              for (; q < rest.size(); ++q)
                if (rest[q] == '<')
                  ++depth;
                else if (rest[q] == '>' && rest[q - 1] != '-' && --depth == 0)
                  break;
              if (q >= rest.size())
                fail(t.offset + lt, "unbalanced '<' character in pretty dialect name");
            }
          // A type the text's end cuts short: MLIR reads on to the end.
          if (t.offset + rest.size() >= text_.size() &&
              (se.problem().rfind("unterminated", 0) == 0 || se.offset() >= rest.size())) {
            checkDialectTypeNames(t.offset, text_.size()); // (`!tt.pt` at the end: that name first)
            fail(endOfText(), "the text ends inside this type: " + se.problem());
          }
          fail(t.offset + se.offset(), se.problem());
        } catch (const std::exception &) {
        }
        fail(t.end(), "unbalanced '<' in the type");
      }
      lex_.seek(e);
      checkDialectTypeNames(t.offset, e);
      checkEmptyAttributeNames(t.offset, e);
      return text_.substr(t.offset, e - t.offset);
    }
    if (t.kind == OpToken::Kind::BangId)
      checkDialectTypeNames(t.offset, t.end());
    return t.text;
  }
  // MLIR reads a `!tt.name` or `!ttg.name` type where it meets it: a name
  // the dialect does not have is its error there, before the rest of the op
  // (unknownTritonTypeName, as for an element type).
  // `!tt.ptr<T>` or `!tt.ptr<T, N>` from `p` (past its '<'), as Triton's
  // pointer type parser reads it: the pointee type, an optional ',' and
  // address space, then '>' (`!tt.ptr<f16#blocked>`: "expected '>'" at '#').
  void checkPointerBody(size_t p, size_t end) {
    auto blanks = [&] {
      while (p < end && isAsciiSpace(text_[p]))
        ++p;
    };
    blanks();
    if (p >= end)
      return;
    if (text_[p] == '!' || text_.compare(p, 7, "tensor<") == 0) {
      const size_t lt = text_.find('<', p);
      if (lt == std::string_view::npos || lt >= end)
        return;
      const size_t e = lex_.matchBracket(lt);
      if (e == std::string_view::npos || e > end)
        return; // (said where the brackets are read)
      p = e;
    } else if (isAsciiAlnum(text_[p]) && !isAsciiDigit(text_[p])) {
      const size_t w = p;
      while (p < end && (isAsciiAlnum(text_[p]) || text_[p] == '_' || text_[p] == '.'))
        ++p;
      const std::string_view word = text_.substr(w, p - w);
      // (`!tt.ptr<f6>`: a word that is no type, said at the word.)
      if (!isBuiltinTypeName(word) && !isContainerTypeWord(word))
        fail(w, "expected non-function type (!tt.ptr's pointee '" +
                    std::string(word.substr(0, 40)) + "' is no type)");
      if (!isBuiltinTypeName(word))
        return; // (a container type: said by the type reader)
    } else {
      return; // (not a type: said by the type reader)
    }
    blanks();
    if (p < end && text_[p] == ',') {
      ++p;
      blanks();
      // (An integer as MLIR's parseInteger reads it: a minus, hex too.)
      if (p < end && text_[p] == '-')
        ++p;
      if (p < end && !isAsciiDigit(text_[p]))
        fail(p, "expected integer value (!tt.ptr's address space)");
      if (text_.compare(p, 2, "0x") == 0)
        p += 2;
      while (p < end && std::isxdigit(static_cast<unsigned char>(text_[p])))
        ++p;
      blanks();
    }
    if (p < end && text_[p] != '>') {
      while (p > 0 && isAsciiSpace(text_[p - 1])) // (MLIR: just past the token before)
        --p;
      fail(p, "expected '>' (!tt.ptr<T> or !tt.ptr<T, address space>)");
    }
  }

  // `#ttg.>`: a loaded dialect's attribute without its name (its parser
  // wants a keyword there).
  void checkEmptyAttributeNames(size_t begin, size_t end) {
    for (size_t p = begin; p < end;) {
      const void *hash = std::memchr(text_.data() + p, '#', end - p);
      if (!hash)
        return;
      p = size_t(static_cast<const char *>(hash) - text_.data()) + 1;
      size_t q = p;
      while (q < end && (isAsciiAlnum(text_[q]) || text_[q] == '_' || text_[q] == '$'))
        ++q;
      if (q > p && q < end && text_[q] == '.' &&
          (q + 1 >= end || !(isAsciiAlnum(text_[q + 1]) || text_[q + 1] == '_')) &&
          isLoadedDialect(text_.substr(p, q - p)))
        fail(q + 1, "expected valid keyword");
    }
  }

  void checkDialectTypeNames(size_t begin, size_t end) {
    for (size_t p = begin; p < end;) {
      const void *bang = std::memchr(text_.data() + p, '!', end - p);
      if (!bang)
        return;
      const size_t from = p;
      p = size_t(static_cast<const char *>(bang) - text_.data()) + 1;
      // `tensor<64x<!tt.ptr..`: an element type does not start with '<'
      // (MLIR refuses it there, before the type inside is read).
      for (size_t x = from; x + 1 < p; ++x)
        if (text_[x] == 'x' && x > begin && (isAsciiDigit(text_[x - 1]) || text_[x - 1] == '?')) {
          size_t y = x + 1;
          while (y < p && isAsciiSpace(text_[y]))
            ++y;
          if (y < p && text_[y] == '<')
            fail(y, "expected non-function type");
        }
      // `!tt7.memdesc<...>`: a type of a dialect Triton 3.6 does not load,
      // refused at its name (after the dialect's '.').
      if (const size_t at = unloadedDialectNameAt(text_.substr(0, end), p - 1); at != std::string_view::npos)
        fail(at, "!" + std::string(text_.substr(p, std::min<size_t>(at - 1 - p, 40))) +
                     ".*: a type of a dialect Triton 3.6 does not load (it rejects the module)");
      // Triton 3.6's ttng dialect has no types at all.
      if (text_.compare(p, 5, "ttng.") == 0)
        fail(p + 5, "dialect 'ttng' provides no type parsing hook");
      // `!tt.tensordesc<tensor<...>>`: the block is a tensor type (a newer
      // Triton writes `!tt.tensordesc<64x64xf16, #s>`).
      if (text_.compare(p, 14, "tt.tensordesc<") == 0) {
        size_t q = p + 14;
        while (q < end && isAsciiSpace(text_[q]))
          ++q;
        if (text_.compare(q, 6, "tensor") != 0)
          fail(q, "expected non-function type (Triton 3.6 writes !tt.tensordesc<tensor<...>>)");
      }
      if (text_.compare(p, 7, "tt.ptr<") == 0)
        checkPointerBody(p + 7, end);
      size_t q = p;
      while (q < end && (isAsciiAlnum(text_[q]) || text_[q] == '_' || text_[q] == '.' || text_[q] == '$'))
        ++q;
      // `!name` without a dialect's '.': a type alias the file must define
      // (`tensor<4x!16>`; MLIR: just past the name).
      // (A type's place: an element type after `x`, a pointee after '<'.)
      size_t before = p - 1;
      while (before > begin && isAsciiSpace(text_[before - 1]))
        --before;
      if (q > p && before > begin && (text_[before - 1] == 'x' || text_[before - 1] == '<') &&
          (q >= end || text_[q] != '<') &&
          text_.substr(p, q - p).find('.') == std::string_view::npos &&
          !typeAliasNames_.count(text_.substr(p - 1, q - p + 1)))
        fail(q, "undefined symbol alias id '" +
                    std::string(text_.substr(p, std::min<size_t>(q - p, 40))) + "'");
      // `!ttgmemdesc<...>`: a name without a '.' before '<' is a dialect's,
      // whole; MLIR refuses the type at its '!' if no such dialect is loaded.
      if (q > p && q < end && text_[q] == '<' &&
          text_.substr(p, q - p).find('.') == std::string_view::npos &&
          !isLoadedDialect(text_.substr(p, q - p)))
        fail(p - 1,
             "`!" + std::string(text_.substr(p, std::min<size_t>(q - p, 40))) +
                 "<...>` type created with unregistered dialect (Triton 3.6 rejects the module)");
      size_t nameAt = 0;
      if (const std::string problem = unknownTritonTypeName(text_.substr(p, q - p), nameAt);
          !problem.empty())
        fail(p + nameAt, problem);
    }
  }
  // type (`,` type | `*` type)*
  // Appends to out.
  void scanTypeList(std::vector<std::string_view> &out) {
    out.push_back(scanType());
    while (lex_.peek().is(',') || lex_.peek().is('*')) {
      lex_.skip();
      out.push_back(scanType());
    }
  }
  // `(` type-list? `)` | type, into out (cleared first).
  void scanResultTypes(std::vector<std::string_view> &out) {
    out.clear();
    if (!lex_.peek().is('(')) {
      // `-> T1, T2` (tt.elementwise_inline_asm's results): a ',' followed
      // by a type on the same op.
      out.push_back(scanType());
      for (;;) {
        const size_t save = lex_.position();
        if (!lex_.peek().is(','))
          return;
        lex_.skip();
        const OpToken n = lex_.peek();
        const bool typeNext =
            !n.newlineBefore &&
            (n.kind == OpToken::Kind::BangId ||
             (n.kind == OpToken::Kind::Ident && n.end() < text_.size() && text_[n.end()] == '<') ||
             (n.kind == OpToken::Kind::Ident &&
              (n.text[0] == 'i' || n.text[0] == 'f' || n.text[0] == 'b' || n.text == "index")));
        if (!typeNext) {
          lex_.seek(save);
          return;
        }
        out.push_back(scanType());
      }
    }
    lex_.skip();
    // `(T1, T2 {attrs})`: a function's results may each carry a dictionary.
    while (!lex_.peek().is(')')) {
      out.push_back(scanType());
      if (lex_.peek().is('{')) {
        const size_t open = lex_.peek().offset;
        const size_t e = lex_.matchBracket(open);
        if (e == std::string_view::npos)
          fail(open, "unbalanced '{'");
        checkDictionary(open, e);
        lex_.seek(e);
      }
      if (!lex_.peek().is(','))
        break;
      lex_.skip();
    }
    OpToken close = lex_.next();
    if (!close.is(')'))
      fail(wrongToken(close), "expected ')' after the types");
  }

  bool continuesOp(const OpToken &t, std::string_view opName) const {
    if (t.kind != OpToken::Kind::Ident)
      return false;
    // Each keyword is its op's own (after another op, `partition1(` is an
    // op name: MLIR's "Dialect `' not found for custom op 'partition1'").
    const bool warpSpecialize =
        equalsLiteral(opName, "ttg.warp_specialize") || equalsLiteral(opName, "nvws.warp_group");
    if ((equalsLiteral(t.text, "else") && equalsLiteral(opName, "scf.if")) ||
        (equalsLiteral(t.text, "do") && equalsLiteral(opName, "scf.while")) ||
        ((equalsLiteral(t.text, "default") || equalsLiteral(t.text, "case")) &&
         (equalsLiteral(opName, "scf.index_switch") || warpSpecialize)) ||
        equalsLiteral(t.text, "attributes") ||
        (startsWithLiteral(t.text, "partition") && warpSpecialize))
      return true;
    // MLIR reads line breaks as spaces: a line that starts with a keyword
    // and '=' or '(' (`cacheModifier = ca`, `iter_args(`, `loc(`) goes on
    // with the op above; an op's own name has a dialect (`tt.load`).
    if (t.text.find('.') != std::string_view::npos || equalsLiteral(t.text, "module"))
      return false;
    size_t q = t.end();
    while (q < text_.size() && (text_[q] == ' ' || text_[q] == '\t'))
      ++q;
    return q < text_.size() && (text_[q] == '(' || (text_[q] == '=' && q + 1 < text_.size() &&
                                                    text_[q + 1] != '='));
  }

  // The ops whose syntax ends with a region (its '{' may open the next line).
  static bool endsWithRegion(std::string_view n) {
    return equalsLiteral(n, "scf.for") || equalsLiteral(n, "scf.if") ||
           equalsLiteral(n, "scf.while") || equalsLiteral(n, "tt.reduce") ||
           equalsLiteral(n, "tt.scan");
  }

  // MLIR reads line breaks as spaces: an op whose syntax is not complete
  // goes on at the next line. A generic op ends with its `: (..) -> ..`, an
  // op of known syntax with its `: T` (the returns' types are optional); a
  // line that starts with a value not bound by '=' (`%a {axis = 1}`) goes on
  // with the op above.
  bool incompleteBefore(const OpToken &t, bool generic, bool known, bool typed,
                        const OpNameFacts *facts) const {
    if (!typed && (generic || (known && facts && !oneTypePerOperand(*facts))))
      return true;
    if (t.kind != OpToken::Kind::ValueId)
      return false;
    // `%a =`, `%a:2 =`, `%a, %b =`: results of the next op.
    size_t q = t.offset;
    for (;;) {
      if (q >= text_.size() || text_[q] != '%')
        return true;
      ++q;
      while (q < text_.size() && (isAsciiAlnum(text_[q]) || text_[q] == '_' || text_[q] == '.' ||
                                  text_[q] == '$' || text_[q] == '-' || text_[q] == '#'))
        ++q;
      if (q < text_.size() && text_[q] == ':') {
        ++q;
        while (q < text_.size() && isAsciiDigit(text_[q]))
          ++q;
      }
      while (q < text_.size() && (text_[q] == ' ' || text_[q] == '\t'))
        ++q;
      if (q < text_.size() && text_[q] == '=')
        return false;
      if (q >= text_.size() || text_[q] != ',')
        return true;
      ++q;
      while (q < text_.size() && (text_[q] == ' ' || text_[q] == '\t'))
        ++q;
    }
  }

  // An op written over several lines (`ttng.warp_group_dot %a, %b, %c\n
  // {attrs} :\n T`, a tt.func whose `-> T {` is on the next line): the line
  // break is inside the op when the previous line ends with a token that
  // cannot end one, or the next line starts with one that cannot start one.
  bool continuesLine(const OpToken &t) const {
    if (t.kind == OpToken::Kind::Arrow || t.is(':') || t.is(',') || t.is('=') || t.is('<'))
      return true;
    if (t.is('{')) {
      size_t q = t.offset + 1;
      while (q < text_.size() && (text_[q] == ' ' || text_[q] == '\t'))
        ++q;
      return !lex_.restOfLineBlank(t.offset + 1) && q < text_.size() && text_[q] != '^' &&
             text_[q] != '%';
    }
    // The last character before the line break (a `// comment` ends no op):
    // where the previous token ended, when the lexer knows it (not after a
    // seek to the start of a line).
    auto endsIncomplete = [&](size_t last) {
      const char c = text_[last];
      if (c == ',' || c == ':' || c == '=')
        return true;
      return c == '>' && last > 0 && text_[last - 1] == '-';
    };
    if (t.prevEnd > 0 && t.prevEnd <= t.offset) {
      const char c = text_[t.prevEnd - 1];
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\f' && c != '\v')
        return endsIncomplete(t.prevEnd - 1);
    }
    size_t k = t.offset;
    while (k > 0) {
      size_t lineStart = text_.rfind('\n', k - 1);
      size_t from = lineStart == std::string_view::npos ? 0 : lineStart + 1;
      std::string_view line = text_.substr(from, k - from);
      size_t cut = line.find("//");
      if (cut != std::string_view::npos)
        line = line.substr(0, cut);
      size_t last = line.find_last_not_of(" \t\r\n");
      if (last != std::string_view::npos)
        return endsIncomplete(from + last);
      if (lineStart == std::string_view::npos)
        return false;
      k = lineStart;
    }
    return false;
  }

  // --- operations ---
  // op ::= (value-id (`:` int)? (`,` ...)* `=`)? (bare-id | string) header
  // header: operands, `{...}` and `<{...}>` dictionaries, regions, `: types`,
  // `-> types`, `to type`, keywords and `loc(...)`, up to the end of the line
  // at bracket depth 0 (regions and keyword continuations like `else` excepted).
  int parseOperation(int block) {
    OpToken first = lex_.peek();
    // Used before the header is read (a region in it reads ops of its own).
    std::vector<ResultGroup> &groups = groups_;
    groups.clear();
    if (first.kind == OpToken::Kind::ValueId) {
      for (;;) {
        OpToken r = lex_.next();
        if (r.kind != OpToken::Kind::ValueId)
          fail(wrongToken(r), "expected a result name");
        // `%a#3 = ...`: a result name has no `#N` (MLIR's token ends before
        // the '#', where its '=' was due).
        if (const size_t hash = r.text.find('#'); hash != std::string_view::npos)
          fail(r.offset + hash, "expected '=' after SSA name");
        int count = 1;
        if (lex_.peek().is(':')) {
          lex_.skip();
          OpToken n = lex_.next();
          // (MLIR reads any unsigned 32-bit count here and compares the sum
          // with the op's results after reading it; past this tool's limit
          // the op's own place is the error, as MLIR's is.)
          if (n.kind != OpToken::Kind::Number || n.text.size() > 10 || n.text[0] == '-' ||
              n.text.find_first_not_of("0123456789") != std::string_view::npos ||
              std::stoull(std::string(n.text)) > 0xffffffffull)
            fail(wrongToken(n), "expected the number of results after ':'");
          const uint64_t written = std::stoull(std::string(n.text));
          if (written < 1)
            fail(n.offset, "an op has at least one result in a group");
          if (written > uint64_t(limits::kMaxResultsPerOp))
            fail(first.offset, "an op has at most " + std::to_string(limits::kMaxResultsPerOp) +
                                   " results, this one binds " + std::string(n.text));
          count = static_cast<int>(written);
        }
        groups.push_back({r.text, count, r.offset});
        if (!lex_.peek().is(','))
          break;
        lex_.skip();
      }
      OpToken eq = lex_.next();
      if (!eq.is('='))
        fail(wrongToken(eq), "expected '=' after the result names");
      int64_t results = 0;
      for (const ResultGroup &g : groups)
        results += g.count;
      if (results > limits::kMaxResultsPerOp)
        fail(first.offset, "an op has at most " + std::to_string(limits::kMaxResultsPerOp) +
                               " results, this one " + std::to_string(results));
    }
    OpToken nameTok = lex_.next();
    reportProgress(first.offset, 7, 1);
    if (++opsRead_ > limits::kMaxOps)
      throw Stop{first.offset, "more than " + std::to_string(limits::kMaxOps) +
                                   " operations in one file; the limit is " +
                                   std::to_string(limits::kMaxOps)};
    std::string_view opNameView = nameTok.text;
    bool generic = false;
    if (nameTok.kind == OpToken::Kind::String) {
      opNameView = nameTok.text.substr(1, nameTok.text.size() - 2);
      generic = true;
    } else if (nameTok.kind != OpToken::Kind::Ident) {
      // At the end of the token before (a `}` missing before the `#loc`
      // lines: the line above), as MLIR reports it.
      fail(wrongToken(nameTok), "expected an operation name");
    } else if (isIntegerTypeWord(nameTok.text)) {
      // `i1`, `f32`: MLIR lexes a type keyword, not a name.
      fail(wrongToken(nameTok), "expected operation name in quotes, not the type " +
                                    std::string(nameTok.text));
    }
    Module &m = mod();
    int opIdx = static_cast<int>(m.ops.size());
    {
      Operation &op = m.ops.emplace_back(); // built in place
      op.name = opNameView;
      op.generic = generic;
      op.pos = at(first.offset);
      op.parentBlock = block;
    }
    if (block >= 0)
      m.blocks[block].operations.push_back(opIdx);
    // MLIR: "custom op 'hello' is unknown" - a name without a dialect is
    // builtin's or, inside func.func, the func dialect's.
    if (opNameView.find('.') == std::string_view::npos &&
        !bareOpNameAccepted(opNameView, insideFuncFunc(block))) {
      std::string shown(opNameView.substr(0, 40));
      if (opNameView.size() > 40)
        shown += "...";
      if (generic && opNameView.empty())
        error(nameTok.offset, "empty operation name is invalid");
      else if (generic) // (MLIR: where the quoted name ends)
        error(nameTok.end(), "operation being parsed with an unregistered dialect: '" + shown +
                                 "' names no dialect (Triton 3.6 rejects the module)");
      else if (!defaultDialectLoaded(block)) {
        (void)lex_.peek();
        error(nameTok.offset, dialectNotFound(shown, "an op name is dialect.op, e.g. tt.load"));
      } else {
        (void)lex_.peek(); // (MLIR lexes the next token before it looks the name up)
        error(nameTok.offset, "custom op '" + shown +
                                  "' is unknown: an op name is dialect.op, e.g. tt.load "
                                  "(Triton 3.6 rejects the module)");
      }
    }
    const OpNameFacts &facts = factsOf(opNameView);
    nextFacts_ = &facts; // parseHeader's, before a nested op's replace it
    mod().ops[opIdx].unknownToTriton36 = facts.fullyKnownDialect && !facts.registered;
    // A name of Triton's own dialects that 3.6 does not have: a misspelling
    // (tt.laod) or a newer Triton's op. Read and listed, and said so: the
    // audit skips what it does not know.
    // A dialect Triton 3.6 does not load (a misspelt `arth.muli`, another
    // compiler's op): listed as unknown like any other.
    const bool unloadedDialect =
        !facts.fullyKnownDialect && !generic && dialectNotInTriton36(opNameView);
    const std::string nearInOtherDialect =
        unloadedDialect ? closestTriton36OpOfOtherDialect(opNameView) : std::string();
    // (A dialect name one or two edits from Triton's - `arth.muli` - counts;
    // another dialect's op is listed as any op this tool does not know.)
    // (Written generic, MLIR reads it as an unregistered op: no parse error.)
    if ((mod().ops[opIdx].unknownToTriton36 && !generic) || !nearInOtherDialect.empty())
      if (firstUnknownOp_.second == std::string_view::npos)
        firstUnknownOp_ = {mod().ops[opIdx].unknownToTriton36
                               ? "custom op '" + std::string(opNameView.substr(0, 60)) +
                                     "' is unknown (Triton 3.6 has no such op)"
                               : "Dialect `" + std::string(opNameView.substr(0, opNameView.find('.'))) +
                                     "' not found for custom op '" +
                                     std::string(opNameView.substr(0, 60)) + "'",
                           nameTok.offset};
    if (firstUnknownOp_.second == nameTok.offset)
      firstUnknownOpEnd_ = nameTok.end();
    if (mod().ops[opIdx].unknownToTriton36) {
      const std::string near = closestTriton36OpName(opNameView);
      f_.warnings.warning(at(nameTok.offset),
                          std::string(opNameView.substr(0, 60)) + " is not an op of Triton 3.6 (" +
                              (near.empty() ? std::string("a misspelling?")
                                            : "a misspelling of " + near + "?") +
                              " Triton 3.6 rejects the module; a newer Triton may have it): listed "
                              "in unknown ops, not audited");
    }
    // (Said once per dialect name.)
    if (unloadedDialect &&
        warnedDialects_.insert(std::string(opNameView.substr(0, opNameView.find('.')))).second)
      f_.warnings.warning(at(nameTok.offset),
                          std::string(opNameView.substr(0, 60)) + ": Triton 3.6 loads no dialect '" +
                              std::string(opNameView.substr(0, std::min<size_t>(opNameView.find('.'), 40))) +
                              "'" +
                              (nearInOtherDialect.empty() ? std::string()
                                                          : " (a misspelling of " + nearInOtherDialect + "?)") +
                              ", so it rejects the module: listed in unknown ops, not audited");
    mod().ops[opIdx].guessedResultTypes = !facts.fullyKnownDialect || !facts.registered;
    // (MLIR lexes the token after the name before it looks the name up: that
    // token's lexer error comes first, `arith.xor" %a` a string never closed.)
    if (facts.unknownUpstream) {
      try {
        (void)lex_.peek();
      } catch (const OpLexer::Failure &f) {
        fail(f.offset, f.what);
      }
    }
    if (facts.unknownUpstream) { // a dialect known in full: the name has a '.'
      const std::string_view dialect = opNameView.substr(0, opNameView.find('.'));
      error(nameTok.offset, "custom op '" + std::string(opNameView.substr(0, 60)) +
                                "' is unknown: the " + std::string(dialect) +
                                " dialect has no such op (Triton 3.6 rejects the module)");
    }
    // An op of one result written without a name (`tt.make_range {...} :
    // tensor<...>`, as Triton's lit tests write some) still has its result:
    // an unnamed value, typed and verified like any other.
    if (groups.empty() && !generic && facts.fixedResults == 1) {
      const int v = newValue(std::string(), nameTok.offset);
      mod().values[v].definingOp = opIdx;
      mod().values[v].resultIndex = 0;
      mod().ops[opIdx].results.push_back(v);
    }
    // The results are made now; their names are defined once the op is read,
    // as MLIR defines them (a use in the op itself is a forward reference,
    // and a region of the op may use their names for values of its own).
    const size_t bindsFrom = binds_.size();
    for (const ResultGroup &g : groups)
      for (int k = 0; k < g.count; ++k) {
        std::string_view name = g.name; // a view of the source, or of synthesized_
        if (g.count > 1)
          name = synthesized_.emplace_back(std::string(g.name) + "#" + std::to_string(k));
        int v = newValue(std::string(name), g.offset);
        mod().values[v].definingOp = opIdx;
        mod().values[v].resultIndex = static_cast<int>(mod().ops[opIdx].results.size());
        mod().ops[opIdx].results.push_back(v);
        binds_.push_back({name, v, g.offset, false});
        if (g.count > 1 && k == 0)
          binds_.push_back({g.name, v, g.offset, true});
      }
    int64_t named = 0; // results bound by name (groups_ is reused by nested ops)
    for (const ResultGroup &g : groups)
      named += g.count;
    // Defines the names; `quietly`: a malformed op's, kept so that later uses
    // of them still resolve.
    auto bindResults = [&](bool quietly) {
      for (size_t b = bindsFrom; b < binds_.size(); ++b) {
        const PendingBind &r = binds_[b];
        if (quietly || r.quiet)
          defineQuietly(r.name, r.value);
        else
          define(r.name, r.value, r.offset);
      }
      binds_.resize(bindsFrom);
    };
    size_t lastEnd = nameTok.end();
    try {
      lastEnd = parseHeader(opIdx, opNameView, lastEnd);
    } catch (...) {
      mod().ops[opIdx].endLine = at(lastEnd).line;
      bindResults(true);
      throw;
    }
    mod().ops[opIdx].endLine = at(lastEnd > 0 ? lastEnd - 1 : 0).line;
    // MLIR checks the names bound against the results the op defines, once
    // the op is read, at its first result's name; then defines them.
    if (named > 0 && !generic)
      if (std::string problem = boundResultsProblem(opIdx, opNameView, facts); !problem.empty())
        error(first.offset, std::move(problem));
    bindResults(false);
    // A placeholder of one of their names (a use earlier in the text, or in
    // the op itself) is replaced now.
    if (!forward_.empty() || !earlierModuleRefs_.empty())
      for (int v : mod().ops[opIdx].results) {
        const std::string_view name = mod().values[size_t(v)].name;
        if (name.empty())
          continue;
        const size_t hash = name.find('#');
        const int number = hash == std::string_view::npos ? 0 : std::atoi(name.data() + hash + 1);
        resolveForward(withoutResultZero(name), v, text_offset(mod().values[size_t(v)].pos),
                       name.substr(0, hash), number);
      }
    if (!generic && equalsLiteral(opNameView, "arith.constant"))
      checkConstantLiteral(nameTok.end(), lastEnd);
    if (!generic && equalsLiteral(opNameView, "ttng.tensormap_create"))
      checkTensormapAttributes(mod().ops[opIdx], nameTok.end(), lastEnd);
    return opIdx;
  }

  // ttng.tensormap_create's attributes are bounded (its ConfinedAttr
  // constraints, checked as its dictionary is read: at the dictionary, in
  // the dictionary's order of names).
  void checkTensormapAttributes(const Operation &op, size_t from, size_t to) {
    static constexpr std::pair<const char *, int> kBounds[] = {
        {"elem_type", 15}, {"fill_mode", 1}, {"interleave_layout", 2}, {"swizzle_mode", 3}};
    for (const auto &[key, most] : kBounds) {
      const std::optional<int64_t> v = op.intAttribute(key);
      if (!v || (*v >= 0 && *v <= most))
        continue;
      const size_t open = text_.substr(0, std::min(to, text_.size())).find('{', from);
      error(open == std::string_view::npos ? from : open,
            "custom op 'ttng.tensormap_create' 'ttng.tensormap_create' op attribute '" +
                std::string(key) +
                "' failed to satisfy constraint: 32-bit signless integer attribute whose value is "
                "non-negative whose maximum value is " +
                std::to_string(most));
      return;
    }
  }

  // An arith.constant's literal against its type, as MLIR reads it: an
  // integer within its type's bits; a dense float tensor of float literals.
  // `from`..`to`: the op's text after its name.
  void checkConstantLiteral(size_t from, size_t to) {
    std::string_view t = text_.substr(from, std::min(to, text_.size()) - from);
    const size_t colon = t.rfind(" : ");
    if (colon == std::string_view::npos)
      return;
    size_t lit = 0;
    while (lit < colon && isAsciiSpace(t[lit]))
      ++lit;
    std::string_view type = t.substr(colon + 3);
    size_t e = 0;
    while (e < type.size() && !isAsciiSpace(type[e]))
      ++e;
    type = type.substr(0, e);
    auto decimalInteger = [](std::string_view x) {
      size_t i = !x.empty() && x[0] == '-' ? 1 : 0;
      if (i >= x.size())
        return false;
      for (; i < x.size(); ++i)
        if (!isAsciiDigit(x[i]))
          return false;
      return true;
    };
    auto literalAt = [&](size_t k) {
      size_t e2 = k;
      while (e2 < colon && !isAsciiSpace(t[e2]) && t[e2] != '>' && t[e2] != ',')
        ++e2;
      return t.substr(k, e2 - k);
    };
    if (startsWithLiteral(t.substr(lit), "dense<")) {
      if (!startsWithLiteral(type, "tensor<"))
        return;
      const std::string_view elem = elementTypeText(type);
      const bool isFloat = !elem.empty() && (elem[0] == 'f' || startsWithLiteral(elem, "bf16"));
      const size_t k = lit + 6;
      // A tensor of a dialect type (pointers) takes only strings (a hex
      // string, or a list of them).
      size_t v0 = k;
      while (v0 < t.size() && (isAsciiSpace(t[v0]) || t[v0] == '['))
        ++v0;
      // An element is a literal: a number, true/false, a string.
      if (v0 < t.size() && (t[v0] == '#' || t[v0] == '%' || t[v0] == '@' ||
                            ((isAsciiAlnum(t[v0]) || t[v0] == '_') && !isAsciiDigit(t[v0]) &&
                             !startsWithLiteral(t.substr(v0), "true") &&
                             !startsWithLiteral(t.substr(v0), "false")))) {
        error(from + v0, "expected element literal of primitive type (Triton 3.6 rejects the module)");
        return;
      }
      if (!elem.empty() && elem[0] == '!' && v0 < t.size() && t[v0] != '"')
        error(from + lit, "expected string token, got " + std::string(literalAt(v0)) +
                              " (a dense tensor of " + std::string(elem.substr(0, std::min<size_t>(elem.find('<'), 40))) +
                              " values is written as a hex string; Triton 3.6 rejects the module)");
      // `true`/`false` are i1's: no float's, no wider integer's.
      if (const std::string_view b = literalAt(v0); b == "true" || b == "false") {
        if (isFloat)
          error(from + v0, "expected floating point literal (Triton 3.6 rejects the module)");
        else if (!elem.empty() && elem[0] == 'i' && elem != "i1")
          error(from + v0,
                "expected i1 type for 'true' or 'false' values (Triton 3.6 rejects the module)");
      }
      // A float's hex literal is its bit pattern: no wider than the type
      // (`dense<0xFF800000>` is f32's -inf, too wide for bf16).
      // (`dense<"0x0000803F...">` is raw element data, in a string: not
      // literals; MLIR's printer writes large constants so.)
      const bool rawData = v0 < t.size() && t[v0] == '"';
      if (const int width = isFloat && !rawData ? floatTypeBits(elem) : 0; width > 0)
        for (size_t q = t.find("0x", k); q != std::string_view::npos && q < colon;
             q = t.find("0x", q + 2)) {
          if (q > 0 && (isAsciiAlnum(t[q - 1]) || t[q - 1] == '.'))
            continue;
          if (hexFloatTooWide(t, q, colon, elem, width, from + q))
            return;
        }
      // An integer tensor's literals fit its width (hex: by their bits;
      // MLIR says so at the number, after a sign).
      if (!rawData && elem.size() >= 2 && elem[0] == 'i' &&
          std::all_of(elem.begin() + 1, elem.end(), isAsciiDigit)) {
        int width = 0;
        for (char ch : elem.substr(1))
          width = std::min(width * 10 + (ch - '0'), 1 << 20);
        for (size_t q = k; q < colon; ++q) {
          if (!isAsciiDigit(t[q]) || isAsciiAlnum(t[q - 1]) || t[q - 1] == '.' || t[q - 1] == '_')
            continue;
          size_t numEnd = q;
          while (numEnd < colon && (isAsciiAlnum(t[numEnd]) || t[numEnd] == '.'))
            ++numEnd;
          const std::string_view num = t.substr(q, numEnd - q);
          const bool hex = startsWithLiteral(num, "0x");
          const bool negative = t[q - 1] == '-';
          const bool fits =
              hex ? (negative ? negativeHexFits(num, width) : hexBits(num) <= width)
                  : !decimalInteger(num) ||
                        integerFits(negative ? std::string_view(t.data() + q - 1, num.size() + 1)
                                             : num,
                                    elem);
          if (!fits) {
            error(from + q, "integer constant out of range for type (" +
                                std::string(negative ? "-" : "") + std::string(num) +
                                " does not fit " + std::string(elem) +
                                "; Triton 3.6 rejects the module)");
            return;
          }
          q += num.size();
        }
      }
      if (isFloat && decimalInteger(literalAt(k)))
        error(from + k + (t[k] == '-' ? 1 : 0), // (MLIR: at the integer, after its sign)
              "unexpected decimal integer literal for a floating point value (write " +
                  std::string(literalAt(k)) + ".0; Triton 3.6 rejects the module)");
      // An integer tensor's literal has no fraction or exponent.
      const std::string_view lit0 = literalAt(v0);
      if (!elem.empty() && elem[0] == 'i' && !lit0.empty() &&
          (isAsciiDigit(lit0[0]) || lit0[0] == '-') && lit0.find_first_of(".eE") != std::string_view::npos &&
          lit0.find("0x") == std::string_view::npos)
        error(from + v0, "expected integer elements, but parsed floating-point (Triton 3.6 rejects "
                         "the module)");
      return;
    }
    if (const int width = floatTypeBits(type);
        width > 0 && startsWithLiteral(t.substr(lit), "0x") &&
        hexFloatTooWide(t, lit, colon, type, width, from + lit))
      return;
    // `arith.constant 64 : f32`: a float's literal is written with a fraction.
    if (floatTypeBits(type) > 0 && decimalInteger(literalAt(lit))) {
      error(from + lit + (t[lit] == '-' ? 1 : 0), // (MLIR: at the integer, after its sign)
            "unexpected decimal integer literal for a floating point value (write " +
                std::string(literalAt(lit)) + ".0; Triton 3.6 rejects the module)");
      return;
    }
    // `arith.constant 64.0 : i32`: a float literal of an integer type (MLIR:
    // once the type is read, at the token after it).
    if (const std::string_view f = literalAt(lit);
        (type == "index" ||
         (type.size() >= 2 && type[0] == 'i' && decimalInteger(type.substr(1)))) &&
        !f.empty() && (isAsciiDigit(f[0]) || f[0] == '-') &&
        f.find('.') != std::string_view::npos && f.find_first_of("xX") == std::string_view::npos) {
      size_t after = from + colon + 3 + type.size();
      while (after < text_.size() && isAsciiSpace(text_[after]))
        ++after;
      error(after, "floating point value not valid for specified type (" + std::string(f) + " : " +
                       std::string(type) + "; Triton 3.6 rejects the module)");
      return;
    }
    if (type.size() < 2 || type[0] != 'i' || !decimalInteger(type.substr(1)))
      return;
    const std::string_view v = literalAt(lit);
    if (!decimalInteger(v) || v.size() > 40)
      return;
    if (!integerFits(v, type)) // (MLIR: at the digits, after a sign)
      error(from + lit + (v[0] == '-' ? 1 : 0), "integer constant out of range for attribute: " + std::string(v) +
                            " does not fit " + std::string(type) +
                            " (Triton 3.6 rejects the module)");
  }

  // A float's hex literal (`0x..` at `q` of `t`, before `end`) is its bit
  // pattern: said at `at` if it has more bits than the type's `width`.
  // The bits a hex literal (`0x..`) needs: leading zeros are none.
  static int hexBits(std::string_view h) {
    size_t d = 2;
    while (d < h.size() && h[d] == '0')
      ++d;
    size_t e = d;
    while (e < h.size() && std::isxdigit(static_cast<unsigned char>(h[e])))
      ++e;
    if (e == d)
      return 0;
    const int top = std::isdigit(static_cast<unsigned char>(h[d]))
                        ? h[d] - '0'
                        : std::tolower(static_cast<unsigned char>(h[d])) - 'a' + 10;
    return int(e - d - 1) * 4 + (top >= 8 ? 4 : top >= 4 ? 3 : top >= 2 ? 2 : 1);
  }

  // `-0x..` in an integer of `width` bits: MLIR negates the value there and
  // wants the sign bit then, so at most 2^(width-1), and not 0.
  static bool negativeHexFits(std::string_view h, int width) {
    const int bits = hexBits(h);
    if (bits == 0)
      return false;
    if (bits < width)
      return true;
    if (bits > width)
      return false;
    // As many bits as the width: only 2^(width-1) itself (one bit set).
    size_t d = 2;
    while (d < h.size() && h[d] == '0')
      ++d;
    if (d >= h.size() || (h[d] != '1' && h[d] != '2' && h[d] != '4' && h[d] != '8'))
      return false;
    for (size_t k = d + 1; k < h.size(); ++k)
      if (h[k] != '0')
        return false;
    return true;
  }

  bool hexFloatTooWide(std::string_view t, size_t q, size_t end, std::string_view type, int width,
                       size_t at) {
    size_t e = q + 2;
    while (e < end && std::isxdigit(static_cast<unsigned char>(t[e])))
      ++e;
    const int bits = hexBits(t.substr(q, e - q));
    if (bits <= width)
      return false;
    error(at, "hexadecimal float constant out of range for type (" +
                  std::string(t.substr(q, e - q)) + " has " + std::to_string(bits) + " bits, " +
                  std::string(type) + " " + std::to_string(width) +
                  "; Triton 3.6 rejects the module)");
    return true;
  }

  // The bits of a float type by its MLIR name (f16, bf16, f32, f64, the
  // f8/f6/f4 kinds, tf32), or 0.
  static int floatTypeBits(std::string_view e) {
    if (e == "bf16" || e == "f16")
      return 16;
    if (e == "f32" || e == "tf32")
      return e == "tf32" ? 19 : 32;
    if (e == "f64")
      return 64;
    if (e.size() >= 2 && e[0] == 'f' && isAsciiDigit(e[1]) &&
        (e.size() == 2 || !isAsciiDigit(e[2])))
      return e[1] - '0'; // f8E5M2, f8E4M3FN, f6E2M3FN, f4E2M1FN
    return 0;
  }

  static bool knownOpName(std::string_view w) {
    if (w.find('.') == std::string_view::npos)
      return false;
    const OpNameFacts f = opNameFacts(w);
    return f.fullyKnownDialect && f.registered;
  }

  // The keyword an op starts with: a comparison's predicate, a program id's
  // axis; then (for the axis) its ':'. Said at the token, as MLIR says it.
  void checkKeywordOperand(std::string_view op, const OpToken f) { // (a copy: it peeks past f)
    static constexpr std::string_view kInt[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                                "sge", "ult", "ule", "ugt", "uge"};
    static constexpr std::string_view kFloat[] = {"false", "oeq", "ogt", "oge", "olt", "ole",
                                                  "one",   "ord", "ueq", "ugt", "uge", "ult",
                                                  "ule",   "une", "uno", "true"};
    static constexpr std::string_view kAxis[] = {"x", "y", "z"};
    const bool cmpi = op == "arith.cmpi", cmpf = op == "arith.cmpf";
    const std::string_view *b = cmpi ? kInt : cmpf ? kFloat : kAxis;
    const size_t n = cmpi ? std::size(kInt) : cmpf ? std::size(kFloat) : std::size(kAxis);
    bool ok = false;
    // (MLIR also takes the predicate as a string: `arith.cmpi "slt", ...`.)
    const std::string_view word =
        f.kind == OpToken::Kind::String && f.text.size() >= 2 ? f.text.substr(1, f.text.size() - 2)
                                                              : f.text;
    for (size_t i = 0; i < n && !ok; ++i)
      ok = (f.kind == OpToken::Kind::Ident || (f.kind == OpToken::Kind::String && (cmpi || cmpf))) &&
           word == b[i];
    if (!ok)
      fail(f.offset, "custom op '" + std::string(op) +
                         "' expected string or keyword containing one of the following enum "
                         "values for attribute '" + (cmpi || cmpf ? "predicate" : "axis") + "'");
    size_t q = f.end();
    while (q < text_.size() && (text_[q] == ' ' || text_[q] == '\t'))
      ++q;
    if (q < text_.size() && text_[q] != '\n') {
      // (MLIR lexes the next token before it judges it: a character that
      // starts no token is that lexer error, `x $: i32`.)
      lex_.seek(q);
      (void)lex_.peek();
      lex_.seek(f.prevEnd); // (back before f, as it was)
    }
    if (!cmpi && !cmpf) {
      if (q < text_.size() && text_[q] != ':' && text_[q] != '{' && text_[q] != '\n')
        fail(f.end(), "expected ':'");
    } else if (q < text_.size() && text_[q] != ',' && text_[q] != '\n') {
      fail(f.end(), "expected ','"); // the predicate, then the operands
    }
  }

  // arith.constant's value is one attribute: a number, true/false or
  // dense<...>, then its `: type` (or nothing, for true/false). Anything else
  // after it is the next op (MLIR: "expected operation name").
  // `dense<...>`'s body as MLIR reads it: one element literal (a number,
  // true/false, a string, a complex `(a, b)`) then '>', or a nested list.
  void checkDenseBody(const OpToken &dense) {
    size_t p = dense.end() + 1;
    auto blanks = [&] {
      while (p < text_.size() && isAsciiSpace(text_[p]))
        ++p;
    };
    blanks();
    if (p >= text_.size() || text_[p] == '[' || text_[p] == '(' || text_[p] == '"')
      return; // a list, a complex or a hex string: not checked here
    if (text_[p] == '>')
      fail(dense.offset, "parsed zero elements (dense<> holds no value; Triton 3.6 rejects the "
                         "module)");
    const size_t start = p;
    if (text_[p] == '-' || text_[p] == '+')
      ++p;
    if (p < text_.size() && isAsciiDigit(text_[p])) {
      // A number as MLIR lexes one: digits, a fraction, an exponent (or 0x..).
      if (text_[p] == '0' && p + 1 < text_.size() && text_[p + 1] == 'x') {
        p += 2;
        while (p < text_.size() && isAsciiHexDigit(text_[p]))
          ++p;
      } else {
        while (p < text_.size() && isAsciiDigit(text_[p]))
          ++p;
        if (p + 1 < text_.size() && text_[p] == '.') {
          ++p;
          while (p < text_.size() && isAsciiDigit(text_[p]))
            ++p;
          if (p < text_.size() && (text_[p] == 'e' || text_[p] == 'E')) {
            size_t q = p + 1;
            if (q < text_.size() && (text_[q] == '+' || text_[q] == '-'))
              ++q;
            if (q < text_.size() && isAsciiDigit(text_[q])) {
              p = q;
              while (p < text_.size() && isAsciiDigit(text_[p]))
                ++p;
            }
          }
        }
      }
    } else if (text_.compare(start, 4, "true") == 0 || text_.compare(start, 5, "false") == 0) {
      p = start + (text_[start] == 't' ? 4 : 5);
      if (p < text_.size() && (isAsciiAlnum(text_[p]) || text_[p] == '_'))
        fail(start, "expected element literal of primitive type");
    } else {
      fail(start, "expected element literal of primitive type");
    }
    const size_t literalEnd = p;
    blanks();
    if (p < text_.size() && text_[p] != '>')
      fail(literalEnd, "expected '>'");
    // An integer splat fits the element type the constant states after its
    // ':' (`dense<64> : tensor<32x1xi1>` does not).
    size_t q = p + 1;
    while (q < text_.size() && (text_[q] == ' ' || text_[q] == '\t'))
      ++q;
    if (q < text_.size() && text_[q] == ':') {
      ++q;
      while (q < text_.size() && (text_[q] == ' ' || text_[q] == '\t'))
        ++q;
      if (text_.compare(q, 7, "tensor<") == 0) {
        q += 7;
        while (q < text_.size() && (isAsciiDigit(text_[q]) || text_[q] == 'x')) {
          const size_t d = q;
          while (q < text_.size() && isAsciiDigit(text_[q]))
            ++q;
          if (q == d || q >= text_.size() || text_[q] != 'x') {
            q = d;
            break;
          }
          ++q;
        }
        size_t e = q;
        while (e < text_.size() && isAsciiAlnum(text_[e]))
          ++e;
        const std::string_view element = text_.substr(q, e - q);
        if (!integerFits(text_.substr(start, literalEnd - start), element))
          fail(start + (text_[start] == '-' ? 1 : 0), // (MLIR: at the digits, after a sign)
               "integer constant out of range for type " + std::string(element) +
                   " (Triton 3.6 rejects the module)");
      }
    }
  }

  void checkConstantEnd(const OpToken &f) {
    size_t e;
    if (f.kind == OpToken::Kind::Number || f.isIdent("true") || f.isIdent("false")) {
      e = f.end();
    } else if (f.isIdent("dense") && f.end() < text_.size() && text_[f.end()] == '<') {
      checkDenseBody(f);
      e = lex_.matchBracket(f.end());
      if (e == std::string_view::npos)
        return;
    } else if (f.isIdent("dense") && !f.newlineBefore) {
      // `dense` not followed by its `<` (MLIR: at the end of `dense`).
      fail(f.end(), "expected '<' after 'dense'");
    } else if (f.kind == OpToken::Kind::ValueId) {
      fail(wrongToken(f), "expected attribute value (the constant; a value is none)");
    } else if (f.kind == OpToken::Kind::Ident && !f.newlineBefore) {
      fail(wrongToken(f), "expected attribute value (the constant; `" +
                              std::string(f.text.substr(0, 24)) + "` is none)");
    } else {
      return;
    }
    size_t q = e;
    while (q < text_.size() && (text_[q] == ' ' || text_[q] == '\t'))
      ++q;
    if (q >= text_.size() || text_[q] == '\n' || text_[q] == '\r' || text_[q] == ':' ||
        text_[q] == '{' || text_.compare(q, 4, "loc(") == 0 || text_.compare(q, 2, "//") == 0)
      return;
    // A word without a dialect: MLIR reads the next op there (`arith.constant
    // 3 onstant ...`), whose dialect it does not find. MLIR's keywords
    // (`bf16`, `index`, `tensor`) are read as an op's name too; an integer
    // type (`i32`) is a token of its own, no name: there the op's name was
    // due (said below).
    if (f.kind == OpToken::Kind::Number && isAsciiAlnum(text_[q]) && !isAsciiDigit(text_[q])) {
      size_t w = q;
      while (w < text_.size() && (isAsciiAlnum(text_[w]) || text_[w] == '_' || text_[w] == '$'))
        ++w;
      const std::string_view word = text_.substr(q, w - q);
      if ((w >= text_.size() || text_[w] != '.') && !isIntegerTypeWord(word))
        fail(q, "Dialect `' not found for custom op '" +
                    std::string(text_.substr(q, std::min<size_t>(w - q, 60))) +
                    "' (after arith.constant's value)");
    }
    fail(e, "expected operation name in quotes (text after the constant)");
  }

  // Whether the decimal integer `v` fits the integer type `type` (iN) as MLIR
  // takes it: as signed or as unsigned N bits. Other literals: true.
  static bool integerFits(std::string_view v, std::string_view type) {
    if (v.empty() || type.size() < 2 || type[0] != 'i')
      return true;
    for (char c : type.substr(1))
      if (!isAsciiDigit(c))
        return true; // `index`: not checked here
    for (size_t i = v[0] == '-' ? 1 : 0; i < v.size(); ++i)
      if (!isAsciiDigit(v[i]))
        return true; // not a decimal integer (a float, a hex value)
    if (v == "-")
      return true;
    int bits = 0;
    for (char c : type.substr(1))
      bits = std::min(bits * 10 + (c - '0'), 1000);
    // MLIR takes a value that fits the width as signed or as unsigned.
    const bool negative = v[0] == '-';
    std::string_view digits = v.substr(negative ? 1 : 0);
    while (digits.size() > 1 && digits[0] == '0')
      digits.remove_prefix(1);
    bool fits;
    if (digits.size() > 20 || (digits.size() == 20 && digits > "18446744073709551615")) {
      fits = false; // past 2^64
    } else {
      unsigned long long mag = 0; // < 2^64: checked above
      for (char c : digits)
        mag = mag * 10 + static_cast<unsigned long long>(c - '0');
      if (bits >= 64)
        fits = negative ? mag <= (1ULL << 63) : true;
      else if (bits == 0)
        fits = mag == 0 && !negative;
      else
        fits = negative ? mag <= (1ULL << (bits - 1)) : mag < (1ULL << bits);
      // MLIR negates the magnitude and wants the sign bit then: -0 has none.
      if (negative && mag == 0)
        fits = false;
    }
    return fits;
  }

  // The results an op of Triton 3.6 always defines, or -1 where that depends
  // on the op as written (scf.for, scf.if, tt.reduce, ...) or is not known.
  static int fixedResultCount(std::string_view name) {
    if (hasOneUnnamedResult(name))
      return 1;
    static constexpr std::string_view kNone[] = {
        "tt.store",          "tt.return",         "scf.yield",         "ttg.local_store",
        "ttg.local_dealloc", "tt.assert",         "tt.print",          "tt.descriptor_store",
        "ttng.init_barrier", "ttng.inval_barrier", "ttng.barrier_expect", "ttng.wait_barrier",
        "tt.reduce.return",  "tt.scan.return",    "scf.condition",     "ttg.warp_yield",
        "ttg.warp_return",   "ttng.arrive_barrier"};
    for (std::string_view op : kNone)
      if (name == op)
        return 0;
    if (name == "tt.split") // (its two halves)
      return 2;
    return -1;
  }

  // Triton ops of exactly one result, whose custom syntax states its type.
  static bool hasOneUnnamedResult(std::string_view name) {
    if (!startsWithLiteral(name, "tt.") && !startsWithLiteral(name, "ttg."))
      return false;
    static constexpr std::string_view kOps[] = {
        "tt.make_range",        "tt.splat",          "tt.broadcast",      "tt.expand_dims",
        "tt.reshape",           "tt.trans",          "tt.addptr",         "tt.load",
        "tt.join",              "tt.cat",            "tt.dot",            "tt.fp_to_fp",
        "tt.bitcast",           "tt.int_to_ptr",     "tt.ptr_to_int",     "tt.histogram",
        "tt.gather",            "tt.descriptor_load", "ttg.convert_layout", "ttg.local_load",
        "ttg.local_alloc",      "ttg.memdesc_index", "ttg.memdesc_subslice", "ttg.memdesc_trans",
        "ttg.memdesc_reshape"};
    for (std::string_view op : kOps)
      if (name == op)
        return true;
    return false;
  }

  // Requires: opName views the source text (it outlives every op added meanwhile).
  size_t parseHeader(int opIdx, std::string_view opName, size_t lastEnd) {
    const size_t headerFrom = lastEnd; // the end of the op's name
    int depth = 0;
    // This header's lists, kept from op to op at this nesting level (a
    // region in the header reads ops of its own one level deeper).
    if (headerDepth_ == headerScratch_.size())
      headerScratch_.emplace_back();
    HeaderScratch &scratch = headerScratch_[headerDepth_++];
    struct Leave {
      size_t &depth;
      ~Leave() { --depth; }
    } leave{headerDepth_};
    std::vector<PendingArg> &pending = scratch.pending;
    std::vector<std::string_view> &colonTypes = scratch.colon, &arrowTypes = scratch.arrow,
                                  &fnInputs = scratch.fnInputs, &in = scratch.in;
    pending.clear();
    colonTypes.clear();
    arrowTypes.clear();
    fnInputs.clear();
    scratch.op = opIdx;
    scratch.offsets.clear();
    scratch.partitionWarps.clear();
    scratch.facts = nextFacts_;
    std::string_view toType;
    size_t assignedAt = std::string_view::npos; // where the value after `%a =` starts
    auto addAttributes = [&](std::string_view written, std::string_view inner) {
      Operation &o = mod().ops[opIdx];
      for (auto &kv : splitDictionary(inner))
        o.attributes.push_back(std::move(kv));
      if (!o.attributeText.empty())
        o.attributeText += " ";
      o.attributeText += written;
    };
    auto typeArgs = [&]() {
      // Types of block arguments the header defines without writing them:
      // `scf.for %i = ... : T iter_args(%x = ..) -> (Ts)`, `scf.while (%a = ..) : (Ts) -> ..`.
      std::vector<std::string_view> cand;
      if (equalsLiteral(opName, "scf.for"))
        cand.push_back(colonTypes.empty() ? "index" : colonTypes[0]);
      const auto &more = !fnInputs.empty() ? fnInputs : arrowTypes;
      cand.insert(cand.end(), more.begin(), more.end());
      size_t k = 0;
      for (PendingArg &a : pending)
        if (a.type.empty() && k < cand.size())
          a.type = cand[k++];
    };
    // The op's custom syntax is checked where its dialect is one this tool
    // knows in full (an unknown dialect's op is read as it comes).
    // (An op those dialects do not have in Triton 3.6 - a newer Triton's,
    // listed as unknown - has a syntax this reader does not know either.)
    const bool custom = !mod().ops[opIdx].generic && scratch.facts &&
                        scratch.facts->fullyKnownDialect && scratch.facts->registered;
    const bool known = custom && knownOperandSyntax(*scratch.facts);
    if (known) {
      const OpToken &f = lex_.peek();
      const bool sameLine = f.kind != OpToken::Kind::End && !f.newlineBefore;
      if (oneTypePerOperand(*scratch.facts)) {
        // `scf.yield` alone, or `scf.yield %a, %b : A, B`.
        if (sameLine && f.kind == OpToken::Kind::Ident && !f.isIdent("loc") &&
            !(f.text.find('.') != std::string_view::npos && knownOpName(f.text))) {
          checkBoundResultsBeforeNextOp(opIdx, opName, scratch.facts);
          // scf.yield's and tt.return's operands (and types) are optional: a
          // word there starts the next op; the other returns' types are not.
          if (equalsLiteral(opName, "scf.yield") || equalsLiteral(opName, "tt.return"))
            fail(f.offset, "custom op '" + std::string(f.text.substr(0, 40)) + "' is unknown (after " +
                               std::string(opName) + ")");
          fail(wrongToken(f), "expected ':'");
        }
        // Nothing else can follow the name but its operands, attributes or
        // location, or the next op (`#x` starts no op).
        if (sameLine && f.kind != OpToken::Kind::Ident && f.kind != OpToken::Kind::ValueId &&
            f.kind != OpToken::Kind::String && f.kind != OpToken::Kind::CaretId && !f.is('{') &&
            !f.is('}'))
          fail(wrongToken(f), "expected operation name in quotes");
      } else if (!equalsLiteral(opName, "arith.cmpi") && !equalsLiteral(opName, "arith.cmpf") &&
                 f.kind != OpToken::Kind::ValueId) {
        fail(wrongToken(f), "expected SSA operand (" + std::string(opName) +
                                " starts with its operands)");
      }
    }
    if (custom && equalsLiteral(opName, "tt.gather") && lex_.peek().kind != OpToken::Kind::ValueId)
      fail(wrongToken(lex_.peek()), "expected SSA operand (tt.gather %src[%indices] ...)");
    if (custom && equalsLiteral(opName, "tt.make_range") && !lex_.peek().is('{') &&
        !lex_.peek().is(':'))
      fail(wrongToken(lex_.peek()), "expected ':' (tt.make_range {start = .., end = ..} : T)");
    if (custom && equalsLiteral(opName, "arith.constant") && lex_.peek().is(':'))
      fail(wrongToken(lex_.peek()), "expected attribute value (the constant)");
    if (custom && equalsLiteral(opName, "arith.constant") && lex_.peek().is('+'))
      fail(wrongToken(lex_.peek()), "expected attribute value (a constant has no '+')");
    // (`arith.constant -+1 : T`: a '-' is followed by a number, said at what follows.)
    if (custom && equalsLiteral(opName, "arith.constant") && lex_.peek().is('-')) {
      const size_t q = text_.find_first_not_of(" \t", lex_.peek().end());
      if (q != std::string_view::npos && !isAsciiDigit(text_[q]))
        fail(q, "expected constant integer or floating point value");
    }
    // (`arith.constant <64> : T`: no attribute starts with a '<' or another mark.)
    if (const OpToken &f = lex_.peek(); custom && equalsLiteral(opName, "arith.constant") &&
                                        f.kind == OpToken::Kind::Punct && !f.is('[') &&
                                        !f.is('{') && !f.is('(') && !f.is('-') && !f.is('}'))
      fail(wrongToken(f), "expected attribute value (the constant)");
    // `module attribUtes {...}`: after `module` only its @name, `attributes`
    // or its region.
    if (!mod().ops[opIdx].generic &&
        (equalsLiteral(opName, "module") || equalsLiteral(opName, "builtin.module"))) {
      const OpToken &f = lex_.peek();
      if (f.kind != OpToken::Kind::AtId && !f.isIdent("attributes") && !f.is('{') &&
          !f.isIdent("loc"))
        fail(wrongToken(f), "expected '{' to begin a region");
    }
    const bool isFunc = custom && equalsLiteral(opName, "tt.func");
    if (custom && (isFunc || equalsLiteral(opName, "func.func"))) {
      // `tt.func (public|private|nested)? @name(...)`: MLIR's symbol name,
      // said at the token where it is not.
      const size_t save = lex_.position();
      OpToken f = lex_.peek();
      if (f.isIdent("public") || f.isIdent("private") || f.isIdent("nested")) {
        lex_.skip();
        f = lex_.peek();
      }
      lex_.seek(save);
      if (f.kind != OpToken::Kind::AtId)
        fail(f.offset, "custom op '" + std::string(opName) +
                           "' expected valid '@'-identifier for symbol name");
    }
    if (custom && equalsLiteral(opName, "tt.atomic_rmw")) {
      static constexpr std::string_view kRmw[] = {"and", "or",   "xor",  "add",  "fadd",
                                                  "max", "min",  "umax", "umin", "exch"};
      const OpToken &f = lex_.peek();
      const std::string_view w = f.kind == OpToken::Kind::String && f.text.size() >= 2
                                     ? f.text.substr(1, f.text.size() - 2)
                                     : f.text;
      if (std::find(std::begin(kRmw), std::end(kRmw), w) == std::end(kRmw) ||
          (f.kind != OpToken::Kind::Ident && f.kind != OpToken::Kind::String))
        fail(f.offset, "custom op 'tt.atomic_rmw' expected string or keyword containing one of the "
                       "following enum values for attribute 'atomic_rmw_op' [and, or, xor, add, "
                       "fadd, max, min, umax, umin, exch]");
    }
    if (custom && (equalsLiteral(opName, "ttg.local_alloc") || equalsLiteral(opName, "ttng.tmem_alloc"))) {
      // `ttg.local_alloc (%src)? {attrs}? : ...` (and ttng.tmem_alloc)
      const OpToken &f = lex_.peek();
      if (f.kind != OpToken::Kind::ValueId && !f.is('{') && !f.is(':'))
        fail(wrongToken(f), "expected ':'");
    }
    if (custom && lex_.peek().kind != OpToken::Kind::ValueId &&
        (equalsLiteral(opName, "ttg.local_dealloc") || equalsLiteral(opName, "ttg.local_load") ||
         equalsLiteral(opName, "ttg.local_store") || equalsLiteral(opName, "ttg.memdesc_index") ||
         equalsLiteral(opName, "ttg.memdesc_subslice") || equalsLiteral(opName, "ttg.memdesc_trans") ||
         equalsLiteral(opName, "ttg.memdesc_reshape") ||
         equalsLiteral(opName, "ttg.async_copy_global_to_local") ||
         equalsLiteral(opName, "ttng.wait_barrier") || equalsLiteral(opName, "ttng.init_barrier") ||
         equalsLiteral(opName, "ttng.inval_barrier") || equalsLiteral(opName, "ttng.tmem_load")))
      fail(wrongToken(lex_.peek()), "expected SSA operand (" + std::string(opName) +
                                        " starts with its operand)");
    if (custom && equalsLiteral(opName, "scf.while") && !lex_.peek().is('(') && !lex_.peek().is(':'))
      fail(wrongToken(lex_.peek()), "expected ':'");
    if (custom && equalsLiteral(opName, "scf.for") && lex_.peek().kind != OpToken::Kind::ValueId)
      fail(wrongToken(lex_.peek()), "expected SSA operand (scf.for %i = %lb to %ub step %s)");
    if (custom && equalsLiteral(opName, "scf.for"))
      if (const OpToken eq = peekSecond(); !eq.is('='))
        fail(wrongToken(eq), "expected '='");
    if (custom && (equalsLiteral(opName, "ttg.async_wait") ||
                   equalsLiteral(opName, "ttg.async_commit_group")) &&
        lex_.peek().kind == OpToken::Kind::Number && !lex_.peek().newlineBefore)
      fail(wrongToken(lex_.peek()), "expected operation name in quotes (" + std::string(opName) +
                                        " takes tokens, not a number)");
    if (custom && equalsLiteral(opName, "ttg.async_commit_group")) {
      // `ttg.async_commit_group (tokens %t, ...)? {attrs}?`: another word on
      // its line is the next op's name.
      const OpToken &f = lex_.peek();
      if (f.kind == OpToken::Kind::Ident && !f.newlineBefore && !f.isIdent("tokens") &&
          !f.isIdent("loc") && !knownOpName(f.text))
        fail(f.offset, "custom op '" + std::string(f.text.substr(0, 40)) +
                           "' is unknown (ttg.async_commit_group takes `tokens %t` or nothing)");
    }
    // `ttng.tensormap_fenceproxy_acquire a%d`: these start with their operand.
    if (custom && lex_.peek().kind == OpToken::Kind::Ident && !lex_.peek().newlineBefore &&
        !lex_.peek().isIdent("loc") &&
        (equalsLiteral(opName, "ttng.tensormap_fenceproxy_acquire") ||
         equalsLiteral(opName, "ttg.local_dealloc") ||
         equalsLiteral(opName, "ttng.inval_barrier") || equalsLiteral(opName, "ttng.init_barrier")))
      fail(wrongToken(lex_.peek()), "expected SSA operand");
    if (custom && isAmdBufferOp(opName) && lex_.peek().kind != OpToken::Kind::ValueId)
      fail(wrongToken(lex_.peek()), "expected SSA operand (" + std::string(opName) +
                                        " starts with its operands)");
    const bool keywordFirst = equalsLiteral(opName, "arith.cmpi") ||
                              equalsLiteral(opName, "arith.cmpf") ||
                              equalsLiteral(opName, "tt.get_program_id") ||
                              equalsLiteral(opName, "tt.get_num_programs");
    if (custom && !keywordFirst) {
      // An op's name again, or an integer type, where its operands start.
      const OpToken &f = lex_.peek();
      // (An op without operands, or whose operands are optional, ends there:
      // the word starts the next op, which MLIR looks up.)
      const bool mayEndHere = operandsOptional(opName);
      if (mayEndHere && f.kind == OpToken::Kind::Ident && !f.newlineBefore &&
          f.text.find('.') != std::string_view::npos && !knownOpName(f.text))
        fail(f.offset, "custom op '" + std::string(f.text.substr(0, 40)) + "' is unknown (after " +
                           std::string(opName) + ")");
      if (f.kind == OpToken::Kind::Ident && !f.newlineBefore &&
          (f.text.find('.') != std::string_view::npos || isIntegerTypeWord(f.text)) &&
          !(mayEndHere && knownOpName(f.text)))
        fail(wrongToken(f), "expected SSA operand");
    }
    if (custom && equalsLiteral(opName, "arith.constant"))
      checkConstantEnd(lex_.peek());
    if (custom && keywordFirst)
      checkKeywordOperand(opName, lex_.peek());
    if (mod().ops[opIdx].generic && !lex_.peek().is('('))
      fail(wrongToken(lex_.peek()), "expected '(' to start operand list");
    if (mod().ops[opIdx].generic && lex_.peek().is('(')) {
      // "name"(%a, %b) ...: the operand list.
      lex_.skip();
      readOperandList(opIdx, ')', false, "expected ')' to end operand list");
      lex_.skip();
      lastEnd = lex_.consumedEnd();
    }
    bool typed = false;     // the ':' type section was read
    bool genericDictionaryRead = false; // a generic op's `{...}` after its operands
    std::vector<char> opens; // the brackets open in the header
    for (;;) {
      OpToken t = lex_.peek();
      if (t.kind == OpToken::Kind::End) {
        if (depth > 0)
          fail(t.offset, "unexpected end of text: a '(' or '[' is not closed");
        break;
      }
      // (arith.constant's value is due after its name: `arith.constant\n dense<..> : T`.)
      if (t.newlineBefore && depth == 0 && !continuesOp(t, opName) && !continuesLine(t) &&
          !incompleteBefore(t, mod().ops[opIdx].generic, known, typed, scratch.facts) &&
          !(custom && equalsLiteral(opName, "arith.constant") && lastEnd == headerFrom) &&
          !(t.is('{') && custom && mod().ops[opIdx].regions.empty() && endsWithRegion(opName)))
        break;
      if (depth == 0 && t.is('{') && text_.compare(t.offset, 3, "{-#") == 0)
        break; // the file's metadata, after the last op
      // `tt.return tt.return`: an op without operands ends at the next op's
      // name on its line.
      if (custom && depth == 0 && !typed && t.kind == OpToken::Kind::Ident && !t.newlineBefore &&
          mod().ops[opIdx].operands.empty() && t.text.find('.') != std::string_view::npos &&
          knownOpName(t.text) && operandsOptional(opName))
        break;
      // A generic op: after its operands come its properties `<{..}>`, its
      // regions `(..)`, its dictionary, successors, then ':' and its type.
      if (depth == 0 && !typed && mod().ops[opIdx].generic && !t.newlineBefore &&
          !(t.is('<') || t.is('(') || t.is('{') || t.is(':') || t.is('[') || t.isIdent("loc")))
        fail(wrongToken(t), "expected ':' followed by operation type");
      // tt.reshape's keywords are its unit attributes (the generic form's).
      if (custom && depth == 0 && !typed && equalsLiteral(opName, "tt.reshape") &&
          (t.isIdent("allow_reorder") || t.isIdent("efficient_layout")) &&
          !mod().ops[opIdx].hasAttribute(std::string(t.text)))
        mod().ops[opIdx].attributes.emplace_back(std::string(t.text), std::string());
      // `module attributes {...}`, `tt.func @f() attributes {...}`: the
      // dictionary follows the keyword.
      if (depth == 0 && t.isIdent("attributes") && !mod().ops[opIdx].generic &&
          (equalsLiteral(opName, "module") || equalsLiteral(opName, "builtin.module") ||
           equalsLiteral(opName, "tt.func") || equalsLiteral(opName, "func.func"))) {
        lex_.skip();
        lastEnd = lex_.consumedEnd();
        if (!lex_.peek().is('{'))
          fail(wrongToken(lex_.peek()), "expected '{' in attribute dictionary");
        continue;
      }
      // scf.for's bounds: `to` and `step` are each followed by an operand.
      if (custom && depth == 0 && !typed && (t.isIdent("to") || t.isIdent("step")) &&
          equalsLiteral(opName, "scf.for")) {
        const OpToken n = peekSecond();
        if (n.kind != OpToken::Kind::ValueId)
          fail(wrongToken(n), "expected SSA operand");
      }
      // scf.if's `else` opens its second region at once.
      if (custom && depth == 0 && t.isIdent("else") && equalsLiteral(opName, "scf.if") &&
          mod().ops[opIdx].regions.size() == 1) {
        lex_.skip();
        lastEnd = lex_.consumedEnd();
        if (!lex_.peek().is('{'))
          fail(wrongToken(lex_.peek()), "expected '{' to begin a region");
        continue;
      }

      // Once its types are read, an op is not continued by a `key = ...` line
      // (a misspelt result name: `parent = arith.mulf ...` is an op named
      // `parent`).
      if (t.newlineBefore && depth == 0 && typed && custom && t.kind == OpToken::Kind::Ident &&
          followedByEquals(t.end()))
        break;
      size_t after = t.end();
      if (t.kind == OpToken::Kind::ValueId) {
        lex_.skip();
        OpToken n = lex_.peek();
        // MLIR reads a `#...` after a value (`%x #0`) as its result number.
        if (n.kind == OpToken::Kind::HashId) {
          if (!std::all_of(n.text.begin() + 1, n.text.end(), isAsciiDigit))
            fail(n.offset, "invalid SSA value result number");
          synthesized_.push_back(std::string(t.text) + std::string(n.text));
          t.text = synthesized_.back();
          lex_.skip();
          n = lex_.peek();
        }
        if (depth == 1 && isFunc && !n.is(':') && !n.is('='))
          fail(wrongToken(n), "expected ':' (a function argument's type)");
        if (depth > 0 && n.is(':')) {
          lex_.skip();
          pending.push_back({t.text, scanType(), t.offset, {}, 0});
          // A function argument's type is followed by its attributes, its
          // location, the next argument or the list's end.
          if (depth == 1 && isFunc) {
            const OpToken &a = lex_.peek();
            if (!a.is('{') && !a.isIdent("loc") && !a.is(',') && !a.is(')'))
              fail(wrongToken(a), "expected ')'");
          }
        } else if (n.is('=')) {
          // (`math.exp %x= : T`: only scf.for's and scf.while's headers
          // assign; MLIR wanted the next ',' or the ':'.)
          if (custom && depth == 0 && !typed && !t.newlineBefore && scratch.facts &&
              !equalsLiteral(opName, "scf.for") && !equalsLiteral(opName, "scf.while") &&
              knownOperandSyntax(*scratch.facts))
            fail(wrongToken(n),
                 oneOperandThenTypes(opName) ||
                         scratch.facts->operandsBefore == int(mod().ops[opIdx].operands.size()) + 1
                     ? "expected ':'"
                     : "expected ','");
          lex_.skip();
          // `%i = %lb to ...`, `iter_args(%a = %init)`: an operand is next.
          if (custom && lex_.peek().kind != OpToken::Kind::ValueId)
            fail(wrongToken(lex_.peek()), "expected SSA operand");
          pending.push_back({t.text, "", t.offset, {}, 0});
          assignedAt = lex_.peek().offset;
        } else {
          addOperand(opIdx, t);
          // `iter_args(%a = %x, %b = %y)`: an assignment list goes on with a
          // ',' or ends with its ')'.
          if (custom && depth > 0 && t.offset == assignedAt && !n.is(',') && !n.is(')'))
            fail(wrongToken(n), "expected ',' or ')'");
          // `ttg.local_dealloc %m[...]`: after the one operand of these ops
          // their ':' (or dictionary) is due.
          if (custom && depth == 0 && !typed && n.is('[') &&
              (oneOperandThenTypes(opName) || equalsLiteral(opName, "tt.split") ||
               equalsLiteral(opName, "ttg.local_dealloc") ||
               equalsLiteral(opName, "ttg.local_load") ||
               equalsLiteral(opName, "ttg.memdesc_trans") ||
               equalsLiteral(opName, "ttg.memdesc_reshape")))
            fail(wrongToken(n), "expected ':'");
          // An op of one operand (a cast, `%x : T -> R`) has its ':' next.
          if (custom && depth == 0 && !typed && n.is(',') && scratch.facts &&
              mod().ops[opIdx].operands.size() == 1 &&
              (typesNeedTo(*scratch.facts) || oneOperandThenTypes(opName) ||
               equalsLiteral(opName, "ttg.local_alloc") || equalsLiteral(opName, "ttng.tmem_alloc") ||
               equalsLiteral(opName, "ttg.local_dealloc") || equalsLiteral(opName, "ttg.local_load") ||
               equalsLiteral(opName, "ttg.memdesc_trans") ||
               equalsLiteral(opName, "ttg.memdesc_reshape")))
            fail(wrongToken(n), "expected ':'");
          // `amdg.buffer_store %v, %p[...]`: the value, then a ','.
          if (custom && depth == 0 && !typed && !n.is(',') &&
              equalsLiteral(opName, "amdg.buffer_store") && mod().ops[opIdx].operands.size() == 1)
            fail(wrongToken(n), "expected ','");
          // `tt.addptr %p, %o word`: after the last operand of the ops whose
          // syntax has no keyword after their operands, their dictionary or
          // ':' is due.
          if (custom && depth == 0 && !typed && n.kind == OpToken::Kind::Ident &&
              !n.newlineBefore && !n.isIdent("loc") && scratch.facts &&
              scratch.facts->operandsBefore > 0 &&
              int(mod().ops[opIdx].operands.size()) == scratch.facts->operandsBefore &&
              (equalsLiteral(opName, "tt.addptr") || equalsLiteral(opName, "tt.join") ||
               equalsLiteral(opName, "tt.precise_divf") || equalsLiteral(opName, "tt.mulhiui") ||
               equalsLiteral(opName, "ttg.local_store") || equalsLiteral(opName, "arith.cmpi") ||
               equalsLiteral(opName, "arith.cmpf")))
            fail(wrongToken(n), "expected ':'");
          // `scf.if %c : i1 -> T`: after its condition, its result types
          // (`-> (...)`) or its region (MLIR reads the condition's type first).
          if (custom && depth == 0 && !typed && equalsLiteral(opName, "scf.if") &&
              mod().ops[opIdx].operands.size() == 1 && !n.is('{') &&
              n.kind != OpToken::Kind::Arrow && n.kind != OpToken::Kind::End) {
            checkStatedTypes(opIdx, opName, scratch, toType);
            fail(wrongToken(n), "expected '{' to begin a region");
          }
          // `tt.dot_scaled %a {..}`: its a and b are each followed by their
          // `scale` keyword or the ',' of the next operand.
          if (custom && depth == 0 && !typed && equalsLiteral(opName, "tt.dot_scaled") &&
              !n.is(',') && !n.isIdent("scale") &&
              std::count(text_.begin() + headerFrom, text_.begin() + n.offset, ',') < 2)
            fail(wrongToken(n), "expected ','");
          // `tt.gather %src[%indices]`: its indices in '[...]' after the source.
          // (`ttg.memdesc_index %m[%i]`: its index so.)
          if (custom && depth == 0 && !typed &&
              (equalsLiteral(opName, "tt.gather") || equalsLiteral(opName, "ttg.memdesc_index")) &&
              mod().ops[opIdx].operands.size() == 1 && !n.is('['))
            fail(wrongToken(n), "expected '['");
          // `ttg.local_load %m t7ken %t`: after its memdesc only its `token`
          // keyword, its dictionary or ':'.
          if (custom && depth == 0 && !typed && n.kind == OpToken::Kind::Ident &&
              !n.newlineBefore && !n.isIdent("loc") && !n.isIdent("token") &&
              equalsLiteral(opName, "ttg.local_load") && mod().ops[opIdx].operands.size() == 1)
            fail(wrongToken(n), "expected ':'");
          // amdg's buffer ops: the pointer, then its offsets in '[...]'.
          if (custom && depth == 0 && !typed && !n.is('[') &&
              (((equalsLiteral(opName, "amdg.buffer_load") ||
                 equalsLiteral(opName, "amdg.buffer_load_to_local")) &&
                mod().ops[opIdx].operands.size() == 1) ||
               (equalsLiteral(opName, "amdg.buffer_store") && mod().ops[opIdx].operands.size() == 2)))
            fail(wrongToken(n), "expected '['");
          // `tt.dot %a[...]`: an op that lists its operands wants a ','.
          if (custom && depth == 0 && !typed && n.is('[') && scratch.facts->operandsBefore > 0)
            fail(wrongToken(n), "expected ','");
          // The async ops end with their operands: another value starts the
          // next op, whose result names want their '='.
          if (custom && depth == 0 && !typed && n.kind == OpToken::Kind::ValueId &&
              !n.newlineBefore &&
              (equalsLiteral(opName, "ttg.async_commit_group") || equalsLiteral(opName, "ttg.async_wait")))
            fail(n.end(), "expected '=' after SSA name");
          // `tt.addptr %p{`: the next operand's ',' was due.
          if (custom && depth == 0 && !typed && !n.newlineBefore && n.is('{') && scratch.facts &&
              scratch.facts->operandsBefore > int(mod().ops[opIdx].operands.size()))
            fail(wrongToken(n), "expected ','");
          // `%a(`, `%a<`: after an operand no bracket opens (MLIR: its ':' or
          // the next operand's ',' was due).
          if (custom && depth == 0 && !typed && !n.newlineBefore && (n.is('(') || n.is('<')) &&
              !(n.is('<') && n.end() < text_.size() && text_[n.end()] == '{'))
            fail(wrongToken(n), "expected ':'");
          // Two operands with nothing between them: MLIR's parser wanted a
          // ',' or the ':' of the types after the first.
          if (custom && depth == 0 && !typed && n.kind == OpToken::Kind::ValueId &&
              !n.newlineBefore) {
            if (equalsLiteral(opName, "arith.select")) // its parser counts its operands first
              fail(scratch.offsets.empty() ? t.offset : scratch.offsets[0],
                   "custom op 'arith.select' expected 3 operands");
            fail(wrongToken(n), "expected ',' or ':' after the operand " + std::string(t.text));
          }
          // `tt.reshape %x require_sliced : ...`: after the operand of these
          // ops only their own keywords (reshape's allow_reorder and
          // efficient_layout), a dictionary or the ':'.
          if (custom && depth == 0 && !typed && n.kind == OpToken::Kind::Number &&
              !n.newlineBefore && (oneOperandThenTypes(opName) || equalsLiteral(opName, "tt.split")))
            fail(wrongToken(n), "expected ':'");
          if (custom && depth == 0 && !typed && n.kind == OpToken::Kind::Ident &&
              !n.newlineBefore && !n.isIdent("loc") &&
              (oneOperandThenTypes(opName) || equalsLiteral(opName, "tt.split")) &&
              !(equalsLiteral(opName, "tt.reshape") &&
                (n.isIdent("allow_reorder") || n.isIdent("efficient_layout"))))
            fail(wrongToken(n), "expected ':'");
          // (Their dictionary comes before their operands: `scf.yield {..} %a : T`.)
          if (known && depth == 0 && !typed && oneTypePerOperand(*scratch.facts) &&
              !n.is(',') && !n.is(':') && n.kind != OpToken::Kind::End &&
              !n.newlineBefore && !n.isIdent("loc"))
            fail(wrongToken(n), "expected ':'");
          if (custom && depth == 0 && !typed && operandsComeFirst(*scratch.facts, opName) &&
              !n.is(',') && !n.is(':') && !n.is('{') && n.kind != OpToken::Kind::End &&
              !n.isIdent("fastmath") && !n.isIdent("overflow"))
            fail(wrongToken(n), std::string(scratch.facts->operandsBefore > 0 &&
                                                    int(mod().ops[opIdx].operands.size()) >=
                                                        scratch.facts->operandsBefore
                                                ? "expected ':'"
                                                : "expected ','") +
                                    " (" + std::string(opName) + " is written `" +
                                    std::string(opName) + " %a, %b : T`)");
          // `ttg.async_commit_group tokens %t loc0)`: the op ends with its
          // tokens; a word without a dialect after them is the next op's name.
          if (custom && depth == 0 && !typed && n.kind == OpToken::Kind::Ident &&
              !n.newlineBefore && !n.isIdent("loc") && n.text.find('.') == std::string_view::npos &&
              (equalsLiteral(opName, "ttg.async_commit_group") ||
               equalsLiteral(opName, "ttg.async_wait"))) {
            const std::string shown(n.text.substr(0, 40));
            if (defaultDialectLoaded(mod().ops[opIdx].parentBlock))
              fail(n.offset, "custom op '" + shown + "' is unknown (after " + std::string(opName) +
                                 "'s operands)");
            fail(n.offset, dialectNotFound(shown, "after " + std::string(opName) + "'s operands"));
          }
          // `arith.cmpi slt, %a, %b loc(..)`: after its two operands only a
          // dictionary or the ':' of their type.
          // (arith.select's after its three.)
          if (custom && depth == 0 && !typed &&
              (((equalsLiteral(opName, "arith.cmpi") || equalsLiteral(opName, "arith.cmpf")) &&
                mod().ops[opIdx].operands.size() >= 2) ||
               (equalsLiteral(opName, "arith.select") && mod().ops[opIdx].operands.size() >= 3)) &&
              !n.is(',') && !n.is(':') && !n.is('{') && !n.isIdent("fastmath"))
            fail(wrongToken(n), "expected ':'");
          // `arith.extsi %7a_5 : ...` (`%7`, then a word): after a cast's
          // operand only its rounding mode, fastmath, trunci's overflow flags,
          // a dictionary or ':'.
          if (custom && depth == 0 && !typed && n.kind == OpToken::Kind::Ident &&
              !n.newlineBefore && !n.isIdent("loc") && !n.isIdent("fastmath") &&
              !n.isIdent("overflow") && arithCast(opName) &&
              !(equalsLiteral(opName, "arith.truncf") &&
                (n.isIdent("to_nearest_even") || n.isIdent("downward") || n.isIdent("upward") ||
                 n.isIdent("toward_zero") || n.isIdent("to_nearest_away"))))
            fail(wrongToken(n), "expected ':'");
          // (`arith.extsi %m[%i]`: nor a bracket or another sign: a cast has
          // one operand, no index list.)
          if (custom && depth == 0 && !typed && arithCast(opName) &&
              n.kind != OpToken::Kind::Ident && n.kind != OpToken::Kind::End && !n.is('{') &&
              !n.is(':') && !n.is(','))
            fail(wrongToken(n), "expected ':' (" + std::string(opName) + " is written `" +
                                    std::string(opName) + " %x : T to R`)");
          // `ttg.async_copy_global_to_local %p, %m ttg.convert_layout ...`: after
          // its operands only its own words (mask, other, the cache and
          // eviction keywords; isVolatile is a dictionary entry, not a
          // keyword), a dictionary or the ':'.
          if (custom && depth == 0 && !typed && n.kind == OpToken::Kind::Ident &&
              !n.newlineBefore && equalsLiteral(opName, "ttg.async_copy_global_to_local") &&
              !n.isIdent("loc") && !n.isIdent("mask") && !n.isIdent("other") &&
              !n.isIdent("cacheModifier") && !n.isIdent("evictionPolicy"))
            fail(wrongToken(n), "expected ':'");
          // `%x>1`, `%x 1`: no op's syntax has a '>' or a number right after
          // an operand (MLIR: the ',' of the next operand or the ':' was due).
          if (custom && depth == 0 && !typed && (n.is('>') || n.kind == OpToken::Kind::Number))
            fail(wrongToken(n), "expected ',' or ':' after the operand " + std::string(t.text));
        }
        lastEnd = lex_.consumedEnd();
        continue;
      }
      if (custom && depth == 0 && !typed && !t.newlineBefore &&
          ((t.isIdent("tensor") && t.end() < text_.size() && text_[t.end()] == '<') ||
           (known && t.kind == OpToken::Kind::BangId)))
        fail(wrongToken(t), "expected ':' before the types");
      // An op of so many operands, all read: its ':' is due, not a ','
      // (`tt.addptr %p, %x, : T`; tt.store's mask, tt.dot's and clampf's
      // keywords, wgmma's useC and wait_barrier's predicate come after one).
      if (custom && depth == 0 && !typed && t.is(',') && scratch.facts &&
          scratch.facts->operandsBefore > 0 &&
          int(mod().ops[opIdx].operands.size()) == scratch.facts->operandsBefore &&
          !equalsLiteral(opName, "tt.store") && !equalsLiteral(opName, "tt.dot") &&
          !equalsLiteral(opName, "tt.clampf") && !equalsLiteral(opName, "ttng.warp_group_dot") &&
          !equalsLiteral(opName, "ttng.tensormap_create") &&
          !equalsLiteral(opName, "ttng.wait_barrier") && !equalsLiteral(opName, "arith.select"))
        fail(wrongToken(t), "expected ':' (" + std::string(opName) + " has " +
                                std::to_string(scratch.facts->operandsBefore) + " operands)");
      if (custom && depth == 0 && !typed && t.is(',')) {
        // A list goes on after a ',': an operand, a word (`add, acq_rel,`),
        // a list (`[%a, %b]`), never a second ',' or a closing bracket.
        lex_.skip();
        const OpToken n = lex_.peek();
        // (`tt.load %p, : T`: a ',' before an optional operand left out is
        // read, as MLIR's parser for those ops reads it; tt.store's value is
        // not optional: `tt.store %p, : T` is not.)
        const bool optionalAfterComma =
            (n.is(':') || (n.is('{') && (equalsLiteral(opName, "amdg.buffer_load") ||
                                         equalsLiteral(opName, "amdg.buffer_store")))) &&
            (equalsLiteral(opName, "tt.load") ||
             (equalsLiteral(opName, "tt.store") && mod().ops[opIdx].operands.size() >= 2) ||
             (equalsLiteral(opName, "ttng.wait_barrier") &&
              mod().ops[opIdx].operands.size() >= 2) ||
             equalsLiteral(opName, "amdg.buffer_load") ||
             equalsLiteral(opName, "amdg.buffer_store"));
        // `tt.dot %a, %b, %c, , ...`: after its three operands a ',' starts
        // its `inputPrecision = ...` (MLIR: that keyword, at the token).
        if (custom && equalsLiteral(opName, "tt.dot") && mod().ops[opIdx].operands.size() >= 3 &&
            !n.isIdent("inputPrecision"))
          fail(n.kind == OpToken::Kind::End ? wrongToken(n) : n.offset,
               "custom op 'tt.dot' expected 'inputPrecision'");
        // `ttng.init_barrier %b, 1 1`: the count, then its dictionary or ':'.
        if (custom && equalsLiteral(opName, "ttng.init_barrier") &&
            mod().ops[opIdx].operands.size() == 1 && n.kind == OpToken::Kind::Number) {
          const OpToken after = peekSecond();
          if (!after.is(':') && !after.is('{'))
            fail(wrongToken(after), "expected ':' (ttng.init_barrier %bar, COUNT : T)");
        }
        if (!optionalAfterComma &&
            (n.kind == OpToken::Kind::End ||
             (known && (n.kind == OpToken::Kind::Number || n.kind == OpToken::Kind::String)) ||
             (n.kind == OpToken::Kind::Punct && !n.is('[') && !n.is('(')) ||
             (known && n.kind == OpToken::Kind::Ident &&
              (!followedByEquals(n.end()) ||
               (scratch.facts->operandsBefore > 0 && !equalsLiteral(opName, "tt.dot") &&
                !equalsLiteral(opName, "tt.clampf"))))))
          fail(wrongToken(n), "expected SSA operand after ','");
        // amdg's buffer loads and stores and tt's: after a ',' only their mask or other value.
        if (n.kind == OpToken::Kind::Ident &&
            (equalsLiteral(opName, "amdg.buffer_load") || equalsLiteral(opName, "amdg.buffer_store") ||
             equalsLiteral(opName, "amdg.buffer_load_to_local") || equalsLiteral(opName, "tt.load") ||
             equalsLiteral(opName, "tt.store")))
          fail(wrongToken(n), "expected ':'");
        // `tt.dot %a, %b, %c, inputPrecision = tf32`: that keyword, then one of its words.
        if (custom && equalsLiteral(opName, "tt.dot") && n.kind == OpToken::Kind::Ident) {
          if (!n.isIdent("inputPrecision"))
            fail(n.offset, "custom op 'tt.dot' expected 'inputPrecision'");
          const size_t eqAt = text_.find_first_not_of(" \t", n.end());
          const size_t w = eqAt == std::string_view::npos || text_[eqAt] != '='
                               ? std::string_view::npos
                               : text_.find_first_not_of(" \t", eqAt + 1);
          if (w != std::string_view::npos) {
            size_t e = w + (text_[w] == '"' ? 1 : 0);
            const size_t s0 = e;
            while (e < text_.size() && (isAsciiAlnum(text_[e]) || text_[e] == '_'))
              ++e;
            static constexpr std::string_view kPrecision[] = {"tf32", "tf32x3", "ieee", "bf16x3", "bf16x6"};
            const std::string_view word = text_.substr(s0, e - s0);
            if (std::find(std::begin(kPrecision), std::end(kPrecision), word) == std::end(kPrecision) ||
                (e < text_.size() && text_[e] == '<'))
              fail(w, "custom op 'tt.dot' expected string or keyword containing one of the following "
                      "enum values for attribute 'inputPrecision' [tf32, tf32x3, ieee, bf16x3, bf16x6]");
          }
        }
        // `ttng.barrier_expect %bar, 16384, %pred`: its byte count is an attribute.
        if (custom && equalsLiteral(opName, "ttng.barrier_expect") &&
            mod().ops[opIdx].operands.size() == 1 && n.kind != OpToken::Kind::Number) {
          // (The ',' right after the barrier: no count written before it.)
          bool countSeen = false;
          for (size_t q = opNameOffset(mod().ops[opIdx]); q < t.offset && !countSeen; ++q)
            if (text_[q] == ',') {
              size_t d = q + 1;
              while (d < t.offset && isAsciiSpace(text_[d]))
                ++d;
              countSeen = d < t.offset && isAsciiDigit(text_[d]);
            }
          if (!countSeen)
            fail(wrongToken(n), "expected attribute value (the byte count)");
        }
        // `ttng.barrier_expect %bar, 32}68, %pred`: the count, then its
        // dictionary or the ',' of the predicate.
        if (custom && equalsLiteral(opName, "ttng.barrier_expect") &&
            mod().ops[opIdx].operands.size() == 1 && n.kind == OpToken::Kind::Number) {
          const OpToken after = peekSecond();
          if (!after.is(',') && !after.is('{'))
            fail(wrongToken(after), "expected ','");
        }
        lastEnd = lex_.consumedEnd();
        continue;
      }
      if (depth == 0 && t.is('[') &&
          (equalsLiteral(opName, "ttg.memdesc_subslice") ||
           equalsLiteral(opName, "amdg.extract_slice")) &&
          !mod().ops[opIdx].generic) {
        // `ttg.memdesc_subslice %m [0, 32]`: the offsets, integers written in
        // the op, kept as Triton keeps them (the op's `offsets` property) for
        // the verifier.
        size_t e = lex_.matchBracket(t.offset);
        if (e == std::string_view::npos)
          fail(t.offset, "unbalanced '['");
        const std::string_view list = text_.substr(t.offset + 1, e - t.offset - 2);
        for (size_t q = 0; q < list.size();) {
          while (q < list.size() && (isAsciiSpace(list[q]) || list[q] == ','))
            ++q;
          if (q >= list.size())
            break;
          size_t r = q + (list[q] == '-' ? 1 : 0);
          const size_t digits = r;
          while (r < list.size() && list[r] >= '0' && list[r] <= '9')
            ++r;
          if (r == digits)
            fail(t.offset + 1 + q, "expected integer value (an offset of " + std::string(opName) +
                                       " is a constant; Triton 3.6 rejects the module)");
          q = r;
        }
        // (amdg.extract_slice's are its static_offsets, i64: not kept.)
        if (equalsLiteral(opName, "ttg.memdesc_subslice") &&
            !mod().ops[opIdx].hasAttribute("offsets"))
          mod().ops[opIdx].attributes.push_back(
              {"offsets", "array<i32: " + std::string(trimAsciiSpace(list)) + ">"});
        lex_.seek(e);
        lastEnd = e;
        continue;
      }
      if (t.is('(') || t.is('[')) {
        // A generic op's next '(' opens its region list `({`; its function
        // type comes after ':' (MLIR: "expected ':' followed by operation
        // type", just past the token before).
        // Before its regions and dictionary are read, the '(' opens the
        // region list, whose first region's '{' is due (`( 8 : i32`).
        if (t.is('(') && depth == 0 && !typed && mod().ops[opIdx].generic) {
          if (!mod().ops[opIdx].regions.empty() || genericDictionaryRead)
            fail(wrongToken(t), "expected ':' followed by operation type");
          const OpToken n = peekSecond();
          if (!n.is('{'))
            fail(wrongToken(n), "expected '{' to begin a region (a generic op's region list)");
        }
        ++depth;
        opens.push_back(t.text[0]);
        // An operand list `%p[%a, %b]`: operands (or integers) and commas.
        if (custom && depth == 1 && t.is('[') && !typed) {
          // `%m[]`: an index list after an operand names one at least.
          // (`ttng.tmem_load %m[]`: an empty token list is valid.)
          const bool indexList = t.offset > 0 && text_[t.offset - 1] != ' ' &&
                                 equalsLiteral(opName, "ttg.memdesc_index");
          lex_.skip();
          if (indexList && lex_.peek().is(']'))
            fail(wrongToken(lex_.peek()), "expected SSA operand");
          // (amdg's buffer ops: one offsets operand.)
          readOperandList(opIdx, ']', true, "expected ']'", isAmdBufferOp(opName));
          lastEnd = lex_.consumedEnd();
          continue;
        }
      } else if (t.is(')') || t.is(']')) {
        // One no bracket opened: the op ended before it, and it starts no op
        // (MLIR's next op there). An op this reader knows no syntax for reads on.
        if (depth == 0 && (custom || mod().ops[opIdx].generic))
          fail(wrongToken(t), std::string("expected operation name in quotes (a '") + t.text[0] +
                                  "' that closes nothing)");
        if (depth == 0) {
          lex_.skip();
          lastEnd = lex_.consumedEnd();
          continue;
        }
        --depth;
        if (!opens.empty())
          opens.pop_back();
        // scf.for's iter_args(...) are followed by its result types' '->'.
        if (custom && depth == 0 && !typed && t.is(')') && equalsLiteral(opName, "scf.for")) {
          const OpToken w = peekSecond();
          if (w.kind != OpToken::Kind::Arrow)
            fail(wrongToken(w), "expected '->'");
        }
        // amdg.buffer_load's and buffer_store's offsets are followed by a
        // ',', their `cacheModifier`/`stride` keywords, a dictionary or ':'.
        if (custom && depth == 0 && !typed && t.is(']') &&
            (equalsLiteral(opName, "amdg.buffer_load") ||
             equalsLiteral(opName, "amdg.buffer_store"))) {
          const OpToken w = peekSecond();
          if (w.kind == OpToken::Kind::Ident && !w.newlineBefore && !w.isIdent("loc") &&
              !w.isIdent("cacheModifier") && !w.isIdent("stride"))
            fail(wrongToken(w), "expected ':'");
        }
      } else if (t.is('}') && depth == 0 && !typed && custom &&
                 (singleColonType(*scratch.facts) ||
                  (known && !oneTypePerOperand(*scratch.facts)) ||
                  equalsLiteral(opName, "tt.make_range")) &&
                 !t.newlineBefore) {
        // A stray '}' where the op's ':' and types were due (`tt.make_range
        // {..}} : T`).
        fail(wrongToken(t), "expected ':'");
      } else if (t.is('}')) {
        break; // the enclosing region closes on this line
      } else if (t.is('{')) {
        size_t q = t.offset + 1;
        while (q < text_.size() && (text_[q] == ' ' || text_[q] == '\t'))
          ++q;
        // A region opens a line of its own, or starts with a block label or
        // a result name; anything else after '{' is an attribute dictionary.
        // `attributes {` always opens a dictionary, also one written over
        // several lines.
        size_t b = t.offset;
        while (b > 0 && isAsciiSpace(text_[b - 1]))
          --b;
        const bool afterAttributesKeyword =
            b >= 10 && text_.substr(b - 10, 10) == "attributes" &&
            (b == 10 || !isAsciiAlnum(text_[b - 11]));
        // A dictionary written over lines: `{` alone, then `name = value`
        // (no op starts with a word and '=').
        // (The token after the '{', read ahead; the lexer is put back.)
        auto tokenAfterBrace = [&] {
          lex_.skip();
          const OpToken k = lex_.peek();
          lex_.seek(t.offset);
          return k;
        };
        auto dictionaryOverLines = [&] {
          const OpToken k = tokenAfterBrace();
          return (k.kind == OpToken::Kind::Ident || k.kind == OpToken::Kind::String) &&
                 followedByEquals(k.end());
        };
        // A region written on one line starts with an op: `{ scf.yield %x : T }`
        // (a dialect op's name and not `name =`, `name,` or `name}` of a
        // dictionary), or `{ "generic.op"(...`.
        auto opOnTheLine = [&] {
          if (q >= text_.size() || !(isAsciiAlnum(text_[q]) || text_[q] == '"'))
            return false;
          const OpToken k = tokenAfterBrace();
          size_t after = k.end();
          while (after < text_.size() && (text_[after] == ' ' || text_[after] == '\t'))
            ++after;
          const char next = after < text_.size() ? text_[after] : '\0';
          if (k.kind == OpToken::Kind::String)
            return next == '(';
          return k.kind == OpToken::Kind::Ident && k.text.find('.') != std::string_view::npos &&
                 next != '=' && next != ',' && next != '}' && next != ':' && knownOpName(k.text);
        };
        // (The memory ops below hold no region: their '{' is a dictionary.)
        const bool noRegions =
            custom && depth == 0 &&
            (startsWithLiteral(opName, "amdg.buffer_") || equalsLiteral(opName, "tt.load") ||
             equalsLiteral(opName, "tt.store"));
        if (!afterAttributesKeyword && !noRegions &&
            !(lex_.restOfLineBlank(t.offset + 1) && dictionaryOverLines()) &&
            (lex_.restOfLineBlank(t.offset + 1) ||
             (q < text_.size() && (text_[q] == '^' || text_[q] == '%')) || opOnTheLine())) {
          typeArgs();
          lex_.skip();
          int owner = opIdx;
          if (equalsLiteral(opName, "ttg.warp_specialize") && !mod().ops[opIdx].generic &&
              !mod().ops[opIdx].regions.empty()) {
            const bool first = mod().ops[opIdx].regions.size() < 2;
            owner = partitionsOp(opIdx);
            // The holder is where its first partition is written (MLIR's
            // place for it), at the `partitionN` keyword.
            const size_t kw = text_.rfind("partition", t.offset);
            if (first && kw != std::string_view::npos && kw > opNameOffset(mod().ops[opIdx]))
              mod().ops[owner].pos = at(kw);
          }
          int r = parseRegion(owner, pending, t.offset);
          mod().ops[owner].regions.push_back(r);
          pending.clear();
          lastEnd = lex_.consumedEnd();
          // A generic op's regions are a list: `({...}, {...})`.
          if (mod().ops[opIdx].generic && depth == 1 && !opens.empty() && opens.back() == '(') {
            const OpToken n = lex_.peek();
            if (!n.is(',') && !n.is(')'))
              fail(wrongToken(n), "expected ')' to end region list");
          }
          if (depth == 0) {
            // After a region the op goes on only with its keywords (`else`,
            // `partition0(...)`, ...) or its location: another word starts the
            // next op (MLIR: "custom op 'x' is unknown").
            // Each keyword is its op's own: scf.if's one `else`, scf.while's
            // `do`, scf.index_switch's `case`/`default`, warp_specialize's
            // partitions; `}` then `else` of another op is "custom op 'else'".
            const OpToken n = lex_.peek();
            const size_t regionsRead = mod().ops[opIdx].regions.size();
            if (custom && equalsLiteral(opName, "scf.while") && regionsRead == 1 && !n.isIdent("do"))
              fail(n.offset, "custom op 'scf.while' expected 'do'");
            const bool keyword =
                (n.isIdent("else") && equalsLiteral(opName, "scf.if") && regionsRead == 1) ||
                (n.isIdent("do") && equalsLiteral(opName, "scf.while") && regionsRead == 1) ||
                ((n.isIdent("default") || n.isIdent("case")) &&
                 equalsLiteral(opName, "scf.index_switch")) ||
                n.isIdent("attributes") ||
                (startsWithLiteral(n.text, "partition") &&
                 (equalsLiteral(opName, "ttg.warp_specialize") ||
                  equalsLiteral(opName, "nvws.warp_group")));
            if ((custom || equalsLiteral(opName, "module") || equalsLiteral(opName, "builtin.module")) &&
                n.kind == OpToken::Kind::Ident && !n.newlineBefore && !n.isIdent("loc") && !keyword)
              break;
            // `} 82)`: no op's syntax has a number after its region (MLIR:
            // the next op's name was due).
            if (custom && !mod().ops[opIdx].generic && n.kind == OpToken::Kind::Number &&
                !n.newlineBefore)
              fail(wrongToken(n), "expected operation name in quotes (after " +
                                      std::string(opName) + "'s region)");
            // `}   %c = arith.constant ...`: after a function's or a module's
            // region, a result name on its line starts the next op.
            if (!mod().ops[opIdx].generic && n.kind == OpToken::Kind::ValueId && !n.newlineBefore &&
                (equalsLiteral(opName, "module") || equalsLiteral(opName, "builtin.module") ||
                 equalsLiteral(opName, "tt.func") || equalsLiteral(opName, "func.func")))
              break;
            // A warp_specialize's region is followed by the next partition or,
            // after the last, the ':' of its types (on whatever line).
            if (custom && equalsLiteral(opName, "ttg.warp_specialize") &&
                !(n.kind == OpToken::Kind::Ident && startsWithLiteral(n.text, "partition")) &&
                !n.is(':'))
              fail(wrongToken(n), "expected ':'");
            // `} 5loc(#loc)`, `} {attrs}`: a module or a function ends with its
            // region and location; what else follows on its line starts no op.
            if (!mod().ops[opIdx].generic &&
                (equalsLiteral(opName, "module") || equalsLiteral(opName, "builtin.module") ||
                 equalsLiteral(opName, "tt.func") || equalsLiteral(opName, "func.func")) &&
                !n.newlineBefore && n.kind != OpToken::Kind::End &&
                n.kind != OpToken::Kind::Ident && n.kind != OpToken::Kind::ValueId &&
                n.kind != OpToken::Kind::String && !n.is('}') &&
                // (`} #loc = loc(..)`: an alias's definition after the module.)
                (n.kind != OpToken::Kind::HashId || equalsLiteral(opName, "tt.func") ||
                 equalsLiteral(opName, "func.func")))
              fail(wrongToken(n), "expected operation name in quotes");
          }
          continue;
        }
        size_t e = lex_.matchBracket(t.offset);
        if (e == std::string_view::npos) { // (read on to the text's end)
          // An entry MLIR refuses before the end (a key then a word, where
          // a string's quote made the brackets seem open): there. (One it
          // refuses at the end: said at the text's end, as below.)
          try {
            checkDictionary(t.offset, text_.size());
          } catch (const Failure &fl) {
            if (fl.offset < text_.size() && !trimAsciiSpace(text_.substr(fl.offset)).empty())
              throw;
          }
          fail(endOfText(), "expected '}': the text ends inside the dictionary opened on line " +
                                std::to_string(at(t.offset).line));
        }
        checkDictionary(t.offset, e);
        // A function's argument and result attributes are a dialect's
        // (`{tt.divisibility = 16 : i32}`): MLIR's function verifier, after
        // the module is read, at the function.
        if (depth > 0 && custom && (isFunc || equalsLiteral(opName, "func.func")) &&
            undialectedArgAttrOp_ < 0 && !dictionaryKeysHaveDialect(t.offset, e))
          undialectedArgAttrOp_ = opIdx;
        if (depth == 0) {
          genericDictionaryRead = mod().ops[opIdx].generic;
          addAttributes(text_.substr(t.offset, e - t.offset),
                        text_.substr(t.offset + 1, e - t.offset - 2));
          if (const std::string bad = custom ? i32AttributeProblem(opIdx, opName) : std::string();
              !bad.empty()) // (at the dictionary, as MLIR says it)
            fail(t.offset, "custom op '" + std::string(opName) + "' '" + std::string(opName) +
                               "' op attribute '" + bad +
                               "' failed to satisfy constraint: 32-bit signless integer attribute");
        }
        lex_.seek(e);
        lastEnd = e;
        // After a custom op's attribute dictionary: its ':' and types, a
        // region, more operands (`ttng.barrier_expect %b, 8192 {..}, %pred`),
        // its location or the next op; never a number or a stray sign.
        if (custom && depth == 0 && !equalsLiteral(opName, "arith.constant")) { // (`{..} 0 : i64`)
          const OpToken &n = lex_.peek();
          if (!n.newlineBefore &&
              (n.kind == OpToken::Kind::Number || (n.is('}') && known && !typed) ||
               (n.kind == OpToken::Kind::Punct && !n.is(':') && !n.is('{') && !n.is('(') &&
                !n.is('}') && !n.is(')') && !n.is('<') && !n.is('[') && !n.is(','))))
            fail(wrongToken(n), "expected ':'");
        }
        continue;
      } else if (t.is('<') && after < text_.size() && text_[after] == '{') {
        size_t e = lex_.matchBracket(t.offset);
        if (e == std::string_view::npos || e < t.offset + 4)
          fail(t.offset, "unbalanced '<{'");
        // The properties are one dictionary, then '>'.
        if (const size_t d = lex_.matchBracket(t.offset + 1); d != std::string_view::npos && d < e) {
          size_t q = d;
          while (q < e && (text_[q] == ' ' || text_[q] == '\t' || text_[q] == '\n' || text_[q] == '\r'))
            ++q;
          if (q < e - 1) {
            while (q > d && isAsciiSpace(text_[q - 1])) // (MLIR: just past the dictionary)
              --q;
            fail(q, "expected '>' to close properties");
          }
        }
        checkDictionary(t.offset + 1, e - 1);
        addAttributes(text_.substr(t.offset, e - t.offset),
                      text_.substr(t.offset + 2, e - t.offset - 4));
        if (const std::string bad = i32AttributeProblem(opIdx, opName); !bad.empty())
          fail(opNameOffset(mod().ops[opIdx]),
               "invalid properties for op " + std::string(opName) + ": Invalid attribute `" + bad +
                   "` in property conversion (an i32 integer)");
        lex_.seek(e);
        lastEnd = e;
        continue;
      } else if (depth == 0 && t.isIdent("num_warps") && after < text_.size() &&
                 text_[after] == '(' && equalsLiteral(opName, "ttg.warp_specialize") &&
                 !mod().ops[opIdx].generic) {
        // `partition0() num_warps(2) {`: kept as Triton keeps it, the op's
        // partitionNumWarps (the verifier checks each partition's layouts).
        size_t e = lex_.matchBracket(after);
        if (e == std::string_view::npos)
          fail(after, "unbalanced '(' in num_warps(...)");
        if (!scratch.partitionWarps.empty())
          scratch.partitionWarps += ", ";
        scratch.partitionWarps += trimAsciiSpace(text_.substr(after + 1, e - after - 2));
        lex_.seek(e);
        lastEnd = e;
        continue;
      } else if (t.isIdent("loc") && !followedByEquals(after)) {
        const size_t e = readLoc(t);
        const size_t open = text_.find('(', after);
        std::string_view body = text_.substr(open + 1, e - open - 2);
        if (depth == 0)
          locs_.push_back({module_, false, opIdx, body, open + 1});
        else if (!pending.empty()) {
          pending.back().loc = body;
          pending.back().locOffset = open + 1;
        }
        lex_.seek(e);
        lastEnd = e;
        // A function argument's location is the last of it.
        if (depth == 1 && isFunc && !pending.empty()) {
          const OpToken n = lex_.peek();
          if (!n.is(',') && !n.is(')'))
            fail(wrongToken(n), "expected ')'");
        }
        // An op's location is the last of it: what follows is the next op
        // (an op of a dialect this tool does not know in full: what follows
        // on the next line).
        if (depth == 0 && (custom || mod().ops[opIdx].generic || lex_.peek().newlineBefore))
          break;
        continue;
      } else if ((t.kind == OpToken::Kind::Ident || t.kind == OpToken::Kind::BangId ||
                  t.kind == OpToken::Kind::HashId) &&
                 after < text_.size() && text_[after] == '<') {
        size_t e = lex_.matchBracket(after);
        if (e == std::string_view::npos)
          fail(after, "unbalanced '<'");
        lex_.seek(e);
        lastEnd = e;
        continue;
      } else if (t.kind == OpToken::Kind::AtId && depth == 0 &&
                 !mod().ops[opIdx].hasAttribute("sym_name")) {
        std::string_view s = t.text.substr(1);
        std::string quoted =
            s.size() && s[0] == '"' ? std::string(s) : "\"" + std::string(s) + "\"";
        mod().ops[opIdx].attributes.push_back({"sym_name", quoted});
      } else if (t.is(':') && depth == 0) {
        if (custom && !typed) {
          // Too few operands: MLIR wanted a ',' after the last one.
          const std::vector<int> &ops = mod().ops[opIdx].operands;
          const int need = scratch.facts->operandsBefore;
          if (equalsLiteral(opName, "arith.select") && !ops.empty() && int(ops.size()) != need &&
              !scratch.offsets.empty()) // (its parser counts its operands first)
            fail(scratch.offsets[0], "custom op 'arith.select' expected 3 operands");
          if (!ops.empty() && int(ops.size()) < need && scratch.offsets.size() == ops.size()) {
            size_t end = scratch.offsets.back() + 1;
            while (end < text_.size() && (isAsciiAlnum(text_[end]) || text_[end] == '_' ||
                                          text_[end] == '$' || text_[end] == '.' ||
                                          text_[end] == '-' || text_[end] == '#'))
              ++end;
            fail(end, "expected ',' (" + std::string(opName) + " takes " + std::to_string(need) +
                          " operands)");
          }
        }
        lex_.skip();
        typed = true;
        // A generic op's type is its function type.
        if (mod().ops[opIdx].generic && !lex_.peek().is('(') && lex_.peek().kind != OpToken::Kind::End) {
          const OpToken &g = lex_.peek();
          // (MLIR reads a type first: a word that is none is that error.)
          if (g.kind != OpToken::Kind::BangId &&
              !(g.kind == OpToken::Kind::Ident &&
                (isBuiltinTypeName(g.text) || isContainerTypeWord(g.text))))
            fail(wrongToken(g), "expected non-function type");
          fail(g.offset, "expected function type");
        }
        // (A word that is no type at all is that error first: `: t(...)`.)
        if (custom && equalsLiteral(opName, "ttg.local_alloc") && !lex_.peek().is('(') &&
            ((lex_.peek().kind != OpToken::Kind::Ident && lex_.peek().kind != OpToken::Kind::BangId) ||
             (lex_.peek().kind == OpToken::Kind::Ident && !isBuiltinTypeName(lex_.peek().text) &&
              !isContainerTypeWord(lex_.peek().text))))
          fail(wrongToken(lex_.peek()), "expected non-function type");
        if (custom && equalsLiteral(opName, "ttg.local_alloc") && !lex_.peek().is('('))
          fail(lex_.peek().offset, "custom op 'ttg.local_alloc' invalid kind of type specified: "
                                   "expected builtin.function, written (T) -> M");
        if (lex_.peek().is('(')) {
          const size_t typeAt = lex_.peek().offset;
          lex_.skip();
          in.clear();
          if (!lex_.peek().is(')'))
            scanTypeList(in);
          OpToken close = lex_.next();
          if (!close.is(')')) {
            reportTypesOf(in); // (a type read before the list's end is said first)
            fail(wrongToken(close), "expected ')' after the operand types");
          }
          if (lex_.peek().kind == OpToken::Kind::Arrow) {
            lex_.skip();
            fnInputs.swap(in);
            // A generic op's function type has one input per operand.
            if (const size_t n = mod().ops[opIdx].operands.size();
                mod().ops[opIdx].generic && fnInputs.size() != n)
              fail(typeAt, "expected " + std::to_string(n) + " operand type" + (n == 1 ? "" : "s") +
                               " but had " + std::to_string(fnInputs.size()));
            scanResultTypes(arrowTypes);
            // A generic op ends with its function type: after it only its
            // location; anything else is where the next op's quoted name
            // was expected.
            // (What may follow: its location, the next op - `%r =`, a quoted
            // or a dialect name - a block label, or the region's `}`.)
            const OpToken n = lex_.peek();
            if (mod().ops[opIdx].generic && n.kind != OpToken::Kind::End && !n.isIdent("loc") &&
                n.kind != OpToken::Kind::ValueId && n.kind != OpToken::Kind::String &&
                n.kind != OpToken::Kind::Ident && n.kind != OpToken::Kind::CaretId && !n.is('}'))
              fail(wrongToken(n), "expected operation name in quotes");
            if (mod().ops[opIdx].generic && !n.newlineBefore && !n.isIdent("loc"))
              break; // the next op (or the region's end) on the same line
          } else {
            // A type that starts with '(' is a function type (a generic op's
            // types, a known op's functional type).
            if (mod().ops[opIdx].generic || custom)
              fail(wrongToken(lex_.peek()), "expected '->' in function type");
            colonTypes.swap(in);
          }
        } else if (lex_.peek().kind == OpToken::Kind::ValueId) {
          // `tt.print "..." {..} : %a, %b : T1, T2`: operands after the colon
          for (;;) {
            OpToken v = lex_.next();
            addOperand(opIdx, v);
            if (!lex_.peek().is(','))
              break;
            lex_.skip();
            if (lex_.peek().kind != OpToken::Kind::ValueId)
              fail(lex_.peek().offset, "expected an operand after ','");
          }
          lastEnd = lex_.consumedEnd();
          continue;
        } else {
          colonTypes.clear();
          // arith.constant's value is typed by one type: a ',' after it on
          // its line starts the next op (MLIR: "expected operation name").
          if (custom && equalsLiteral(opName, "arith.constant")) {
            colonTypes.push_back(scanType());
            const OpToken &n = lex_.peek();
            if (!n.newlineBefore && n.is(','))
              fail(wrongToken(n),
                   "expected operation name in quotes (after arith.constant's type)");
          } else
            scanTypeList(colonTypes);
          if (custom && !known)
            reportTypesOf(colonTypes); // their syntax is still Triton's (local_dealloc's memdesc)
          if (custom && colonTypes.size() == 1 && equalsLiteral(opName, "tt.addptr") &&
              viewsSource(colonTypes[0]) && mod().ops[opIdx].operands.size() == 2)
            fail(size_t(colonTypes[0].data() - text_.data()) + colonTypes[0].size(),
                 "expected ',' (tt.addptr's types: the pointer's, then the offset's)");
          if (custom && colonTypes.size() > 1 && singleColonType(*scratch.facts) &&
              viewsSource(colonTypes[0])) {
            // The op's syntax reads one type: it ends there, its operands typed
            // by it; the ',' is where the next op's name was expected.
            const size_t end = size_t(colonTypes[0].data() - text_.data()) + colonTypes[0].size();
            colonTypes.resize(1);
            reportTypesOf(colonTypes);
            checkStatedTypes(opIdx, opName, scratch, toType);
            checkBoundResultsBeforeNextOp(opIdx, opName, scratch.facts);
            fail(end, "expected operation name in quotes (" + std::string(opName) +
                          " takes one type after ':')");
          }
          if (custom && typesNeedTo(*scratch.facts) && !lex_.peek().isIdent("to"))
            fail(lex_.peek().kind == OpToken::Kind::End ? wrongToken(lex_.peek()) : lex_.peek().offset,
                 "custom op '" + std::string(opName) + "' expected 'to'");
          if (lex_.peek().isIdent("to")) {
            lex_.skip();
            toType = scanType();
          }
          if (custom && typesNeedArrow(*scratch.facts) &&
              lex_.peek().kind != OpToken::Kind::Arrow) {
            reportTypesOf(colonTypes);
            fail(wrongToken(lex_.peek()), "expected '->'");
          }
          if (custom && lex_.peek().kind == OpToken::Kind::Arrow && typesRefuseArrow(*scratch.facts)) {
            reportTypesOf(colonTypes);
            checkStatedTypes(opIdx, opName, scratch, toType);
            checkBoundResultsBeforeNextOp(opIdx, opName, scratch.facts);
            // The op ends with its types: `->` is where the next op's name was expected.
            fail(wrongToken(lex_.peek()), "expected operation name in quotes (" + std::string(opName) +
                                              "'s types take no '->')");
          }
          if (lex_.peek().kind == OpToken::Kind::Arrow) {
            lex_.skip();
            scanResultTypes(arrowTypes);
          }
          // The op ends with its types: what follows on the line is its
          // location, a region, or the next op (MLIR: the next op's name).
          const OpToken n = lex_.peek();
          // An op whose syntax ends with its one type has no region: a '{'
          // after it starts no op (MLIR's next op there).
          if (custom && n.is('{') && !n.newlineBefore && singleColonType(*scratch.facts))
            fail(wrongToken(n), "expected operation name in quotes (" + std::string(opName) +
                                    " ends with its type)");
          // (`: !tt.ptr<f32>[tensor<64xi32>]`: amdg.buffer_load_to_local's offsets type.)
          if (custom && n.kind != OpToken::Kind::End && !n.newlineBefore && !n.isIdent("loc") &&
              !n.is('{') && !n.is('}') && !n.is('[') && !n.isIdent("attributes")) {
            reportTypesOf(colonTypes);
            reportTypesOf(arrowTypes);
            if (n.kind == OpToken::Kind::Ident && knownOpName(n.text))
              break; // the next op, read (and judged) as one
            // (MLIR resolves the operands with the types before it reads on.)
            checkStatedTypes(opIdx, opName, scratch, toType);
            checkBoundResultsBeforeNextOp(opIdx, opName, scratch.facts);
            // `^loc(#loc14)`: a block's label, then its arguments, each a
            // value name (MLIR starts the next block there).
            if (n.kind == OpToken::Kind::CaretId) {
              const OpLexer::Mark save = lex_.mark();
              lex_.skip();
              if (lex_.peek().is('(')) {
                lex_.skip();
                const OpToken a = lex_.peek();
                if (a.kind != OpToken::Kind::ValueId && !a.is(')'))
                  fail(wrongToken(a), "expected SSA operand");
              }
              lex_.restore(save);
            }
            if (n.kind == OpToken::Kind::Ident && !isIntegerTypeWord(n.text)) // the next op's name
              fail(n.offset, "custom op '" + std::string(n.text.substr(0, 40)) +
                                 "' is unknown (after " + std::string(opName) + "'s types)");
            fail(wrongToken(n), "expected operation name in quotes (text after " +
                                    std::string(opName) + "'s types)");
          }
          if (custom && oneTypePerOperand(*scratch.facts) &&
              colonTypes.size() != mod().ops[opIdx].operands.size())
            fail(scratch.offsets.empty() ? t.offset : scratch.offsets[0],
                 "custom op '" + std::string(opName) +
                     "' number of operands and types do not match: got " +
                     std::to_string(mod().ops[opIdx].operands.size()) + " operands and " +
                     std::to_string(colonTypes.size()) + " types");
        }
        lastEnd = lex_.consumedEnd();
        continue;
      } else if (t.kind == OpToken::Kind::Arrow && depth == 0) {
        // `tt.splat %x -> T`: these ops' types start with their ':'.
        if (custom && !typed && scratch.facts &&
            (oneOperandThenTypes(opName) || typesNeedArrow(*scratch.facts) ||
             singleColonType(*scratch.facts)))
          fail(wrongToken(t), "expected ':'");
        lex_.skip();
        scanResultTypes(arrowTypes);
        lastEnd = lex_.consumedEnd();
        continue;
      }
      lex_.skip();
      lastEnd = after;
    }
    // The ops whose syntax ends with a region: its '{' is due.
    if (custom && mod().ops[opIdx].regions.empty() && endsWithRegion(opName)) {
      if (equalsLiteral(opName, "scf.if")) // (its condition is read before its regions)
        checkStatedTypes(opIdx, opName, scratch, toType);
      fail(wrongToken(lex_.peek()), "expected '{' to begin a region");
    }
    if (!scratch.partitionWarps.empty()) {
      // Triton: each partition's warps are a power of two.
      int k = 0;
      for (size_t q = 0; q <= scratch.partitionWarps.size(); ++k) {
        const size_t c = std::min(scratch.partitionWarps.find(',', q), scratch.partitionWarps.size());
        const std::string_view w = trimAsciiSpace(std::string_view(scratch.partitionWarps).substr(q, c - q));
        int64_t n = 0;
        for (char ch : w)
          n = isAsciiDigit(ch) && n < (int64_t{1} << 40) ? n * 10 + (ch - '0') : n;
        if (n <= 0 || (n & (n - 1)) != 0)
          error(mod().ops[opIdx].pos.line > 0 ? text_offset(mod().ops[opIdx].pos) : 0,
                "'ttg.warp_specialize' op partition #" + std::to_string(k) +
                    " number of warps (" + std::string(w) + ") must be a power of 2");
        q = c + 1;
      }
    }
    if (!scratch.partitionWarps.empty() && !mod().ops[opIdx].hasAttribute("partitionNumWarps"))
      mod().ops[opIdx].attributes.push_back(
          {"partitionNumWarps", "array<i32: " + scratch.partitionWarps + ">"});
    // MLIR reads `: A -> R` left to right: a problem in A is said before R's.
    if (custom && !arrowTypes.empty())
      for (std::string_view ty : colonTypes)
        if (namesLayoutType(ty) && viewsSource(ty))
          reportTypeError(internType(ty), ty, size_t(ty.data() - text_.data()));
    assignResultTypes(opIdx, opName, colonTypes, arrowTypes, toType);
    checkStatedTypes(opIdx, opName, scratch, toType);
    addImplicitTerminators(opIdx, opName);
    return lastEnd;
  }

  // What an op's parser checks of the type it states before it reads the
  // operands' types from it, at the op (MLIR's "custom op 'arith.cmpi' 'lhs'
  // must be signless-integer-like, but got ..."), or at the type for an op
  // that takes only a tensor ("invalid kind of type specified").
  void checkStatedTypeKinds(int opIdx, std::string_view name, std::string_view stated) {
    if (isTypeAlias(stated))
      return;
    const char *operand = nullptr, *description = nullptr;
    bool ok = true;
    ElementClass c = ElementClass::Other;
    if (!(startsWithLiteral(name, "arith.cmp") || startsWithLiteral(name, "tt.") ||
          equalsLiteral(name, "ttg.convert_layout") || equalsLiteral(name, "amdg.buffer_load") ||
          equalsLiteral(name, "ttg.fp4_to_fp")))
      return; // (the ops below only)
    c = elementClass(stated);
    if (equalsLiteral(name, "arith.cmpi")) {
      operand = "lhs";
      description = "signless-integer-like";
      ok = c == ElementClass::SignlessInteger || c == ElementClass::Index;
    } else if (equalsLiteral(name, "arith.cmpf")) {
      operand = "lhs";
      description = "floating-point-like";
      ok = c == ElementClass::Float;
    } else if (equalsLiteral(name, "tt.load") || equalsLiteral(name, "tt.store")) {
      operand = "ptr";
      description = "ptr or ranked tensor of ptr values or ptr";
      ok = c == ElementClass::Pointer;
    } else if (equalsLiteral(name, "tt.histogram")) {
      operand = "src";
      description = "ranked tensor of integer values";
      ok = c == ElementClass::SignlessInteger || !startsWithLiteral(stated, "tensor<");
    } else if (equalsLiteral(name, "tt.addptr")) {
      operand = "result";
      description = "ptr or ranked tensor of ptr values";
      ok = c == ElementClass::Pointer;
    } else if (equalsLiteral(name, "tt.broadcast") || equalsLiteral(name, "ttg.convert_layout") ||
               equalsLiteral(name, "tt.expand_dims") || equalsLiteral(name, "tt.reshape") ||
               equalsLiteral(name, "tt.join") || equalsLiteral(name, "tt.split") ||
               equalsLiteral(name, "amdg.buffer_load") || // (buffer_load's: its result's)
               equalsLiteral(name, "ttg.fp4_to_fp")) {
      if (!startsWithLiteral(stated, "tensor<"))
        fail(viewsSource(stated) ? size_t(stated.data() - text_.data())
                                 : opNameOffset(mod().ops[opIdx]),
             "custom op '" + std::string(name) +
                 "' invalid kind of type specified: expected builtin.tensor, but found '" +
                 std::string(stated) + "'");
      return;
    }
    if (!ok && c != ElementClass::Other)
      fail(opNameOffset(mod().ops[opIdx]), "custom op '" + std::string(name) + "' '" + operand +
                                               "' must be " + description + ", but got '" +
                                               std::string(stated) + "'");
  }

  // `!name` of a type alias (`!ty = tensor<...>`), not a dialect's type.
  static bool isTypeAlias(std::string_view t) {
    return !t.empty() && t[0] == '!' && !startsWithLiteral(t, "!tt.") &&
           !startsWithLiteral(t, "!ttg.") && !startsWithLiteral(t, "!ttng.") &&
           !startsWithLiteral(t, "!amdg.") && !startsWithLiteral(t, "!triton_gpu.") &&
           !startsWithLiteral(t, "!llvm.") && !startsWithLiteral(t, "!nvws.") &&
           !startsWithLiteral(t, "!gpu.");
  }

  // MLIR's "use of value expects different type than prior uses": an
  // operand whose type the op's syntax states (module_verifier.h says where)
  // must have been defined with that type. Operands not yet defined (used
  // before their definition) are not checked.
  void checkStatedTypes(int opIdx, std::string_view name, const HeaderScratch &s,
                        std::string_view toType) {
    const Operation &op = mod().ops[opIdx];
    if (op.operands.empty())
      return;
    if (!op.generic && !s.colon.empty())
      checkStatedTypeKinds(opIdx, name, s.colon[0]);
    // The result of the ops that make a tensor of a tensor (`-> f16<...>`: a
    // scalar type where MLIR parses one, then its kind is refused).
    if (!op.generic && !s.arrow.empty() && viewsSource(s.arrow[0]) && !isTypeAlias(s.arrow[0]) &&
        !startsWithLiteral(s.arrow[0], "tensor<") &&
        (equalsLiteral(name, "tt.broadcast") || equalsLiteral(name, "ttg.convert_layout") ||
         equalsLiteral(name, "tt.expand_dims") || equalsLiteral(name, "tt.reshape") ||
         equalsLiteral(name, "tt.join") || equalsLiteral(name, "ttg.fp4_to_fp"))) {
      std::string_view shown = s.arrow[0];
      shown = shown.substr(0, std::min(shown.find('<'), shown.size()));
      fail(size_t(s.arrow[0].data() - text_.data()),
           "custom op '" + std::string(name) +
               "' invalid kind of type specified: expected builtin.tensor, but found '" +
               std::string(shown) + "'");
    }
    // The atomics state one function type, `(P, V, M) -> R`.
    if (!op.generic && !s.colon.empty() && s.fnInputs.empty() &&
        (equalsLiteral(name, "tt.atomic_rmw") || equalsLiteral(name, "tt.atomic_cas")) &&
        viewsSource(s.colon[0]))
      fail(size_t(s.colon[0].data() - text_.data()),
           "custom op '" + std::string(name) +
               "' invalid kind of type specified: expected builtin.function, but found '" +
               std::string(s.colon[0]) + "'");
    stated_.clear();
    statedOperandTypes(s.facts ? *s.facts : factsOf(name), name, op.generic, op.operands.size(),
                       StatedTypes{s.colon, s.arrow, toType, s.fnInputs}, stated_);
    // `ttg.async_copy_global_to_local %src, %dst mask %m other %o : P -> M`:
    // the mask is P's i1 form and `other` P's pointee; each is named by the
    // keyword before it (either may be written without the other).
    if (!op.generic && s.colon.size() == 1 &&
        equalsLiteral(name, "ttg.async_copy_global_to_local"))
      for (size_t k = 2; k < op.operands.size() && k < s.offsets.size(); ++k) {
        const std::string_view keyword = keywordBefore(s.offsets[k]);
        if (keyword == "mask")
          stated_.push_back({k, s.colon[0], Derivation::Mask});
        else if (keyword == "other")
          stated_.push_back({k, s.colon[0], Derivation::Pointee});
      }
    if (!op.generic && s.colon.size() == 1 && startsWithLiteral(name, "amdg.buffer_"))
      bufferOpTypes(opIdx, name, s);
    // An op this reader knows no syntax for: its operand types are not
    // matched with its operands, but each is read, as MLIR reads every type
    // of the line (an undefined alias in one is that error, at its place).
    if (mod().ops[opIdx].guessedResultTypes)
      for (std::string_view t : s.colon)
        if (namesLayoutType(t) && viewsSource(t)) {
          CachedType &c = internType(t);
          if (!c.error.empty()) {
            reportTypeError(c, t, text_offset(op.pos));
            return;
          }
        }
    for (const StatedType &st : stated_) {
      const size_t k = st.operand;
      const int v = mod().ops[opIdx].operands[k];
      std::string_view stated = st.type;
      if (st.how != Derivation::AsWritten && isTypeAlias(st.type))
        continue; // a mask or pointee of `!alias`: not known here
      if (st.how != Derivation::AsWritten)
        stated = derivedType(st.type, st.how);
      if (v < 0) { // used before its definition (a forward reference)
        if (forwardUseTypeProblem(opIdx, k, stated,
                                  k < s.offsets.size() ? s.offsets[k] : text_offset(op.pos)))
          return;
        continue;
      }
      const SsaValue &value = mod().values[v];
      const std::string_view defined = value.typeText;
      if (defined == stated)
        continue; // read (and any problem said) where the value was defined
      // A stated type of another text is read here, as MLIR reads every type
      // of the line: one that does not read is that error, at its place.
      if (st.how == Derivation::AsWritten && namesLayoutType(stated)) {
        CachedType &c = internType(stated);
        if (!c.error.empty()) {
          reportTypeError(c, stated, k < s.offsets.size() ? s.offsets[k] : text_offset(op.pos));
          return;
        }
      }
      if (defined.empty())
        continue;
      // A result of an op this reader knows no syntax for has a guessed type.
      if (value.definingOp >= 0 && mod().ops[value.definingOp].guessedResultTypes)
        continue;
      if (typesAgree(stated, defined))
        continue;
      const size_t offset = k < s.offsets.size() ? s.offsets[k] : text_offset(op.pos);
      error(offset, "use of value '" + mod().values[v].name +
                        "' expects different type than prior uses: '" + std::string(stated) +
                        "' vs '" + std::string(defined) + "' (Triton 3.6 rejects the module)");
      return;
    }
  }

  // The word written before an operand at `offset`, past spaces and one '='
  // (`mask %m`, `stride = %s`); "" if none.
  std::string_view keywordBefore(size_t offset) const {
    size_t e = offset;
    while (e > 0 && isAsciiSpace(text_[e - 1]))
      --e;
    if (e > 0 && text_[e - 1] == '=') {
      --e;
      while (e > 0 && isAsciiSpace(text_[e - 1]))
        --e;
    }
    size_t b = e;
    while (b > 0 && isAsciiAlnum(text_[b - 1]))
      --b;
    return text_.substr(b, e - b);
  }

  // The AMD buffer ops state one type, `: T` (the result's; buffer_store's
  // value's), and Triton derives the others' from it: the base pointer is
  // `!tt.ptr<element of T>`, the offsets T's shape and layout of i32, the
  // mask of i1; a loaded `other`, an atomic's value and a CAS's operands are
  // T; `stride = %s` is i32. Pushed in the order Triton resolves them (its
  // operand order), so the first mismatch said is the one MLIR says.
  void bufferOpTypes(int opIdx, std::string_view name, const HeaderScratch &s) {
    const Operation &op = mod().ops[opIdx];
    const std::string_view t = s.colon[0];
    // The operands as written, stride set apart (it is written last).
    std::vector<size_t> pos;
    size_t stride = SIZE_MAX;
    for (size_t k = 0; k < op.operands.size() && k < s.offsets.size(); ++k) {
      if (keywordBefore(s.offsets[k]) == "stride")
        stride = k;
      else
        pos.push_back(k);
    }
    // Per op, the operands in Triton's resolution order: the position among
    // the operands written (the stride set apart: kStride) and how its type
    // comes from T.
    constexpr int kStride = -1;
    struct Step {
      int operand;
      Derivation how;
    };
    struct OpSteps {
      std::string_view op;
      Step steps[5];
    };
    using D = Derivation;
    static constexpr OpSteps kOps[] = {
        {"amdg.buffer_load", // ptr[offsets], mask, other
         {{0, D::PointerToElement}, {1, D::Offsets}, {kStride, D::AsWritten}, {2, D::Mask},
          {3, D::AsWritten}}},
        {"amdg.buffer_store", // value, ptr[offsets], mask
         {{0, D::AsWritten}, {1, D::PointerToElement}, {2, D::Offsets}, {kStride, D::AsWritten},
          {3, D::Mask}}},
        {"amdg.buffer_atomic_rmw", // value, ptr[offsets], mask
         {{1, D::PointerToElement}, {2, D::Offsets}, {0, D::AsWritten}, {kStride, D::AsWritten},
          {3, D::Mask}}},
        {"amdg.buffer_atomic_cas", // cmp, val, ptr[offsets]
         {{2, D::PointerToElement}, {3, D::Offsets}, {0, D::AsWritten}, {1, D::AsWritten},
          {kStride, D::AsWritten}}},
    };
    for (const OpSteps &o : kOps) {
      if (o.op != name)
        continue;
      for (const Step &st : o.steps) {
        if (st.operand == kStride) {
          if (stride != SIZE_MAX)
            stated_.push_back({stride, "i32", Derivation::AsWritten});
        } else if (size_t(st.operand) < pos.size()) {
          stated_.push_back({pos[size_t(st.operand)], t, st.how});
        }
      }
    }
  }

  // A type's pointee (Derivation::Pointee) or i1 form (Derivation::Mask),
  // derived once per distinct text (a pipelined loop repeats its loads and
  // copies). Requires: how != AsWritten.
  std::string_view derivedType(std::string_view type, Derivation how) {
    auto &memo = derivedTypes_[static_cast<int>(how) - 1];
    auto it = memo.find(type);
    if (it == memo.end()) {
      const std::string t(type);
      it = memo.emplace(t, how == Derivation::Pointee       ? pointeeTypeText(t)
                           : how == Derivation::Mask        ? withElementType(t, "i1")
                           : how == Derivation::Offsets     ? withElementType(t, "i32")
                                                            : pointerToElement(t))
               .first;
    }
    return it->second;
  }

  // Whether two type texts name one type: equal once spacing and the
  // default pointer address space are set aside, or, for tensor and memdesc
  // types, equal canonical texts (aliases inlined). Texts this reader cannot
  // judge (type aliases, types it cannot parse) agree.
  bool typesAgree(std::string_view a, std::string_view b) {
    const std::string na = normalisedTypeText(a), nb = normalisedTypeText(b);
    if (na == nb)
      return true;
    auto judged = [](const std::string &t) {
      for (size_t p = t.find('!'); p != std::string::npos; p = t.find('!', p + 1)) {
        const std::string_view rest = std::string_view(t).substr(p + 1);
        if (!(startsWithLiteral(rest, "tt.") || startsWithLiteral(rest, "ttg.") ||
              startsWithLiteral(rest, "ttng.") || startsWithLiteral(rest, "amdg.")))
          return false; // a type alias or another dialect's type
      }
      return true;
    };
    if (!judged(na) || !judged(nb))
      return true;
    // A text this reader did not read whole (`tensor <...>` with a space
    // before '<' reads as `tensor`): nothing to compare.
    // (A dialect type without parameters, `!ttg.async.token`, is whole.)
    auto whole = [](const std::string &t) {
      return t.find('<') != std::string::npos ||
             !(startsWithLiteral(t, "tensor") || startsWithLiteral(t, "vector") ||
               startsWithLiteral(t, "memref") || t == "!tt.ptr" || t == "!ttg.memdesc" ||
               t == "!tt.tensordesc");
    };
    if (!whole(na) || !whole(nb))
      return true;
    const CachedType &ca = internType(a), &cb = internType(b);
    if (!ca.error.empty() || !cb.error.empty())
      return true;
    if (!ca.type || !cb.type)
      return false; // scalar types that differ
    if (ca.isTensorDesc != cb.isTensorDesc)
      return false;
    try {
      return normalisedTypeText(canonicalTypeText(*ca.type, ca.encoding.get(), f_.aliases.get(),
                                                  ca.isTensorDesc)) ==
             normalisedTypeText(canonicalTypeText(*cb.type, cb.encoding.get(), f_.aliases.get(),
                                                  cb.isTensorDesc));
    } catch (const std::exception &) {
      return true;
    }
  }

  void assignResultTypes(int opIdx, std::string_view name,
                         const std::vector<std::string_view> &colonTypes,
                         const std::vector<std::string_view> &arrowTypes, std::string_view toType) {
    Operation &op = mod().ops[opIdx];
    size_t n = op.results.size();
    if (n == 0) {
      // A ttg.warp_specialize written without result names (`} : () -> i32`,
      // as Triton's lit tests write some) still has its results: unnamed
      // values, which its default region's warp_yield must give.
      if (equalsLiteral(name, "ttg.warp_specialize") && !arrowTypes.empty()) {
        const size_t where = text_offset(op.pos);
        for (size_t k = 0; k < arrowTypes.size(); ++k) {
          const int v = newValue(std::string(), where);
          mod().values[v].definingOp = opIdx;
          mod().values[v].resultIndex = static_cast<int>(k);
          mod().ops[opIdx].results.push_back(v);
          setType(v, arrowTypes[k], where);
        }
      }
      return;
    }
    // The result types: `count` of them at `src`, or one (`count` == 1)
    // that every result has. No vector is built per op.
    std::string owned; // a type built here (descriptor and block-pointer short forms)
    std::string_view one;
    const std::string_view *src = &one;
    size_t count = 0;
    auto single = [&](std::string_view t) {
      one = t;
      src = &one;
      count = 1;
    };
    if (equalsLiteral(name, "ttg.async_copy_global_to_local") ||
        equalsLiteral(name, "ttg.async_commit_group") || equalsLiteral(name, "ttg.async_wait") ||
        equalsLiteral(name, "amdg.buffer_load_to_local") ||
        // `%tok = ttng.tmem_store %v, %m[%t], %pred : T -> M`: M is the
        // operand's type; the result is the store's token (as for the MMAs).
        equalsLiteral(name, "ttng.tmem_store") || equalsLiteral(name, "ttng.tc_gen5_mma") ||
        equalsLiteral(name, "ttng.tc_gen5_mma_scaled"))
      single("!ttg.async.token");
    else if (equalsLiteral(name, "ttng.tmem_load") && n == 2 && arrowTypes.size() == 1) {
      // `%r, %tok = ttng.tmem_load %m[%t] : M -> T`: the tensor, then a token.
      const int v0 = mod().ops[opIdx].results[0], v1 = mod().ops[opIdx].results[1];
      setType(v0, arrowTypes[0], text_offset(mod().values[v0].pos));
      setType(v1, "!ttg.async.token", text_offset(mod().values[v1].pos));
      return;
    } else if (equalsLiteral(name, "tt.make_tensor_descriptor") && !colonTypes.empty()) {
      // `: <f16>, <tensor<..>>` - the short forms of the base pointer and
      // of the descriptor type (scanType reads `<...>` as a memdesc's) - or
      // the same written in full: the descriptor is the last type.
      if (startsWithLiteral(colonTypes.back(), "!ttg.memdesc<"))
        single(owned = "!tt.tensordesc" + std::string(colonTypes.back().substr(12)));
      else
        single(colonTypes.back());
    } else if ((equalsLiteral(name, "tt.make_tensor_ptr") || equalsLiteral(name, "tt.advance")) &&
               colonTypes.size() == 1 && startsWithLiteral(colonTypes[0], "!ttg.memdesc<")) {
      // `: <tensor<128x64xf16>>`: the short form of a block pointer.
      single(owned = "!tt.ptr" + std::string(colonTypes[0].substr(12)));
    }
    else if (!arrowTypes.empty())
      src = arrowTypes.data(), count = arrowTypes.size();
    else if (!toType.empty())
      single(toType);
    else if (!colonTypes.empty()) {
      // tt.load gives the pointee of its pointer type, a comparison its i1 form.
      const bool load = equalsLiteral(name, "tt.load");
      const bool i1 = equalsLiteral(name, "arith.cmpi") || equalsLiteral(name, "arith.cmpf") ||
                      equalsLiteral(name, "math.isnan") || equalsLiteral(name, "math.isinf") ||
                      equalsLiteral(name, "math.isfinite") || equalsLiteral(name, "math.isnormal");
      if ((load || i1) && isTypeAlias(colonTypes[0]))
        return; // the pointee or i1 form of a type alias (`!ty`) is not known here: left untyped
      if (load || i1) {
        // The type as written is read first (its problem is said where it
        // is written, not at the result the derived type gives).
        const std::string_view written = colonTypes[0];
        if (namesLayoutType(written))
          reportTypeError(internType(written), written,
                          text_offset(mod().values[mod().ops[opIdx].results[0]].pos));
        single(derivedType(written, load ? Derivation::Pointee : Derivation::Mask));
      }
      else if (colonTypes.size() == n)
        src = colonTypes.data(), count = n;
      else if (equalsLiteral(name, "arith.select"))
        single(colonTypes.back());
      else
        single(colonTypes[0]);
    } else if (equalsLiteral(name, "arith.constant")) {
      single("i1"); // `arith.constant true` prints no type
    }
    for (size_t k = 0; k < n && (count == 1 || k < count); ++k) {
      int v = mod().ops[opIdx].results[k];
      setType(v, src[count == 1 ? 0 : k], text_offset(mod().values[v].pos));
    }
  }

  // ttg.warp_specialize keeps its partition regions in a second region that
  // holds one `ttg.warp_specialize.partitions` op (Triton's
  // WarpSpecializePartitionsOp); the printer writes them inline after the
  // default region. The holder is made on the first partition.
  int partitionsOp(int wsOp) {
    Module &m = mod();
    const Operation &ws = m.ops[wsOp];
    if (ws.regions.size() >= 2) {
      const Region &holder = m.regions[ws.regions[1]];
      return m.blocks[holder.blocks[0]].operations[0];
    }
    int r = static_cast<int>(m.regions.size());
    m.regions.push_back({{}, wsOp});
    m.ops[wsOp].regions.push_back(r);
    int b = newBlock(r, "");
    Operation p;
    p.name = "ttg.warp_specialize.partitions";
    p.implicit = true;
    p.parentBlock = b;
    p.pos = m.ops[wsOp].pos;
    p.endLine = p.pos.line;
    m.ops.push_back(std::move(p));
    int idx = static_cast<int>(m.ops.size()) - 1;
    m.blocks[b].operations.push_back(idx);
    return idx;
  }

  // scf.for and scf.if print no `scf.yield` that yields nothing; MLIR's
  // parser adds it back (Triton's op count includes it), and so do we.
  void addImplicitTerminators(int opIdx, std::string_view name) {
    if (!equalsLiteral(name, "scf.for") && !equalsLiteral(name, "scf.if") &&
        !equalsLiteral(name, "scf.parallel") && !equalsLiteral(name, "scf.forall"))
      return;
    std::vector<int> regions = mod().ops[opIdx].regions;
    for (int r : regions) {
      if (mod().regions[r].blocks.empty())
        continue;
      int b = mod().regions[r].blocks.back();
      const auto &ops = mod().blocks[b].operations;
      if (!ops.empty() && mod().ops[ops.back()].name == "scf.yield")
        continue;
      Operation y;
      y.name = "scf.yield";
      y.implicit = true;
      y.parentBlock = b;
      y.pos = mod().ops[opIdx].pos;
      y.endLine = y.pos.line;
      mod().ops.push_back(std::move(y));
      mod().blocks[b].operations.push_back(static_cast<int>(mod().ops.size()) - 1);
    }
  }

  // Where the value of the module attribute `key` is written in `op`'s
  // header (`"ttg.num-warps" = 8 : i32` -> the 8); the op's name if not found.
  size_t moduleAttributeValueOffset(const Operation &op, const std::string &key) const {
    size_t start = text_offset(op.pos);
    const size_t limit = std::min(text_.size(), start + kMaxAttrText);
    // In the dictionary after `attributes` (a module's name may hold anything).
    if (const size_t a = text_.find("attributes", start); a != std::string_view::npos && a < limit)
      start = a;
    for (size_t p = text_.find(key, start); p != std::string_view::npos && p < limit;
         p = text_.find(key, p + 1)) {
      const char before = p > 0 ? text_[p - 1] : ' ';
      if (before != '"' && before != '{' && before != ',' && !isAsciiSpace(before))
        continue;
      size_t q = p + key.size();
      if (q < text_.size() && text_[q] == '"')
        ++q;
      while (q < text_.size() && isAsciiSpace(text_[q]))
        ++q;
      if (q >= text_.size() || text_[q] != '=')
        continue;
      ++q;
      while (q < text_.size() && isAsciiSpace(text_[q]))
        ++q;
      return q;
    }
    return opNameOffset(op);
  }

  // Where an op's name is written (MLIR's location of an op it verifies):
  // after its results' names and '=', if it has any.
  size_t opNameOffset(const Operation &op) const {
    size_t p = text_offset(op.pos);
    if (p < text_.size() && text_[p] == '%') {
      const size_t eq = text_.find('=', p);
      if (eq != std::string_view::npos) {
        p = eq + 1;
        while (p < text_.size() && isAsciiSpace(text_[p]))
          ++p;
      }
    }
    return p;
  }

  size_t text_offset(SourcePos p) const {
    return f_.source.lineStart(p.line) + static_cast<size_t>(std::max(0, p.column - 1));
  }

  // region ::= `{` (block-label? op*)* `}`   (the `{` is consumed by the caller)
  // block-label ::= caret-id (`(` value-id `:` type loc? (`,` ...)* `)`)? `:`
  int parseRegion(int opIdx, std::vector<PendingArg> &args, size_t braceOffset) {
    if (++regionDepth_ > kMaxRegionDepth) {
      --regionDepth_;
      fail(braceOffset, "regions nest deeper than " + std::to_string(kMaxRegionDepth) + " levels");
    }
    // MLIR reads every region of Triton's ops without name shadowing: an
    // entry argument may not take the name of a value visible here.
    // (The results of the ops whose headers are still being read are not
    // in the table yet: their names are defined once each op is read.)
    for (const PendingArg &a : args) {
      if (lookup(a.name) >= 0)
        fail(a.offset, "region entry argument '" + std::string(a.name) + "' is already in use");
      // (A name used before its definition holds a placeholder: in use too.)
      for (const ForwardRef &f : forward_)
        if (f.key == withoutResultZero(a.name) && f.isolated == currentIsolated())
          fail(a.offset, "region entry argument '" + std::string(a.name) + "' is already in use");
    }
    Module &m = mod();
    int r = static_cast<int>(m.regions.size());
    m.regions.push_back({{}, opIdx});
    const bool isolated = isolatesRegions(m.ops[size_t(opIdx)].name);
    if (isolated)
      isolatedStack_.push_back(++isolatedRegions_);
    // warp_specialize's partitions are printed with argument names of their
    // own, which may be the enclosing function's: those may shadow them. The
    // ops inside may not (MLIR reads the partitions in warp_specialize's
    // name scope: "redefinition of SSA value").
    const bool ownNames = m.ops[size_t(opIdx)].name == "ttg.warp_specialize.partitions";
    if (ownNames)
      shadowFrom_.push_back(int(scopes_.size()));
    pushScope();
    int block = newBlock(r, "");
    for (PendingArg &a : args)
      addBlockArg(block, a);
    if (ownNames)
      shadowFrom_.pop_back();
    bool entryFresh = args.empty();
    for (;;) {
      size_t at = lex_.position();
      try {
        OpToken t = lex_.peek();
        if (t.kind == OpToken::Kind::End) {
          // MLIR reads on to the text's end, and says so there.
          error(endOfText(), "unterminated region: the text ends before the '}' of the region "
                             "opened on line " + std::to_string(this->at(braceOffset).line));
          break;
        }
        if (t.is('}')) {
          lex_.skip();
          break;
        }
        at = t.offset;
        if (t.kind == OpToken::Kind::CaretId) {
          if (!args.empty() && mod().regions[r].blocks.size() == 1 &&
              mod().blocks[size_t(block)].operations.empty())
            fail(t.offset, "invalid block name in region with named arguments");
          for (int b : mod().regions[r].blocks)
            if (mod().blocks[b].label == t.text)
              fail(t.offset, "redefinition of block '" + std::string(t.text) + "'");
          lex_.skip();
          if (entryFresh && mod().blocks[block].operations.empty()) {
            mod().blocks[block].label = std::string(t.text);
          } else {
            block = newBlock(r, std::string(t.text));
          }
          entryFresh = false;
          parseBlockArgs(block);
          continue;
        }
        entryFresh = false;
        parseOperation(block);
      } catch (const Failure &fl) {
        error(fl.offset, fl.message);
        lex_.seek(std::max(lex_.nextLineStart(fl.offset), lex_.nextLineStart(at)));
      } catch (const OpLexer::Failure &fl) {
        error(fl.offset, fl.what);
        lex_.seek(lex_.nextLineStart(fl.offset));
      }
    }
    popScope();
    if (isolated)
      isolatedStack_.pop_back();
    --regionDepth_;
    return r;
  }

  // amdg's buffer ops: their pointer, then one offsets operand in '[...]'.
  static bool isAmdBufferOp(std::string_view n) {
    return equalsLiteral(n, "amdg.buffer_load") || equalsLiteral(n, "amdg.buffer_store") ||
           equalsLiteral(n, "amdg.buffer_load_to_local");
  }
  // The ops whose syntax may end right after their name (their operands are
  // optional or none): a word on their line can start the next op.
  static bool operandsOptional(std::string_view n) {
    return equalsLiteral(n, "tt.return") || equalsLiteral(n, "scf.yield") ||
           equalsLiteral(n, "ttng.fence_async_shared") || equalsLiteral(n, "gpu.barrier");
  }

  // arith's casts: `%x : T to R`.
  static bool arithCast(std::string_view n) {
    static constexpr std::string_view kCasts[] = {
        "arith.extsi",  "arith.extui",   "arith.extf",       "arith.trunci",
        "arith.truncf", "arith.sitofp",  "arith.uitofp",     "arith.fptosi",
        "arith.fptoui", "arith.bitcast", "arith.index_cast", "arith.index_castui"};
    return std::find(std::begin(kCasts), std::end(kCasts), n) != std::end(kCasts);
  }

  // The ops written `%x : T -> R`: one operand, then only their own
  // keywords, a dictionary and the types.
  static bool oneOperandThenTypes(std::string_view n) {
    return equalsLiteral(n, "tt.reshape") || equalsLiteral(n, "ttg.convert_layout") ||
           equalsLiteral(n, "tt.splat") || equalsLiteral(n, "tt.broadcast") ||
           equalsLiteral(n, "tt.expand_dims") || equalsLiteral(n, "tt.trans") ||
           equalsLiteral(n, "tt.bitcast");
  }

  // tt.expand_dims', tt.reduce's, tt.scan's and tt.gather's `axis` is an i32
  // integer attribute (`1 : i32`); another value is refused where it is read.
  // (And tt.make_range's `start` and `end`.) The attribute that is not, or "".
  std::string i32AttributeProblem(int opIdx, std::string_view opName) {
    // The ops' attributes that Triton 3.6 declares I32Attr.
    static const std::unordered_map<std::string_view, std::vector<std::string_view>, TextHash>
        kI32 = {{"tt.make_range", {"start", "end"}},
                {"tt.expand_dims", {"axis"}},
                {"tt.reduce", {"axis"}},
                {"tt.scan", {"axis"}},
                {"tt.gather", {"axis"}},
                {"ttg.async_copy_global_to_local", {"contiguity"}},
                {"ttg.async_wait", {"num"}},
                {"ttng.async_tma_store_wait", {"pendings"}},
                {"ttng.warp_group_dot_wait", {"pendings"}},
                {"ttg.global_scratch_alloc", {"alignment", "nbytes"}},
                {"ttng.warp_group_dot", {"maxNumImpreciseAcc"}}};
    const auto keys = kI32.find(opName);
    if (keys == kI32.end())
      return {};
    for (const auto &[key, value] : mod().ops[size_t(opIdx)].attributes) {
      if (std::find(keys->second.begin(), keys->second.end(), key) == keys->second.end())
        continue;
      std::string_view v = trimAsciiSpace(value);
      size_t p = v.size() > 0 && v[0] == '-' ? 1 : 0;
      // (Decimal or MLIR's hex, `0x40`.)
      const bool hex = v.compare(p, 2, "0x") == 0 && p + 2 < v.size() && isAsciiHexDigit(v[p + 2]);
      if (hex)
        p += 2;
      const size_t digits = p;
      while (p < v.size() && (hex ? isAsciiHexDigit(v[p]) : isAsciiDigit(v[p])))
        ++p;
      const std::string_view rest = trimAsciiSpace(v.substr(p));
      if (p == digits ||
          !(rest.size() > 1 && rest[0] == ':' && trimAsciiSpace(rest.substr(1)) == "i32"))
        return key;
    }
    return {};
  }

  // The names an op binds (`%a, %b:2 = ...`) against the results it
  // defines, in MLIR's words; "" if they agree or the count is not known.
  std::string boundResultsProblem(int opIdx, std::string_view opName, const OpNameFacts &facts) {
    const Operation &op = mod().ops[size_t(opIdx)];
    int64_t named = 0;
    for (int v : op.results)
      named += mod().values[size_t(v)].name.empty() ? 0 : 1;
    if (named == 0 || op.generic)
      return {};
    int defines = facts.fixedResults;
    // scf.for defines one result per loop-carried value (after lb, ub, step).
    if (equalsLiteral(opName, "scf.for") && op.operands.size() >= 3)
      defines = int(op.operands.size()) - 3;
    // warp_group_dot_wait one per operand (its inputs, passed through).
    if (equalsLiteral(opName, "ttng.warp_group_dot_wait"))
      defines = int(op.operands.size());
    if (defines == 0)
      return "cannot name an operation with no results (" + std::string(opName) +
             " has none; Triton 3.6 rejects the module)";
    if (defines < 0 || defines == named)
      return {};
    return "operation defines " + std::to_string(defines) + " results but was provided " +
           std::to_string(named) + " to bind (Triton 3.6 rejects the module)";
  }
  // What MLIR says before it reads the op after this one (whose name is
  // where a token of this one's line was found): the names this one binds.
  void checkBoundResultsBeforeNextOp(int opIdx, std::string_view opName, const OpNameFacts *facts) {
    if (!facts)
      return;
    if (std::string problem = boundResultsProblem(opIdx, opName, *facts); !problem.empty())
      fail(text_offset(mod().ops[size_t(opIdx)].pos), std::move(problem));
  }

  int newBlock(int region, std::string label) {
    Module &m = mod();
    Block b;
    b.label = std::move(label);
    b.parentRegion = region;
    m.blocks.push_back(std::move(b));
    int idx = static_cast<int>(m.blocks.size()) - 1;
    m.regions[region].blocks.push_back(idx);
    return idx;
  }

  void addBlockArg(int block, const PendingArg &a) {
    int v = newValue(std::string(a.name), a.offset);
    Module &m = mod();
    m.values[v].ownerBlock = block;
    m.values[v].argIndex = static_cast<int>(m.blocks[block].arguments.size());
    m.blocks[block].arguments.push_back(v);
    if (!a.type.empty())
      setType(v, a.type, a.offset);
    if (!a.loc.empty())
      locs_.push_back({module_, true, v, a.loc, a.locOffset});
    define(a.name, v, a.offset);
    resolveForward(withoutResultZero(a.name), v, a.offset, a.name, 0);
  }

  void parseBlockArgs(int block) {
    if (lex_.peek().is('(')) {
      lex_.skip();
      if (!lex_.peek().is(')')) {
        for (;;) {
          OpToken name = lex_.next();
          if (name.kind != OpToken::Kind::ValueId)
            fail(wrongToken(name), "expected a block argument name");
          OpToken colon = lex_.next();
          if (!colon.is(':'))
            fail(wrongToken(colon), "expected ':' and the argument's type");
          PendingArg a{name.text, scanType(), name.offset, {}, 0};
          OpToken l = lex_.peek();
          if (l.isIdent("loc") && !followedByEquals(l.end())) {
            const size_t e = readLoc(l);
            const size_t open = text_.find('(', l.end());
            a.loc = text_.substr(open + 1, e - open - 2);
            a.locOffset = open + 1;
            lex_.seek(e);
          }
          addBlockArg(block, a);
          if (!lex_.peek().is(','))
            break;
          lex_.skip();
        }
      }
      OpToken close = lex_.next();
      if (!close.is(')'))
        fail(wrongToken(close), "expected ')' after the block arguments");
    }
    OpToken colon = lex_.next();
    if (!colon.is(':'))
      fail(wrongToken(colon), "expected ':' after the block label");
  }

  // --- locations, once every #loc alias is known ---
  // `loc(#name)` of an op or an argument: MLIR resolves it once the file is
  // read, and an alias never defined is an error there (said at the `#`).
  bool undefinedLocAlias(const LocRef &l) {
    if (l.body.size() < 2 || l.body[0] != '#')
      return false;
    size_t k = 1;
    while (k < l.body.size() && (isAsciiAlnum(l.body[k]) || l.body[k] == '_' ||
                                 l.body[k] == '.' || l.body[k] == '$' || l.body[k] == '-'))
      ++k;
    if (k != l.body.size() || f_.locations.defines(std::string(l.body.substr(1))))
      return false;
    size_t at = l.offset;
    while (at < text_.size() && isAsciiSpace(text_[at]))
      ++at;
    error(at, "operation location alias was never defined: " + std::string(l.body) +
                  " (Triton 3.6 rejects the module)");
    return true;
  }

  void resolveLocations() {
    std::unordered_map<std::string_view, Location, TextHash> cache;
    LocationTable::Cache aliases;
    for (const LocRef &l : locs_) {
      auto it = cache.find(l.body);
      if (it == cache.end() && undefinedLocAlias(l)) {
        it = cache.emplace(l.body, Location{}).first;
      } else if (it == cache.end()) {
        Location loc;
        try {
          loc = f_.locations.resolve(l.body, &aliases);
        } catch (const Error &e) {
          error(l.offset, e.what());
        }
        it = cache.emplace(l.body, std::move(loc)).first;
      }
      Module &m = f_.modules[l.module];
      if (l.isValue)
        m.values[l.index].loc = it->second;
      else
        m.ops[l.index].loc = it->second;
    }
  }

  // Whether every key of the dictionary from `open` (its '{') to `end` (past
  // its '}') names a dialect (`tt.divisibility`, `"tt.x"`).
  bool dictionaryKeysHaveDialect(size_t open, size_t end) const {
    int nest = 0;
    bool atKey = true;
    for (size_t p = open + 1; p + 1 < end; ++p) {
      const char c = text_[p];
      if (c == '"') { // a string: a quoted key, or a value
        const size_t q = p;
        for (++p; p + 1 < end && text_[p] != '"'; ++p)
          if (text_[p] == '\\')
            ++p;
        if (atKey && nest == 0 && text_.substr(q, p - q).find('.') == std::string_view::npos)
          return false;
        atKey = false;
        continue;
      }
      if (c == '(' || c == '[' || c == '{' || c == '<')
        ++nest;
      else if ((c == ')' || c == ']' || c == '}' || c == '>') && nest > 0 &&
               !(c == '>' && p > 0 && text_[p - 1] == '-'))
        --nest;
      else if (c == ',' && nest == 0)
        atKey = true;
      else if (atKey && nest == 0 && !isAsciiSpace(c)) {
        size_t q = p;
        while (q + 1 < end && (isAsciiAlnum(text_[q]) || text_[q] == '_' || text_[q] == '.' ||
                               text_[q] == '$' || text_[q] == '-'))
          ++q;
        if (text_.substr(p, q - p).find('.') == std::string_view::npos)
          return false;
        atKey = false;
        p = q - 1;
      }
    }
    return true;
  }

  // An attribute dictionary `{key = value, flag, ...}` from `open` (its '{')
  // to `end` (just past its '}'), read as MLIR reads one: a name starts each
  // entry, a value follows '=', a ',' or the '}' follows each; a typed
  // integer fits its type. Problems are said where MLIR says them.
  void checkDictionary(size_t open, size_t end) {
    // The same dictionary is written over and over (`{tt.divisibility = 16 :
    // i32}`): each distinct text is read once.
    if (!checkedDictionaries_.insert(text_.substr(open, end - open)).second)
      return;
    const std::string_view t = text_.substr(0, end);
    // `dense<128> : tensor<1xf16>` as a value: a float's splat is written
    // with a fraction (MLIR: at the integer, after its sign).
    for (size_t d = t.find("dense<", open); d != std::string_view::npos && d < end;
         d = t.find("dense<", d + 6)) {
      size_t q = d + 6, lit = q + (q < end && t[q] == '-' ? 1 : 0), e = lit;
      while (e < end && isAsciiDigit(t[e]))
        ++e;
      if (e == lit || e >= end || t[e] != '>' || t.compare(e + 1, 3, " : ") != 0)
        continue;
      const std::string_view type = t.substr(e + 4, std::min<size_t>(end - e - 4, 256));
      if (!startsWithLiteral(type, "tensor<"))
        continue;
      if (floatTypeBits(elementTypeText(type)) > 0) {
        error(lit, "unexpected decimal integer literal for a floating point value (write " +
                       std::string(t.substr(q, e - q)) + ".0; Triton 3.6 rejects the module)");
        break;
      }
    }
    size_t p = open + 1;
    auto blanks = [&] { // and `//` comments
      for (;;) {
        while (p < end && isAsciiSpace(t[p]))
          ++p;
        if (p + 1 < end && t[p] == '/' && t[p + 1] == '/')
          while (p < end && t[p] != '\n')
            ++p;
        else
          return;
      }
    };
    auto wrongAt = [&](size_t q) {
      while (q > 0 && isAsciiSpace(t[q - 1]))
        --q;
      return q;
    };
    auto nameChar = [](char c) {
      return isAsciiAlnum(c) || c == '_' || c == '.' || c == '$' || c == '-';
    };
    auto skipString = [&] {
      for (++p; p < end && t[p] != '"'; ++p)
        if (t[p] == '\\')
          ++p;
      ++p;
    };
    // Balanced brackets from p (at an opening one); `->` is not a closer.
    auto skipBalanced = [&] {
      int nest = 0;
      for (; p < end; ++p) {
        const char c = t[p];
        if (c == '"') {
          skipString();
          --p;
        } else if (c == '<' || c == '[' || c == '(' || c == '{') {
          ++nest;
        } else if ((c == '>' && t[p - 1] != '-') || c == ']' || c == ')' || c == '}') {
          if (--nest == 0) {
            ++p;
            return;
          }
        }
      }
    };
    auto word = [&] {
      const size_t s0 = p;
      while (p < end && nameChar(t[p]))
        ++p;
      return t.substr(s0, p - s0);
    };
    // A type: `i32`, `!tt.ptr<f16>`, `tensor<4xi32>`; its name (no '!').
    auto type = [&] {
      if (p < end && t[p] == '!')
        ++p;
      const std::string_view name = word();
      if (p < end && t[p] == '<')
        skipBalanced();
      return name;
    };
    blanks();
    if (p < end && t[p] == '}')
      return;
    std::vector<std::string_view> &keys = dictionaryKeys_;
    keys.clear();
    for (;;) {
      blanks();
      // key
      std::string_view key;
      const size_t keyAt = p;
      if (p < end && t[p] == '"') {
        const size_t k0 = p + 1;
        skipString();
        key = t.substr(k0, p - 1 - k0);
      } else if (p < end && (isAsciiAlnum(t[p]) || t[p] == '_') && !isAsciiDigit(t[p])) {
        key = word();
      } else {
        fail(wrongAt(p), "expected attribute name");
      }
      if (std::find(keys.begin(), keys.end(), key) != keys.end())
        fail(keyAt, "duplicate key '" + std::string(key.substr(0, 60)) +
                        "' in dictionary attribute (Triton 3.6 rejects the module)");
      keys.push_back(key);
      blanks();
      if (p < end && t[p] == '=') {
        ++p;
        blanks();
        if (p >= end || t[p] == ',' || t[p] == '}')
          fail(wrongAt(p), "expected attribute value");
        // one value: a literal, a word or a #attribute (with its brackets),
        // a list or dictionary, then a `: type` if it is typed
        const size_t valueAt = p;
        std::string_view number;
        if (t[p] == '"') {
          skipString();
        } else if (t[p] == '[' || t[p] == '{' || t[p] == '(') {
          const bool paren = t[p] == '(';
          skipBalanced();
          blanks();
          if (paren && p + 1 < end && t[p] == '-' && t[p + 1] == '>') {
            // a function type `(i32) -> i32`, `() -> ()`
            p += 2;
            blanks();
            if (p < end && t[p] == '(')
              skipBalanced();
            else
              type();
          }
        } else if (t[p] == '-' || isAsciiDigit(t[p])) {
          // A number as MLIR lexes one: 0x.., or digits, a fraction, then an
          // exponent only after the fraction (`1e0` is 1, then `e0`).
          const size_t s0 = p++;
          if (t[s0] == '0' && p < end && t[p] == 'x') {
            while (p < end && isAsciiAlnum(t[p]))
              ++p;
          } else {
            while (p < end && isAsciiDigit(t[p]))
              ++p;
            if (p < end && t[p] == '.') {
              ++p;
              while (p < end && isAsciiDigit(t[p]))
                ++p;
              if (p < end && (t[p] == 'e' || t[p] == 'E')) {
                size_t q = p + 1;
                if (q < end && (t[q] == '+' || t[q] == '-'))
                  ++q;
                if (q < end && isAsciiDigit(t[q])) {
                  p = q;
                  while (p < end && isAsciiDigit(t[p]))
                    ++p;
                }
              }
            }
          }
          number = t.substr(s0, p - s0);
        } else if (t[p] == '@') { // a symbol, `@a::@b`
          ++p;
          if (p < end && t[p] == '"')
            skipString();
          else
            word();
          while (p + 2 < end && t[p] == ':' && t[p + 1] == ':' && t[p + 2] == '@') {
            p += 3;
            if (p < end && t[p] == '"')
              skipString();
            else
              word();
          }
        } else if (t[p] == '#' || t[p] == '!' || isAsciiAlnum(t[p]) || t[p] == '_') {
          const char first = t[p];
          ++p;
          word();
          const std::string_view w = t.substr(valueAt, p - valueAt);
          // Triton 3.6's ttng attributes are its tensor memory's.
          if (startsWithLiteral(w, "#ttng.") && w != "#ttng.tensor_memory_encoding" &&
              w != "#ttng.tensor_memory_scales_encoding" && w != "#ttng.tensor_memory")
            fail(valueAt + 6, "unknown attribute `" + std::string(w.substr(6, 40)) +
                                  "` in dialect `ttng`");
          // MLIR reads no attribute from a bare word (`{x = foo}`): a value
          // word is a keyword (`true`, `dense<`, `array<`, ...) or a type.
          if (first != '#' && first != '!' && !isBuiltinTypeName(w) &&
              !isMlirAttributeKeyword(w) && !isContainerTypeWord(w))
            fail(wrongAt(valueAt), "expected attribute value, not '" + std::string(w.substr(0, 40)) +
                                       "'");
          // `array<i32: 2, 0, >`: an integer array's elements are integer
          // literals, one after its ':' and after each ',' (MLIR: at the token).
          if (w == "array" && p < end && t[p] == '<') {
            size_t q = p + 1;
            while (q < end && isAsciiSpace(t[q]))
              ++q;
            size_t e = q;
            while (e < end && isAsciiAlnum(t[e]))
              ++e;
            const std::string_view elem = t.substr(q, e - q);
            if (elem.size() >= 2 && elem[0] == 'i' &&
                std::all_of(elem.begin() + 1, elem.end(), isAsciiDigit)) {
              q = e;
              while (q < end && isAsciiSpace(t[q]))
                ++q;
              if (q < end && t[q] == ':')
                for (;;) {
                  ++q;
                  while (q < end && isAsciiSpace(t[q]))
                    ++q;
                  const bool literal =
                      q < end && (isAsciiDigit(t[q]) || t[q] == '-' ||
                                  (elem == "i1" && (startsWithLiteral(t.substr(q), "true") ||
                                                    startsWithLiteral(t.substr(q), "false"))));
                  if (!literal)
                    fail(q, "expected integer literal");
                  // MLIR's integer token: digits (0x and hex ones); `2e0` is
                  // the integer 2, then a word.
                  size_t d = q + (t[q] == '-' ? 1 : 0);
                  if (d + 2 < end && t[d] == '0' && t[d + 1] == 'x' && isAsciiHexDigit(t[d + 2]))
                    for (d += 2; d < end && isAsciiHexDigit(t[d]);)
                      ++d;
                  else
                    while (d < end && isAsciiDigit(t[d]))
                      ++d;
                  const bool integerToken =
                      d > q + (t[q] == '-' ? 1 : 0) && (d >= end || t[d] != '.');
                  while (q < end && (isAsciiAlnum(t[q]) || t[q] == '-' || t[q] == '.'))
                    ++q;
                  if (integerToken && q > d) // a word right after the integer
                    fail(d, "expected '>' to close an array attribute");
                  while (q < end && isAsciiSpace(t[q]))
                    ++q;
                  // (`array<i32: 1, 0}`: its '>' was due.)
                  if (integerToken && q < end && t[q] != ',' && t[q] != '>')
                    fail(wrongAt(q), "expected '>' to close an array attribute");
                  if (q >= end || t[q] != ',')
                    break;
                }
            }
          }
          // `dense<...>`, `loc(...)`, `distinct[0]<>`: its bracketed parts
          while (p < end && (t[p] == '<' || t[p] == '(' || t[p] == '['))
            skipBalanced();
        } else {
          fail(wrongAt(p), "expected attribute value");
        }
        blanks();
        // `array<i32: 1, 0> : T`: a dense array takes no type after it.
        if (p < end && t[p] == ':' && startsWithLiteral(t.substr(valueAt), "array<"))
          fail(wrongAt(p), "expected '}' in attribute dictionary");
        if (p < end && t[p] == ':') {
          ++p;
          blanks();
          const size_t typeAt = p;
          const std::string_view ty = type();
          const bool container = isContainerTypeWord(ty);
          if (ty.empty() || (t[typeAt] != '!' && !container && !isBuiltinTypeName(ty)))
            fail(wrongAt(typeAt), "expected non-function type");
          // `0 : bf16`: a float is written with its point (or in hex).
          if (!number.empty() && number.find_first_of(".eExX") == std::string_view::npos &&
              elementClass(ty) == ElementClass::Float)
            fail(valueAt + (t[valueAt] == '-' ? 1 : 0), // (at the integer, after its sign)
                 "unexpected decimal integer literal for a floating point value");
          // `0.0 : i32`: a float of an integer type (MLIR: once the type is read).
          if (!number.empty() && number.find_first_of(".eE") != std::string_view::npos &&
              number.find_first_of("xX") == std::string_view::npos &&
              (elementClass(ty) == ElementClass::SignlessInteger || ty == "index"))
            fail(p, "floating point value not valid for specified type");
          if (!number.empty() && ty.size() > 1 && ty[0] == 'i' && isBuiltinTypeName(ty) &&
              !integerFits(number, ty))
            fail(valueAt + (number[0] == '-' ? 1 : 0), // (at the digits, after a sign)
                 "integer constant out of range for attribute " + std::string(key) +
                              " (" + std::string(number) + " : " + std::string(ty) +
                              "; Triton 3.6 rejects the module)");
        }
      }
      blanks();
      if (p < end && t[p] == ',') {
        ++p;
        continue;
      }
      if (p < end && t[p] == '}')
        return;
      // (A character MLIR's lexer refuses is that error, where it is.)
      if (p < end && std::strchr("$'`~;\\&", t[p]) != nullptr)
        fail(p, "unexpected character");
      // `"key" != 4`: a '!' starts a type's name (MLIR's lexer: a letter,
      // digit or one of `_$.-` next).
      if (p < end && t[p] == '!' &&
          !(p + 1 < end && (isAsciiAlnum(t[p + 1]) || std::strchr("_$.-", t[p + 1]) != nullptr) &&
            t[p + 1] != '\0'))
        fail(p, "invalid type identifier");
      if (p < end && t[p] == '@' &&
          !(p + 1 < end && ((isAsciiAlnum(t[p + 1]) && !isAsciiDigit(t[p + 1])) || t[p + 1] == '_' ||
                            t[p + 1] == '"')))
        fail(p + 1, "@ identifier expected to start with letter or '_'");
      fail(wrongAt(p), "expected '}' in attribute dictionary");
    }
  }

  // An operand list up to its closing bracket `close` (not consumed): operands
  // (and integers, where `numbers`) separated by ','; said where MLIR says it.
  void readOperandList(int opIdx, char close, bool numbers, const char *closeMessage,
                       bool one = false) {
    while (!lex_.peek().is(close)) {
      const OpToken x = lex_.peek();
      if (numbers && x.kind == OpToken::Kind::HashId) {
        // an attribute in the list (`[#nvws.async_op<none>]`), with its body
        lex_.skip();
        if (x.end() < text_.size() && text_[x.end()] == '<') {
          const size_t e = lex_.matchBracket(x.end());
          if (e == std::string_view::npos)
            fail(x.end(), "unbalanced '<'");
          lex_.seek(e);
        }
      } else {
        if (x.kind != OpToken::Kind::ValueId && !(numbers && x.kind == OpToken::Kind::Number))
          fail(wrongToken(x), "expected SSA operand");
        if (x.kind == OpToken::Kind::ValueId)
          addOperand(opIdx, x);
        lex_.skip();
      }
      const OpToken y = lex_.peek();
      if (y.is(close))
        break;
      if (!y.is(',') || one)
        fail(wrongToken(y), closeMessage);
      lex_.skip();
    }
  }

  // `loc(...)` at the `loc` token `t`, read as MLIR reads it: just past its
  // ')', or the reading stops at its first problem. An alias nested in it
  // must be defined by then (one written alone, `loc(#a)`, is checked once
  // the file is read, as MLIR defers it).
  size_t readLoc(const OpToken &t) {
    // The form nearly every op has, `loc(#name)`: read here; the alias is
    // resolved once the file is read.
    size_t q = t.end();
    if (q + 1 < text_.size() && text_[q] == '(' && text_[q + 1] == '#') {
      q += 2;
      const size_t nameAt = q;
      while (q < text_.size() && (isAsciiAlnum(text_[q]) || text_[q] == '_' || text_[q] == '.' ||
                                  text_[q] == '$' || text_[q] == '-'))
        ++q;
      if (q > nameAt && q < text_.size() && text_[q] == ')') {
        // `#dialect.rest`: an attribute of a dialect, which must be loaded.
        const std::string_view name = text_.substr(nameAt, q - nameAt);
        if (const size_t dot = name.find('.');
            dot != std::string_view::npos && !isLoadedDialect(name.substr(0, dot)))
          fail(nameAt + dot + 1, "#" + std::string(name) + ": an attribute of dialect '" +
                                     std::string(name.substr(0, dot)) +
                                     "', which is not loaded (Triton 3.6 rejects the module)");
        return q + 1;
      }
    }
    const LocationSyntax ls = readLocationSyntax(text_, t.offset, [&](std::string_view name) {
      return f_.locations.defines(std::string(name)) ||
             (f_.aliases && f_.aliases->count(std::string(name)));
    });
    if (ls.errorAt != std::string_view::npos)
      fail(ls.errorAt, ls.error);
    return ls.end;
  }
  // Whether the next non-blank character at or after `p` is '=' (a key
  // named `loc` in an attribute list, not a location).
  bool followedByEquals(size_t p) const {
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t'))
      ++p;
    return p < text_.size() && text_[p] == '=';
  }

  // MLIR's place for a token it did not expect: the end of the token
  // before (past blanks and line ends); at the end of the text, one
  // character back from it first.
  // Where MLIR says what the text's end cuts short (wrongToken of its end).
  size_t endOfText() const {
    OpToken end;
    end.kind = OpToken::Kind::End;
    end.offset = text_.size();
    return wrongToken(end);
  }

  // The token after the one peek() gives (the lexer left exactly as it was;
  // a reference to the peeked token stays valid).
  OpToken peekSecond() {
    const OpLexer::Mark save = lex_.mark();
    lex_.peek();
    lex_.skip();
    const OpToken second = lex_.peek();
    lex_.restore(save);
    return second;
  }

  size_t wrongToken(const OpToken &t) const {
    size_t at = t.offset;
    if (t.kind == OpToken::Kind::End && at > 0)
      --at;
    while (at > 0 && isAsciiSpace(text_[at - 1]))
      --at;
    return at;
  }

  // The 1-based position of an offset; the reader mostly walks forward.
  SourcePos at(size_t offset) { return f_.source.position(offset, lineHint_); }

  ModuleFile &f_;
  size_t lineHint_ = 0;
  std::string_view text_;
  OpLexer lex_;
  int module_ = -1;
  int implicitBlock_ = -1;
  int regionDepth_ = 0;
  const ReadProgress &progress_;
  size_t nextReport_[2] = {0, 0};
  int64_t opsRead_ = 0;    // every op read, all modules (limits::kMaxOps)
  int64_t valuesRead_ = 0; // every value defined (limits::kMaxValues)
  std::vector<Scope> scopes_;
  NameTable names_;
  std::vector<ResultGroup> groups_; // parseOperation's result names
  struct HeaderScratch {
    std::vector<PendingArg> pending;
    std::vector<std::string_view> colon, arrow, fnInputs, in;
    int op = -1;                 // the op whose header this level reads
    const OpNameFacts *facts = nullptr; // of its name (opFacts_ keeps them)
    std::vector<size_t> offsets; // where each of its operands is written
    std::string partitionWarps;  // ttg.warp_specialize's num_warps(N)s: "2, 1"
  };
  std::deque<HeaderScratch> headerScratch_; // one per nesting level of op headers
  std::vector<StatedType> stated_; // checkStatedTypes' list
  // A stated type's pointee [0] and i1 form [1] (checkStatedTypes).
  std::unordered_map<std::string, std::string, TextHash, std::equal_to<>> derivedTypes_[4];
  // Errors said once the text is read (sayDeferredErrors): where, and what.
  std::vector<std::pair<size_t, std::string>> undefinedUses_, verifierErrors_, dominanceErrors_;
  std::vector<EarlierModuleRef> earlierModuleRefs_;
  bool crossFunctionUse_ = false; // a forward reference bound to another function's definition
  std::vector<ForwardRef> forward_;
  std::vector<int> isolatedStack_; // the isolated regions open now (ForwardRef::isolated)
  std::vector<int> shadowFrom_;    // the scope depths where a name scope of its own starts
  // The result names of the ops being read, defined once each op is read.
  struct PendingBind {
    std::string_view name;
    int value;
    size_t offset;
    bool quiet; // `%x` beside `%x#0` of a group
  };
  std::vector<PendingBind> binds_;
  std::vector<std::string_view> dictionaryKeys_; // checkDictionary's keys, reused
  int isolatedRegions_ = 0;
  // `!name` -> the type it aliases, as written (views of the source).
  std::unordered_map<std::string_view, std::string_view, TextHash> typeAliases_;
  // Every type alias the file defines (`!name = ...`), whatever its type.
  std::unordered_set<std::string_view, TextHash> typeAliasNames_;
  // Facts of each distinct op name (names view the source text).
  std::unordered_map<std::string_view, OpNameFacts, TextHash> opFacts_;
  const OpNameFacts *nextFacts_ = nullptr; // of the op parseOperation hands to parseHeader
  const OpNameFacts &factsOf(std::string_view name) {
    auto it = opFacts_.find(name);
    if (it == opFacts_.end()) {
      it = opFacts_.emplace(name, opNameFacts(name)).first;
      it->second.fixedResults = static_cast<signed char>(fixedResultCount(name));
    }
    return it->second;
  }
  size_t headerDepth_ = 0;
  std::unordered_map<size_t, size_t> aliasEnds_;
  bool deferAliasErrors_ = false;
  struct AliasError {
    size_t alias;  // where the alias starts
    size_t offset; // where its problem is
    std::string message;
  };
  std::vector<AliasError> aliasErrors_; // sorted by alias
  size_t aliasStart_ = 0;               // the alias being read (readAliases)
  size_t aliasErrorsSaid_ = 0;
  std::unordered_map<std::string, EncodingPtr, TextHash, std::equal_to<>>
      aliasEncodings_; // valid layout aliases
  // By their text, kept in typeTexts_ (stable: a deque only grows at its ends).
  std::unordered_map<std::string_view, CachedType, TextHash> types_;
  std::set<std::string> warnedDialects_; // dialects Triton 3.6 lacks, said once each
  // The first op listed as unknown that Triton 3.6 refuses (what it says, where).
  std::pair<std::string, size_t> firstUnknownOp_{std::string(), std::string_view::npos};
  // The first function (op index, in the module being read) whose argument
  // or result attributes have a key without a dialect, or -1.
  int undialectedArgAttrOp_ = -1;
  size_t firstUnknownOpEnd_ = 0; // where its name ends
  // The first diagnostic said once the text was read (sayDeferredErrors).
  size_t deferredFrom_ = std::string_view::npos;
  std::string_view lastTypeView_; // internType's last view of the source, and its entry
  CachedType *lastType_ = nullptr;
  std::shared_ptr<std::deque<std::string>> typeTexts_ = std::make_shared<std::deque<std::string>>();
  std::deque<std::string> synthesized_; // type texts and names not in the source (stable addresses)
  std::vector<LocRef> locs_;
  // Attribute dictionaries read whole (views of the source).
  std::unordered_set<std::string_view, TextHash> checkedDictionaries_;
};

} // namespace

bool ModuleFile::looksLikeMlir() const {
  if ((aliases && !aliases->empty()) || locations.size() > 0)
    return true;
  for (const Module &m : modules)
    if (m.ops.size() > 1 || (m.moduleOp >= 0 && m.ops[size_t(m.moduleOp)].name == "module"))
      return true; // ops, or a written `module {}` (empty, as Triton reads it)
  return false;
}

ModuleFile readModuleFile(std::string text, const ReadProgress &progress) {
  ModuleFile f;
  if (text.size() > kMaxModuleText) {
    f.aliases = std::make_shared<AliasMap>();
    f.stopped = true;
    f.diagnostics.error({1, 1},
                        "the text is larger than " + std::to_string(kMaxModuleText >> 20) + " MiB");
    return f;
  }
  f.source = SourceText(std::move(text));
  if (f.source.text().find('\0') != std::string::npos) {
    // A binary file (an executable, an image): nothing to read line by line.
    f.aliases = std::make_shared<AliasMap>();
    size_t nul = f.source.text().find('\0');
    f.diagnostics.error(f.source.position(nul), "not text: the file holds a NUL byte");
    return f;
  }
  Reader(f, progress).run();
  if (progress && !f.cancelled)
    progress(f.source.text().size() * 8, f.source.text().size() * 8);
  return f;
}

} // namespace ls::ir
