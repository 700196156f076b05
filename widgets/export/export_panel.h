// ExportPanel: the design, exported -- one tab per format (MLIR attribute,
// TTGIR module, C++, Gluon, kernel descriptor, CUDA and HIP kernels),
// each a read-only, syntax-highlighted view with Copy and Save, and a choice
// of the Triton version the MLIR text targets (3.6, or the #triton_gpu
// spelling of Triton 3.0/3.1).
//
// The panel computes nothing itself: every text is ls::codegen::exportDesign,
// the function behind `layout-studio-cli export`, so the GUI shows exactly
// what the CLI writes.  A tab's text is made when the tab is first shown
// after a change, so editing a design does not build six exports it will not
// display.  A design an exporter rejects shows the error (the field and the
// rule) in place of the text, with Copy and Save disabled.
//
// Save writes through QSaveFile: the old file stays whole until the new one
// is complete, as with the CLI's -o.
#pragma once

#include <QString>
#include <QVector>
#include <QWidget>

#include "codegen/export_options.h"

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
namespace ls::ui {

class CodeHighlighter;

class ExportPanel : public QWidget {
  Q_OBJECT
public:
  explicit ExportPanel(QWidget *parent = nullptr);

  // The design to export: an encoding, the tensor shape, the element type
  // (MLIR spelling, e.g. "f16"; empty = the encoding's natural type).
  void setDesign(ls::EncodingPtr encoding, const ls::Shape &shape,
                 const QString &elementType = QString());
  void clearDesign();
  bool hasDesign() const { return design_.encoding != nullptr; }

  ls::codegen::ExportFormat currentFormat() const;
  void setCurrentFormat(ls::codegen::ExportFormat format);

  ls::ir::Syntax syntax() const;
  void setSyntax(ls::ir::Syntax syntax);

  // The machine modules and kernels are made for, in Triton's spelling
  // ("cuda:80", "hip:gfx950"); "" lets the encoding choose (as the CLI's
  // export without --target).
  void setTarget(const QString &tritonTarget);
  QString target() const { return target_; }

  // The export in `format` (made now if needed); empty if it failed.
  QString text(ls::codegen::ExportFormat format);
  // The error of `format`'s export, empty if it succeeded.
  QString errorText(ls::codegen::ExportFormat format);

  // Writes the current tab's text to `path` atomically.  On failure returns
  // false with the reason in *error.
  bool saveTo(const QString &path, QString *error = nullptr);
  // A file name for the current tab: "layout.cu", "layout.ttgir", ...
  QString suggestedFileName() const;

public slots:
  void copyToClipboard();
  // Asks for a file name, then saveTo.
  void save();

signals:
  void copied(ls::codegen::ExportFormat format);
  void saved(const QString &path);

private:
  struct Page {
    ls::codegen::ExportFormat format;
    QPlainTextEdit *editor = nullptr;
    QLabel *error = nullptr;
    CodeHighlighter *highlighter = nullptr;
    bool fresh = false; // text matches the current design and syntax
    QString text, errorText;
  };

  void invalidate();
  Page &page(ls::codegen::ExportFormat format);
  void ensureFresh(Page &p);
  void updateButtons();

  ls::codegen::ExportDesign design_;
  QString target_;
  QVector<Page> pages_;
  QTabWidget *tabs_ = nullptr;
  QComboBox *syntaxCombo_ = nullptr;
  QPushButton *copyButton_ = nullptr;
  QPushButton *saveButton_ = nullptr;
};

} // namespace ls::ui
