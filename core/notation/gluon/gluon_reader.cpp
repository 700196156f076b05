#include "notation/gluon/gluon_reader.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <vector>

#include "encodings/encoding_params.h"
#include "encodings/nvmma_default.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"
#include "util/limits.h"
#include "util/seq_text.h"

namespace ls::notation::gluon {

namespace {

// One Python value as Gluon layout calls use them: integers, True/False/None,
// lists or tuples, and nested calls (parents).
struct KeywordArg;

struct PyValue {
  enum Kind { Int, Name, List, Call } kind = Int;
  long long number = 0;
  std::string name;                // Name, Call
  std::vector<PyValue> items;      // List; Call positional
  std::vector<KeywordArg> keyword; // Call
  size_t column = 0;
};

// Not std::pair<std::string, PyValue>: clang 14 with libstdc++ 12 cannot
// instantiate that pair while PyValue is incomplete (the fuzz preset's
// compiler), so the keyword argument is its own complete type.
struct KeywordArg {
  KeywordArg(std::string k, PyValue v) : first(std::move(k)), second(std::move(v)) {}
  std::string first;
  PyValue second;
};

class CallParser {
public:
  CallParser(std::string_view text, const std::string &field) : t_(text), field_(field) {}

  PyValue parseWhole() {
    PyValue v = value();
    skip();
    if (pos_ != t_.size())
      fail("unexpected text after the layout call");
    return v;
  }

  [[noreturn]] void fail(const std::string &rule) const { failAt(pos_, rule); }
  [[noreturn]] void failAt(size_t at, const std::string &rule) const {
    throw Error(field_, "1:" + std::to_string(at + 1) + ": " + rule);
  }

private:
  void skip() {
    while (pos_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[pos_])))
      ++pos_;
  }
  bool eat(char c) {
    skip();
    if (pos_ < t_.size() && t_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!eat(c))
      fail(std::string("expected '") + c + "'");
  }
  std::string dottedName() {
    skip();
    size_t b = pos_;
    while (pos_ < t_.size() && (std::isalnum(static_cast<unsigned char>(t_[pos_])) ||
                                t_[pos_] == '_' || t_[pos_] == '.'))
      ++pos_;
    return std::string(t_.substr(b, pos_ - b));
  }

  PyValue value() {
    skip();
    // Lists and calls nest by recursion: bounded, as the attribute reader
    // bounds its own (a deep text is an error, never a stack overflow).
    if (depth_ >= kMaxNesting)
      fail("nesting deeper than " + std::to_string(kMaxNesting) + " levels");
    struct Deeper {
      int &d;
      explicit Deeper(int &depth) : d(depth) { ++d; }
      ~Deeper() { --d; }
    } deeper(depth_);
    PyValue v;
    v.column = pos_;
    if (pos_ >= t_.size())
      fail("expected a value");
    const char c = t_[pos_];
    if (c == '[' || c == '(') {
      const char close = c == '[' ? ']' : ')';
      ++pos_;
      v.kind = PyValue::List;
      if (!eat(close)) {
        do {
          skip();
          if (pos_ < t_.size() && t_[pos_] == close)
            break; // trailing comma
          v.items.push_back(value());
        } while (eat(','));
        expect(close);
      }
      return v;
    }
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      size_t b = pos_++;
      while (pos_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[pos_])))
        ++pos_;
      const std::string digits(t_.substr(b, pos_ - b));
      if (digits == "-" || digits.size() > 12)
        failAt(b, "'" + digits + "' is not an integer Gluon accepts");
      v.number = std::stoll(digits);
      return v;
    }
    std::string name = dottedName();
    if (name.empty())
      fail(std::string("unexpected '") + c + "'");
    if (!eat('(')) {
      v.kind = PyValue::Name;
      v.name = name;
      return v;
    }
    v.kind = PyValue::Call;
    v.name = name;
    if (!eat(')')) {
      do {
        skip();
        if (pos_ < t_.size() && t_[pos_] == ')')
          break;
        size_t save = pos_;
        std::string kw = dottedName();
        if (!kw.empty() && kw.find('.') == std::string::npos && eat('=')) {
          v.keyword.emplace_back(kw, value());
        } else {
          pos_ = save;
          if (!v.keyword.empty())
            fail("a positional argument follows a keyword argument");
          v.items.push_back(value());
        }
      } while (eat(','));
      expect(')');
    }
    return v;
  }

  static constexpr int kMaxNesting = limits::kMaxNestingDepth;
  std::string_view t_;
  std::string field_;
  size_t pos_ = 0;
  int depth_ = 0;
};

// The Gluon 3.6 constructor signatures: argument names in positional order
// (encoding_params' gluonArgs, required ones first).
const std::map<std::string, std::vector<std::string>> &signatures() {
  static const std::map<std::string, std::vector<std::string>> s = [] {
    std::map<std::string, std::vector<std::string>> m;
    for (const EncodingParams &p : allEncodingParams())
      if (!p.gluonClass.empty())
        for (const GluonArg &a : p.gluonArgs)
          m[p.gluonClass].push_back(a.name);
    return m;
  }();
  return s;
}

std::string baseName(const std::string &dotted) {
  const size_t dot = dotted.rfind('.');
  return dot == std::string::npos ? dotted : dotted.substr(dot + 1);
}

class Translator {
public:
  Translator(const CallParser &p, const std::string &field) : p_(p), field_(field) {}

  std::string attr(const PyValue &v) {
    if (v.kind != PyValue::Call)
      p_.failAt(v.column, "expected a Gluon layout constructor call");
    const std::string cls = baseName(v.name);
    if (cls == "constexpr") {
      if (v.items.size() != 1 || !v.keyword.empty())
        p_.failAt(v.column, "constexpr(...) takes exactly one layout");
      return attr(v.items[0]);
    }
    if (cls == "get_default_for" || cls == "with_identity_for")
      return staticCall(v, cls);
    auto sig = signatures().find(cls);
    if (sig == signatures().end())
      p_.failAt(v.column, "'" + v.name + "' is not a Gluon 3.6 layout class");
    cls_ = cls;
    std::map<std::string, const PyValue *> args;
    const auto &names = sig->second;
    if (v.items.size() > names.size())
      p_.failAt(v.items[names.size()].column,
                cls + " takes at most " + std::to_string(names.size()) + " arguments");
    for (size_t i = 0; i < v.items.size(); ++i)
      args[names[i]] = &v.items[i];
    for (const auto &[k, val] : v.keyword) {
      std::string key = k;
      if (cls == "PaddedSharedLayout" && key == "cga_layout")
        key = "block_bases"; // both spellings name the block bases
      if (std::find(names.begin(), names.end(), key) == names.end()) {
        // Gluon before 3.6 spelt the CTA split as three lists.
        if (key == "ctas_per_cga" || key == "cta_split_num" || key == "cta_order")
          p_.failAt(val.column, cls + " has no argument '" + k +
                                    "': Gluon 3.6 replaced ctas_per_cga, cta_split_num and "
                                    "cta_order with cga_layout (the CTA bases; one CTA: leave it "
                                    "out)");
        p_.failAt(val.column, cls + " has no argument '" + k + "'");
      }
      if (args.count(key))
        p_.failAt(val.column, cls + ": argument '" + k + "' given twice");
      args[key] = &val;
    }
    args_ = &args;
    // Missing arguments are reported in signature order, as Python would.
    for (const GluonArg &a : findGluonClass(cls)->gluonArgs)
      if (a.required)
        req(a.name);
    return build(cls);
  }

private:
  // NVMMASharedLayout.get_default_for(block_shape, dtype, transposed=False,
  // fp4_padded=False, cga_layout=None) and PaddedSharedLayout.with_identity_for(
  // interval_padding_pairs, shape, order), as Gluon 3.6 computes them
  // (python/triton/experimental/gluon/language/_layouts.py; 3.6's
  // with_identity_for takes no cga_layout -- later Triton added one).
  std::string staticCall(const PyValue &v, const std::string &method) {
    const std::string dotted = v.name.substr(0, v.name.size() - method.size() - 1);
    const std::string owner = v.name.size() > method.size() ? baseName(dotted) : "";
    const std::string want =
        method == "get_default_for" ? "NVMMASharedLayout" : "PaddedSharedLayout";
    if (owner != want)
      p_.failAt(v.column, "'" + method + "' is a static method of " + want + ", not of '" +
                              (owner.empty() ? std::string("(nothing)") : owner) + "'");
    cls_ = want + "." + method;
    const std::vector<std::string> names =
        method == "get_default_for"
            ? std::vector<std::string>{"block_shape", "dtype", "transposed", "fp4_padded",
                                       "cga_layout"}
            : std::vector<std::string>{"interval_padding_pairs", "shape", "order"};
    std::map<std::string, const PyValue *> args;
    if (v.items.size() > names.size())
      p_.failAt(v.items[names.size()].column,
                cls_ + " takes at most " + std::to_string(names.size()) + " arguments");
    for (size_t i = 0; i < v.items.size(); ++i)
      args[names[i]] = &v.items[i];
    for (const auto &[k, val] : v.keyword) {
      if (std::find(names.begin(), names.end(), k) == names.end())
        p_.failAt(val.column, cls_ + " has no argument '" + k + "'");
      if (args.count(k))
        p_.failAt(val.column, cls_ + ": argument '" + k + "' given twice");
      args[k] = &val;
    }
    args_ = &args;
    const size_t required = method == "get_default_for" ? 2 : 3;
    for (size_t i = 0; i < required; ++i)
      req(names[i]);
    std::vector<std::vector<int32_t>> cgaBases;
    if (const PyValue *c = opt("cga_layout")) {
      if (c->kind != PyValue::List)
        p_.failAt(c->column, cls_ + ": 'cga_layout' must be a list of bases");
      for (const PyValue &b : c->items)
        cgaBases.push_back(int32s(b, "cga_layout"));
    }
    try {
      if (method == "get_default_for") {
        NvmmaDefaultRequest r;
        for (int32_t d : int32s(req("block_shape"), "block_shape"))
          r.blockShape.push_back(d);
        r.bitwidth = dtypeBits(req("dtype"));
        r.transposed = boolean("transposed");
        r.fp4Padded = boolean("fp4_padded");
        r.cgaBases = cgaBases;
        const NvmmaSharedEncoding enc = nvmmaDefaultLayout(r);
        return ir::printEncoding(enc);
      }
      const std::vector<int32_t> shape = int32s(req("shape"), "shape");
      const std::vector<int32_t> order = int32s(req("order"), "order");
      if (shape.size() != order.size())
        throw Error("order", "has " + std::to_string(order.size()) + " entries but 'shape' has " +
                                 std::to_string(shape.size()) +
                                 " (Gluon asserts len(shape) == len(order))");
      for (int32_t d : shape)
        if (d < 1 || (d & (d - 1)))
          throw Error("shape", "sizes must be powers of two, got " + seqText(shape));
      std::vector<int64_t> shape64(shape.begin(), shape.end());
      const std::vector<int64_t> perCTA =
          cgaBases.empty() ? shape64 : gluonShapePerCTA(shape64, cgaBases);
      std::vector<std::vector<int32_t>> offsets;
      for (int32_t dim : order) {
        if (dim < 0 || dim >= static_cast<int32_t>(shape.size()))
          throw Error("order", "entry " + std::to_string(dim) + " is not a dimension of 'shape'");
        for (int b = 0; (int64_t{1} << b) < perCTA[static_cast<size_t>(dim)]; ++b) {
          std::vector<int32_t> basis(shape.size(), 0);
          basis[static_cast<size_t>(dim)] = 1 << b;
          offsets.push_back(basis);
        }
      }
      const PyValue &pairs = req("interval_padding_pairs");
      if (pairs.kind != PyValue::List || pairs.items.empty())
        p_.failAt(pairs.column,
                  cls_ + ": 'interval_padding_pairs' must be a list of [interval, padding]");
      std::string s = "#ttg.padded_shared<[";
      for (size_t i = 0; i < pairs.items.size(); ++i) {
        const std::vector<int32_t> pr = int32s(pairs.items[i], "interval_padding_pairs");
        if (pr.size() != 2)
          p_.failAt(pairs.items[i].column,
                    cls_ + ": each interval_padding_pairs entry is [interval, padding]");
        s += (i ? ", " : "") + std::to_string(pr[0]) + ":+" + std::to_string(pr[1]);
      }
      return s + "] {offset = " + basesText(offsets) + ", block = " + basesText(cgaBases) + "}>";
    } catch (const Error &e) {
      if (e.field() == field_)
        throw;
      throw Error(field_, cls_ + ": " + (e.field().empty() ? "" : e.field() + ": ") + e.rule());
    }
  }
  std::vector<int32_t> int32s(const PyValue &v, const std::string &name) const {
    if (v.kind != PyValue::List)
      p_.failAt(v.column, cls_ + ": '" + name + "' must be a list of integers");
    std::vector<int32_t> out;
    for (const PyValue &x : v.items) {
      if (x.kind != PyValue::Int || x.number < -(1ll << 30) || x.number > (1ll << 30))
        p_.failAt(x.column, cls_ + ": '" + name + "' must be a list of integers up to 2^30");
      out.push_back(static_cast<int32_t>(x.number));
    }
    return out;
  }
  bool boolean(const std::string &name) const {
    const PyValue *v = opt(name);
    if (!v)
      return false;
    if (v->kind == PyValue::Name && (v->name == "True" || v->name == "False"))
      return v->name == "True";
    if (v->kind == PyValue::Int && (v->number == 0 || v->number == 1))
      return v->number == 1;
    p_.failAt(v->column, cls_ + ": '" + name + "' must be True or False");
  }
  // A Gluon dtype (gl.float16, ttgl.bfloat16, float8e5, ...): its primitive bit width.
  int dtypeBits(const PyValue &v) const {
    static const std::map<std::string, int> bits = {
        {"int1", 1},        {"int8", 8},       {"uint8", 8},      {"float8e5", 8},
        {"float8e5b16", 8}, {"float8e4nv", 8}, {"float8e4b8", 8}, {"float8e4b15", 8},
        {"int16", 16},      {"uint16", 16},    {"float16", 16},   {"bfloat16", 16},
        {"int32", 32},      {"uint32", 32},    {"float32", 32},   {"int64", 64},
        {"uint64", 64},     {"float64", 64}};
    if (v.kind == PyValue::Name) {
      auto it = bits.find(baseName(v.name));
      if (it != bits.end())
        return it->second;
    }
    p_.failAt(v.column, cls_ + ": 'dtype' must be a Gluon dtype such as gl.float16, gl.bfloat16, "
                               "gl.float8e5, gl.float32");
  }
  const PyValue *opt(const std::string &name) const {
    auto it = args_->find(name);
    if (it == args_->end() || (it->second->kind == PyValue::Name && it->second->name == "None"))
      return nullptr;
    return it->second;
  }
  const PyValue &req(const std::string &name) const {
    const PyValue *v = opt(name);
    if (!v)
      throw Error(field_, cls_ + ": argument '" + name + "' is required");
    return *v;
  }
  std::string text(const PyValue &v) const {
    switch (v.kind) {
    case PyValue::Int:
      return std::to_string(v.number);
    case PyValue::Name:
      if (v.name == "True")
        return "true";
      if (v.name == "False")
        return "false";
      p_.failAt(v.column, "'" + v.name + "' is not a value here (integers, lists, True/False)");
    case PyValue::List: {
      std::string s = "[";
      for (size_t i = 0; i < v.items.size(); ++i)
        s += (i ? ", " : "") + text(v.items[i]);
      return s + "]";
    }
    case PyValue::Call:
      p_.failAt(v.column, "a layout call is not a value here");
    }
    return "";
  }
  std::string list(const std::string &name) const {
    const PyValue &v = req(name);
    if (v.kind != PyValue::List)
      p_.failAt(v.column, cls_ + ": '" + name + "' must be a list");
    return text(v);
  }
  std::string scalar(const std::string &name) const {
    const PyValue &v = req(name);
    if (v.kind == PyValue::List || v.kind == PyValue::Call)
      p_.failAt(v.column, cls_ + ": '" + name + "' must be a single value");
    return text(v);
  }
  std::string parentAttr() {
    const PyValue &v = req("parent");
    const std::string saveCls = cls_;
    auto *saveArgs = args_;
    std::string s = attr(v);
    cls_ = saveCls;
    args_ = saveArgs;
    return s;
  }

  // The attribute text of the class's encoding, from encoding_params: each
  // field in the table's order, from the Gluon argument that carries it. An
  // argument that carries several fields (version=[major, minor],
  // block=(M, N), cta_split_num=(M, N)) gives them its items in order. An
  // absent argument leaves its field out (the attribute's default) or gives
  // Gluon's own default; a field at a default Triton leaves out is not
  // written. padded_shared is spelled by its bases (the offset group).
  std::string build(const std::string &cls) {
    const EncodingParams &P = *findGluonClass(cls);
    auto argOf = [&](const std::string &name) -> const GluonArg & {
      for (const GluonArg &a : P.gluonArgs)
        if (a.name == name)
          return a;
      throw Error(field_, cls + ": no argument '" + name + "'");
    };
    const int group = P.field("offset") ? P.at("offset").group : 0;
    std::map<std::string, size_t> taken; // items given out of a tuple argument
    bool shapeRead = false;
    std::string positional, body, after;
    for (const FieldParam &f : P.fields) {
      if (f.gluon.empty() || (f.group != 0 && f.group != group))
        continue;
      const GluonArg &a = argOf(f.gluon);
      std::string value;
      if (f.kind == ValueKind::Parent) {
        value = parentAttr();
      } else if (f.kind == ValueKind::Intervals) {
        value = intervals(f.gluon);
      } else if (const PyValue *v = opt(f.gluon); !v) {
        if (a.required)
          req(f.gluon); // names the argument
        if (a.defaultText.empty())
          continue;
        value = a.defaultText;
      } else if (!a.tupleText.empty()) {
        size_t n = 0;
        for (const FieldParam &o : P.fields)
          n += o.gluon == f.gluon ? 1 : 0;
        if (v->kind != PyValue::List || v->items.size() != n)
          p_.failAt(v->column, cls + ": '" + f.gluon + "' must be " + a.tupleText);
        value = text(v->items[taken[f.gluon]++]);
      } else if (f.kind == ValueKind::Cga) {
        if (v->kind != PyValue::List)
          p_.failAt(v->column, cls_ + ": '" + f.gluon + "' must be a list of bases");
        value = text(*v);
      } else if (f.perDim() || f.kind == ValueKind::Bases) {
        value = list(f.gluon);
      } else {
        value = scalar(f.gluon);
      }
      shapeRead = shapeRead || f.gluon == "shape";
      if (f.omittedAtDefault && f.isDefault(value))
        continue;
      if (f.placement == Placement::Positional)
        positional = value + " ";
      else if (f.placement == Placement::AfterBody)
        after += ", " + f.key + " = " + value;
      else
        body += (body.empty() ? "" : ", ") + f.key + " = " + value;
    }
    // Gluon's tensor shape (linear, padded bases): checked, not part of the attribute.
    for (const GluonArg &a : P.gluonArgs)
      if (a.name == "shape" && !shapeRead)
        checkShape(req("shape"));
    return P.attrName() + "<" + positional + (P.braces ? "{" + body + "}" : body) + after + ">";
  }

  // [[interval, padding], ...] as "[interval:+padding, ...]".
  std::string intervals(const std::string &name) const {
    const PyValue &pairs = req(name);
    if (pairs.kind != PyValue::List || pairs.items.empty())
      p_.failAt(pairs.column, cls_ + ": '" + name + "' must be a list of [interval, padding]");
    std::string s = "[";
    for (size_t i = 0; i < pairs.items.size(); ++i) {
      const PyValue &pr = pairs.items[i];
      if (pr.kind != PyValue::List || pr.items.size() != 2)
        p_.failAt(pr.column, cls_ + ": each " + name + " entry is [interval, padding]");
      s += (i ? ", " : "") + text(pr.items[0]) + ":+" + text(pr.items[1]);
    }
    return s + "]";
  }

  void checkShape(const PyValue &shape) const {
    if (shape.kind != PyValue::List || shape.items.empty())
      p_.failAt(shape.column, cls_ + ": 'shape' must be a list of dimension sizes");
    for (const PyValue &d : shape.items)
      if (d.kind != PyValue::Int || d.number < 1 || (d.number & (d.number - 1)))
        p_.failAt(d.column, cls_ + ": 'shape' sizes must be powers of two");
  }

  const CallParser &p_;
  std::string field_;
  std::string cls_;
  const std::map<std::string, const PyValue *> *args_ = nullptr;
};

} // namespace

std::string gluonToAttributeText(std::string_view text, const std::string &field) {
  CallParser parser(text, field);
  const PyValue call = parser.parseWhole();
  Translator tr(parser, field);
  return tr.attr(call);
}

ir::LayoutInput readGluon(std::string_view text, const std::string &field) {
  const std::string attr = gluonToAttributeText(text, field);
  try {
    // Read as the attribute reader reads --layout: an NVMMADistributedLayout
    // whose fields no layout can be computed from is an object Gluon 3.6
    // builds (Triton does not verify them), read with a warning that names
    // the Gluon argument.
    ir::LayoutInput in = ir::parseLayoutInput(attr);
    for (auto &[key, what] : in.warnings)
      if (const std::string gluonArg = gluonNameOfKey(key); !gluonArg.empty())
        key = gluonArg;
    return in;
  } catch (const Error &e) {
    // The attribute reader names the attribute's field; name the Gluon argument instead.
    const std::string gluonArg = gluonNameOfKey(e.field());
    const std::string arg = gluonArg.empty() ? e.field() : gluonArg;
    throw Error(field, arg.empty() ? e.rule() : arg + ": " + e.rule());
  }
}

} // namespace ls::notation::gluon
