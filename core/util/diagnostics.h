// Diagnostics: what a reader found wrong, each with where it is.
//
// A reader of a whole file does not stop at the first problem: it records a
// Diagnostic and goes on (MLIR's parser stops; ours must show every bad line
// of a pasted dump at once). The first error is what a command-line tool
// prints as its one `error:` line; the GUI lists them all.
#pragma once

#include <string>
#include <vector>

#include "util/source_text.h"

namespace ls {

struct Diagnostic {
  enum class Severity { Error, Warning, Note };
  Severity severity = Severity::Error;
  SourcePos pos;
  std::string message;

  // "12:7: error: expected ')'"
  std::string text() const {
    const char *sev = severity == Severity::Error     ? "error"
                      : severity == Severity::Warning ? "warning"
                                                      : "note";
    return std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " + sev + ": " +
           message;
  }
};

class Diagnostics {
public:
  void error(SourcePos pos, std::string message) {
    items_.push_back({Diagnostic::Severity::Error, pos, std::move(message)});
  }
  // An error said before every other one (the first the text meets).
  void errorFirst(SourcePos pos, std::string message) {
    items_.insert(items_.begin(), {Diagnostic::Severity::Error, pos, std::move(message)});
  }
  void warning(SourcePos pos, std::string message) {
    items_.push_back({Diagnostic::Severity::Warning, pos, std::move(message)});
  }
  const std::vector<Diagnostic> &all() const { return items_; }
  bool empty() const { return items_.empty(); }
  size_t size() const { return items_.size(); }
  bool hasErrors() const {
    for (const auto &d : items_)
      if (d.severity == Diagnostic::Severity::Error)
        return true;
    return false;
  }

private:
  std::vector<Diagnostic> items_;
};

} // namespace ls
