// Source locations of TTGIR operations: what `loc(...)` says, resolved to
// file:line:column.
//
// Triton writes each op's location as a reference to an alias defined at the
// top or the bottom of the file, and the aliases nest:
//
//   #loc8  = loc("k.py":42:36)
//   #loc9  = loc("standard.py":43:30)
//   #loc32 = loc(callsite(#loc9 at #loc8))   // standard.py code called from k.py:42
//   #loc33 = loc("a"(#loc10))                // the value is named `a` in Python
//   ... loc(#loc32)
//
// A Location keeps the frames of a call site innermost first, as MLIR prints
// them: frames[0] is where the code is (the callee), frames.back() the
// outermost caller - usually the user's kernel. `fused[...]` resolves to its
// first known member; `unknown` (or an alias never defined) is not known.
#pragma once

#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "util/source_text.h"
#include "util/text_hash.h"

namespace ls::ir {

struct FileLineCol {
  std::string file;
  int line = 0;
  int column = 0;
};

// The frames of a location, callee first. Immutable once shared: a copy is
// a pointer, since a kernel's ops and values share a few dozen locations.
class LocationFrames {
public:
  LocationFrames() = default;
  LocationFrames(std::initializer_list<FileLineCol> frames)
      : p_(std::make_shared<std::vector<FileLineCol>>(frames)) {}
  // One frame, moved in (no copy of its file name).
  explicit LocationFrames(FileLineCol &&frame) {
    auto v = std::make_shared<std::vector<FileLineCol>>();
    v->push_back(std::move(frame));
    p_ = std::move(v);
  }

  bool empty() const { return !p_ || p_->empty(); }
  size_t size() const { return p_ ? p_->size() : 0; }
  const FileLineCol &operator[](size_t i) const { return (*p_)[i]; }
  const FileLineCol &front() const { return p_->front(); }
  const FileLineCol &back() const { return p_->back(); }
  const FileLineCol *begin() const { return p_ ? p_->data() : nullptr; }
  const FileLineCol *end() const { return p_ ? p_->data() + p_->size() : nullptr; }
  // Appends the other's frames (this one's own copy if it was shared).
  void append(const LocationFrames &other) {
    if (other.empty())
      return;
    if (!p_) {
      p_ = other.p_;
      return;
    }
    auto own = std::make_shared<std::vector<FileLineCol>>(*p_);
    own->insert(own->end(), other.begin(), other.end());
    p_ = std::move(own);
  }

private:
  std::shared_ptr<const std::vector<FileLineCol>> p_;
};

struct Location {
  LocationFrames frames; // callee first; empty = unknown
  std::string name;                // from `loc("name"(...))`, innermost name

  bool known() const { return !frames.empty(); }
  const std::string &file() const;
  int line() const { return frames.empty() ? 0 : frames.front().line; }
  int column() const { return frames.empty() ? 0 : frames.front().column; }
  // "k.py:42:36", "unknown"
  std::string text() const;
};

// The `#locN = loc(...)` definitions of a file, resolved on demand (a use may
// come before its definition: Triton writes most of them after the module).
// `loc(...)` read as MLIR's parser reads it, for its syntax alone: where it
// ends, or the first problem and where MLIR reports it (a token it did not
// expect: at the end of the token before). Aliases nested in it (`callsite(#a
// at #b)`) must be defined (`defined`); the alias of `loc(#a)` itself is
// resolved later, as MLIR defers it, and is not checked here.
struct LocationSyntax {
  size_t end = 0;                          // just past the closing ')'
  size_t errorAt = std::string_view::npos; // npos: no problem
  std::string error;
};
// Requires: text[at..] starts with the `loc` keyword.
// Whether a Triton 3.6 context loads dialect `d` (`ttg`, `arith`, ...): an
// attribute `#d.x` of another is refused where it is read.
bool isLoadedDialect(std::string_view d);

LocationSyntax readLocationSyntax(std::string_view text, size_t at,
                                  const std::function<bool(std::string_view)> &defined);

class LocationTable {
public:
  // Records `#name = loc(body)` where body is the text inside loc( ).
  void define(const std::string &name, std::string body) { defs_[name] = std::move(body); }
  bool defines(const std::string &name) const { return defs_.count(name) != 0; }
  size_t size() const { return defs_.size(); }

  // Aliases already resolved, by name: a reader resolving every loc of a
  // file keeps one, so that each alias is followed once. `height` is how many
  // levels its resolution nested, so that a use of the cached alias deeper
  // down is refused as the same uncached resolution would be.
  struct Resolved {
    Location loc;
    int height = 0;
  };
  using Cache = std::unordered_map<std::string_view, Resolved, TextHash>;

  // Resolves the text inside `loc( )`: `"f":1:2`, `#loc3`, `callsite(A at B)`,
  // `fused[A, B]`, `fused<...>[...]`, `"name"(A)`, `"name"`, `unknown`.
  // Throws ls::Error on text that is not a location.
  Location resolve(std::string_view body, Cache *cache = nullptr) const;

private:
  // `deepest` is raised to the deepest level this resolution reaches.
  Location resolveAt(std::string_view text, size_t &pos, int depth, Cache *cache,
                     int &deepest) const;
  // Looked up by views of the source text (no string built per use).
  std::unordered_map<std::string, std::string, TextHash, std::equal_to<>> defs_;
};

} // namespace ls::ir
