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
// siteSelected(kind, index) so the application can open the pair in the
// compare view or the bank heatmap. Rows of a site with a finding are tinted
// kFindingColor, so the costly lines stand out in the table and the source.
#pragma once

#include <QColor>
#include <QWidget>
#include <string>

#include "audit/kernel_audit.h"
#include "ir/module_reader.h"

class QListWidget;
class QPlainTextEdit;
class QTableWidget;
class QLabel;

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

  // What reading and auditing a kernel file gave. loadFile touches no
  // widget, so it may run on a worker thread (the application reads large
  // kernels on one, with `progress` driving a progress dialog and Cancel);
  // showLoad then shows it on the GUI thread. openFile is the two in a row.
  struct Load {
    bool ok = false;
    bool cancelled = false;
    audit::KernelAudit audit;
    QString text;
    QString error; // "error: ..." when !ok
  };
  static Load loadFile(const QString &path, const ir::ReadProgress &progress = {});
  bool showLoad(const Load &load);

  const audit::KernelAudit &audit() const { return audit_; }
  QListWidget *findingsList() const { return findings_; }
  QTableWidget *sitesTable() const { return sites_; }
  QPlainTextEdit *sourceView() const { return source_; }
  QString summaryText() const;
  // The source line shown as current (1-based), 0 if none.
  int currentLine() const { return currentLine_; }

  static const QColor kFindingColor;
  static const QColor kLineColor;

signals:
  // kind: "convert", "shared", "global"; index into the audit's list.
  void siteSelected(const QString &kind, int index);

private:
  void fillSites();
  void showLine(int line);
  void onSiteRow();
  void onFinding();

  audit::KernelAudit audit_;
  QLabel *summary_;
  QListWidget *findings_;
  QTableWidget *sites_;
  QPlainTextEdit *source_;
  int currentLine_ = 0;
};

} // namespace ls::ui
