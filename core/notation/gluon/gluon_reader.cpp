#include "notation/gluon/gluon_reader.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <vector>

#include "util/error.h"

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

  std::string_view t_;
  std::string field_;
  size_t pos_ = 0;
};

// The Gluon 3.6 constructor signatures: field names in positional order.
const std::map<std::string, std::vector<std::string>> &signatures() {
  static const std::map<std::string, std::vector<std::string>> s = {
      {"BlockedLayout",
       {"size_per_thread", "threads_per_warp", "warps_per_cta", "order", "cga_layout"}},
      {"SliceLayout", {"dim", "parent"}},
      {"DistributedLinearLayout",
       {"reg_bases", "lane_bases", "warp_bases", "block_bases", "shape"}},
      {"DotOperandLayout", {"operand_index", "parent", "k_width"}},
      {"NVMMADistributedLayout", {"version", "warps_per_cta", "instr_shape", "cga_layout"}},
      {"AMDMFMALayout",
       {"version", "instr_shape", "transposed", "warps_per_cta", "element_bitwidth",
        "tiles_per_warp", "cga_layout"}},
      {"AMDWMMALayout",
       {"version", "transposed", "warps_per_cta", "instr_shape", "tiles_per_warp", "cga_layout"}},
      {"SwizzledSharedLayout", {"vec", "per_phase", "max_phase", "order", "cga_layout"}},
      {"NVMMASharedLayout",
       {"swizzle_byte_width", "element_bitwidth", "rank", "transposed", "fp4_padded",
        "cga_layout"}},
      {"PaddedSharedLayout", {"interval_padding_pairs", "offset_bases", "cga_layout", "shape"}},
      {"SharedLinearLayout", {"offset_bases", "block_bases", "alignment"}},
      {"TensorMemoryLayout", {"block", "col_stride", "cta_split_num", "two_ctas"}},
      {"TensorMemoryScalesLayout", {"cta_split_num"}},
  };
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
      if (cls == "PaddedSharedLayout" && key == "block_bases")
        key = "cga_layout"; // both spellings name the block bases
      if (std::find(names.begin(), names.end(), key) == names.end())
        p_.failAt(val.column, cls + " has no argument '" + k + "'");
      if (args.count(key))
        p_.failAt(val.column, cls + ": argument '" + k + "' given twice");
      args[key] = &val;
    }
    args_ = &args;
    // Missing arguments are reported in signature order, as Python would.
    static const std::map<std::string, size_t> requiredCount = {
        {"BlockedLayout", 4},           {"SliceLayout", 2},
        {"DistributedLinearLayout", 5}, {"DotOperandLayout", 2},
        {"NVMMADistributedLayout", 3},  {"AMDMFMALayout", 4},
        {"AMDWMMALayout", 3},           {"SwizzledSharedLayout", 4},
        {"NVMMASharedLayout", 2},       {"PaddedSharedLayout", 2},
        {"SharedLinearLayout", 1},      {"TensorMemoryLayout", 2},
        {"TensorMemoryScalesLayout", 0}};
    for (size_t i = 0; i < requiredCount.at(cls); ++i)
      req(names[i]);
    return build(cls);
  }

private:
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
  // ", CGALayout = [...]" when the argument is given and not empty.
  std::string cga(const std::string &name = "cga_layout") const {
    const PyValue *v = opt(name);
    if (!v)
      return "";
    if (v->kind != PyValue::List)
      p_.failAt(v->column, cls_ + ": '" + name + "' must be a list of bases");
    return v->items.empty() ? "" : ", CGALayout = " + text(*v);
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

  std::string build(const std::string &cls) {
    if (cls == "BlockedLayout")
      return "#ttg.blocked<{sizePerThread = " + list("size_per_thread") +
             ", threadsPerWarp = " + list("threads_per_warp") +
             ", warpsPerCTA = " + list("warps_per_cta") + ", order = " + list("order") + cga() +
             "}>";
    if (cls == "SliceLayout") {
      const std::string dim = scalar("dim");
      return "#ttg.slice<{dim = " + dim + ", parent = " + parentAttr() + "}>";
    }
    if (cls == "DotOperandLayout") {
      const std::string op = scalar("operand_index");
      const std::string kw = opt("k_width") ? scalar("k_width") : "0";
      return "#ttg.dot_op<{opIdx = " + op + ", parent = " + parentAttr() + ", kWidth = " + kw +
             "}>";
    }
    if (cls == "DistributedLinearLayout") {
      std::string s = "#ttg.linear<{register = " + list("reg_bases") +
                      ", lane = " + list("lane_bases") + ", warp = " + list("warp_bases") +
                      ", block = " + list("block_bases") + "}>";
      checkShape(req("shape"));
      return s;
    }
    if (cls == "NVMMADistributedLayout") {
      const PyValue &ver = req("version");
      if (ver.kind != PyValue::List || ver.items.size() != 2)
        p_.failAt(ver.column, cls + ": 'version' must be [major, minor]");
      return "#ttg.nvidia_mma<{versionMajor = " + text(ver.items[0]) +
             ", versionMinor = " + text(ver.items[1]) + ", warpsPerCTA = " + list("warps_per_cta") +
             cga() + ", instrShape = " + list("instr_shape") + "}>";
    }
    if (cls == "AMDMFMALayout") {
      std::string s = "#ttg.amd_mfma<{version = " + scalar("version") +
                      ", warpsPerCTA = " + list("warps_per_cta") +
                      ", instrShape = " + list("instr_shape") +
                      ", isTransposed = " + scalar("transposed") + cga();
      if (opt("tiles_per_warp"))
        s += ", tilesPerWarp = " + list("tiles_per_warp");
      if (opt("element_bitwidth"))
        s += ", elementBitWidth = " + scalar("element_bitwidth");
      return s + "}>";
    }
    if (cls == "AMDWMMALayout") {
      std::string s = "#ttg.amd_wmma<{version = " + scalar("version") +
                      ", isTranspose = " + scalar("transposed") +
                      ", warpsPerCTA = " + list("warps_per_cta") + cga();
      if (opt("tiles_per_warp"))
        s += ", tilesPerWarp = " + list("tiles_per_warp");
      if (opt("instr_shape"))
        s += ", instrShape = " + list("instr_shape");
      return s + "}>";
    }
    if (cls == "SwizzledSharedLayout")
      return "#ttg.swizzled_shared<{vec = " + scalar("vec") +
             ", perPhase = " + scalar("per_phase") + ", maxPhase = " + scalar("max_phase") +
             ", order = " + list("order") + cga() + "}>";
    if (cls == "NVMMASharedLayout") {
      std::string s = "#ttg.nvmma_shared<{swizzlingByteWidth = " + scalar("swizzle_byte_width") +
                      ", transposed = " + (opt("transposed") ? scalar("transposed") : "false") +
                      ", elementBitWidth = " + scalar("element_bitwidth");
      if (opt("fp4_padded") && scalar("fp4_padded") == "true")
        s += ", fp4Padded = true";
      const std::string c = cga();
      if (c.empty())
        s += ", rank = " + (opt("rank") ? scalar("rank") : "2");
      return s + c + "}>";
    }
    if (cls == "PaddedSharedLayout") {
      const PyValue &pairs = req("interval_padding_pairs");
      if (pairs.kind != PyValue::List || pairs.items.empty())
        p_.failAt(pairs.column,
                  cls + ": 'interval_padding_pairs' must be a list of [interval, padding]");
      std::string s = "#ttg.padded_shared<[";
      for (size_t i = 0; i < pairs.items.size(); ++i) {
        const PyValue &pr = pairs.items[i];
        if (pr.kind != PyValue::List || pr.items.size() != 2)
          p_.failAt(pr.column, cls + ": each interval_padding_pairs entry is [interval, padding]");
        s += (i ? ", " : "") + text(pr.items[0]) + ":+" + text(pr.items[1]);
      }
      s += "] {offset = " + list("offset_bases");
      const PyValue *blk = opt("cga_layout"); // Triton's padded_shared always spells block
      s += ", block = " + (blk ? text(*blk) : std::string("[]"));
      checkShape(req("shape"));
      return s + "}>";
    }
    if (cls == "SharedLinearLayout") {
      std::string s = "#ttg.shared_linear<{offset = " + list("offset_bases");
      const PyValue *blk = opt("block_bases");
      if (blk && !blk->items.empty())
        s += ", block = " + text(*blk);
      return s + "}, alignment = " + (opt("alignment") ? scalar("alignment") : "16") + ">";
    }
    if (cls == "TensorMemoryLayout") {
      const PyValue &blk = req("block");
      if (blk.kind != PyValue::List || blk.items.size() != 2)
        p_.failAt(blk.column, cls + ": 'block' must be (M, N)");
      std::string s = "#ttng.tensor_memory_encoding<blockM = " + text(blk.items[0]) +
                      ", blockN = " + text(blk.items[1]) + ", colStride = " + scalar("col_stride");
      s += ctaSplit(", ");
      if (opt("two_ctas") && scalar("two_ctas") == "true")
        s += ", twoCTAs = true";
      return s + ">";
    }
    if (cls == "TensorMemoryScalesLayout") {
      std::string s = ctaSplit("");
      if (s.rfind(", ", 0) == 0)
        s = s.substr(2);
      return "#ttng.tensor_memory_scales_encoding<" + s + ">";
    }
    throw Error(field_, "'" + cls + "' is not a Gluon 3.6 layout class");
  }

  // cta_split_num=(m, n): written only where it is not 1, as Triton prints it.
  std::string ctaSplit(const std::string &lead) const {
    const PyValue *v = opt("cta_split_num");
    if (!v)
      return "";
    if (v->kind != PyValue::List || v->items.size() != 2)
      p_.failAt(v->column, cls_ + ": 'cta_split_num' must be (M, N)");
    std::string s;
    if (text(v->items[0]) != "1")
      s += ", CTASplitM = " + text(v->items[0]);
    if (text(v->items[1]) != "1")
      s += ", CTASplitN = " + text(v->items[1]);
    (void)lead;
    return s;
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
    ir::LayoutInput in;
    in.encoding = ir::parseEncoding(attr);
    return in;
  } catch (const Error &e) {
    // The attribute reader names the attribute's field; name the Gluon argument instead.
    static const std::map<std::string, std::string> gluonName = {
        {"sizePerThread", "size_per_thread"},
        {"threadsPerWarp", "threads_per_warp"},
        {"warpsPerCTA", "warps_per_cta"},
        {"CGALayout", "cga_layout"},
        {"instrShape", "instr_shape"},
        {"versionMajor", "version"},
        {"versionMinor", "version"},
        {"opIdx", "operand_index"},
        {"kWidth", "k_width"},
        {"isTransposed", "transposed"},
        {"isTranspose", "transposed"},
        {"tilesPerWarp", "tiles_per_warp"},
        {"elementBitWidth", "element_bitwidth"},
        {"perPhase", "per_phase"},
        {"maxPhase", "max_phase"},
        {"swizzlingByteWidth", "swizzle_byte_width"},
        {"register", "reg_bases"},
        {"lane", "lane_bases"},
        {"warp", "warp_bases"},
        {"block", "block_bases"},
        {"offset", "offset_bases"},
        {"blockM", "block"},
        {"blockN", "block"},
        {"colStride", "col_stride"},
        {"fp4Padded", "fp4_padded"},
        {"CTASplitM", "cta_split_num"},
        {"CTASplitN", "cta_split_num"}};
    auto it = gluonName.find(e.field());
    const std::string arg = it != gluonName.end() ? it->second : e.field();
    throw Error(field, arg.empty() ? e.rule() : arg + ": " + e.rule());
  }
}

} // namespace ls::notation::gluon
