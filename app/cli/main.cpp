// layout-studio-cli: parse the command line, call the engine, print.
//
// The contract (commands, flags, output formats, error policy) is fixed by
// docs/CLI.md: bad input gives exit status 2 and one `error:` line on stderr;
// nothing crashes or hangs, and no exit status exceeds 2.
#include "cli_common.h"
#include <cstdio>
#include <exception>
#include <iostream>
#include <new>
#include <string>

#include "cli_command.h"
#include "util/error.h"

namespace {
// The contract is one `error:` line: fold any multi-line detail (e.g. a
// layout printed inside the message) onto it.
std::string oneLine(std::string s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == '\n' || c == '\r' || c == '\t') {
      space = !out.empty();
      continue;
    }
    if (space && c != ' ')
      out += ' ';
    space = false;
    out += c;
  }
  return out;
}
} // namespace

int main(int argc, char **argv) {
  std::ios::sync_with_stdio(false);
  try {
    const int rc = ls::cli::run(argc, argv, std::cout);
    std::cout.flush();
    ls::cli::flushWarnings(std::cerr);
    return rc;
  } catch (const ls::Error &e) {
    std::cout.flush();
    std::cerr << "error: " << oneLine(e.what()) << "\n";
  } catch (const std::bad_alloc &) {
    std::cout.flush();
    std::cerr << "error: out of memory: the request is too large for this machine\n";
  } catch (const std::exception &e) {
    std::cout.flush();
    std::cerr << "error: internal: " << oneLine(e.what()) << "\n";
  } catch (...) {
    std::cerr << "error: internal: unknown failure\n";
  }
  return 2;
}
