#include "notation/mlir/attr_syntax_parser.h"

#include <algorithm>
#include <cctype>

#include "util/ascii.h"
#include "util/error.h"

namespace ls::ir {

SyntaxParser::SyntaxParser(std::string_view text) : text_(text), lex_(text) {
  if (text.size() > kMaxAttrText)
    throw Error("attribute text", "longer than " + std::to_string(kMaxAttrText) + " characters");
}

void SyntaxParser::fail(const std::string &what, size_t offset) const {
  throw SyntaxError(text_, offset, what);
}

size_t SyntaxParser::afterPrevious(size_t offset) const {
  // MLIR reports a token it did not expect at the end of the token before
  // it (blanks and line ends between them skipped back over).
  while (offset > 0 && offset <= text_.size() && isAsciiSpace(text_[offset - 1]))
    --offset;
  return offset;
}

void SyntaxParser::expectPunct(const char *p) {
  Token t = lex_.next();
  if (t.kind != Token::Kind::Punct || t.text != p)
    fail(std::string("expected '") + p + "'",
         t.kind == Token::Kind::End ? t.offset : afterPrevious(t.offset));
}

bool SyntaxParser::acceptPunct(const char *p) {
  const Token &t = lex_.peek();
  if (t.kind == Token::Kind::Punct && t.text == p) {
    lex_.skip();
    return true;
  }
  return false;
}

void SyntaxParser::expectEnd() {
  const Token &t = lex_.peek();
  if (t.kind != Token::Kind::End)
    fail("unexpected text after the attribute", t.offset);
}

// (attr_syntax_parser.h)
std::string unknownTritonTypeName(std::string_view qualified, size_t &nameAt) {
  struct DialectTypes {
    std::string_view dialect;
    std::string_view names[2];
  };
  static constexpr DialectTypes kTypes[] = {{"tt", {"ptr", "tensordesc"}},
                                            {"ttg", {"memdesc", "async.token"}}};
  for (const DialectTypes &d : kTypes)
    if (qualified.size() > d.dialect.size() && qualified.substr(0, d.dialect.size()) == d.dialect &&
        qualified[d.dialect.size()] == '.') {
      const std::string_view name = qualified.substr(d.dialect.size() + 1);
      if (name == d.names[0] || name == d.names[1])
        return {};
      nameAt = d.dialect.size() + 1;
      return "unknown  type `" + std::string(name.substr(0, 40)) + "` in dialect `" +
             std::string(d.dialect) + "`";
    }
  return {};
}

// (attr_syntax_parser.h)
bool isMlirAttributeKeyword(std::string_view w) {
  static constexpr std::string_view kWords[] = {
      "unit",   "dense",   "dense_resource", "array", "affine_map", "affine_set",
      "sparse", "strided", "distinct",       "loc",   "none",       "true",
      "false"};
  for (std::string_view k : kWords)
    if (w == k)
      return true;
  return false;
}

ValuePtr SyntaxParser::parseValue(int depth) {
  if (depth > kMaxNesting)
    fail("nesting deeper than " + std::to_string(kMaxNesting) + " levels", lex_.peek().offset);
  // Decided on the peeked token, then consumed (moved, not copied).
  switch (lex_.peek().kind) {
  case Token::Kind::End:
    fail("unexpected end of text; the attribute is truncated", lex_.peek().offset);
  case Token::Kind::Hash:
    return parseAttribute(depth + 1);
  case Token::Kind::Bang:
  case Token::Kind::Ident:
    if (atType())
      fail("a type is not allowed here", lex_.peek().offset);
    break;
  default:
    break;
  }
  Token t = lex_.next();
  auto v = std::make_shared<Value>();
  v->offset = t.offset;
  switch (t.kind) {
  case Token::Kind::End:
  case Token::Kind::Hash:
    break; // decided above
  case Token::Kind::Bang:
  case Token::Kind::Ident:
    if (t.text == "true" || t.text == "false") {
      v->kind = Value::Kind::Bool;
      v->integer = t.text == "true";
    } else {
      v->kind = Value::Kind::Ident;
      v->text = std::move(t.text);
    }
    return v;
  case Token::Kind::String:
    v->kind = Value::Kind::String;
    v->text = std::move(t.text);
    return v;
  case Token::Kind::Integer: {
    v->kind = Value::Kind::Integer;
    v->integer = t.value;
    if (acceptPunct(":")) {
      // Either `interval:+padding` (padded_shared) or a typed integer `4 : i32`.
      Token n = lex_.peek();
      if (n.kind == Token::Kind::Punct && n.text == "+") {
        lex_.skip();
        Token pad = lex_.next();
        if (pad.kind != Token::Kind::Integer)
          fail("expected the padding after ':+'", pad.offset);
        v->kind = Value::Kind::Interval;
        v->padding = pad.value;
      } else if (n.kind == Token::Kind::Ident) {
        lex_.skip(); // `: i32` type suffix
      } else {
        fail("expected '+padding' or a type after ':'", n.offset);
      }
    }
    return v;
  }
  case Token::Kind::Punct:
    if (t.text == "[") {
      v->kind = Value::Kind::List;
      if (acceptPunct("]"))
        return v;
      do {
        v->items.push_back(parseValue(depth + 1));
      } while (acceptPunct(","));
      expectPunct("]");
      return v;
    }
    if (t.text == "{") {
      v->kind = Value::Kind::Dict;
      parseEntries(v->entries, "}", depth + 1);
      expectPunct("}");
      return v;
    }
    fail("expected attribute value, not '" + t.text + "'", afterPrevious(t.offset));
  }
  fail("unexpected token", t.offset);
}

ValuePtr SyntaxParser::parseAttribute(int depth) {
  if (depth > kMaxNesting)
    fail("nesting deeper than " + std::to_string(kMaxNesting) + " levels", lex_.peek().offset);
  Token hash = lex_.next();
  if (hash.kind != Token::Kind::Hash)
    fail("expected an attribute starting with '#'", hash.offset);
  Token name = lex_.next();
  // `#2locked1`: MLIR lexes `#2` (an alias id of digits), which names no
  // alias (said past its digits).
  if (name.kind == Token::Kind::Integer && name.offset == hash.offset + 1) {
    size_t e = name.offset;
    while (e < text_.size() && text_[e] >= '0' && text_[e] <= '9')
      ++e;
    fail("undefined symbol alias id '" + std::string(text_.substr(name.offset, e - name.offset)) +
             "'",
         e);
  }
  // MLIR's lexer: a name right after the '#' (`##x`, `# x`: refused at the '#').
  if (name.kind != Token::Kind::Ident || name.offset != hash.offset + 1)
    fail("invalid attribute name", hash.offset);
  auto v = std::make_shared<Value>();
  v->offset = hash.offset;
  auto dot = name.text.find('.');
  if (dot == std::string::npos) {
    v->kind = Value::Kind::AliasRef;
    v->text = name.text;
    return v;
  }
  v->kind = Value::Kind::Attr;
  v->dialect = name.text.substr(0, dot);
  v->name = name.text.substr(dot + 1);
  if (lex_.peek().isPunct("<")) {
    // MLIR first takes the body by its brackets: a '}' or ']' that closes
    // nothing makes the '<' unbalanced.
    const size_t lt = lex_.peek().offset;
    size_t at = 0;
    std::string problem;
    if (scanPrettyBody(text_, lt, at, problem) == std::string_view::npos)
      fail(problem, at);
    lex_.skip();
    v->hasBody = true;
    parseBody(*v, depth);
    expectPunct(">");
  } else if (lex_.peek().isPunct("{")) {
    // `#ttg.slice{dim = 1, ...}>`: the body's '<' is missing.
    fail("expected '<'", afterPrevious(lex_.peek().offset));
  }
  return v;
}

void SyntaxParser::requireStructParameters(const Value &attr,
                                           std::initializer_list<const char *> required) {
  for (const char *name : required)
    if (std::none_of(attr.entries.begin(), attr.entries.end(),
                     [&](const auto &e) { return e.first == name; }))
      fail(std::string("struct is missing required parameter: ") + name, lex_.peek().offset);
}

ValuePtr SyntaxParser::parseStructInteger() {
  Token t = lex_.next();
  auto v = std::make_shared<Value>();
  v->offset = t.offset;
  v->kind = Value::Kind::Integer;
  v->integer = t.value;
  return v;
}

void SyntaxParser::parseEntries(std::vector<std::pair<std::string, ValuePtr>> &out,
                                const char *close, int depth, bool structIntegers) {
  const Token &t = lex_.peek();
  if (t.kind == Token::Kind::Punct && t.text == close)
    return;
  do {
    Token key = lex_.next();
    if (key.kind != Token::Kind::Ident && key.kind != Token::Kind::String)
      fail("expected attribute name (a field name)",
           key.kind == Token::Kind::End ? key.offset : afterPrevious(key.offset));
    for (const auto &[k, v] : out)
      if (k == key.text)
        fail("field '" + key.text + "' is given twice", key.offset);
    expectPunct("=");
    // In a dictionary MLIR reads no attribute from a bare word (`parent = kWidth`).
    if (*close == '}' && lex_.peek().kind == Token::Kind::Ident && !atType() &&
        !isMlirAttributeKeyword(lex_.peek().text))
      fail("expected attribute value, not '" + lex_.peek().text.substr(0, 40) + "'",
           afterPrevious(lex_.peek().offset));
    out.push_back({key.text, structIntegers && lex_.peek().kind == Token::Kind::Integer
                                 ? parseStructInteger()
                                 : parseValue(depth + 1)});
  } while (acceptPunct(","));
}

void SyntaxParser::parseBody(Value &attr, int depth) {
  // Positional values (lists, numbers) may precede a `{dict}`; a body may
  // also be bare `key = value` pairs.
  for (;;) {
    const Token &t = lex_.peek();
    if (t.kind == Token::Kind::Punct && t.text == ">")
      return;
    if (t.kind == Token::Kind::Punct && t.text == "{" && attr.name == "dot_op" &&
        (attr.dialect == "ttg" || attr.dialect == "triton_gpu")) {
      // Triton declares the dot operand's syntax as a struct of its
      // parameters (`{opIdx = 0, parent = #mma, kWidth = 2}`): each name a
      // keyword, the list ends at a token other than ','; then its required
      // parameters, said where the list ended.
      lex_.skip();
      if (!lex_.peek().isPunct("}"))
        for (;;) {
          const Token key = lex_.peek();
          if (key.kind != Token::Kind::Ident)
            fail("expected valid keyword", key.offset);
          lex_.skip();
          expectPunct("=");
          // opIdx and kWidth are read as integers: a mark there (`opIdx = = 1`)
          // is said at itself.
          // (`kWidth = 16.0`: a float, said at its digits.)
          if (const Token &n = lex_.peek();
              (key.text == "opIdx" || key.text == "kWidth") &&
              ((n.kind == Token::Kind::Punct && n.text != "-" && n.text != "[" && n.text != "{") ||
               (n.kind == Token::Kind::Integer && [&] {
                 size_t q = n.offset + (n.offset < text_.size() && text_[n.offset] == '-' ? 1 : 0);
                 while (q < text_.size() && text_[q] >= '0' && text_[q] <= '9')
                   ++q;
                 return q < text_.size() && text_[q] == '.';
               }())))
            fail("expected integer value", n.offset);
          // (`kWidth = 16 : i32`: a struct's integer takes no type; the
          // list ends at the ':'.)
          // (`parent = 0 : i32` is an attribute: the typed integer is read.)
          attr.entries.push_back(
              {key.text, key.text != "parent" && lex_.peek().kind == Token::Kind::Integer
                             ? parseStructInteger()
                             : parseValue(depth + 1)});
          if (!acceptPunct(","))
            break;
        }
      // (A list that ends at its '}' leaves a missing field to the layout's
      // own rule, which names the field.)
      if (!lex_.peek().isPunct("}"))
        requireStructParameters(attr, {"opIdx", "parent"});
      expectPunct("}");
      return;
    }
    if (t.kind == Token::Kind::Punct && t.text == "{") {
      lex_.skip();
      parseEntries(attr.entries, "}", depth);
      expectPunct("}");
      if (acceptPunct(","))
        parseEntries(attr.extraEntries, ">", depth);
      return;
    }
    if (t.kind == Token::Kind::Ident) {
      // bare `key = value, ...`?
      Lexer probe = lex_;
      probe.next();
      Token eq = probe.next();
      if (eq.kind == Token::Kind::Punct && eq.text == "=") {
        // Tensor memory's layouts are structs of their parameters too
        // (`<blockM = 128, blockN = 64, colStride = 1>`): an integer with a
        // type ends the list there; then the required parameters, said at
        // the token that ended it.
        const bool tmem = attr.dialect == "ttng" && (attr.name == "tensor_memory_encoding" ||
                                                     attr.name == "tensor_memory_scales_encoding");
        parseEntries(attr.entries, ">", depth, tmem);
        if (tmem && !lex_.peek().isPunct(">") && attr.name == "tensor_memory_encoding")
          requireStructParameters(attr, {"blockM", "blockN", "colStride"});
        return;
      }
    }
    attr.positional.push_back(parseValue(depth + 1));
    acceptPunct(",");
  }
}

bool SyntaxParser::atType() {
  const Token &t = lex_.peek();
  if (t.kind == Token::Kind::Ident && t.text == "tensor")
    return true;
  return t.kind == Token::Kind::Bang;
}

TypeText SyntaxParser::parseType() {
  Token t = lex_.next();
  TypeText type;
  if (t.kind == Token::Kind::Bang) {
    Token name = lex_.next();
    if (name.kind == Token::Kind::Ident && name.text == "tt.tensordesc") {
      // !tt.tensordesc<tensor<...>>: the block type's layout.
      expectPunct("<");
      if (!atType())
        fail("expected the block's tensor<...> type in !tt.tensordesc<...>", lex_.peek().offset);
      TypeText inner = parseType();
      if (inner.isMemDesc)
        fail("expected a tensor<...> type in !tt.tensordesc<...>", t.offset);
      expectPunct(">");
      inner.isTensorDesc = true;
      return inner;
    }
    if (name.kind != Token::Kind::Ident ||
        (name.text != "ttg.memdesc" && name.text != "triton_gpu.memdesc"))
      fail("expected a tensor<...>, !ttg.memdesc<...> or !tt.tensordesc<...> type", name.offset);
    type.isMemDesc = true;
  } else if (!(t.kind == Token::Kind::Ident && t.text == "tensor")) {
    fail("expected a tensor<...> or !ttg.memdesc<...> type", t.offset);
  }
  expectPunct("<");
  // Shape and element type: "64x64xf16" up to the first ',' or '>'.
  size_t start = lex_.position();
  std::string_view rest = text_.substr(start);
  // The element type may itself have brackets (!tt.ptr<f16>): stop at the
  // first ',' or '>' outside them.
  size_t end = std::string_view::npos;
  int nest = 0;
  for (size_t i = 0; i < rest.size() && i < 4096; ++i) {
    char c = rest[i];
    if (c == '<')
      ++nest;
    else if (c == '>' && nest > 0)
      --nest;
    else if ((c == ',' || c == '>') && nest == 0) {
      end = i;
      break;
    }
  }
  if (end == std::string_view::npos) {
    // `tensor<64xi<32, ...`: a word with a '<' that no type has (MLIR: the
    // element type is expected at the word).
    size_t w = 0; // past the `Nx` dimensions
    for (;;) {
      size_t q = w;
      while (q < rest.size() && isAsciiSpace(rest[q]))
        ++q;
      size_t d = q;
      while (d < rest.size() && isAsciiDigit(rest[d]))
        ++d;
      if (d == q || d >= rest.size() || rest[d] != 'x') {
        w = q;
        break;
      }
      w = d + 1;
    }
    size_t e = w;
    // `tensor<64x!tr<...`: a dialect type of a dialect Triton does not load.
    if (w < rest.size() && rest[w] == '!') {
      size_t d = w + 1;
      while (d < rest.size() && (isAsciiAlnum(rest[d]) || rest[d] == '_'))
        ++d;
      const std::string_view dialect = rest.substr(w + 1, d - w - 1);
      if (!dialect.empty() && d < rest.size() && rest[d] == '<' && dialect != "tt" &&
          dialect != "ttg" && dialect != "ttng" && dialect != "amdg" && dialect != "triton_gpu" &&
          dialect != "llvm" && dialect != "nvws" && dialect != "gpu")
        fail("`!" + std::string(dialect) +
                 "<...>` type created with unregistered dialect (Triton 3.6 "
                 "does not load it)",
             start + w);
    }
    while (e < rest.size() && (isAsciiAlnum(rest[e]) || rest[e] == '_'))
      ++e;
    const std::string_view word = rest.substr(w, e - w);
    if (!word.empty() && !isAsciiDigit(word[0]) && e < rest.size() && rest[e] == '<' &&
        word != "tensor" && word != "vector" && word != "memref" && word != "complex" &&
        word != "tuple")
      fail("expected non-function type", start + w);
    fail("unterminated type", start);
  }
  std::string_view dims = rest.substr(0, end);
  while (!dims.empty() && isAsciiSpace(dims.front()))
    dims.remove_prefix(1);
  while (!dims.empty() && isAsciiSpace(dims.back()))
    dims.remove_suffix(1);
  size_t p = 0;
  while (p < dims.size() && isAsciiDigit(dims[p])) {
    size_t q = p;
    int64_t v = 0;
    while (q < dims.size() && isAsciiDigit(dims[q])) {
      if (v > (int64_t{1} << 40))
        fail("dimension too large", start + q);
      v = v * 10 + (dims[q] - '0');
      ++q;
    }
    // MLIR reads the `x` as a token of its own: blanks may stand around it
    // (`128 x f32`).
    while (q < dims.size() && isAsciiSpace(dims[q]))
      ++q;
    if (q >= dims.size() || dims[q] != 'x')
      fail("expected 'x' after a dimension", start + q);
    type.shape.push_back(v);
    p = q + 1;
    while (p < dims.size() && isAsciiSpace(dims[p]))
      ++p;
    if (type.shape.size() > 20)
      fail("too many dimensions", start + p);
  }
  // The element type is one token: a builtin type's name (`f16`), or a
  // dialect type with its brackets (`!tt.ptr<f16>`). What follows it must be
  // ',' or '>' (`f16 #b`: the ',' before the layout is missing).
  const size_t dimsAt = size_t(dims.data() - text_.data());
  const char *expectedNext = type.isMemDesc ? "expected ','" : "expected '>' in tensor type";
  size_t elemEnd = p;
  auto nameChar = [](char c) { return isAsciiAlnum(c) || c == '_' || c == '.' || c == '$'; };
  if (p < dims.size() && dims[p] == '!') {
    elemEnd = p + 1;
    while (elemEnd < dims.size() && nameChar(dims[elemEnd]))
      ++elemEnd;
    // A type of Triton's own dialects names one the dialect has.
    size_t nameAt = 0;
    if (const std::string problem =
            unknownTritonTypeName(dims.substr(p + 1, elemEnd - p - 1), nameAt);
        !problem.empty())
      throw SyntaxError(text_, dimsAt + p + 1 + nameAt, problem, "element type");
    if (elemEnd < dims.size() && dims[elemEnd] == '<') {
      int depth = 0;
      for (; elemEnd < dims.size(); ++elemEnd) {
        if (dims[elemEnd] == '<')
          ++depth;
        else if (dims[elemEnd] == '>' && --depth == 0) {
          ++elemEnd;
          break;
        }
      }
    }
  } else {
    while (elemEnd < dims.size() && nameChar(dims[elemEnd]))
      ++elemEnd;
    const std::string_view word = dims.substr(p, elemEnd - p);
    // `tensor<1x32xtensor<1x32xi32, #b> -> ...`: a tensor type is a type,
    // read whole (its own errors first); MLIR refuses it as an element type
    // once the outer type is read.
    if (!type.isMemDesc && word == "tensor" && elemEnd < dims.size() && dims[elemEnd] == '<') {
      SyntaxParser inner(text_);
      inner.lex_.seek(dimsAt + p);
      (void)inner.parseType();
      elemEnd = inner.lex_.position() - dimsAt;
      if (elemEnd < dims.size())
        fail(expectedNext, afterPrevious(dimsAt + elemEnd));
      lex_.seek(start + end);
      if (!lex_.peek().isPunct(">") && !lex_.peek().isPunct(","))
        fail(expectedNext, afterPrevious(lex_.peek().offset));
      fail("invalid tensor element type (a tensor's elements are no tensors)", dimsAt + p);
    }
    if (word.empty() || !isBuiltinTypeName(word))
      throw SyntaxError(text_, afterPrevious(dimsAt + p),
                        "expected non-function type: '" +
                            std::string(word.empty() ? dims.substr(p, 1) : word.substr(0, 24)) +
                            "' is not a type (f16, bf16, f32, i32, !tt.ptr<f16>, ...)",
                        "element type");
  }
  type.elementType = dims.substr(p, elemEnd - p);
  if (type.elementType.empty())
    fail("missing element type", start + p);
  if (type.elementType.rfind("!tt.ptr<", 0) == 0) {
    // The pointee is a type: `!tt.ptr<f16>`, `!tt.ptr<!tt.ptr<f32>>`.
    const size_t at = p + 8;
    size_t w = at;
    while (w < elemEnd && (isAsciiAlnum(dims[w]) || dims[w] == '_' || dims[w] == '.' || dims[w] == '$'))
      ++w;
    const std::string_view pointee = dims.substr(at, w - at);
    const bool nested = at < elemEnd && (dims[at] == '!' || pointee == "tensor");
    if (!nested && !isBuiltinTypeName(pointee))
      throw SyntaxError(text_, dimsAt + at,
                        "expected non-function type: the pointee '" +
                            std::string(pointee.substr(0, 24)) + "' of !tt.ptr is not a type",
                        "element type");
    // `!tt.ptr<f32, 1>`: after a ',' its address space, an integer.
    if (!nested && w < elemEnd && dims[w] == ',') {
      size_t q = w + 1;
      while (q < elemEnd && isAsciiSpace(dims[q]))
        ++q;
      if (q >= elemEnd || !(isAsciiDigit(dims[q]) || dims[q] == '-'))
        throw SyntaxError(text_, dimsAt + q, "expected integer value (!tt.ptr's address space)",
                          "element type");
    }
  }
  if (elemEnd < dims.size())
    fail(expectedNext, afterPrevious(dimsAt + elemEnd));
  // Re-sync the lexer after the raw scan.
  lex_.seek(start + end);
  if (!type.isMemDesc) {
    // tensor<dims x elem (, encoding)?>: one layout at most. MLIR reads the
    // encoding as an optional attribute: `tensor<4xf32, >` has none.
    if (acceptPunct(",")) {
      // Any attribute MLIR reads there (`true`, a type such as `i64`) is the
      // encoding, if not a layout; a bare word that is neither is not one.
      // A type is an attribute too: a container type's word needs its '<'.
      if (const Token &w = lex_.peek(); w.kind == Token::Kind::Ident && isContainerTypeWord(w.text)) {
        const std::string word(w.text);
        const size_t wordAt = w.offset;
        lex_.skip();
        if (!lex_.peek().isPunct("<"))
          fail("expected '<' in " + word + " type", afterPrevious(lex_.peek().offset));
        lex_.seek(wordAt);
        // `tensor<4xf32, tensor<{...}>>`: a tensor type there is read as
        // one (its errors where they are).
        if (word == "tensor") {
          SyntaxParser inner(text_);
          inner.lex_.seek(wordAt);
          (void)inner.parseType();
          auto v = std::make_shared<Value>(); // not a layout: kept as a word
          v->kind = Value::Kind::Ident;
          v->text = word;
          v->offset = wordAt;
          type.encoding = v;
          lex_.seek(inner.lex_.position());
          if (!lex_.peek().isPunct(">"))
            fail(expectedNext, afterPrevious(lex_.peek().offset));
          lex_.skip();
          return type;
        }
      }
      // `tensor<4xf32, (#mma>`: a '(' starts a function type (a type is an
      // attribute), whose inputs are types.
      if (const Token &open = lex_.peek(); open.isPunct("(")) {
        const size_t openAt = open.offset;
        lex_.skip();
        const Token &in = lex_.peek();
        if (!in.isPunct(")") && in.kind != Token::Kind::Bang &&
            !(in.kind == Token::Kind::Ident &&
              (isBuiltinTypeName(in.text) || isContainerTypeWord(in.text))))
          fail("expected non-function type", afterPrevious(in.offset));
        lex_.seek(openAt);
      }
      const Token &n = lex_.peek();
      const bool attribute =
          n.kind == Token::Kind::Hash || n.kind == Token::Kind::Integer ||
          n.kind == Token::Kind::String || n.isPunct("[") || n.isPunct("{") ||
          (n.kind == Token::Kind::Ident &&
           (n.text == "true" || n.text == "false" || n.text == "unit" ||
            isBuiltinTypeName(n.text)));
      if (attribute && n.kind == Token::Kind::Ident) {
        auto v = std::make_shared<Value>(); // not a layout: kept as a word
        v->kind = Value::Kind::Ident;
        v->text = n.text;
        v->offset = n.offset;
        lex_.skip();
        type.encoding = v;
      } else if (attribute) {
        type.encoding = parseValue(1);
      }
    }
    if (!lex_.peek().isPunct(">"))
      fail(expectedNext, afterPrevious(lex_.peek().offset));
    lex_.skip();
    return type;
  }
  // !ttg.memdesc<dims x elem, layout, memory space (, mutable)? (, alloc shape)?>:
  // the layout and the memory space are required, in that order.
  auto requireComma = [&]() {
    if (!acceptPunct(","))
      fail("expected ','", afterPrevious(lex_.peek().offset));
  };
  requireComma();
  // The layout is an attribute: a bare word is one only as a builtin type
  // (MLIR reads `f32` so) - `opIdx` is none.
  if (const Token &w = lex_.peek(); w.kind == Token::Kind::Ident && !isBuiltinTypeName(w.text) &&
                                    w.text != "tensor" && w.text != "vector" && w.text != "memref" &&
                                    w.text != "true" && w.text != "false" && w.text != "unit" &&
                                    w.text != "dense" && w.text != "array")
    fail("expected attribute value", afterPrevious(w.offset));
  type.encoding = parseValue(1);
  if (lex_.peek().isPunct(">"))
    fail("expected ',' (the memory space is missing: write "
         "!ttg.memdesc<SHAPExT, LAYOUT, #ttg.shared_memory[, mutable]>)",
         afterPrevious(lex_.peek().offset));
  requireComma();
  {
    const Token &n = lex_.peek();
    // (A builtin type is an attribute too: `f32` reads, and the memdesc's
    // verifier refuses it as a memory space.)
    const bool attributeStart = n.kind == Token::Kind::Hash || n.kind == Token::Kind::Integer ||
                                n.kind == Token::Kind::String || n.isPunct("[") ||
                                n.isPunct("{") ||
                                (n.kind == Token::Kind::Ident && isBuiltinTypeName(n.text));
    if (!attributeStart)
      fail("expected attribute value", afterPrevious(n.offset));
  }
  type.trailing.push_back(parseValue(1));
  // An alloc shape "2x64x64" lexes as an integer, then the ident "x64x64".
  auto allocShape = [&]() {
    const Token &n = lex_.peek();
    if (n.kind != Token::Kind::Integer)
      return; // an empty dimension list: the '>' is checked next
    const size_t s0 = n.offset;
    std::string_view r = text_.substr(s0);
    size_t e = r.find_first_of(",>");
    std::vector<int64_t> shape;
    int64_t v = 0;
    bool any = false;
    for (char c : r.substr(0, e)) {
      if (isAsciiDigit(c)) {
        v = v * 10 + (c - '0');
        any = true;
        if (v > (int64_t{1} << 40))
          fail("dimension too large", s0);
      } else if (c == 'x' && any) {
        shape.push_back(v);
        v = 0;
        any = false;
      } else if (!isAsciiSpace(c)) {
        fail("malformed allocation shape", s0);
      }
    }
    if (any)
      shape.push_back(v);
    type.allocShape = shape;
    lex_.seek(e == std::string_view::npos ? text_.size() : s0 + e);
  };
  if (acceptPunct(",")) {
    const Token &n = lex_.peek();
    if (n.kind == Token::Kind::Ident && n.text == "mutable") {
      type.trailing.push_back(parseValue(1));
      if (acceptPunct(","))
        allocShape();
    } else {
      allocShape();
    }
  }
  if (!lex_.peek().isPunct(">"))
    fail("expected '>'", afterPrevious(lex_.peek().offset));
  lex_.skip();
  return type;
}

// The error's place is the token MLIR stands on: the last string its lexer
// read, else the '<'.
size_t scanPrettyBody(std::string_view t, size_t lt, size_t &at, std::string &message) {
  char open[256];
  size_t depth = 0;
  size_t token = lt;
  size_t p = lt;
  auto unbalanced = [&] {
    at = token;
    message = std::string("unbalanced '") + open[depth - 1] + "' character in pretty dialect name";
    return std::string_view::npos;
  };
  do {
    if (p >= t.size() || t[p] == '\0')
      return unbalanced();
    const char c = t[p++];
    switch (c) {
    case '<':
    case '[':
    case '(':
    case '{':
      if (depth == sizeof open) {
        at = p - 1;
        message = "brackets nest deeper than 256 levels";
        return std::string_view::npos;
      }
      open[depth++] = c;
      continue;
    case '-':
      if (p < t.size() && t[p] == '>')
        ++p;
      continue;
    case '"':
      token = p - 1;
      while (p < t.size() && t[p] != '"' && t[p] != '\n') {
        if (t[p] == '\\')
          ++p;
        ++p;
      }
      if (p >= t.size() || t[p] != '"') {
        at = std::min(p, t.size());
        message = "expected '\"' in string literal";
        return std::string_view::npos;
      }
      ++p;
      continue;
    case '>':
    case ']':
    case ')':
    case '}':
      if (open[depth - 1] != (c == '>' ? '<' : c == ']' ? '[' : c == ')' ? '(' : '{'))
        return unbalanced();
      --depth;
      break;
    default:
      continue;
    }
  } while (depth > 0);
  return p;
}

bool isBuiltinTypeName(std::string_view w) {
  if (w.size() < 2 || w.size() > 13)
    return false;
  switch (w[0]) { // most words are no type: one test each
  case 'i':
  case 's':
  case 'u':
  case 'f':
  case 'b':
  case 't':
  case 'n':
    break;
  default:
    return false;
  }
  auto digitsFrom = [&](size_t k) {
    if (k >= w.size() || w[k] == '0')
      return false;
    for (size_t i = k; i < w.size(); ++i)
      if (!isAsciiDigit(w[i]))
        return false;
    return true;
  };
  if (w[0] == 'i')
    return digitsFrom(1) || w == "index";
  if (w[0] == 's' || w[0] == 'u')
    return w.size() > 2 && w[1] == 'i' && digitsFrom(2);
  if (w[0] == 'f' && w.size() == 3)
    return w == "f16" || w == "f32" || w == "f64" || w == "f80";
  static constexpr std::string_view kNames[] = {
      "f16",          "f32",          "f64",        "f80",        "f128",       "bf16",
      "tf32",         "index",        "none",       "f8E5M2",     "f8E4M3FN",   "f8E5M2FNUZ",
      "f8E4M3FNUZ",   "f8E4M3B11FNUZ", "f8E4M3",    "f8E3M4",     "f8E8M0FNU",  "f6E2M3FN",
      "f6E3M2FN",     "f4E2M1FN"};
  for (std::string_view n : kNames)
    if (w == n)
      return true;
  return false;
}

bool isContainerTypeWord(std::string_view w) {
  return w == "tensor" || w == "vector" || w == "memref" || w == "complex" || w == "tuple";
}

ValuePtr parseAttributeText(std::string_view text) {
  SyntaxParser p(text);
  ValuePtr v = p.parseAttribute(0);
  p.expectEnd();
  return v;
}

} // namespace ls::ir
