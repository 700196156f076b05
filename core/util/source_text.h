// A text buffer with its line table, so that a byte offset becomes a
// 1-based line:column in O(log n).
//
// Every reader of files says where it stopped ("12:7: expected ')'"). The
// readers work on byte offsets; SourceText turns an offset into the position
// a user finds in an editor. The line table holds the offset of each line's
// first byte: lineStarts_[k] is where line k+1 begins, so line 1 starts at 0.
//
//   text  "ab\ncd\n"   lineStarts_ = {0, 3, 6}
//   offset 4 ('d')  -> line 2, column 2
//
// Columns count bytes, as MLIR's SourceMgr does.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ls {

struct SourcePos {
  int line = 0;   // 1-based; 0 = unknown
  int column = 0; // 1-based byte column
};

class SourceText {
public:
  SourceText() = default;
  explicit SourceText(std::string text);

  const std::string &text() const { return text_; }
  size_t lineCount() const { return lineStarts_.size(); }

  // Requires: offset <= text().size().
  // Postcondition: the line whose range holds offset, and the byte column in it.
  SourcePos position(size_t offset) const;
  // The same, starting from the line of an earlier call (lineHint, 0 at
  // first, updated): a reader walking forward finds each line in a step or two.
  SourcePos position(size_t offset, size_t &lineHint) const;
  // Byte offset where the 1-based line starts (text().size() past the end).
  size_t lineStart(int line) const;
  // The text of a 1-based line, without its newline.
  std::string_view lineText(int line) const;

private:
  std::string text_;
  std::vector<size_t> lineStarts_;
};

} // namespace ls
