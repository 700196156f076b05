// A minimal streaming JSON writer for the CLI's machine-readable output.
// Compact by default: `{"a": [1, 2], "b": "x"}` (one space after ':' and ',').
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ls {

class JsonWriter {
public:
  JsonWriter &beginObject();
  JsonWriter &endObject();
  JsonWriter &beginArray();
  JsonWriter &endArray();
  JsonWriter &key(const std::string &k);
  JsonWriter &value(int64_t v);
  JsonWriter &value(double v);
  JsonWriter &value(bool v);
  JsonWriter &value(const std::string &v);
  JsonWriter &value(const char *v) { return value(std::string(v)); }
  JsonWriter &null();
  // A value that is already JSON text (a nested report), written as is.
  JsonWriter &raw(const std::string &json);
  // [[a, b], [c, d]] from nested vectors.
  JsonWriter &matrix(const std::vector<std::vector<int32_t>> &rows);
  JsonWriter &array(const std::vector<int64_t> &values);

  const std::string &str() const { return out_; }
  static std::string quote(const std::string &s);

private:
  void separate();
  std::string out_;
  std::vector<bool> first_; // per open container: no element written yet
  bool afterKey_ = false;
};

} // namespace ls
