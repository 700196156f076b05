#include "util/json_writer.h"

#include <cmath>
#include <cstdio>

namespace ls {

void JsonWriter::separate() {
  if (afterKey_) {
    afterKey_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back())
      out_ += ", ";
    first_.back() = false;
  }
}

JsonWriter &JsonWriter::beginObject() {
  separate();
  out_ += '{';
  first_.push_back(true);
  return *this;
}
JsonWriter &JsonWriter::endObject() {
  out_ += '}';
  first_.pop_back();
  return *this;
}
JsonWriter &JsonWriter::beginArray() {
  separate();
  out_ += '[';
  first_.push_back(true);
  return *this;
}
JsonWriter &JsonWriter::endArray() {
  out_ += ']';
  first_.pop_back();
  return *this;
}
JsonWriter &JsonWriter::key(const std::string &k) {
  separate();
  out_ += quote(k) + ": ";
  afterKey_ = true;
  return *this;
}
JsonWriter &JsonWriter::value(int64_t v) {
  separate();
  out_ += std::to_string(v);
  return *this;
}
JsonWriter &JsonWriter::value(double v) {
  separate();
  if (!std::isfinite(v)) {
    out_ += "null";
    return *this;
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  out_ += buf;
  return *this;
}
JsonWriter &JsonWriter::value(bool v) {
  separate();
  out_ += v ? "true" : "false";
  return *this;
}
JsonWriter &JsonWriter::value(const std::string &v) {
  separate();
  out_ += quote(v);
  return *this;
}
JsonWriter &JsonWriter::raw(const std::string &json) {
  separate();
  out_ += json;
  return *this;
}

JsonWriter &JsonWriter::null() {
  separate();
  out_ += "null";
  return *this;
}
JsonWriter &JsonWriter::matrix(const std::vector<std::vector<int32_t>> &rows) {
  beginArray();
  for (const auto &r : rows) {
    beginArray();
    for (int32_t v : r)
      value(static_cast<int64_t>(v));
    endArray();
  }
  return endArray();
}
JsonWriter &JsonWriter::array(const std::vector<int64_t> &values) {
  beginArray();
  for (int64_t v : values)
    value(v);
  return endArray();
}

std::string JsonWriter::quote(const std::string &s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    switch (c) {
    case '"': o += "\\\""; break;
    case '\\': o += "\\\\"; break;
    case '\n': o += "\\n"; break;
    case '\t': o += "\\t"; break;
    case '\r': o += "\\r"; break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        o += buf;
      } else {
        o += static_cast<char>(c);
      }
    }
  }
  return o + "\"";
}

} // namespace ls
