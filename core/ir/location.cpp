#include "ir/location.h"

#include <algorithm>
#include <cstring>

#include "util/ascii.h"
#include "util/error.h"

namespace ls::ir {

namespace {

// Deepest alias/callsite nesting followed (a cycle of aliases ends here).
constexpr int kMaxLocDepth = 64;

inline bool isAliasChar(char c) { return isAsciiAlnum(c) || c == '_'; }

void skipSpace(std::string_view t, size_t &p) {
  while (p < t.size() && isAsciiSpace(t[p]))
    ++p;
}

[[noreturn]] void bad(const std::string &what) {
  throw Error("loc", what);
}

[[noreturn]] void tooDeep() {
  bad("locations nest deeper than " + std::to_string(kMaxLocDepth) + " levels (a cycle?)");
}

bool accept(std::string_view t, size_t &p, std::string_view word) {
  skipSpace(t, p);
  if (t.substr(p, word.size()) == word) {
    p += word.size();
    return true;
  }
  return false;
}

std::string readString(std::string_view t, size_t &p) {
  // Requires: t[p] == '"'.
  ++p;
  // Most strings (file names, value names) hold no escape: one copy.
  const size_t start = p;
  // The closing quote or the first backslash, whichever comes first (a
  // file name is tens of bytes: found by memchr, not byte by byte).
  const size_t quote = t.find('"', p);
  const size_t end = quote == std::string_view::npos ? t.size() : quote;
  const void *slash = std::memchr(t.data() + p, '\\', end - p);
  p = slash ? static_cast<size_t>(static_cast<const char *>(slash) - t.data()) : end;
  if (p < t.size() && t[p] == '"')
    return std::string(t.substr(start, p++ - start));
  std::string s(t.substr(start, p - start));
  while (p < t.size() && t[p] != '"') {
    if (t[p] == '\\' && p + 1 < t.size())
      ++p;
    s += t[p++];
  }
  if (p >= t.size())
    bad("unterminated string");
  ++p;
  return s;
}

int readInt(std::string_view t, size_t &p) {
  skipSpace(t, p);
  size_t start = p;
  long v = 0;
  while (p < t.size() && isAsciiDigit(t[p]) && v < 100000000)
    v = v * 10 + (t[p++] - '0');
  if (p == start)
    bad("expected a line or column number");
  return static_cast<int>(v);
}

} // namespace

const std::string &Location::file() const {
  static const std::string none;
  return frames.empty() ? none : frames.front().file;
}

std::string Location::text() const {
  if (frames.empty())
    return "unknown";
  return file() + ":" + std::to_string(line()) + ":" + std::to_string(column());
}

Location LocationTable::resolve(std::string_view body, Cache *cache) const {
  size_t pos = 0;
  int deepest = 0;
  Location l = resolveAt(body, pos, 0, cache, deepest);
  skipSpace(body, pos);
  if (pos != body.size())
    bad("unexpected text after the location");
  return l;
}

// location ::= `unknown` | `#` alias | string (`:` int `:` int)? (`(` location `)`)?
//            | `callsite` `(` location `at` location `)`
//            | `fused` (`<` attr `>`)? `[` location (`,` location)* `]`
Location LocationTable::resolveAt(std::string_view t, size_t &p, int depth, Cache *cache,
                                  int &deepest) const {
  if (depth > kMaxLocDepth)
    tooDeep();
  deepest = std::max(deepest, depth);
  skipSpace(t, p);
  if (p >= t.size())
    bad("expected a location");
  if (t[p] == '#') {
    size_t s = ++p;
    while (p < t.size() && isAliasChar(t[p]))
      ++p;
    std::string_view name = t.substr(s, p - s);
    auto it = defs_.find(name);
    if (it == defs_.end())
      return {}; // an alias never defined: unknown, as MLIR would refuse but we need not
    if (cache)
      if (auto hit = cache->find(it->first); hit != cache->end()) {
        // Resolving it again here would reach this deep.
        const int reach = depth + 1 + hit->second.height;
        if (reach > kMaxLocDepth)
          tooDeep();
        deepest = std::max(deepest, reach);
        return hit->second.loc;
      }
    size_t q = 0;
    int below = depth + 1;
    Location l = resolveAt(it->second, q, depth + 1, cache, below);
    deepest = std::max(deepest, below);
    if (cache)
      cache->emplace(it->first, Resolved{l, below - (depth + 1)});
    return l;
  }
  if (t[p] == '"') {
    std::string s = readString(t, p);
    skipSpace(t, p);
    if (p < t.size() && t[p] == ':') {
      ++p;
      int line = readInt(t, p);
      int col = 0;
      if (accept(t, p, ":"))
        col = readInt(t, p);
      if (accept(t, p, "to")) { // a range's end (`to 5:6`, `to :6`): its start is kept
        if (!accept(t, p, ":"))
          readInt(t, p);
        else
          p -= 1;
        if (accept(t, p, ":"))
          readInt(t, p);
      }
      Location l;
      l.frames = LocationFrames(FileLineCol{std::move(s), line, col});
      return l;
    }
    if (accept(t, p, "(")) {
      Location inner = resolveAt(t, p, depth + 1, cache, deepest);
      if (!accept(t, p, ")"))
        bad("expected ')' after a named location");
      inner.name = s;
      return inner;
    }
    Location named;
    named.name = s;
    return named;
  }
  if (accept(t, p, "unknown"))
    return {};
  if (accept(t, p, "callsite")) {
    if (!accept(t, p, "("))
      bad("expected '(' after callsite");
    Location callee = resolveAt(t, p, depth + 1, cache, deepest);
    if (!accept(t, p, "at"))
      bad("expected 'at' in callsite");
    Location caller = resolveAt(t, p, depth + 1, cache, deepest);
    if (!accept(t, p, ")"))
      bad("expected ')' after callsite");
    callee.frames.append(caller.frames);
    if (callee.name.empty())
      callee.name = caller.name;
    return callee;
  }
  if (accept(t, p, "fused")) {
    if (accept(t, p, "<")) {
      int nest = 1;
      while (p < t.size() && nest > 0) {
        if (t[p] == '<')
          ++nest;
        else if (t[p] == '>')
          --nest;
        ++p;
      }
    }
    if (!accept(t, p, "["))
      bad("expected '[' after fused");
    Location first;
    do {
      Location l = resolveAt(t, p, depth + 1, cache, deepest);
      if (!first.known() && l.known())
        first = l;
    } while (accept(t, p, ","));
    if (!accept(t, p, "]"))
      bad("expected ']' after fused locations");
    return first;
  }
  bad("expected a location");
}

// (Names a loaded dialect might have count as loaded: only another name is
// refused.)
bool isLoadedDialect(std::string_view d) {
  static constexpr std::string_view kLoaded[] = {
      "builtin", "tt",   "ttg",    "ttng",  "amdg",   "amdgpu", "arith", "scf",   "math",
      "cf",      "gpu",  "llvm",   "nvvm",  "rocdl",  "nvgpu",  "nvws",  "ub",    "func",
      "index",   "tensor", "vector", "memref", "affine", "proton", "triton", "triton_gpu",
      "triton_nvidia_gpu", "gluon", "tti", "nvg", "proton_gpu"};
  for (std::string_view k : kLoaded)
    if (k == d)
      return true;
  return false;
}

namespace {

// The few tokens of MLIR's location grammar, over the whole text.
class LocSyntaxReader {
public:
  LocSyntaxReader(std::string_view t, const std::function<bool(std::string_view)> &defined)
      : t_(t), defined_(defined) {}

  struct Problem {
    size_t at;
    std::string what;
  };

  // `loc` `(` instance `)`; p_ at the `loc` keyword.
  size_t readLoc(size_t at) {
    p_ = at + 3;
    expect('(', "expected '(' in location");
    instance(0, /*topLevel=*/true);
    expect(')', "expected ')' in location");
    return p_;
  }

private:
  void skip() {
    while (p_ < t_.size()) {
      if (isAsciiSpace(t_[p_])) {
        ++p_;
      } else if (t_[p_] == '/' && p_ + 1 < t_.size() && t_[p_ + 1] == '/') {
        while (p_ < t_.size() && t_[p_] != '\n')
          ++p_;
      } else {
        break;
      }
    }
  }
  // MLIR's place for a token it did not expect: the end of the one before
  // (at the end of the text, one character back from it first).
  size_t wrong() const {
    size_t q = p_ >= t_.size() && !t_.empty() ? t_.size() - 1 : p_;
    while (q > 0 && isAsciiSpace(t_[q - 1]))
      --q;
    return q;
  }
  [[noreturn]] void failWrong(const std::string &what) {
    skip();
    // The token there is one MLIR's lexer refuses: that error first.
    if (p_ < t_.size() && t_[p_] == '.' && t_.compare(p_, 3, "...") != 0)
      throw Problem{p_ + 1, "expected three consecutive dots for an ellipsis"};
    if (p_ < t_.size() && std::strchr("$'`~;\\&", t_[p_]) != nullptr && t_[p_] != 0)
      throw Problem{p_, "unexpected character"};
    if (p_ < t_.size() && t_[p_] == '@' &&
        !(p_ + 1 < t_.size() && ((isAsciiAlnum(t_[p_ + 1]) && !isAsciiDigit(t_[p_ + 1])) || t_[p_ + 1] == '_' || t_[p_ + 1] == '"')))
      throw Problem{p_ + 1, "@ identifier expected to start with letter or '_'"};
    if (p_ < t_.size() && t_[p_] == '"') { // a string its line ends before it closes
      size_t e = p_ + 1;
      while (e < t_.size() && t_[e] != '"' && t_[e] != '\n' && t_[e] != '\v' && t_[e] != '\f')
        e += t_[e] == '\\' ? 2 : 1;
      if (e >= t_.size() || t_[e] != '"')
        throw Problem{std::min(e, t_.size()), "expected '\"' in string literal"};
    }
    throw Problem{wrong(), what};
  }
  void expect(char c, const char *what) {
    skip();
    if (p_ >= t_.size() || t_[p_] != c)
      failWrong(what);
    ++p_;
  }
  bool accept(char c) {
    skip();
    if (p_ < t_.size() && t_[p_] == c) {
      ++p_;
      return true;
    }
    return false;
  }
  std::string_view word() {
    skip();
    size_t q = p_;
    if (q < t_.size() && ((isAsciiAlnum(t_[q]) && !isAsciiDigit(t_[q])) || t_[q] == '_'))
      while (q < t_.size() && (isAliasChar(t_[q]) || t_[q] == '.' || t_[q] == '$' || t_[q] == '-'))
        ++q;
    return t_.substr(p_, q - p_);
  }
  bool integer() {
    skip();
    size_t q = p_;
    while (q < t_.size() && isAsciiDigit(t_[q]))
      ++q;
    if (q == p_)
      return false;
    p_ = q;
    return true;
  }
  void instance(int depth, bool topLevel) {
    if (depth > kMaxLocDepth)
      throw Problem{p_, "locations nest deeper than " + std::to_string(kMaxLocDepth) + " levels"};
    skip();
    if (p_ >= t_.size())
      failWrong("expected location instance");
    const char c = t_[p_];
    if (c == '#') {
      size_t q = p_ + 1;
      if (q < t_.size() && isAsciiDigit(t_[q])) // MLIR's suffix-id: `#4oc17` is `#4`, then `oc17`
        while (q < t_.size() && isAsciiDigit(t_[q]))
          ++q;
      else
        while (q < t_.size() &&
               (isAliasChar(t_[q]) || t_[q] == '.' || t_[q] == '$' || t_[q] == '-'))
          ++q;
      const size_t hash = p_;
      const std::string_view name = t_.substr(p_ + 1, q - p_ - 1);
      p_ = q;
      if (name.empty()) // MLIR's lexer: a '#' with no name after it
        throw Problem{hash, "invalid attribute name"};
      // `#dialect.rest`: a dialect's attribute, where MLIR says it (at
      // `rest`) if no such dialect is loaded (`#loc73ttg.convert_layout`).
      if (const size_t dot = name.find('.');
          dot != std::string_view::npos && !isLoadedDialect(name.substr(0, dot)))
        throw Problem{hash + 1 + dot + 1, "#" + std::string(name) + ": an attribute of dialect '" +
                                              std::string(name.substr(0, dot)) +
                                              "', which is not loaded (Triton 3.6 rejects the module)"};
      if (!topLevel && !defined_(name)) {
        // (MLIR lexes the next token before it looks the name up: a string
        // left open there is that error, where its line ends.)
        size_t q = p_;
        while (q < t_.size() && (t_[q] == ' ' || t_[q] == '\t'))
          ++q;
        if (q < t_.size() && t_[q] == '"') {
          size_t e = q + 1;
          while (e < t_.size() && t_[e] != '"' && t_[e] != '\n')
            e += t_[e] == '\\' ? 2 : 1;
          if (e >= t_.size() || t_[e] != '"')
            throw Problem{std::min(e, t_.size()), "expected '\"' in string literal"};
        }
        // (just past it; at the text's end, its last character, as MLIR says
        // what it finds at the end)
        throw Problem{p_ >= t_.size() && p_ > 0 ? t_.size() - 1 : p_,
                      "undefined symbol alias id '" + std::string(name) + "'"};
      }
      return;
    }
    if (c == '"') {
      size_t q = p_ + 1;
      while (q < t_.size() && t_[q] != '"' && t_[q] != '\n') {
        if (t_[q] == '\\')
          ++q;
        ++q;
      }
      if (q >= t_.size() || t_[q] != '"')
        throw Problem{q, "expected '\"' in string literal"};
      p_ = q + 1;
      if (accept(':')) {
        if (!integer())
          failWrong("expected integer line number in FileLineColLoc");
        if (accept(':') && !integer())
          failWrong("expected integer column number in FileLineColLoc");
        if (word() == "to") { // a range: `to L:C` or `to :C`
          p_ += 2;
          skip();
          if (!accept(':')) {
            if (!integer())
              failWrong("expected integer line number in FileLineColRange");
            if (!accept(':'))
              return;
          }
          if (!integer())
            failWrong("expected integer column number in FileLineColRange");
        }
        return;
      }
      if (accept('(')) {
        instance(depth + 1, false);
        expect(')', "expected ')' after child location of NameLoc");
      }
      return;
    }
    const std::string_view w = word();
    if (w == "unknown") {
      p_ += w.size();
      return;
    }
    if (w == "callsite") {
      p_ += w.size();
      expect('(', "expected '(' in callsite location");
      instance(depth + 1, false);
      if (word() != "at")
        failWrong("expected 'at' in callsite location");
      p_ += 2;
      instance(depth + 1, false);
      expect(')', "expected ')' in callsite location");
      return;
    }
    if (w == "fused") {
      p_ += w.size();
      if (accept('<')) { // a metadata attribute: skipped to its '>'
        int nest = 1;
        while (p_ < t_.size() && nest > 0) {
          nest += t_[p_] == '<' ? 1 : t_[p_] == '>' ? -1 : 0;
          ++p_;
        }
      }
      expect('[', "expected '[' in fused location");
      do
        instance(depth + 1, false);
      while (accept(','));
      expect(']', "expected ']' in fused location");
      return;
    }
    failWrong("expected location instance");
  }

  std::string_view t_;
  const std::function<bool(std::string_view)> &defined_;
  size_t p_ = 0;
};

} // namespace

namespace {

// The forms Triton writes for nearly every location, checked without the
// general reader: `loc("file":1:2)`, `loc(#a)`, `loc(callsite(#a at #b))`.
// Returns the offset just past the closing ')', or npos where another form
// (or a problem) needs the general reader.
size_t commonLocationEnd(std::string_view t, size_t at,
                         const std::function<bool(std::string_view)> &defined) {
  size_t q = at + 3;
  auto is = [&](char c) { return q < t.size() && t[q] == c; };
  auto alias = [&] {
    if (!is('#'))
      return false;
    const size_t s0 = ++q;
    while (q < t.size() && (isAliasChar(t[q]) || t[q] == '.' || t[q] == '$' || t[q] == '-'))
      ++q;
    return q > s0;
  };
  auto digits = [&] {
    const size_t s0 = q;
    while (q < t.size() && isAsciiDigit(t[q]))
      ++q;
    return q > s0;
  };
  if (!is('('))
    return std::string_view::npos;
  ++q;
  if (is('"')) {
    // The closing quote, found by memchr; an escape or a line end before it
    // leaves the string to the general reader.
    const size_t close = t.find('"', q + 1);
    if (close == std::string_view::npos ||
        std::memchr(t.data() + q + 1, '\\', close - q - 1) ||
        std::memchr(t.data() + q + 1, '\n', close - q - 1))
      return std::string_view::npos;
    q = close;
    ++q;
    if (is('(')) { // a named location: `"name"(#a)`
      ++q;
      const size_t a0 = q + 1;
      if (!alias() || !defined(t.substr(a0, q - a0)) || !is(')'))
        return std::string_view::npos;
      ++q;
      return is(')') ? q + 1 : std::string_view::npos;
    }
    if (!is(':'))
      return std::string_view::npos;
    ++q;
    if (!digits() || !is(':'))
      return std::string_view::npos;
    ++q;
    if (!digits() || !is(')'))
      return std::string_view::npos;
    return q + 1;
  }
  if (t.compare(q, 9, "callsite(") == 0) {
    // (an alias not defined: the general reader says so)
    q += 9;
    size_t a0 = q + 1;
    if (!alias() || !defined(t.substr(a0, q - a0)) || t.compare(q, 4, " at ") != 0)
      return std::string_view::npos;
    q += 4;
    a0 = q + 1;
    if (!alias() || !defined(t.substr(a0, q - a0)) || !is(')'))
      return std::string_view::npos;
    ++q;
    return is(')') ? q + 1 : std::string_view::npos;
  }
  return std::string_view::npos;
}

} // namespace

LocationSyntax readLocationSyntax(std::string_view text, size_t at,
                                  const std::function<bool(std::string_view)> &defined) {
  LocationSyntax r;
  if (const size_t e = commonLocationEnd(text, at, defined); e != std::string_view::npos) {
    r.end = e;
    return r;
  }
  LocSyntaxReader reader(text, defined);
  try {
    r.end = reader.readLoc(at);
  } catch (const LocSyntaxReader::Problem &p) {
    r.errorAt = p.at;
    r.error = p.what;
  }
  return r;
}

} // namespace ls::ir
