#include "cli_common.h"

#include "ir/type_printer.h"
#include "notation/layout_input.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "ir/module_reader.h"
#include "notation/mlir/attr_syntax_parser.h"
#include "util/ascii.h"
#include "util/error.h"
#include "util/json_writer.h"
#include "util/limits.h"

namespace ls::cli {

Shape parseShape(const std::string &text, const std::string &flag) {
  Shape shape;
  if (text.empty())
    throw Error(flag, "is empty; expected dims separated by 'x', e.g. 64x64");
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find('x', i);
    std::string part = text.substr(i, j == std::string::npos ? std::string::npos : j - i);
    if (part.empty() || part.size() > 12 ||
        part.find_first_not_of("0123456789") != std::string::npos)
      throw Error(flag, "'" + text +
                            "' is not a shape; expected positive integers separated by "
                            "'x', e.g. 64x64");
    shape.push_back(std::stoll(part));
    if (shape.size() > static_cast<size_t>(limits::kMaxRank))
      throw Error(flag,
                  "at most " + std::to_string(limits::kMaxRank) + " dimensions are supported");
    if (j == std::string::npos)
      break;
    i = j + 1;
  }
  validateShape(shape, 0, flag);
  return shape;
}

notation::LayoutInputContext layoutContext(const Args &args) {
  notation::LayoutInputContext ctx;
  if (auto s = args.optional("shape"))
    ctx.shape = parseShape(*s);
  // Commands that build layouts check --threads-per-warp with their own rule;
  // here it only splits a CuTe thread index (the CuTe reader checks it).
  if (auto t = args.optional("threads-per-warp")) {
    // Never dropped quietly: a value that is no count is the flag's error.
    if (t->empty() || t->size() > 6 || t->find_first_not_of("0123456789") != std::string::npos)
      throw Error("--threads-per-warp", "must be a number of lanes (32, or 64 on CDNA), got '" +
                                            (t->size() > 40 ? t->substr(0, 37) + "..." : *t) +
                                            "'");
    ctx.threadsPerWarp = std::stoi(*t);
  }
  return ctx;
}

const OptionSpec kFileOption{"file", true,
                             "TTGIR/MLIR file whose aliases, types and lines (@LINE) layout "
                             "flags may name; its module attributes are defaults"};

namespace {
std::vector<std::string> &heldWarnings() {
  static std::vector<std::string> held;
  return held;
}
} // namespace

void warn(const std::string &line) {
  auto &held = heldWarnings();
  if (std::find(held.begin(), held.end(), line) == held.end())
    held.push_back(line);
}

void flushWarnings(std::ostream &err) {
  for (const std::string &w : heldWarnings())
    err << w << "\n";
  heldWarnings().clear();
}

void warnFileLayouts(const ir::ModuleFile &file, const std::string &path) {
  for (const Diagnostic &d : file.warnings.all())
    warn("warning: " + path + ":" + std::to_string(d.pos.line) + ":" +
         std::to_string(d.pos.column) + ": " + d.message);
}

const FileContext *fileContext(const Args &args) {
  static std::map<std::string, std::unique_ptr<FileContext>> cache;
  auto path = args.optional("file");
  if (!path)
    return nullptr;
  auto &slot = cache[*path];
  if (slot)
    return slot.get();
  auto ctx = std::make_unique<FileContext>();
  ctx->path = *path;
  auto file = std::make_shared<ir::ModuleFile>(ir::readModuleFile(readFile(*path, "--file")));
  // A bound of util/limits.h stopped the reader (the last diagnostic says
  // which): an error, not a warning about part of the file.
  if (file->stopped) {
    const Diagnostic &d = file->diagnostics.all().back();
    throw Error("--file", "'" + *path + "':" + std::to_string(d.pos.line) + ":" +
                              std::to_string(d.pos.column) + ": " + d.message);
  }
  if (!file->looksLikeMlir()) {
    std::string why;
    if (!file->diagnostics.empty()) {
      const Diagnostic &d = file->diagnostics.all()[0];
      why = " (" + std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + ": " +
            d.message + ")";
    }
    throw Error("--file", "'" + *path + "' is not MLIR text" + why);
  }
  // What the reader could not read, at most kShown lines of it.
  constexpr size_t kShown = 10;
  const auto &diags = file->diagnostics.all();
  for (size_t i = 0; i < diags.size() && i < kShown; ++i)
    ctx->pendingWarnings.push_back("warning: " + *path + ":" + std::to_string(diags[i].pos.line) +
                                   ":" + std::to_string(diags[i].pos.column) + ": " +
                                   diags[i].message);
  if (diags.size() > kShown)
    ctx->pendingWarnings.push_back("warning: " + *path + ": " +
                                   std::to_string(diags.size() - kShown) +
                                   " more lines could not be read");
  for (const ir::Module &m : file->modules)
    if (!ctx->module || (!ctx->module->numWarps && m.numWarps))
      ctx->module = &m;
  ctx->file = std::move(file);
  slot = std::move(ctx);
  return slot.get();
}

namespace {

std::string trimmed(std::string_view s) {
  return std::string(trimAsciiSpace(s));
}

// `@57` -> the result type (as written) of the op starting on line 57, or for
// an op without one (a store) its first register operand's type.
std::string typeAtLine(const FileContext *ctx, const std::string &flag, const std::string &ref) {
  int line = 0;
  for (size_t i = 1; i < ref.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(ref[i])) || line > 100000000)
      throw Error("--" + flag, "expected @LINE, a line number of the --file text");
    line = line * 10 + (ref[i] - '0');
  }
  if (ref.size() < 2 || line < 1)
    throw Error("--" + flag, "expected @LINE, a line number of the --file text");
  if (!ctx)
    throw Error("--" + flag, ref + " names a line: give the file with --file");
  for (const ir::Module &m : ctx->file->modules) {
    int op = m.opAtLine(line);
    if (op < 0)
      continue;
    const ir::Operation &o = m.ops[op];
    auto layoutOf = [&](int v) {
      return v >= 0 && m.values[v].type && m.values[v].type->encoding;
    };
    // --shared: the line's shared buffer (a local_store's or local_load's
    // memdesc operand, a local_alloc's result).
    if (flag == "shared") {
      for (const std::vector<int> *list : {&o.results, &o.operands})
        for (int v : *list)
          if (layoutOf(v) && m.values[v].type->isMemDesc)
            return std::string(m.values[v].typeText);
    }
    for (int v : o.results)
      if (layoutOf(v))
        return std::string(m.values[v].typeText);
    // A store or copy (local_store, tt.store, buffer_store, async copies):
    // its first operand held in registers with a layout - the value stored,
    // or the pointers (whose pointee `sectors` and `banks` then use). A
    // conversion's --from/--to takes the value a tt.store writes.
    const bool value = flag == "from" || flag == "to";
    if (value)
      for (int v : o.operands)
        if (layoutOf(v) && !m.values[v].type->isMemDesc && !m.values[v].isTensorDesc &&
            m.values[v].type->elementType.rfind("!tt.ptr", 0) != 0)
          return std::string(m.values[v].typeText);
    for (int v : o.operands)
      if (layoutOf(v) && !m.values[v].type->isMemDesc && !m.values[v].isTensorDesc)
        return std::string(m.values[v].typeText);
    throw Error("--" + flag, "the op on line " + std::to_string(line) + " of '" + ctx->path +
                                 "' (" + m.ops[op].name + ") has no result with a layout");
  }
  throw Error("--" + flag,
              "no operation starts on line " + std::to_string(line) + " of '" + ctx->path + "'");
}

// Whether the op starting on line `ref` (@LINE) runs in a partition of a
// ttg.warp_specialize, whose warps are its own, not the module's.
bool inWarpSpecializePartition(const FileContext *ctx, const std::string &ref) {
  const int line = std::atoi(ref.c_str() + 1);
  for (const ir::Module &m : ctx->file->modules) {
    int op = m.opAtLine(line);
    if (op < 0)
      continue;
    while (op >= 0) {
      const int block = m.ops[op].parentBlock;
      if (block < 0)
        return false;
      const int region = m.blocks[block].parentRegion;
      op = region < 0 ? -1 : m.regions[region].parentOp;
      if (op >= 0 && m.ops[op].name.rfind("ttg.warp_specialize", 0) == 0)
        return true;
    }
    return false;
  }
  return false;
}

// The first complete MLIR type or attribute of `text`, and what follows it.
std::pair<std::string, std::string> splitTrailing(const std::string &text) {
  if (text.empty() || !(text[0] == '#' || text[0] == '!' || text.rfind("tensor<", 0) == 0))
    return {text, ""};
  try {
    ir::SyntaxParser p(text);
    if (p.atType())
      p.parseType();
    else
      p.parseAttribute(0);
    size_t end = p.lexer().position();
    return {text.substr(0, end), trimmed(text.substr(end))};
  } catch (const Error &) {
    return {text, ""}; // let the reader say what is wrong with it
  }
}

} // namespace

ir::LayoutInput readLayoutFlag(const Args &args, const std::string &flag) {
  const FileContext *ctx = fileContext(args);
  std::string text = trimmed(args.required(flag));
  const bool fromLine = !text.empty() && text[0] == '@';
  bool ownWarps = false; // a warp-specialize partition's type: its warps are its own
  if (fromLine) {
    const std::string ref = text;
    text = typeAtLine(ctx, flag, ref);
    ownWarps = inWarpSpecializePartition(ctx, ref);
  }
  auto [layout, rest] = splitTrailing(text);
  notation::LayoutInputContext c = layoutContext(args);
  if (ctx) {
    c.aliases = ctx->file->aliases.get();
    if (ctx->module && ctx->module->threadsPerWarp && !args.optional("threads-per-warp"))
      c.threadsPerWarp = *ctx->module->threadsPerWarp;
  }
  ir::LayoutInput in;
  try {
    in = notation::readLayoutInput(layout, c, "--" + flag);
  } catch (const Error &e) {
    // The text does not parse: the flag is the field, the syntax error the rule
    // ("--distributed: expected '}' at the end of the text").
    if (e.field() == "attribute text")
      throw Error("--" + flag, e.rule());
    // An alias the text does not define: say which flag, and where aliases come from.
    const bool alias =
        !e.field().empty() && e.field()[0] == '#' && e.field().find('.') == std::string::npos;
    if (!alias)
      throw;
    throw Error("--" + flag, e.field() + ": " + e.rule() +
                                 (ctx ? " ('" + ctx->path + "' does not define it)"
                                      : " (or give the file that defines it with --file)"));
  }
  // A layout in a type of --file's module: its warps, lanes and CTAs are the
  // module's (Triton 3.6 verifies every tensor type against them), @LINE
  // included, except the warps of a type in a ttg.warp_specialize partition
  // (a partition has warps of its own).
  if (ctx && ctx->module && in.shape && !in.encoding->isShared() &&
      !in.encoding->isTensorMemory()) {
    const ir::Module &m = *ctx->module;
    LinearLayout ll;
    bool have = false;
    try {
      ll = in.encoding->toLinearLayout(*in.shape);
      have = true;
    } catch (const std::exception &) {
    }
    auto check = [&](const std::optional<int> &want, const DimName &dim, const char *what,
                     const char *attr) {
      if (!have || !want || ll.getInDimSize(dim) == *want)
        return;
      throw Error("--" + flag, std::string("the layout has ") +
                                   std::to_string(ll.getInDimSize(dim)) + " " + what +
                                   ", but the module of '" + ctx->path + "' says " + attr + " = " +
                                   std::to_string(*want) + " (Triton 3.6 rejects the type)");
    };
    if (!ownWarps)
      check(m.numWarps, kWarp, "warps per CTA", "ttg.num-warps");
    check(m.threadsPerWarp, kLane, "threads per warp", "ttg.threads-per-warp");
    check(m.numCTAs, kBlock, "CTAs", "ttg.num-ctas");
  }
  // A distributed layout whose warps no NVIDIA or AMD GPU runs is still a
  // layout (Triton parses it), but never one of a kernel: say so.
  if (!in.encoding->isShared() && !in.encoding->isTensorMemory()) {
    const int lanes = in.encoding->warpSize();
    if (lanes != 32 && lanes != 64)
      warn("warning: --" + flag + ": " + std::to_string(lanes) +
           " threads per warp; no NVIDIA or AMD GPU runs such warps (NVIDIA and RDNA: 32, "
           "CDNA: 64), so no kernel for them can use this layout");
  }
  // Said only once the layout has been read: a bad layout is one error line.
  if (ctx) {
    for (const std::string &w : ctx->pendingWarnings)
      warn(w);
    ctx->pendingWarnings.clear();
  }
  for (const auto &[field, what] : in.warnings)
    warn("warning: " + field + ": " + what);
  if (!rest.empty())
    warn("warning: --" + flag + ": ignored the text after the " +
         (layout[0] == '#' ? "attribute" : "type") + ": '" +
         (rest.size() > 60 ? rest.substr(0, 57) + "..." : rest) + "'");
  return in;
}

std::optional<std::string> flagOrModule(const Args &args, const std::string &flag) {
  if (auto v = args.optional(flag))
    return v;
  const FileContext *ctx = fileContext(args);
  if (!ctx || !ctx->module)
    return std::nullopt;
  const ir::Module &m = *ctx->module;
  auto num = [](const std::optional<int> &v) -> std::optional<std::string> {
    return v ? std::optional<std::string>(std::to_string(*v)) : std::nullopt;
  };
  if (flag == "num-warps")
    return num(m.numWarps);
  if (flag == "threads-per-warp")
    return num(m.threadsPerWarp);
  if (flag == "num-ctas")
    return num(m.numCTAs);
  if (flag == "target" && !m.target.empty())
    return m.target;
  return std::nullopt;
}

std::optional<std::string> targetFlag(const Args &args) {
  auto t = args.optional("target");
  if (t && trimAsciiSpace(*t).empty())
    throw Error("--target", "is empty: name a machine (sm80, sm90, sm100, sm120, gfx90a, gfx942, "
                            "gfx950, gfx1100, gfx1200, or cuda:N / hip:gfxN)");
  return t;
}

audit::AuditTarget machineTarget(const Args &args, int lanes) {
  if (auto t = targetFlag(args))
    return audit::auditTarget(*t, "--target");
  if (auto t = flagOrModule(args, "target"))
    return audit::auditTarget(*t, "ttg.target");
  return audit::auditTarget(audit::defaultTargetFor(lanes), "--target");
}

ir::ElementType accessedElement(const ir::ElementType &element) {
  if (element.name.rfind("!tt.ptr<", 0) != 0)
    return element;
  return ir::parseElementType(ir::pointeeTypeText(element.name), "element type");
}

ResolvedLayout resolveLayout(const Args &args, const std::string &layoutFlag, bool requireShape) {
  ResolvedLayout r;
  ir::LayoutInput in = readLayoutFlag(args, layoutFlag);
  r.encoding = in.encoding;
  r.element = in.element;
  std::optional<Shape> typeShape = in.shape;
  if (in.isMemDesc && in.allocShape && in.shape) {
    // Triton evaluates shared layouts on the trailing dims of the alloc shape.
    Shape alloc = *in.allocShape;
    if (alloc.size() >= in.shape->size())
      typeShape = Shape(alloc.end() - static_cast<long>(in.shape->size()), alloc.end());
  }
  if (auto s = args.optional("shape")) {
    r.shape = parseShape(*s);
    if (typeShape && *typeShape != r.shape)
      throw Error("--shape", "differs from the shape of the type given with --" + layoutFlag);
  } else if (typeShape) {
    r.shape = *typeShape;
    validateShape(r.shape, 0, "--" + layoutFlag);
  } else if (requireShape) {
    throw Error("--shape", "is required (or give --" + layoutFlag + " as a tensor<...> type)");
  }
  if (auto d = args.optional("dtype")) {
    auto e = ir::parseElementType(*d);
    if (r.element && r.element->name != e.name)
      throw Error("--dtype",
                  "differs from the element type of the type given with --" + layoutFlag);
    r.element = e;
  }
  if (!r.shape.empty())
    validateShape(r.shape, r.encoding->rank(), "--shape");
  return r;
}

ir::Syntax parseSyntaxFlag(const Args &args) {
  auto s = args.optional("syntax");
  if (!s || *s == "3.6")
    return ir::Syntax::Triton36;
  if (*s == "legacy")
    return ir::Syntax::Legacy;
  if (*s == "main")
    return ir::Syntax::Main;
  throw Error("--syntax", "must be 3.6, legacy or main, got '" + *s + "'");
}

std::string readFile(const std::string &path, const std::string &flag) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Error(flag, "'" + path + "' is a directory, not a file");
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) {
    // Say why, as --output does: no such file, or not readable.
    const bool exists = std::filesystem::exists(path, ec);
    throw Error(flag, "cannot read '" + path + "': " +
                          (exists ? "permission denied" : "no such file"));
  }
  // Refuse before reading: a multi-GiB file would otherwise be read whole.
  if (f.tellg() > static_cast<std::streamoff>(limits::kMaxFileBytes))
    throw Error(flag, "'" + path + "' is larger than " +
                          std::to_string(limits::kMaxFileBytes >> 20) + " MiB");
  f.seekg(0);
  std::ostringstream ss;
  ss << f.rdbuf();
  std::string s = ss.str();
  if (s.size() > static_cast<size_t>(limits::kMaxFileBytes))
    throw Error(flag, "'" + path + "' is larger than " +
                          std::to_string(limits::kMaxFileBytes >> 20) + " MiB");
  return s;
}

void writeOutput(const Args &args, std::ostream &out, const std::string &text) {
  auto path = args.optional("output");
  if (!path) {
    out << text;
    return;
  }
  const std::string tmp = *path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f)
      throw Error("-o/--output", "cannot write '" + *path + "': " + std::strerror(errno));
    f << text;
    if (!f.flush())
      throw Error("-o/--output", "cannot write '" + *path + "': " + std::strerror(errno));
  }
  if (std::rename(tmp.c_str(), path->c_str()) != 0) {
    std::remove(tmp.c_str());
    throw Error("-o/--output", "cannot write '" + *path + "': " + std::strerror(errno));
  }
}

} // namespace ls::cli
