// KernelView: findings, sites table and source of an audited kernel.
#include "kernel/kernel_view.h"

#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBlock>
#include <QTimer>
#include <QVBoxLayout>
#include <set>

#include "analysis/convert/layout_conversion.h"
#include "ir/module_reader.h"
#include "util/error.h"
#include "util/limits.h"

namespace ls::ui {

const QColor KernelView::kFindingColor(255, 214, 214);
const QColor KernelView::kLineColor(255, 240, 160);

namespace {

enum Column { ColLine, ColKind, ColOp, ColFigure, ColLoop, ColLoc, ColCount };

// Sorts by the number it shows, not its text ("9" before "10").
class NumberItem : public QTableWidgetItem {
public:
  explicit NumberItem(int64_t v) : QTableWidgetItem(QString::number(v)) {
    setData(Qt::UserRole + 1, qlonglong(v));
  }
  bool operator<(const QTableWidgetItem &o) const override {
    return data(Qt::UserRole + 1).toLongLong() < o.data(Qt::UserRole + 1).toLongLong();
  }
};

} // namespace

KernelView::KernelView(QWidget *parent) : QWidget(parent) {
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  findings_ = new QListWidget(this);
  sites_ = new QTableWidget(0, ColCount, this);
  sites_->setHorizontalHeaderLabels(
      {tr("Line"), tr("Kind"), tr("Op"), tr("Cost"), tr("Loop"), tr("Python loc")});
  sites_->setSelectionBehavior(QAbstractItemView::SelectRows);
  sites_->setSelectionMode(QAbstractItemView::SingleSelection);
  sites_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  sites_->verticalHeader()->hide();
  sites_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
  sites_->horizontalHeader()->setStretchLastSection(true);
  source_ = new QPlainTextEdit(this);
  source_->setReadOnly(true);
  source_->setLineWrapMode(QPlainTextEdit::NoWrap);
  source_->setFont(QFont(QStringLiteral("monospace"), 9));

  auto *left = new QSplitter(Qt::Vertical, this);
  left->addWidget(findings_);
  left->addWidget(sites_);
  auto *split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(left);
  split->addWidget(source_);
  left->setStretchFactor(0, 1);
  left->setStretchFactor(1, 3);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);
  auto *lay = new QVBoxLayout(this);
  lay->setContentsMargins(4, 4, 4, 4);
  lay->addWidget(summary_);
  lay->addWidget(split, 1);

  connect(sites_, &QTableWidget::itemSelectionChanged, this, &KernelView::onSiteRow);
  connect(findings_, &QListWidget::currentRowChanged, this, &KernelView::onFinding);
}

KernelView::Load KernelView::loadFile(const QString &path, const ir::ReadProgress &progress) {
  Load load;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    load.error = tr("error: cannot read %1").arg(path);
    return load;
  }
  if (f.size() > limits::kMaxFileBytes) {
    load.error = tr("error: %1 is larger than %2 MiB").arg(path).arg(limits::kMaxFileBytes >> 20);
    return load;
  }
  QByteArray text = f.readAll();
  ir::ModuleFile file = ir::readModuleFile(text.toStdString(), progress);
  if (file.cancelled) {
    load.cancelled = true;
    load.error = tr("error: reading %1 was cancelled").arg(path);
    return load;
  }
  if (!file.diagnostics.empty()) {
    const ls::Diagnostic &d =
        file.stopped ? file.diagnostics.all().back() : file.diagnostics.all()[0];
    load.error = tr("error: %1:%2").arg(path, QString::fromStdString(d.text()));
    return load;
  }
  try {
    load.audit = audit::auditModules(file);
    load.audit.file = path.section('/', -1).toStdString();
    load.text = QString::fromUtf8(text);
    load.ok = true;
  } catch (const Error &e) {
    load.error = tr("error: %1").arg(QString::fromStdString(e.what()));
  }
  return load;
}

bool KernelView::showLoad(const Load &load) {
  if (!load.ok) {
    summary_->setText(load.error);
    return false;
  }
  setAudit(load.audit, load.text);
  return true;
}

bool KernelView::openFile(const QString &path) {
  return showLoad(loadFile(path));
}

QString KernelView::summaryText() const {
  return summary_->text();
}

void KernelView::setAudit(const audit::KernelAudit &a, const QString &sourceText) {
  audit_ = a;
  summary_->setText(tr("%1 - %2, %3 warps x %4 lanes: %5 tensor types, %6 converts, %7 shared "
                       "and %8 global accesses, %9 findings")
                        .arg(QString::fromStdString(a.file), QString::fromStdString(a.target))
                        .arg(a.numWarps)
                        .arg(a.threadsPerWarp)
                        .arg(a.tensors.size())
                        .arg(a.converts.size())
                        .arg(a.shared.size())
                        .arg(a.global.size())
                        .arg(a.findings.size()));
  findings_->clear();
  int rank = 1;
  for (const audit::AuditFinding &f : a.findings) {
    auto *item = new QListWidgetItem(QStringLiteral("%1. line %2  %3")
                                         .arg(rank++)
                                         .arg(f.site.line)
                                         .arg(QString::fromStdString(f.message)),
                                     findings_);
    item->setBackground(kFindingColor);
    item->setToolTip(QString::fromStdString(
        f.site.loc + (f.proposal.empty() ? "" : "\nproposal: " + f.proposal)));
  }
  source_->setPlainText(sourceText);
  // Tint every finding's line in the source.
  QList<QTextEdit::ExtraSelection> marks;
  for (const audit::AuditFinding &f : a.findings) {
    QTextEdit::ExtraSelection s;
    s.cursor = QTextCursor(source_->document()->findBlockByNumber(f.site.line - 1));
    s.format.setBackground(kFindingColor);
    s.format.setProperty(QTextFormat::FullWidthSelection, true);
    marks << s;
  }
  source_->setExtraSelections(marks);
  fillSites();
  // Open on the costliest finding.
  if (!a.findings.empty())
    findings_->setCurrentRow(0);
  // Centre again once the view has its size (it may not be shown yet).
  QTimer::singleShot(0, this, [this] {
    if (currentLine_)
      showLine(currentLine_);
  });
}

void KernelView::fillSites() {
  sites_->setSortingEnabled(false);
  sites_->setRowCount(0);
  std::set<int> findingLines;
  for (const audit::AuditFinding &f : audit_.findings)
    findingLines.insert(f.site.line);
  auto add = [&](const QString &kind, int index, const audit::AuditSite &s, const std::string &op,
                 const QString &figure) {
    int row = sites_->rowCount();
    sites_->insertRow(row);
    auto *line = new NumberItem(s.line);
    line->setData(Qt::UserRole, kind);
    line->setData(Qt::UserRole + 2, index);
    sites_->setItem(row, ColLine, line);
    sites_->setItem(row, ColKind, new QTableWidgetItem(kind));
    sites_->setItem(row, ColOp, new QTableWidgetItem(QString::fromStdString(op)));
    sites_->setItem(row, ColFigure, new QTableWidgetItem(figure));
    sites_->setItem(row, ColLoop, new NumberItem(s.loopDepth));
    sites_->setItem(row, ColLoc,
                    new QTableWidgetItem(QString::fromStdString(s.loc).section('/', -1)));
    if (findingLines.count(s.line))
      for (int c = 0; c < ColCount; ++c)
        sites_->item(row, c)->setBackground(kFindingColor);
  };
  for (size_t i = 0; i < audit_.converts.size(); ++i) {
    const audit::AuditConvert &c = audit_.converts[i];
    QString fig = c.cost ? QString::fromLatin1(conversionKindName(c.cost->kind)) : tr("?");
    if (c.cost && c.cost->scratch)
      fig += tr(", %1 B scratch").arg(c.cost->scratch->bytes);
    else if (c.cost && c.cost->shuffle)
      fig += tr(", %1 shuffles").arg(c.cost->shuffle->shuffles);
    add(QStringLiteral("convert"), int(i), c.site, "ttg.convert_layout", fig);
  }
  for (size_t i = 0; i < audit_.shared.size(); ++i) {
    const audit::AuditShared &s = audit_.shared[i];
    QString fig = s.conflicts ? tr("%1 conflicts").arg(*s.conflicts) : tr("operand");
    if (s.wavefronts)
      fig += tr(", %1/%2 wavefronts").arg(*s.wavefronts).arg(s.idealWavefronts.value_or(0));
    add(QStringLiteral("shared"), int(i), s.site, s.op, fig);
  }
  for (size_t i = 0; i < audit_.global.size(); ++i) {
    const audit::AuditGlobal &g = audit_.global[i];
    QString fig = tr("%1-bit, sectors %2")
                      .arg(g.vectorBits)
                      .arg(g.sectorsPerWarp ? QString::number(*g.sectorsPerWarp) : tr("unknown"));
    add(QStringLiteral("global"), int(i), g.site, g.op, fig);
  }
  sites_->setSortingEnabled(true);
  sites_->sortByColumn(ColLine, Qt::AscendingOrder);
  sites_->resizeColumnsToContents();
}

void KernelView::showLine(int line) {
  currentLine_ = line;
  QTextBlock b = source_->document()->findBlockByNumber(line - 1);
  if (!b.isValid())
    return;
  QTextCursor c(b);
  source_->setTextCursor(c);
  source_->centerCursor();
  QList<QTextEdit::ExtraSelection> marks = source_->extraSelections();
  marks.erase(std::remove_if(marks.begin(), marks.end(),
                             [](const QTextEdit::ExtraSelection &s) {
                               return s.format.background().color() == kLineColor;
                             }),
              marks.end());
  QTextEdit::ExtraSelection s;
  s.cursor = c;
  s.format.setBackground(kLineColor);
  s.format.setProperty(QTextFormat::FullWidthSelection, true);
  marks << s;
  source_->setExtraSelections(marks);
}

void KernelView::onSiteRow() {
  QList<QTableWidgetItem *> sel = sites_->selectedItems();
  if (sel.isEmpty())
    return;
  QTableWidgetItem *line = sites_->item(sel.first()->row(), ColLine);
  showLine(line->text().toInt());
  emit siteSelected(line->data(Qt::UserRole).toString(), line->data(Qt::UserRole + 2).toInt());
}

void KernelView::onFinding() {
  int row = findings_->currentRow();
  if (row < 0 || row >= int(audit_.findings.size()))
    return;
  showLine(audit_.findings[size_t(row)].site.line);
}

} // namespace ls::ui
