// `layouts`: every layout a TTGIR/MLIR file uses - each alias, then each
// distinct layout written inline in tensor<>, !ttg.memdesc<> and
// !tt.tensordesc<> types - in canonical text with the lines that use it.
// The file is read by the module reader (core/ir): what it could not read is
// said on stderr as `warning:` lines with line:column. A file that is not MLIR
// text, or holds no layout, is an error.
//
// Text, one layout a line (an MLIR comment gives the lines of the values of
// that layout, so the output still reads as MLIR):
//   #blocked = #ttg.blocked<{...}>  // lines 12, 40
//   #ttg.slice<{dim = 1, parent = #ttg.blocked<{...}>}>  // lines 57
// JSON: [{"alias"?, "layout", "uses": [{"line", "type", "linear"}]}], where
// `linear` is the layout's bases on that type's shape (`linear --json`).
#include <iostream>

#include "cli_common.h"
#include "ir/file_layouts.h"
#include "ir/module_reader.h"
#include "notation/mlir/layout_printer.h"
#include "report/layout_report.h"
#include "util/error.h"
#include "util/json_writer.h"

namespace ls::cli {
namespace {

std::string linesText(const ir::FileLayout &l) {
  std::string s;
  int last = 0;
  for (const auto &u : l.uses)
    if (u.line != last) {
      s += (s.empty() ? "  // lines " : ", ") + std::to_string(u.line);
      last = u.line;
    }
  return s;
}

int runLayouts(const Args &args, std::ostream &out) {
  const FileContext *ctx = fileContext(args); // reads --file; not MLIR text is an error
  if (!ctx)
    args.required("file");
  for (const std::string &w : ctx->pendingWarnings)
    warn(w);
  ctx->pendingWarnings.clear();
  warnFileLayouts(*ctx->file, ctx->path);
  const ir::Syntax syntax = parseSyntaxFlag(args);
  std::vector<std::pair<int, std::string>> unspelled;
  const std::vector<ir::FileLayout> layouts = ir::fileLayouts(*ctx->file, syntax, &unspelled);
  for (const auto &[line, why] : unspelled)
    warn("warning: " + ctx->path + ":" + std::to_string(line) + ": " + why + " (not listed)");
  if (layouts.empty() && !unspelled.empty())
    throw Error("--file", "'" + ctx->path + "' holds no layout with a spelling in this syntax (" +
                              unspelled.front().second + ")");
  if (layouts.empty())
    throw Error("--file", "'" + ctx->path + "' holds no layout (no layout alias, and no " +
                              "tensor<>/!ttg.memdesc<>/!tt.tensordesc<> type with one)");
  if (args.flag("json")) {
    JsonWriter w;
    w.beginArray();
    for (const ir::FileLayout &l : layouts) {
      w.beginObject();
      if (!l.alias.empty())
        w.key("alias").value("#" + l.alias);
      w.key("layout").value(ir::printEncoding(*l.encoding, syntax));
      w.key("uses").beginArray();
      for (const auto &u : l.uses) {
        w.beginObject()
            .key("line")
            .value(static_cast<int64_t>(u.line))
            .key("type")
            .value(u.typeText);
        w.key("linear");
        if (u.shapeFits) {
          // Shared layouts are evaluated on the trailing dims of the allocation.
          w.beginObject();
          report::writeBases(w, l.encoding->toLinearLayout(u.layoutShape));
          w.key("shape").array(u.layoutShape).endObject();
        } else {
          w.null();
        }
        w.endObject();
      }
      w.endArray().endObject();
    }
    w.endArray();
    out << w.str() << "\n";
    return 0;
  }
  for (const ir::FileLayout &l : layouts) {
    if (!l.alias.empty())
      out << "#" << l.alias << " = ";
    out << ir::printEncoding(*l.encoding, syntax) << linesText(l) << "\n";
  }
  return 0;
}

CommandRegistration reg({"layouts",
                         "list every layout of a TTGIR file (aliases and inline) with its lines",
                         {{"file", true, "TTGIR/MLIR file"},
                          {"syntax", true, "3.6 (default), legacy or main"},
                          {"json", false, "print JSON"}},
                         false,
                         runLayouts});

} // namespace
} // namespace ls::cli
