// Errors raised by the engine.
//
// The engine reports bad input by throwing ls::Error. Every message names the
// offending field (a parameter, an attribute key, a command-line flag) and the
// rule it broke, so that the CLI can print it as one `error:` line and the GUI
// can show it next to the field. Programming errors inside the engine
// (violated preconditions) throw ls::InternalError; the front ends report those
// the same way instead of crashing.
#pragma once

#include <stdexcept>
#include <string>

namespace ls {

class Error : public std::runtime_error {
public:
  // `field` names what the user controls ("sizePerThread", "--shape", ...);
  // `rule` says what was expected of it.
  Error(std::string field, const std::string &rule)
      : std::runtime_error(field.empty() ? rule : field + ": " + rule),
        field_(std::move(field)), rule_(rule) {}

  const std::string &field() const { return field_; }
  const std::string &rule() const { return rule_; }

private:
  std::string field_;
  std::string rule_;
};

class InternalError : public std::logic_error {
public:
  explicit InternalError(const std::string &what) : std::logic_error(what) {}
};

// Throws InternalError when a precondition does not hold.
inline void require(bool condition, const char *what) {
  if (!condition)
    throw InternalError(what);
}

} // namespace ls
