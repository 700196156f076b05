// Shared helpers of the CLI commands: reading --layout/--shape/--dtype and
// writing layouts as JSON.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "audit/audit_target.h"
#include "cli_command.h"
#include "encodings/encoding.h"
#include "notation/layout_input.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"

namespace ls::ir {
class Module;
struct ModuleFile;
} // namespace ls::ir

namespace ls::cli {

// "64x64" -> {64, 64}; errors name `flag`.
Shape parseShape(const std::string &text, const std::string &flag = "--shape");
// What notation readers need from the flags: --shape (CuTe tiles) and
// --threads-per-warp (CuTe thread split, default 32).
notation::LayoutInputContext layoutContext(const Args &args);

struct ResolvedLayout {
  EncodingPtr encoding;
  Shape shape; // the shape the layout is evaluated on
  std::optional<ir::ElementType> element;
};

// --file F: the TTGIR/MLIR text that layout flags may refer to. Every
// command taking a layout declares it (kFileOption); the file is read once.
extern const OptionSpec kFileOption;
struct FileContext {
  std::string path;
  std::shared_ptr<const ir::ModuleFile> file;
  const ir::Module *module = nullptr; // the first module with attributes, or the first
  // What the reader could not read: printed once a layout flag has been read
  // (a command whose layout fails says one error line only).
  mutable std::vector<std::string> pendingWarnings;
};
// A `warning: ...` line for stderr, said once the command has succeeded (a
// command that fails says its one `error:` line only).
void warn(const std::string &line);
// Prints the warnings held so far (main does, after a command succeeds).
void flushWarnings(std::ostream &err);
// The file's layout warnings (what Triton 3.6 reads oddly: ModuleFile::warnings),
// each `warning: PATH:LINE:COL: #alias: field: what`, held like warn().
void warnFileLayouts(const ir::ModuleFile &file, const std::string &path);

// Null without --file; throws ls::Error (field --file) for a file that is not MLIR text.
const FileContext *fileContext(const Args &args);

// A layout flag's text, read through notation::readLayoutInput with --file's
// aliases: `#alias`, an attribute or type as written in F, or `@LINE` (the
// result type of the op that starts on that line of F). Trailing text after
// the first complete type or attribute (`loc(...)`, ` -> ...`, `}`) is
// ignored with one `warning:` line on stderr.
ir::LayoutInput readLayoutFlag(const Args &args, const std::string &flag);

// The flag's value, else the --file module's attribute of that name
// (num-warps, threads-per-warp, num-ctas, target), else nullopt.
std::optional<std::string> flagOrModule(const Args &args, const std::string &flag);

// The machine a command models: --target if given (any spelling: sm80,
// cuda:90, gfx942, hip:gfx950 ...), else --file's module ttg.target, else
// what the layout says: 64 lanes per warp is AMD CDNA (gfx942), 32 is
// NVIDIA (sm90). `lanes` is the layout's warp width.
audit::AuditTarget machineTarget(const Args &args, int lanes);
// --target as given (nullopt if absent); an empty value is an error.
std::optional<std::string> targetFlag(const Args &args);

// The element a tensor of pointers reads or writes: `!tt.ptr<f32>` -> f32 (the
// audit lists a global access or an async copy by its pointer tensor); any
// other element as it is.
ir::ElementType accessedElement(const ir::ElementType &element);

// --layout with --shape (required unless the layout is given as a type).
ResolvedLayout resolveLayout(const Args &args, const std::string &layoutFlag = "layout",
                             bool requireShape = true);

// --syntax 3.6 (default) | legacy.
ir::Syntax parseSyntaxFlag(const Args &args);

// Reads a whole file (for --file); errors name the flag.
std::string readFile(const std::string &path, const std::string &flag);
// Writes to -o FILE atomically, or to `out`.
void writeOutput(const Args &args, std::ostream &out, const std::string &text);

} // namespace ls::cli
