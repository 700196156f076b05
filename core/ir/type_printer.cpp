#include "ir/type_printer.h"

#include "notation/mlir/layout_printer.h"
#include "util/ascii.h"
#include "util/error.h"

namespace ls::ir {

namespace {
constexpr int kMaxAliasDepth = 64;
} // namespace

std::string attributeSyntaxText(const Value &v, const AliasMap *aliases, int depth) {
  if (depth > kMaxAliasDepth)
    throw Error("attribute", "aliases nest deeper than " + std::to_string(kMaxAliasDepth));
  auto list = [&](const std::vector<ValuePtr> &items) {
    std::string s;
    for (size_t i = 0; i < items.size(); ++i)
      s += (i ? ", " : "") + attributeSyntaxText(*items[i], aliases, depth + 1);
    return s;
  };
  auto entries = [&](const std::vector<std::pair<std::string, ValuePtr>> &es) {
    std::string s;
    for (size_t i = 0; i < es.size(); ++i)
      s += (i ? ", " : "") + es[i].first + " = " +
           attributeSyntaxText(*es[i].second, aliases, depth + 1);
    return s;
  };
  switch (v.kind) {
  case Value::Kind::Integer:
    return std::to_string(v.integer);
  case Value::Kind::Bool:
    return v.integer ? "true" : "false";
  case Value::Kind::Ident:
    return v.text;
  case Value::Kind::String:
    return "\"" + v.text + "\"";
  case Value::Kind::Interval:
    return std::to_string(v.integer) + ":+" + std::to_string(v.padding);
  case Value::Kind::List:
    return "[" + list(v.items) + "]";
  case Value::Kind::AliasRef: {
    if (aliases) {
      auto it = aliases->find(v.text);
      if (it != aliases->end())
        return attributeSyntaxText(*it->second, aliases, depth + 1);
    }
    return "#" + v.text;
  }
  case Value::Kind::Attr: {
    std::string s = "#" + v.dialect + "." + v.name;
    if (!v.hasBody)
      return s;
    std::string body = list(v.positional);
    if (!v.entries.empty())
      body += (body.empty() ? "{" : " {") + entries(v.entries) + "}";
    if (!v.extraEntries.empty())
      body += ", " + entries(v.extraEntries);
    return s + "<" + body + ">";
  }
  }
  return "";
}

std::string canonicalTypeText(const TypeText &type, const Encoding *encoding,
                              const AliasMap *aliases, bool isTensorDesc,
                              const std::string *encodingText) {
  std::string s = type.isMemDesc ? "!ttg.memdesc<" : "tensor<";
  for (int64_t d : type.shape)
    s += std::to_string(d) + "x";
  s += type.elementType;
  if (type.encoding && encodingText) {
    s += ", " + *encodingText;
  } else if (type.encoding) {
    s += ", ";
    std::string enc;
    try {
      enc = encoding ? printEncoding(*encoding) : "";
    } catch (const std::exception &) {
      enc.clear(); // no canonical spelling (yet): the attribute as written, aliases inlined
    }
    s += enc.empty() ? attributeSyntaxText(*type.encoding, aliases) : enc;
  }
  for (const ValuePtr &t : type.trailing)
    s += ", " + attributeSyntaxText(*t, aliases);
  // Triton prints the allocation shape only where it differs from the shape
  // (`!ttg.memdesc<16x32xf16, ..., 16x32>` is `!ttg.memdesc<16x32xf16, ...>`).
  if (!type.allocShape.empty() && type.allocShape != type.shape)
    s += ", " + shapeText(type.allocShape);
  s += ">";
  return isTensorDesc ? "!tt.tensordesc<" + s + ">" : s;
}

std::string pointeeTypeText(const std::string &t) {
  size_t p = t.find("!tt.ptr<");
  if (p == std::string::npos)
    return t;
  size_t s = p + 8;
  int depth = 1;
  size_t comma = std::string::npos, e = s;
  for (; e < t.size() && depth > 0; ++e) {
    if (t[e] == '<')
      ++depth;
    else if (t[e] == '>' && --depth == 0)
      break;
    else if (t[e] == ',' && depth == 1 && comma == std::string::npos)
      comma = e;
  }
  if (e >= t.size())
    return t;
  std::string elem = std::string(
      trimAsciiSpace(std::string_view(t).substr(s, (comma == std::string::npos ? e : comma) - s)));
  return t.substr(0, p) + elem + t.substr(e + 1);
}


} // namespace ls::ir
