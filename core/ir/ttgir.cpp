#include "ir/ttgir.h"

#include <cctype>
#include <set>

#include "notation/mlir/attr_syntax_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"
#include "util/limits.h"

namespace ls::ir {

namespace {

bool isLayoutAttr(const Value &v) {
  if (v.kind != Value::Kind::Attr)
    return false;
  if (v.name == "shared_memory" || v.name == "tensor_memory")
    return false;
  return v.dialect == "ttg" || v.dialect == "triton_gpu" || v.dialect == "ttng" ||
         v.dialect == "triton_nvidia_gpu";
}

std::optional<int> intAttr(std::string_view text, std::string_view key) {
  // Matches `"ttg.num-warps" = 4 : i32` (quoted or not) and the older
  // triton_gpu spelling.
  for (std::string prefix : {"ttg.", "triton_gpu."}) {
    std::string k = prefix + std::string(key);
    size_t pos = text.find(k);
    while (pos != std::string_view::npos) {
      size_t p = pos + k.size();
      if (p < text.size() && text[p] == '"')
        ++p;
      while (p < text.size() && text[p] == ' ')
        ++p;
      if (p < text.size() && text[p] == '=') {
        ++p;
        while (p < text.size() && text[p] == ' ')
          ++p;
        int v = 0;
        bool any = false;
        while (p < text.size() && std::isdigit(static_cast<unsigned char>(text[p])) && v < 1000000) {
          v = v * 10 + (text[p] - '0');
          ++p;
          any = true;
        }
        if (any)
          return v;
      }
      pos = text.find(k, pos + 1);
    }
  }
  return std::nullopt;
}

} // namespace

TtgirModule parseTtgir(std::string_view text) {
  if (text.size() > static_cast<size_t>(limits::kMaxFileBytes))
    throw Error("--file", "the TTGIR text is larger than " +
                              std::to_string(limits::kMaxFileBytes >> 20) + " MiB");
  TtgirModule m;
  // Pass 1: alias definitions at column 0.
  std::vector<std::pair<std::string, std::pair<ValuePtr, size_t>>> defs;
  size_t lineNo = 0, pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos)
      end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    ++lineNo;
    if (!line.empty() && line[0] == '#') {
      size_t eq = line.find(" = ");
      if (eq != std::string_view::npos) {
        std::string name(line.substr(1, eq - 1));
        std::string_view body = line.substr(eq + 3);
        while (!body.empty() && (body.back() == '\r' || body.back() == ' '))
          body.remove_suffix(1);
        bool simpleName = !name.empty();
        for (char c : name)
          simpleName = simpleName && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
        if (simpleName && body.rfind("loc(", 0) != 0 && !body.empty() && body[0] == '#') {
          try {
            ValuePtr v = parseAttributeText(body);
            m.aliases[name] = v;
            defs.push_back({name, {v, lineNo}});
          } catch (const Error &e) {
            throw Error("#" + name, "line " + std::to_string(lineNo) + ": " + e.what());
          }
        }
      }
    }
    pos = end + 1;
  }
  for (const auto &[name, def] : defs) {
    if (!isLayoutAttr(*def.first))
      continue;
    try {
      EncodingPtr enc = buildEncoding(*def.first, &m.aliases, 0);
      enc->validate();
      m.layouts.push_back({name, enc, def.second});
    } catch (const Error &e) {
      throw Error("#" + name, "line " + std::to_string(def.second) + ": " + e.what());
    }
  }
  // Pass 2: module attributes.
  m.numWarps = intAttr(text, "num-warps");
  m.threadsPerWarp = intAttr(text, "threads-per-warp");
  m.numCTAs = intAttr(text, "num-ctas");
  if (size_t t = text.find("ttg.target = \""); t != std::string_view::npos) {
    size_t s = t + 14, e = text.find('"', s);
    if (e != std::string_view::npos && e - s < 64)
      m.target = std::string(text.substr(s, e - s));
  }
  // Pass 3: tensor and memdesc types in the body.
  std::set<std::string> seen;
  for (const char *needle : {"tensor<", "!ttg.memdesc<"}) {
    size_t at = 0;
    // Lines counted up to `countedTo` so far: occurrences come in order, so
    // counting on from the last one keeps the pass linear (counting from the
    // start each time took 8.5 s on a 700 KB file; fuzz_module found it).
    size_t countedTo = 0, lineAt = 1;
    while ((at = text.find(needle, at)) != std::string_view::npos) {
      size_t start = at;
      at += 1;
      if (std::string_view(needle) == "tensor<" && start > 0 &&
          (std::isalnum(static_cast<unsigned char>(text[start - 1])) || text[start - 1] == '.'))
        continue;
      for (; countedTo < start; ++countedTo)
        lineAt += text[countedTo] == '\n';
      const size_t lineOf = lineAt;
      try {
        SyntaxParser p(text.substr(start, std::min<size_t>(text.size() - start, 1 << 16)));
        TypeText t = p.parseType();
        if (!t.encoding)
          continue;
        EncodingPtr enc = buildEncoding(*t.encoding, &m.aliases, 0);
        enc->validate();
        validateShape(Shape(t.shape.begin(), t.shape.end()), enc->rank());
        std::string key = printEncoding(*enc) + "|" + t.elementType;
        for (int64_t d : t.shape)
          key += "x" + std::to_string(d);
        if (!seen.insert(key).second)
          continue;
        TtgirTypeUse use;
        use.encoding = enc;
        use.shape = Shape(t.shape.begin(), t.shape.end());
        use.elementType = t.elementType;
        use.isMemDesc = t.isMemDesc;
        use.line = lineOf;
        if (t.encoding->kind == Value::Kind::AliasRef)
          use.aliasName = t.encoding->text;
        m.types.push_back(std::move(use));
      } catch (const Error &) {
        // Not a layout type we model (e.g. a pointer tensor without encoding).
      }
    }
  }
  return m;
}

} // namespace ls::ir
