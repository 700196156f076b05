#include "util/source_text.h"

#include <algorithm>

namespace ls {

SourceText::SourceText(std::string text) : text_(std::move(text)) {
  lineStarts_.push_back(0);
  for (size_t i = text_.find('\n'); i != std::string::npos; i = text_.find('\n', i + 1))
    lineStarts_.push_back(i + 1);
}

SourcePos SourceText::position(size_t offset) const {
  offset = std::min(offset, text_.size());
  // The last line start not after offset.
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  size_t line = static_cast<size_t>(it - lineStarts_.begin());
  return {static_cast<int>(line), static_cast<int>(offset - lineStarts_[line - 1] + 1)};
}

SourcePos SourceText::position(size_t offset, size_t &lineHint) const {
  offset = std::min(offset, text_.size());
  size_t h = lineHint < lineStarts_.size() ? lineHint : 0;
  if (lineStarts_[h] <= offset) {
    for (int step = 0; step < 8; ++step) {
      if (h + 1 == lineStarts_.size() || offset < lineStarts_[h + 1]) {
        lineHint = h;
        return {static_cast<int>(h + 1), static_cast<int>(offset - lineStarts_[h] + 1)};
      }
      ++h;
    }
  }
  const SourcePos p = position(offset);
  lineHint = static_cast<size_t>(p.line - 1);
  return p;
}

size_t SourceText::lineStart(int line) const {
  if (line < 1)
    return 0;
  if (static_cast<size_t>(line) > lineStarts_.size())
    return text_.size();
  return lineStarts_[line - 1];
}

std::string_view SourceText::lineText(int line) const {
  if (line < 1 || static_cast<size_t>(line) > lineStarts_.size())
    return {};
  size_t b = lineStarts_[line - 1];
  size_t e = text_.find('\n', b);
  if (e == std::string::npos)
    e = text_.size();
  if (e > b && text_[e - 1] == '\r')
    --e;
  return std::string_view(text_).substr(b, e - b);
}

} // namespace ls
