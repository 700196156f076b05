#include "export/code_highlighter.h"

#include <QColor>
#include <QFont>
#include <QStringList>

namespace ls::ui {

namespace {

QTextCharFormat makeFormat(const QColor &color, bool bold = false, bool italic = false) {
  QTextCharFormat f;
  f.setForeground(color);
  if (bold)
    f.setFontWeight(QFont::Bold);
  f.setFontItalic(italic);
  return f;
}

QRegularExpression words(const QStringList &list) {
  return QRegularExpression("\\b(" + list.join('|') + ")\\b");
}

} // namespace

QTextCharFormat CodeHighlighter::commentFormat() {
  return makeFormat(QColor(0x6a, 0x73, 0x7d), false, true);
}
QTextCharFormat CodeHighlighter::keywordFormat() {
  return makeFormat(QColor(0x00, 0x33, 0xb3), true);
}
QTextCharFormat CodeHighlighter::stringFormat() {
  return makeFormat(QColor(0x06, 0x7d, 0x17));
}
QTextCharFormat CodeHighlighter::numberFormat() {
  return makeFormat(QColor(0x17, 0x50, 0xeb));
}
QTextCharFormat CodeHighlighter::operationFormat() {
  return makeFormat(QColor(0x87, 0x10, 0x94));
}
QTextCharFormat CodeHighlighter::attributeFormat() {
  return makeFormat(QColor(0x9e, 0x88, 0x0d));
}

CodeHighlighter::CodeHighlighter(Language language, QTextDocument *document)
    : QSyntaxHighlighter(document), language_(language) {
  rules_.append({QRegularExpression("\\b\\d+\\b"), numberFormat()});
  switch (language) {
  case Language::Mlir:
    rules_.append(
        {words({"module", "attributes", "tensor", "true", "false", "public"}), keywordFormat()});
    rules_.append(
        {QRegularExpression("\\b(tt|ttg|ttng|triton_gpu|arith)\\.[a-z_]+"), operationFormat()});
    rules_.append(
        {QRegularExpression("![a-z_]+\\.[a-z_]+|#[A-Za-z_][A-Za-z0-9_.]*"), attributeFormat()});
    rules_.append({QRegularExpression("\"[^\"]*\""), stringFormat()});
    rules_.append({QRegularExpression("//.*$"), commentFormat()});
    break;
  case Language::Cpp:
    rules_.append({words({"auto",       "const",      "constexpr",   "for",
                          "if",         "else",       "return",      "struct",
                          "namespace",  "using",      "static_cast", "reinterpret_cast",
                          "extern",     "while",      "do",          "continue",
                          "inline",     "int",        "bool",        "char",
                          "void",       "true",       "false",       "nullptr",
                          "__global__", "__device__", "__host__",    "__shared__"}),
                   keywordFormat()});
    rules_.append(
        {QRegularExpression("\\b([A-Z][A-Za-z0-9]*|u?int(8|16|32|64)_t)\\b"), operationFormat()});
    rules_.append({QRegularExpression("^\\s*#\\s*[a-z]+.*$"), attributeFormat()});
    rules_.append({QRegularExpression("\"(\\\\.|[^\"\\\\])*\""), stringFormat()});
    rules_.append({QRegularExpression("//.*$"), commentFormat()});
    break;
  case Language::Python:
    rules_.append({words({"from", "import", "as", "def", "return", "True", "False", "None"}),
                   keywordFormat()});
    rules_.append(
        {QRegularExpression("\\b(ttgl\\.)?[A-Z][A-Za-z0-9]*Layout\\b"), operationFormat()});
    rules_.append({QRegularExpression("\"[^\"]*\"|'[^']*'"), stringFormat()});
    rules_.append({QRegularExpression("#.*$"), commentFormat()});
    break;
  case Language::Json:
    rules_.append({words({"true", "false", "null"}), keywordFormat()});
    rules_.append({QRegularExpression("\"[^\"]*\""), stringFormat()});
    rules_.append({QRegularExpression("\"[^\"]*\"(?=\\s*:)"), operationFormat()});
    break;
  }
}

void CodeHighlighter::highlightBlock(const QString &text) {
  for (const Rule &rule : rules_) {
    auto it = rule.pattern.globalMatch(text);
    while (it.hasNext()) {
      const auto m = it.next();
      setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()),
                rule.format);
    }
  }
}

} // namespace ls::ui
