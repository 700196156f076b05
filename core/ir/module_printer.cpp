#include "ir/module_printer.h"

#include <cctype>

#include "ir/type_printer.h"

namespace ls::ir {

namespace {

std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

bool isBareKey(const std::string &k) {
  if (k.empty() || !(std::isalpha(static_cast<unsigned char>(k[0])) || k[0] == '_'))
    return false;
  for (char c : k)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.'))
      return false;
  return true;
}

class Printer {
public:
  explicit Printer(const Module &m) : m_(m) {}

  std::string run() {
    // The attribute aliases first, nested aliases kept as references.
    if (m_.aliases)
      for (const auto &[name, attr] : *m_.aliases)
        out_ += "#" + name + " = " + attributeSyntaxText(*attr, nullptr) + "\n";
    out_ += "module";
    if (m_.moduleOp >= 0) {
      const Operation &mod = m_.ops[m_.moduleOp];
      std::string attrs = attributes(mod, /*skipSymName=*/false);
      if (!attrs.empty())
        out_ += " attributes " + attrs;
      out_ += " {\n";
      for (int r : mod.regions)
        for (int b : m_.regions[r].blocks)
          for (int op : m_.blocks[b].operations)
            printOp(op, 1);
    } else {
      out_ += " {\n";
    }
    out_ += "}";
    if (m_.moduleOp >= 0) {
      const Location &loc = m_.ops[m_.moduleOp].loc;
      if (loc.known() || !loc.name.empty())
        out_ += " loc(" + locationText(loc) + ")";
    }
    out_ += "\n";
    return std::move(out_);
  }

private:
  std::string name(int v) const { return v >= 0 ? "%v" + std::to_string(v) : "%undefined"; }
  std::string type(int v) const {
    return v >= 0 && !m_.values[v].typeText.empty() ? std::string(m_.values[v].typeText) : "none";
  }

  std::string attributes(const Operation &op, bool skipSymName) const {
    std::string s;
    for (const auto &[k, v] : op.attributes) {
      if (skipSymName && k == "sym_name")
        continue;
      s += s.empty() ? "{" : ", ";
      s += isBareKey(k) ? k : quoted(k);
      if (!v.empty())
        s += " = " + v;
    }
    return s.empty() ? s : s + "}";
  }

  void printOp(int o, int indent) {
    const Operation &op = m_.ops[o];
    std::string pad(2 * indent, ' ');
    out_ += pad;
    for (size_t i = 0; i < op.results.size(); ++i)
      out_ += (i ? ", " : "") + name(op.results[i]);
    if (!op.results.empty())
      out_ += " = ";
    out_ += quoted(op.name) + "(";
    for (size_t i = 0; i < op.operands.size(); ++i)
      out_ += (i ? ", " : "") + name(op.operands[i]);
    out_ += ")";
    if (!op.regions.empty()) {
      out_ += " (";
      for (size_t r = 0; r < op.regions.size(); ++r) {
        out_ += r ? ", {\n" : "{\n";
        const Region &region = m_.regions[op.regions[r]];
        for (size_t bi = 0; bi < region.blocks.size(); ++bi) {
          const Block &b = m_.blocks[region.blocks[bi]];
          if (bi > 0 || !b.arguments.empty() || !b.label.empty()) {
            out_ += pad + "^bb" + std::to_string(region.blocks[bi]);
            if (!b.arguments.empty()) {
              out_ += "(";
              for (size_t a = 0; a < b.arguments.size(); ++a) {
                int v = b.arguments[a];
                out_ += (a ? ", " : "") + name(v) + ": " + type(v);
                if (m_.values[v].loc.known() || !m_.values[v].loc.name.empty())
                  out_ += " loc(" + locationText(m_.values[v].loc) + ")";
              }
              out_ += ")";
            }
            out_ += ":\n";
          }
          for (int inner : b.operations)
            printOp(inner, indent + 1);
        }
        out_ += pad + "}";
      }
      out_ += ")";
    }
    std::string attrs = attributes(op, /*skipSymName=*/false);
    if (!attrs.empty())
      out_ += " " + attrs;
    out_ += " : (";
    for (size_t i = 0; i < op.operands.size(); ++i)
      out_ += (i ? ", " : "") + type(op.operands[i]);
    out_ += ") -> (";
    for (size_t i = 0; i < op.results.size(); ++i)
      out_ += (i ? ", " : "") + type(op.results[i]);
    out_ += ")";
    if (op.loc.known() || !op.loc.name.empty())
      out_ += " loc(" + locationText(op.loc) + ")";
    out_ += "\n";
  }

  const Module &m_;
  std::string out_;
};

} // namespace

std::string locationText(const Location &loc) {
  std::string s;
  if (loc.frames.empty()) {
    s = "unknown";
  } else {
    // callsite(f0 at callsite(f1 at f2)): frames innermost first.
    auto frame = [](const FileLineCol &f) {
      return quoted(f.file) + ":" + std::to_string(f.line) + ":" + std::to_string(f.column);
    };
    s = frame(loc.frames.back());
    for (size_t i = loc.frames.size() - 1; i-- > 0;)
      s = "callsite(" + frame(loc.frames[i]) + " at " + s + ")";
  }
  if (!loc.name.empty())
    s = quoted(loc.name) + "(" + s + ")";
  return s;
}

std::string printModuleGeneric(const Module &m) {
  return Printer(m).run();
}

} // namespace ls::ir
