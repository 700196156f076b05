#include "ir/file_layouts.h"

#include <algorithm>
#include <map>
#include <set>

#include "ir/type_printer.h"
#include "notation/mlir/layout_printer.h"

namespace ls::ir {

namespace {

struct Found {
  int line;
  const SsaValue *value;
  const Module *module;
};

} // namespace

std::vector<FileLayout> fileLayouts(const ModuleFile &f, Syntax syntax,
                                    std::vector<std::pair<int, std::string>> *unspelled) {
  std::vector<FileLayout> out;
  std::map<std::string, size_t> byAlias, byInline;
  for (const LayoutAlias &a : f.layoutAliases) {
    FileLayout l;
    l.alias = a.name;
    l.encoding = a.encoding;
    try {
      l.layoutText = printEncoding(*a.encoding, syntax);
    } catch (const std::exception &e) {
      if (unspelled) // no spelling in this syntax: not listed, and said
        unspelled->push_back({a.line, "#" + a.name + ": " + e.what()});
      continue;
    }
    l.line = a.line;
    byAlias[a.name] = out.size();
    out.push_back(std::move(l));
  }
  // Values in source order (line, then definition order).
  std::vector<Found> values;
  for (const Module &m : f.modules)
    for (const SsaValue &v : m.values)
      if (v.type && v.type->encoding && v.encoding)
        values.push_back({v.pos.line, &v, &m});
  std::stable_sort(values.begin(), values.end(),
                   [](const Found &a, const Found &b) { return a.line < b.line; });
  std::set<std::pair<size_t, std::pair<int, std::string>>> seen;
  for (const Found &fv : values) {
    const SsaValue &v = *fv.value;
    const Value &enc = *v.type->encoding;
    size_t index;
    if (enc.kind == Value::Kind::AliasRef) {
      auto it = byAlias.find(enc.text);
      if (it == byAlias.end())
        continue; // an alias that is not a layout we build
      index = it->second;
    } else {
      std::string text;
      try {
        text = printEncoding(*v.encoding, syntax);
      } catch (const std::exception &e) {
        if (unspelled && std::none_of(unspelled->begin(), unspelled->end(), [&](const auto &u) {
              return u.second == std::string("inline layout: ") + e.what();
            }))
          unspelled->push_back({fv.line, std::string("inline layout: ") + e.what()});
        continue;
      }
      auto it = byInline.find(text);
      if (it == byInline.end()) {
        FileLayout l;
        l.encoding = v.encoding;
        l.layoutText = text;
        l.line = fv.line;
        it = byInline.emplace(text, out.size()).first;
        out.push_back(std::move(l));
      }
      index = it->second;
    }
    FileLayoutUse u;
    u.line = fv.line;
    u.typeText =
        canonicalTypeText(*v.type, v.encoding.get(), fv.module->aliases.get(), v.isTensorDesc);
    if (!seen.insert({index, {u.line, u.typeText}}).second)
      continue;
    u.shape = v.shape();
    u.elementType = v.type->elementType;
    u.isMemDesc = v.type->isMemDesc;
    u.isTensorDesc = v.isTensorDesc;
    u.layoutShape = u.shape;
    const size_t rank = static_cast<size_t>(std::max(0, v.encoding->rank()));
    if (u.isMemDesc && u.shape.size() > rank)
      u.layoutShape = Shape(u.shape.end() - static_cast<long>(rank), u.shape.end());
    try {
      validateShape(u.layoutShape, v.encoding->rank());
      u.shapeFits = true;
    } catch (const std::exception &) {
      u.shapeFits = false;
    }
    out[index].uses.push_back(std::move(u));
  }
  return out;
}

} // namespace ls::ir
