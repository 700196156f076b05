#include "cli_command.h"

#include <filesystem>
#include <algorithm>

#include "util/error.h"

namespace ls::cli {

namespace {
std::vector<Command> &registry() {
  static std::vector<Command> r;
  return r;
}

void printUsage(std::ostream &out) {
  out << "usage: layout-studio-cli <command> [options]\n\ncommands:\n";
  std::vector<const Command *> sorted;
  for (const auto &c : registry())
    sorted.push_back(&c);
  std::sort(sorted.begin(), sorted.end(),
            [](const Command *a, const Command *b) { return a->name < b->name; });
  for (const Command *c : sorted)
    out << "  " << c->name << std::string(c->name.size() < 14 ? 14 - c->name.size() : 1, ' ')
        << c->summary << "\n";
  out << "\nRun `layout-studio-cli <command> --help` for its options.\n";
}

void printCommandHelp(const Command &c, std::ostream &out) {
  out << "usage: layout-studio-cli " << c.name << " [options]\n" << c.summary << "\n\noptions:\n";
  for (const auto &o : c.options)
    out << "  --" << o.name << (o.takesValue ? " VALUE" : "") << "\n      " << o.help << "\n";
}
} // namespace

CommandRegistration::CommandRegistration(Command command) {
  // A CuTe thread index is split into lane/warp by the warp size: every
  // command that reads a layout takes --threads-per-warp.
  const auto &o = command.options;
  auto has = [&](const char *n) {
    return std::any_of(o.begin(), o.end(), [&](const OptionSpec &s) { return s.name == n; });
  };
  if (has("layout") && !has("threads-per-warp"))
    command.options.push_back({"threads-per-warp", true,
                               "lanes per warp for CuTe thread indices (default 32)"});
  registry().push_back(std::move(command));
}

const std::vector<Command> &commands() { return registry(); }

const std::string &Args::required(const std::string &name) const {
  auto it = values_.find(name);
  if (it == values_.end())
    throw Error("--" + name, "is required");
  return it->second;
}

std::optional<std::string> Args::optional(const std::string &name) const {
  auto it = values_.find(name);
  if (it == values_.end())
    return std::nullopt;
  return it->second;
}

int run(int argc, char **argv, std::ostream &out) {
  if (argc < 2)
    throw Error("command", "missing; run `layout-studio-cli --help` for the list");
  std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    printUsage(out);
    return 0;
  }
  const Command *cmd = nullptr;
  for (const auto &c : registry())
    if (c.name == name)
      cmd = &c;
  if (!cmd)
    throw Error("command", "unknown command '" + name +
                               "'; run `layout-studio-cli --help` for the list");
  Args args;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      printCommandHelp(*cmd, out);
      return 0;
    }
    if (a.rfind("--", 0) == 0 || (a.size() == 2 && a[0] == '-' && a != "-")) {
      std::string key = a.rfind("--", 0) == 0 ? a.substr(2) : a.substr(1);
      std::optional<std::string> inlineValue;
      if (auto eq = key.find('='); eq != std::string::npos) {
        inlineValue = key.substr(eq + 1);
        key = key.substr(0, eq);
      }
      if (key == "o")
        key = "output";
      auto spec = std::find_if(cmd->options.begin(), cmd->options.end(),
                               [&](const OptionSpec &o) { return o.name == key; });
      if (spec == cmd->options.end())
        throw Error(a, "unknown option for command '" + cmd->name + "'");
      if (!spec->takesValue) {
        if (inlineValue)
          throw Error("--" + key, "takes no value");
        args.switches_[key] = true;
        continue;
      }
      if (args.values_.count(key))
        throw Error("--" + key, "is given twice");
      if (inlineValue) {
        args.values_[key] = *inlineValue;
      } else {
        if (i + 1 >= argc)
          throw Error("--" + key, "needs a value");
        args.values_[key] = argv[++i];
      }
      continue;
    }
    if (!cmd->allowsPositional) {
      // A file name where --file was meant: say so.
      std::error_code ec;
      const bool isFile = std::filesystem::is_regular_file(a, ec);
      throw Error(a, "unexpected argument for command '" + cmd->name + "'" +
                         (isFile ? std::string("; a file is given with --file ") + a : std::string()));
    }
    args.positional_.push_back(a);
  }
  return cmd->run(args, out);
}

} // namespace ls::cli
