// Command registry and argument parsing for layout-studio-cli.
//
// Each command lives in its own file and registers itself with a static
// CommandRegistration, declaring the options it accepts, so that adding a
// command touches no shared file.
#pragma once

#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace ls::cli {

struct OptionSpec {
  std::string name;     // without the leading "--", e.g. "layout"
  bool takesValue;      // false for switches such as --json
  std::string help;
};

class Args {
public:
  // Value of --name; throws ls::Error naming the flag if absent.
  const std::string &required(const std::string &name) const;
  std::optional<std::string> optional(const std::string &name) const;
  bool flag(const std::string &name) const { return switches_.count(name) > 0; }

  std::map<std::string, std::string> values_;
  std::map<std::string, bool> switches_;
  std::vector<std::string> positional_;
};

struct Command {
  std::string name;
  std::string summary;
  std::vector<OptionSpec> options;
  bool allowsPositional = false;
  std::function<int(const Args &, std::ostream &)> run;
};

struct CommandRegistration {
  explicit CommandRegistration(Command command);
};

const std::vector<Command> &commands();

// Parses argv and runs the command; returns the exit status.
int run(int argc, char **argv, std::ostream &out);

} // namespace ls::cli
