// encoding_params is the one declaration of each encoding's fields: these
// tests hold every consumer in core to it, field by field. For a sample of
// each encoding (every field given, optional ones off their default):
//   - the MLIR printer writes the fields in the table's order, leaving out
//     exactly those the table says Triton omits at their default;
//   - the reader gives an absent optional field the table's default (the text
//     without it and the text with the default spelled out read the same), and
//     a field Triton always prints comes back as "key = default";
//   - a missing required field is refused naming it, and an unknown key is
//     refused naming it with the table's list of accepted keys;
//   - Gluon's repr() text has the table's class and keywords, in order, and
//     reads back to the same encoding;
//   - the C++ export calls the table's builder with its argument comments in
//     order.
// The widget form's fields are checked against the table in
// tests/widgets/forms/tst_encoding_form.
#include <QtTest>

#include <map>
#include <set>

#include "codegen/cpp_export.h"
#include "encodings/encoding_params.h"
#include "notation/gluon/gluon_printer.h"
#include "notation/gluon/gluon_reader.h"
#include "notation/mlir/attr_syntax_parser.h"
#include "notation/mlir/layout_parser.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"

using namespace ls;

namespace {

using K = EncodingKind;
using Fields = std::vector<std::pair<std::string, std::string>>; // key -> value text

struct Sample {
  K kind;
  Fields fields;          // in any order; the text is written in table order
  Shape shape = {64, 64}; // a tensor the C++ export can take
};

const std::string kBlocked = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
                             "warpsPerCTA = [4, 1], order = [1, 0]}>";
const std::string kMmaV2 = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                           "[2, 2], instrShape = [16, 8]}>";

// Every field of every encoding, optional ones off their default (nvmma_shared
// leaves CGALayout out: rank is written only for a single CTA).
const std::vector<Sample> &samples() {
  static const std::vector<Sample> s = {
      {K::Blocked,
       {{"sizePerThread", "[1, 4]"},
        {"threadsPerWarp", "[8, 4]"},
        {"warpsPerCTA", "[4, 1]"},
        {"order", "[1, 0]"},
        {"CGALayout", "[[0, 1]]"}}},
      {K::Slice, {{"dim", "1"}, {"parent", kBlocked}}, {64}},
      {K::NvidiaMma,
       {{"versionMajor", "2"},
        {"versionMinor", "1"},
        {"warpsPerCTA", "[2, 2]"},
        {"CGALayout", "[[0, 1]]"},
        {"instrShape", "[16, 8]"}}},
      {K::DotOperand, {{"opIdx", "1"}, {"parent", kMmaV2}, {"kWidth", "4"}}},
      {K::AmdMfma,
       {{"version", "3"},
        {"warpsPerCTA", "[2, 2]"},
        {"instrShape", "[32, 32, 8]"},
        {"isTransposed", "true"},
        {"CGALayout", "[[0, 1]]"},
        {"tilesPerWarp", "[2, 1]"},
        {"elementBitWidth", "64"}}},
      {K::AmdWmma,
       {{"version", "2"},
        {"isTranspose", "true"},
        {"warpsPerCTA", "[2, 2]"},
        {"CGALayout", "[[1, 0]]"},
        {"tilesPerWarp", "[1, 2]"},
        {"instrShape", "[16, 16, 32]"}}},
      {K::Linear,
       {{"register", "[[0, 1]]"},
        {"lane", "[[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]"},
        {"warp", "[[8, 0], [16, 0]]"},
        {"block", "[]"}}},
      {K::SwizzledShared,
       {{"vec", "8"},
        {"perPhase", "2"},
        {"maxPhase", "4"},
        {"order", "[0, 1]"},
        {"CGALayout", "[[0, 1]]"}}},
      {K::NvmmaShared,
       {{"swizzlingByteWidth", "64"},
        {"transposed", "true"},
        {"elementBitWidth", "8"},
        {"fp4Padded", "true"},
        {"rank", "3"}},
       {128, 64, 64}},
      {K::AmdRotatingShared,
       {{"vec", "4"},
        {"perPhase", "1"},
        {"maxPhase", "16"},
        {"order", "[1, 0]"},
        {"CGALayout", "[[1, 0]]"}}},
      {K::PaddedShared,
       {{"intervals", "[32:+4]"}, {"offset", "[[0, 1], [0, 2], [1, 0]]"}, {"block", "[[2, 0]]"}},
       {4, 4}},
      {K::PaddedShared,
       {{"intervals", "[64:+8, 128:+4]"}, {"order", "[0, 1]"}, {"shape", "[16, 32]"}},
       {16, 32}},
      {K::SharedLinear,
       {{"offset", "[[0, 1], [0, 2], [1, 0]]"}, {"block", "[[2, 0]]"}, {"alignment", "32"}},
       {4, 4}},
      {K::TensorMemory,
       {{"blockM", "64"},
        {"blockN", "32"},
        {"colStride", "2"},
        {"CTASplitM", "2"},
        {"CTASplitN", "4"},
        {"twoCTAs", "true"}},
       {128, 128}},
      {K::TensorMemoryScales, {{"CTASplitM", "2"}, {"CTASplitN", "2"}}, {128, 128}},
  };
  return s;
}

// The attribute text of `fields`, written in the table's order.
std::string attributeText(const EncodingParams &p, const Fields &fields) {
  std::string positional, body, after;
  for (const FieldParam &f : p.fields)
    for (const auto &[k, v] : fields)
      if (k == f.key) {
        if (f.placement == Placement::Positional)
          positional = v + " ";
        else if (f.placement == Placement::AfterBody)
          after += ", " + k + " = " + v;
        else
          body += (body.empty() ? "" : ", ") + k + " = " + v;
      }
  for (const auto &[k, v] : fields) // keys not in the table (the unknown-key test)
    if (!p.field(k))
      body += (body.empty() ? "" : ", ") + k + " = " + v;
  return p.attrName() + "<" + positional + (p.braces ? "{" + body + "}" : body) + after + ">";
}

Fields without(const Fields &f, const std::string &key) {
  Fields out;
  for (const auto &kv : f)
    if (kv.first != key)
      out.push_back(kv);
  return out;
}

Fields with(Fields f, const std::string &key, const std::string &value) {
  for (auto &kv : f)
    if (kv.first == key) {
      kv.second = value;
      return f;
    }
  f.push_back({key, value});
  return f;
}

// The default spelled out: a per-dim default of one number is that number
// in each of the sample's two dims.
std::string spelledDefault(const FieldParam &f) {
  if (f.perDim() && f.defaultText[0] != '[')
    return "[" + f.defaultText + ", " + f.defaultText + "]";
  return f.defaultText;
}

std::string printed(const std::string &text) {
  return ir::printEncoding(*ir::parseEncoding(text));
}

// Read without the encoding's semantic checks (dot_op's kWidth is required
// by validate() for an MMA parent, not by the reader).
std::string readAndPrinted(const std::string &text) {
  return ir::printEncoding(*ir::buildEncoding(*ir::parseAttributeText(text)));
}

// Keys of an attribute text, in order (body, then after the braces).
std::vector<std::string> keysOf(const std::string &text) {
  ir::ValuePtr v = ir::parseAttributeText(text);
  std::vector<std::string> keys;
  for (const auto *list : {&v->entries, &v->extraEntries})
    for (const auto &kv : *list)
      keys.push_back(kv.first);
  return keys;
}

std::string valueOf(const std::string &text, const std::string &key) {
  // The printed value text: from "key = " to the next top-level ", " or the close.
  const std::vector<std::string> keys = keysOf(text);
  (void)keys;
  size_t at = text.find(key + " = ");
  while (at != std::string::npos && at > 0 && text[at - 1] != '{' && text[at - 1] != '<' &&
         text[at - 1] != ' ')
    at = text.find(key + " = ", at + 1);
  if (at == std::string::npos)
    return "";
  size_t b = at + key.size() + 3, e = b;
  int depth = 0;
  for (; e < text.size(); ++e) {
    const char c = text[e];
    if (c == '[' || c == '{' || c == '<' || c == '(')
      ++depth;
    else if (c == ']' || c == '}' || c == '>' || c == ')') {
      if (depth == 0)
        break;
      --depth;
    } else if (c == ',' && depth == 0)
      break;
  }
  return text.substr(b, e - b);
}

std::string errorOf(const std::string &text, std::string *field = nullptr,
                    std::vector<std::pair<std::string, std::string>> *warnings = nullptr) {
  ir::WarningCollector collect;
  try {
    (void)ir::parseEncoding(text);
  } catch (const Error &e) {
    if (field)
      *field = e.field();
    return e.rule();
  }
  if (warnings)
    *warnings = collect.take();
  return "";
}

// Fields Triton 3.6's parser reads when absent although its printer always
// writes them (amd_mfma's version and isTransposed, nvmma_shared's
// elementBitWidth): the reader accepts their absence with a warning naming
// the field (issue 18), so "required" there means "always printed".
bool warnsWhenAbsent(const std::string &text, const std::string &key) {
  std::string field;
  std::vector<std::pair<std::string, std::string>> warnings;
  if (!errorOf(text, &field, &warnings).empty())
    return false;
  for (const auto &w : warnings)
    if (w.first == key)
      return true;
  return false;
}

// Class name and top-level keyword names of a Gluon call text.
std::pair<std::string, std::vector<std::string>> gluonCall(const std::string &text) {
  const size_t open = text.find('(');
  std::vector<std::string> kws;
  int depth = 0;
  size_t start = open + 1;
  for (size_t i = open; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(' || c == '[')
      ++depth;
    else if (c == ')' || c == ']')
      --depth;
    else if (c == ',' && depth == 1)
      start = i + 1;
    else if (c == '=' && depth == 1 && start != std::string::npos) {
      std::string kw = text.substr(start, i - start);
      kw.erase(0, kw.find_first_not_of(' '));
      kws.push_back(kw);
      start = std::string::npos;
    }
  }
  return {text.substr(0, open), kws};
}

std::string joined(const std::vector<std::string> &v) {
  std::string s;
  for (const auto &x : v)
    s += (s.empty() ? "" : ", ") + x;
  return s;
}

} // namespace

class TestEncodingParams : public QObject {
  Q_OBJECT
private slots:
  // One entry per EncodingKind of Triton 3.6, in its order, named as
  // encoding.h names it (Triton main's partitioned_shared has none: no 3.6
  // fields, Gluon or C++ names; its reader and printer are its own).
  void tableHasEveryEncodingOnce() {
    const auto &all = allEncodingParams();
    QCOMPARE(all.size(), size_t{14});
    for (size_t i = 0; i < all.size(); ++i) {
      const size_t skipped = i >= static_cast<size_t>(K::PartitionedShared) ? 1 : 0;
      QCOMPARE(static_cast<size_t>(all[i].kind), i + skipped);
      QVERIFY(all[i].kind != K::PartitionedShared);
      QCOMPARE(all[i].mnemonic, std::string(mnemonic(all[i].kind)));
      QCOMPARE(findEncodingParams(all[i].mnemonic), &all[i]);
      QCOMPARE(all[i].dialect,
               std::string(all[i].kind == K::TensorMemory || all[i].kind == K::TensorMemoryScales
                               ? "ttng"
                               : "ttg"));
    }
    QCOMPARE(encodingParams(K::Blocked).attrName(), std::string("#ttg.blocked"));
    QCOMPARE(joined(encodingParams(K::Blocked).acceptedKeys(Placement::Body)),
             std::string("sizePerThread, threadsPerWarp, warpsPerCTA, order, CGALayout, "
                         "CTAsPerCGA, CTASplitNum, CTAOrder"));
  }

  // Every field of the table is in a sample (so every test below covers it).
  void samplesCoverEveryField() {
    for (const auto &p : allEncodingParams())
      for (const FieldParam &f : p.fields) {
        bool found = false;
        for (const Sample &s : samples())
          for (const auto &kv : s.fields)
            found = found || (s.kind == p.kind && kv.first == f.key);
        // nvmma_shared's CGALayout is covered by the absent/default test only.
        QVERIFY2(found || (p.kind == K::NvmmaShared && f.key == "CGALayout"),
                 (p.mnemonic + "." + f.key).c_str());
      }
  }

  void printerFollowsTheTable_data() {
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < samples().size(); ++i)
      QTest::newRow((std::string(mnemonic(samples()[i].kind)) + std::to_string(i)).c_str())
          << static_cast<int>(i);
  }
  // The printer writes exactly the table's keys, in its order, with the
  // sample's values.
  void printerFollowsTheTable() {
    QFETCH(int, index);
    const Sample &s = samples()[static_cast<size_t>(index)];
    const EncodingParams &p = encodingParams(s.kind);
    const std::string text = attributeText(p, s.fields);
    const std::string out = printed(text);
    QCOMPARE(out, text);
    std::vector<std::string> expected;
    for (const FieldParam &f : p.fields)
      for (const auto &[k, v] : s.fields)
        if (k == f.key && f.placement != Placement::Positional)
          expected.push_back(k);
    QCOMPARE(joined(keysOf(out)), joined(expected));
    for (const auto &[k, v] : s.fields)
      if (p.at(k).placement != Placement::Positional)
        QCOMPARE(valueOf(out, k), v);
  }

  void absentOptionalFieldReadsAsTheDefault_data() { printerFollowsTheTable_data(); }
  // Absent == spelled-out default, for every optional field; Triton leaves
  // out exactly those the table marks.
  void absentOptionalFieldReadsAsTheDefault() {
    QFETCH(int, index);
    const Sample &s = samples()[static_cast<size_t>(index)];
    const EncodingParams &p = encodingParams(s.kind);
    int checked = 0;
    for (const FieldParam &f : p.fields) {
      if (!f.optional)
        continue;
      QVERIFY2(!f.defaultText.empty(), f.key.c_str()); // an optional field says what absence means
      const std::string absent = readAndPrinted(attributeText(p, without(s.fields, f.key)));
      const std::string spelled =
          readAndPrinted(attributeText(p, with(s.fields, f.key, spelledDefault(f))));
      QCOMPARE(absent, spelled);
      const auto keys = keysOf(absent);
      const bool present = std::find(keys.begin(), keys.end(), f.key) != keys.end();
      if (f.omittedAtDefault) {
        QVERIFY2(!present, (absent + " has " + f.key).c_str());
      } else {
        QVERIFY2(present, (absent + " lacks " + f.key).c_str());
        QCOMPARE(valueOf(absent, f.key), f.defaultText);
      }
      // Off its default (the sample's value), the field is written.
      for (const auto &[k, v] : s.fields)
        if (k == f.key && !f.isDefault(v)) {
          const auto sampleKeys = keysOf(printed(attributeText(p, s.fields)));
          QVERIFY2(std::find(sampleKeys.begin(), sampleKeys.end(), f.key) != sampleKeys.end(),
                   f.key.c_str());
        }
      ++checked;
    }
    // The optional fields each encoding has, by the table.
    static const std::map<K, int> optionalCount = {
        {K::Blocked, 1},      {K::Slice, 0},
        {K::NvidiaMma, 2},    {K::DotOperand, 1},
        {K::AmdMfma, 3},      {K::AmdWmma, 4},
        {K::Linear, 0},       {K::SwizzledShared, 1},
        {K::NvmmaShared, 4},  {K::AmdRotatingShared, 1},
        {K::PaddedShared, 0}, {K::SharedLinear, 1},
        {K::TensorMemory, 3}, {K::TensorMemoryScales, 2}};
    QCOMPARE(checked, optionalCount.at(s.kind));
  }

  void missingRequiredFieldIsRefused_data() { printerFollowsTheTable_data(); }
  void missingRequiredFieldIsRefused() {
    QFETCH(int, index);
    const Sample &s = samples()[static_cast<size_t>(index)];
    const EncodingParams &p = encodingParams(s.kind);
    for (const auto &[k, v] : s.fields) {
      const FieldParam &f = p.at(k);
      if (f.optional || f.placement == Placement::Positional)
        continue;
      std::string field;
      const std::string text = attributeText(p, without(s.fields, k));
      const std::string rule = errorOf(text, &field);
      if (rule.empty()) {
        QVERIFY2(warnsWhenAbsent(text, k), (text + ": no error and no warning for " + k).c_str());
        continue;
      }
      QCOMPARE(field, k);
      if (f.kind == ValueKind::Parent)
        QCOMPARE(rule, std::string("is required"));
      else if (f.placement == Placement::AfterBody)
        QVERIFY2(rule.rfind("is required after the braces", 0) == 0, rule.c_str());
      else
        QCOMPARE(rule, "is required in " + p.attrName());
    }
  }

  void unknownKeyIsRefused_data() { printerFollowsTheTable_data(); }
  void unknownKeyIsRefused() {
    QFETCH(int, index);
    const Sample &s = samples()[static_cast<size_t>(index)];
    const EncodingParams &p = encodingParams(s.kind);
    int group = -1;
    for (const auto &[k, v] : s.fields)
      if (p.at(k).group != 0)
        group = p.at(k).group;
    std::string field;
    std::vector<std::pair<std::string, std::string>> warnings;
    const std::string text = attributeText(p, with(s.fields, "bogusKey", "1"));
    const std::string rule = errorOf(text, &field, &warnings);
    // Where Triton 3.6 skips unknown keys (the table says so; padded_shared's
    // {offset, block} form reports and skips them), the reader warns instead.
    const bool paddedLinearForm =
        s.kind == EncodingKind::PaddedShared && group >= 0 && group == p.at("offset").group;
    if (p.unknownKeysIgnored || paddedLinearForm) {
      QVERIFY2(rule.empty(), (text + ": " + rule).c_str());
      QCOMPARE(int(warnings.size()), 1);
      QCOMPARE(warnings[0].first, std::string("bogusKey"));
      return;
    }
    QVERIFY2(!p.unknownKeysIgnored, "");
    QCOMPARE(field, std::string("bogusKey"));
    QCOMPARE(rule, "unknown field of " + p.attrName() + " (expected " +
                       joined(p.acceptedKeys(Placement::Body, group)) + ")");
  }

  // An unknown #ttg. mnemonic is refused with the table's encodings, in its order.
  void unknownLayoutListsTheTable() {
    std::string field;
    const std::string rule = errorOf("#ttg.fancy<{}>", &field);
    QCOMPARE(field, std::string("#ttg.fancy"));
    QCOMPARE(rule, std::string("unknown layout; expected blocked, slice, nvidia_mma, dot_op, "
                               "amd_mfma, amd_wmma, linear, swizzled_shared, nvmma_shared, "
                               "amd_rotating_shared, padded_shared or shared_linear"));
  }

  void gluonFollowsTheTable_data() { printerFollowsTheTable_data(); }
  // repr() names every argument: the class and its keywords are the table's,
  // in order, and the text reads back to the same encoding.
  void gluonFollowsTheTable() {
    QFETCH(int, index);
    const Sample &s = samples()[static_cast<size_t>(index)];
    const EncodingParams &p = encodingParams(s.kind);
    EncodingPtr enc = ir::parseEncoding(attributeText(p, s.fields));
    auto repr = notation::gluon::printGluon(*enc, notation::gluon::GluonStyle::Repr);
    if (p.gluonClass.empty()) {
      QVERIFY(!repr);
      return;
    }
    QVERIFY(repr);
    const auto [cls, kws] = gluonCall(repr->text);
    QCOMPARE(cls, p.gluonClass);
    std::vector<std::string> names;
    for (const GluonArg &a : p.gluonArgs)
      names.push_back(a.name);
    QCOMPARE(joined(kws), joined(names));
    for (const FieldParam &f : p.fields)
      if (!f.gluon.empty())
        QVERIFY2(std::find(names.begin(), names.end(), f.gluon) != names.end(), f.gluon.c_str());
    // Source form: the same class (ttgl. unless AMD) and keywords in the same order.
    auto source = notation::gluon::printGluon(*enc, notation::gluon::GluonStyle::Source);
    QVERIFY(source);
    const auto [srcCls, srcKws] = gluonCall(source->text);
    QCOMPARE(srcCls, (source->needsAmdImport ? "" : "ttgl.") + p.gluonClass);
    size_t at = 0;
    for (const auto &kw : srcKws) {
      while (at < names.size() && names[at] != kw)
        ++at;
      QVERIFY2(at < names.size(), (kw + " out of order in " + source->text).c_str());
    }
    // The reader takes the signature from the table too.
    const std::string back = notation::gluon::gluonToAttributeText(repr->text);
    QCOMPARE(printed(back), ir::printEncoding(*enc));
  }

  // A missing required Gluon argument is named, in the table's order.
  void gluonRequiredArguments() {
    for (const auto &p : allEncodingParams()) {
      if (p.gluonClass.empty())
        continue;
      int required = 0;
      for (const GluonArg &a : p.gluonArgs)
        required += a.required ? 1 : 0;
      if (required == 0) {
        QCOMPARE(notation::gluon::gluonToAttributeText(p.gluonClass + "()"), p.attrName() + "<>");
        continue;
      }
      try {
        (void)notation::gluon::gluonToAttributeText(p.gluonClass + "()");
        QFAIL(p.gluonClass.c_str());
      } catch (const Error &e) {
        QCOMPARE(e.rule(), p.gluonClass + ": argument '" + p.gluonArgs[0].name + "' is required");
      }
    }
  }

  void cppBuilderFollowsTheTable_data() { printerFollowsTheTable_data(); }
  void cppBuilderFollowsTheTable() {
    QFETCH(int, index);
    const Sample &s = samples()[static_cast<size_t>(index)];
    const EncodingParams &p = encodingParams(s.kind);
    codegen::ExportDesign d;
    d.encoding = ir::parseEncoding(attributeText(p, s.fields));
    d.shape = s.shape;
    if (s.kind == K::NvmmaShared)
      d.element = {"i8", 8}; // the sample's elementBitWidth
    if (p.cppBuilder.empty()) {
      try {
        (void)codegen::exportCpp(d, {});
        QFAIL("exported");
      } catch (const Error &e) {
        QCOMPARE(e.rule(), "no C++ builder export for #ttg." + p.mnemonic);
      }
      return;
    }
    const std::string out = codegen::exportCpp(d, {});
    const std::string head = "auto encoding = " + p.cppBuilder + "::get(ctx, ";
    const size_t at = out.find(head);
    QVERIFY2(at != std::string::npos, out.c_str());
    const std::string call = out.substr(at + head.size());
    size_t pos = 0;
    int comments = 0;
    for (const CppArg &a : p.cppArgs) {
      if (a.comment.empty())
        continue;
      const size_t next = call.find("/*" + a.comment + "=*/", pos);
      QVERIFY2(next != std::string::npos, (a.comment + " in " + call).c_str());
      pos = next + 1;
      ++comments;
    }
    // No argument comment the table does not declare.
    int written = 0;
    for (size_t i = call.find("/*"); i != std::string::npos; i = call.find("/*", i + 1))
      ++written;
    QCOMPARE(written, comments);
  }
};

QTEST_GUILESS_MAIN(TestEncodingParams)
#include "tst_encoding_params.moc"
