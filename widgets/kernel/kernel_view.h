// KernelView: a whole TTGIR kernel as the audit sees it.
//
// Three parts, all views of one audit::KernelAudit (the engine computes
// every number; this widget only lays them out):
//
//   findings (ranked)      | source lines of the file
//   ---------------------- | (the selected op's line highlighted,
//   sites: converts,       |  finding lines tinted)
//   shared and global      |
//   accesses (sortable)    |
//
// Selecting a finding or a site scrolls the source to its line and emits
// siteSelected(kind, index); activating a site (double-click, Enter or the
// "Open in designer" button) emits siteActivated(kind, index) so the
// application opens its layouts: a conversion's pair in the compare view, a
// shared access's pair in the bank heatmap, a value in the designer. Tabs
// beside the sites: Values (every distinct tensor type) and Outline (the
// functions' ops nested as their regions nest, finding lines tinted). Rows of a site with a finding are tinted
// kFindingColor, so the costly lines stand out in the table and the source.
#pragma once

#include <QColor>
#include <QWidget>
#include <memory>
#include <string>

#include "audit/kernel_audit.h"
#include "ir/module_reader.h"

class QListWidget;
class QPlainTextEdit;
class QSplitter;
class QTableWidget;
class QLabel;
class QPushButton;
class QTabWidget;
class QTreeWidget;

namespace ls::ui {

class KernelView : public QWidget {
  Q_OBJECT
public:
  explicit KernelView(QWidget *parent = nullptr);

  // Postcondition: the tables hold one row per finding and per convert /
  // shared / global site of `audit`; the source shows `sourceText`.
  void setAudit(const audit::KernelAudit &audit, const QString &sourceText);
  // Reads and audits a file; returns false (and shows why) if it cannot.
  bool openFile(const QString &path);
  // Audits module text (a paste, or a file's contents named `name`); a
  // second call with the same name is a refresh and keeps the current line.
  bool openText(const QByteArray &text, const QString &name);
  // Shows no kernel (a document without one was opened).
  void clear();
  // The path or name of what is shown ("" if nothing).
  QString sourceName() const { return name_; }

  // What reading and auditing a kernel file gave. loadFile touches no
  // widget, so it may run on a worker thread (the application reads large
  // kernels on one, with `progress` driving a progress dialog and Cancel);
  // showLoad then shows it on the GUI thread. openFile is the two in a row.
  struct Load {
    bool ok = false;
    bool cancelled = false;
    audit::KernelAudit audit;
    std::shared_ptr<const ir::ModuleFile> file; // what was read (the outline's ops)
    QString name;                               // the path, or "pasted kernel"
    QString text;
    QString error; // "error: ..." when !ok
  };
  static Load loadFile(const QString &path, const ir::ReadProgress &progress = {});
  static Load loadText(const QByteArray &text, const QString &name,
                       const ir::ReadProgress &progress = {});
  bool showLoad(const Load &load);

  const audit::KernelAudit &audit() const { return audit_; }
  QListWidget *findingsList() const { return findings_; }
  QTableWidget *sitesTable() const { return sites_; }
  // Every distinct tensor type: line of first use, type, results, layout.
  QTableWidget *valuesTable() const { return values_; }
  // The functions' ops nested as their regions nest; finding lines tinted.
  QTreeWidget *outline() const { return outline_; }
  QTabWidget *tabs() const { return tabs_; }
  QPlainTextEdit *sourceView() const { return source_; }
  // The line numbers beside the source (kGutterColor behind them).
  QWidget *sourceGutter() const;
  QString summaryText() const;
  // Emits siteActivated for the selected row (nothing if none).
  void openSelected();
  // The table row showing (kind, index), or -1.
  int rowOf(const QString &kind, int index) const;
  QPushButton *openButton() const { return open_; }
  // The source line shown as current (1-based), 0 if none.
  int currentLine() const { return currentLine_; }

  static const QColor kFindingColor;
  static const QColor kLineColor;
  static const QColor kGutterColor; // behind the source's line numbers

signals:
  // kind: "convert", "shared", "global" or "value"; index into the audit's
  // converts / shared / global / tensors.
  void siteSelected(const QString &kind, int index);
  void siteActivated(const QString &kind, int index);

private:
  void fillSites();
  void fillOutline(const ir::ModuleFile &file);
  QTableWidget *activeTable() const;
  void showLine(int line);
  void onSiteRow();
  void onFinding();
  // Gives the findings list the height its findings need (up to 60% of the
  // left column, the rest to the tables), once per kernel opened.
  void fitFindings();

protected:
  // The findings list keeps the height its findings need as the view is
  // resized, until the user drags the splitter.
  void resizeEvent(QResizeEvent *event) override;

private:
  bool userSizedFindings_ = false;
  audit::KernelAudit audit_;
  QLabel *summary_;
  QListWidget *findings_;
  QTableWidget *sites_;
  QPlainTextEdit *source_;
  QPushButton *open_;
  QTableWidget *values_;
  QTreeWidget *outline_;
  QTabWidget *tabs_;
  QSplitter *left_ = nullptr;
  QString name_;
  int currentLine_ = 0;
};

} // namespace ls::ui
