// CodeHighlighter: a small QSyntaxHighlighter for the languages the Export
// panel shows -- MLIR/TTGIR, C++ (and CUDA/HIP), Python and JSON.
//
// It colours what a reader scans for, not a full grammar: comments,
// strings, numbers, the language's keywords, and for MLIR the dialect
// operations (`tt.load`, `ttg.convert_layout`) and attribute names
// (`#ttg.blocked`, `#layout`).  Rules are regular expressions applied per
// line in order, later rules winning; comments go last so nothing inside a
// comment is coloured otherwise.  The formats are public so that tests can
// check the colour at a known character.
#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>
#include <QVector>

namespace ls::ui {

class CodeHighlighter : public QSyntaxHighlighter {
  Q_OBJECT
public:
  enum class Language { Mlir, Cpp, Python, Json };

  CodeHighlighter(Language language, QTextDocument *document);

  Language language() const { return language_; }

  // The formats, by role.
  static QTextCharFormat commentFormat();
  static QTextCharFormat keywordFormat();
  static QTextCharFormat stringFormat();
  static QTextCharFormat numberFormat();
  static QTextCharFormat operationFormat(); // MLIR ops, C++ types, JSON keys
  static QTextCharFormat attributeFormat(); // MLIR #attributes, C++ preprocessor

protected:
  void highlightBlock(const QString &text) override;

private:
  struct Rule {
    QRegularExpression pattern;
    QTextCharFormat format;
  };
  Language language_;
  QVector<Rule> rules_;
};

} // namespace ls::ui
