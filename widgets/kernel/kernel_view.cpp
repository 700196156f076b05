// KernelView: findings, sites table and source of an audited kernel.
#include "kernel/kernel_view.h"

#include <algorithm>

#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPaintEvent>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QResizeEvent>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBlock>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <functional>
#include <set>

#include "analysis/convert/layout_conversion.h"
#include "ir/module_reader.h"
#include "notation/mlir/layout_printer.h"
#include "util/error.h"
#include "util/limits.h"

namespace ls::ui {

const QColor KernelView::kFindingColor(255, 214, 214);
const QColor KernelView::kLineColor(255, 240, 160);
const QColor KernelView::kGutterColor(236, 236, 236);

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

// The kernel's text with its line numbers in a gutter on the left, so that
// "line 160" of a finding can be checked by eye.
class NumberedSource : public QPlainTextEdit {
public:
  explicit NumberedSource(QWidget *parent) : QPlainTextEdit(parent), gutter_(new Gutter(this)) {
    gutter_->setObjectName(QStringLiteral("KernelSourceGutter"));
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { fitMargin(); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect &r, int dy) {
      if (dy)
        gutter_->scroll(0, dy);
      else
        gutter_->update(0, r.y(), gutter_->width(), r.height());
    });
    fitMargin();
  }
  QWidget *gutter() const { return gutter_; }
  int gutterWidth() const {
    int digits = 1;
    for (int n = std::max(1, blockCount()); n >= 10; n /= 10)
      ++digits;
    return 10 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
  }

protected:
  void resizeEvent(QResizeEvent *e) override {
    QPlainTextEdit::resizeEvent(e);
    const QRect r = contentsRect();
    gutter_->setGeometry(r.left(), r.top(), gutterWidth(), r.height());
  }

private:
  class Gutter : public QWidget {
  public:
    explicit Gutter(NumberedSource *editor) : QWidget(editor), editor_(editor) {}
    QSize sizeHint() const override { return {editor_->gutterWidth(), 0}; }

  protected:
    void paintEvent(QPaintEvent *e) override { editor_->paintGutter(e); }

  private:
    NumberedSource *editor_;
  };

  void fitMargin() {
    setViewportMargins(gutterWidth(), 0, 0, 0);
    const QRect r = contentsRect();
    gutter_->setGeometry(r.left(), r.top(), gutterWidth(), r.height());
  }
  void paintGutter(QPaintEvent *e) {
    QPainter p(gutter_);
    p.fillRect(e->rect(), KernelView::kGutterColor);
    p.setPen(QColor(110, 110, 110));
    p.setFont(font());
    QTextBlock block = firstVisibleBlock();
    qreal top = blockBoundingGeometry(block).translated(contentOffset()).top();
    const int lineHeight = fontMetrics().height();
    while (block.isValid() && top <= e->rect().bottom()) {
      const qreal bottom = top + blockBoundingRect(block).height();
      if (block.isVisible() && bottom >= e->rect().top())
        p.drawText(0, int(top), gutter_->width() - 5, lineHeight, Qt::AlignRight,
                   QString::number(block.blockNumber() + 1));
      block = block.next();
      top = bottom;
    }
  }

  Gutter *gutter_;
};

} // namespace

QWidget *KernelView::sourceGutter() const {
  return static_cast<NumberedSource *>(source_)->gutter();
}

KernelView::KernelView(QWidget *parent) : QWidget(parent) {
  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  findings_ = new QListWidget(this);
  findings_->setWordWrap(true);
  findings_->setTextElideMode(Qt::ElideNone);
  sites_ = new QTableWidget(0, ColCount, this);
  sites_->setHorizontalHeaderLabels(
      {tr("Line"), tr("Kind"), tr("Op"), tr("Cost"), tr("Loop"), tr("Python loc")});
  source_ = new NumberedSource(this);
  source_->setReadOnly(true);
  source_->setLineWrapMode(QPlainTextEdit::NoWrap);
  source_->setFont(QFont(QStringLiteral("monospace"), 9));

  open_ = new QPushButton(tr("Open in designer"), this);
  open_->setObjectName(QStringLiteral("KernelOpenButton"));
  open_->setEnabled(false);
  open_->setToolTip(tr("Opens the selected row's layouts as designs (also: double-click or "
                       "Enter): a conversion's two layouts in the compare view, a shared access's "
                       "pair in the Banks panel, a global access in the Coalescing panel, a "
                       "value in the designer."));
  values_ = new QTableWidget(0, 4, this);
  values_->setObjectName(QStringLiteral("KernelValues"));
  values_->setHorizontalHeaderLabels({tr("Line"), tr("Type"), tr("Results"), tr("Layout")});
  for (QTableWidget *t : {sites_, values_}) {
    t->setTextElideMode(Qt::ElideMiddle);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    t->horizontalHeader()->setStretchLastSection(true);
  }
  outline_ = new QTreeWidget(this);
  outline_->setObjectName(QStringLiteral("KernelOutline"));
  outline_->setHeaderLabels({tr("Op"), tr("Line"), tr("Results")});
  outline_->setUniformRowHeights(true);
  tabs_ = new QTabWidget(this);
  tabs_->addTab(sites_, tr("Sites"));
  tabs_->addTab(values_, tr("Values"));
  tabs_->addTab(outline_, tr("Outline"));
  auto *sitesBox = new QWidget(this);
  auto *sitesLay = new QVBoxLayout(sitesBox);
  sitesLay->setContentsMargins(0, 0, 0, 0);
  sitesLay->addWidget(tabs_, 1);
  sitesLay->addWidget(open_, 0, Qt::AlignLeft);

  auto *left = new QSplitter(Qt::Vertical, this);
  left_ = left;
  left->addWidget(findings_);
  left->addWidget(sitesBox);
  auto *split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(left);
  split->addWidget(source_);
  left->setStretchFactor(0, 1);
  left->setStretchFactor(1, 3);
  connect(left, &QSplitter::splitterMoved, this, [this] { userSizedFindings_ = true; });
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);
  auto *lay = new QVBoxLayout(this);
  lay->setContentsMargins(4, 4, 4, 4);
  lay->addWidget(summary_);
  lay->addWidget(split, 1);

  connect(sites_, &QTableWidget::itemSelectionChanged, this, &KernelView::onSiteRow);
  connect(sites_, &QTableWidget::itemActivated, this, [this] { openSelected(); });
  connect(values_, &QTableWidget::itemSelectionChanged, this, &KernelView::onSiteRow);
  connect(values_, &QTableWidget::itemActivated, this, [this] { openSelected(); });
  connect(tabs_, &QTabWidget::currentChanged, this, [this] {
    open_->setEnabled(tabs_->currentWidget() != outline_ &&
                      !activeTable()->selectedItems().isEmpty());
  });
  connect(outline_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
    if (item && item->data(1, Qt::UserRole).toInt() > 0)
      showLine(item->data(1, Qt::UserRole).toInt());
  });
  connect(open_, &QPushButton::clicked, this, [this] { openSelected(); });
  connect(findings_, &QListWidget::currentRowChanged, this, &KernelView::onFinding);
}

KernelView::Load KernelView::loadFile(const QString &path, const ir::ReadProgress &progress) {
  Load load;
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    load.error = tr("cannot read %1").arg(path);
    return load;
  }
  if (f.size() > limits::kMaxFileBytes) {
    load.error = tr("%1 is larger than %2 MiB").arg(path).arg(limits::kMaxFileBytes >> 20);
    return load;
  }
  return loadText(f.readAll(), path, progress);
}

KernelView::Load KernelView::loadText(const QByteArray &text, const QString &name,
                                      const ir::ReadProgress &progress) {
  Load load;
  load.name = name;
  auto file = std::make_shared<ir::ModuleFile>(ir::readModuleFile(text.toStdString(), progress));
  if (file->cancelled) {
    load.cancelled = true;
    load.error = tr("reading %1 was cancelled").arg(name);
    return load;
  }
  if (!file->diagnostics.empty()) {
    const ls::Diagnostic &d =
        file->stopped ? file->diagnostics.all().back() : file->diagnostics.all()[0];
    // file:line:column: what (the one form every reader of files uses).
    load.error = tr("%1:%2:%3: %4")
                     .arg(name)
                     .arg(d.pos.line)
                     .arg(d.pos.column)
                     .arg(QString::fromStdString(d.message));
    return load;
  }
  if (file->modules.empty() || file->modules.front().ops.size() <= 1) {
    load.error = tr("%1: no operations to audit").arg(name);
    return load;
  }
  try {
    load.audit = audit::auditModules(*file);
    load.audit.file = name.section('/', -1).toStdString();
    load.text = QString::fromUtf8(text);
    load.file = std::move(file);
    load.ok = true;
  } catch (const Error &e) {
    load.error = tr("%1: %2").arg(name, QString::fromStdString(e.what()));
  }
  return load;
}

bool KernelView::showLoad(const Load &load) {
  if (!load.ok) {
    summary_->setText(load.error);
    return false;
  }
  const int keep = currentLine_;
  setAudit(load.audit, load.text);
  if (load.file)
    fillOutline(*load.file);
  if (keep > 0 && load.name == name_) // a refresh keeps the place
    showLine(keep);
  name_ = load.name;
  return true;
}

bool KernelView::openFile(const QString &path) {
  return showLoad(loadFile(path));
}

bool KernelView::openText(const QByteArray &text, const QString &name) {
  return showLoad(loadText(text, name));
}

void KernelView::clear() {
  setAudit(audit::KernelAudit{}, QString());
  outline_->clear();
  name_.clear();
  summary_->setText(tr("No kernel: open or drop a .ttgir/.mlir file, or paste a module."));
}

QString KernelView::summaryText() const {
  return summary_->text();
}

void KernelView::setAudit(const audit::KernelAudit &a, const QString &sourceText) {
  audit_ = a;
  // "1 finding", "2 findings": counts with their nouns.
  auto count = [](size_t n, const char *one, const char *many) {
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
  };
  summary_->setText(tr("%1 - %2, %3 warps x %4 lanes: %5, %6, %7 and %8, %9")
                        .arg(QString::fromStdString(a.file), QString::fromStdString(a.target))
                        .arg(a.numWarps)
                        .arg(a.threadsPerWarp)
                        .arg(count(a.tensors.size(), "tensor type", "tensor types"),
                             count(a.converts.size(), "convert", "converts"),
                             count(a.shared.size(), "shared access", "shared accesses"),
                             count(a.global.size(), "global access", "global accesses"),
                             count(a.findings.size(), "finding", "findings")));
  // What the audit assumed that the module does not say.
  for (const std::string &w : a.warnings)
    summary_->setText(summary_->text() + tr("\nnote: ") + QString::fromStdString(w));
  findings_->clear();
  int rank = 1;
  for (const audit::AuditFinding &f : a.findings) {
    // The whole finding, wrapped: its figures and what the tool proposes.
    QString text = QStringLiteral("%1. line %2  %3")
                       .arg(rank++)
                       .arg(f.site.line)
                       .arg(QString::fromStdString(f.message));
    if (!f.proposal.empty())
      text += QStringLiteral("\n    proposal: ") + QString::fromStdString(f.proposal);
    auto *item = new QListWidgetItem(text, findings_);
    item->setBackground(kFindingColor);
    item->setToolTip(QString::fromStdString(
        f.site.loc + (f.proposal.empty() ? "" : "\nproposal: " + f.proposal)));
  }
  if (a.findings.empty()) {
    // Said, not a blank box: nothing the audit ranks as costly.
    auto *item = new QListWidgetItem(
        tr("No findings: no conversion through shared memory, no shared access above its ideal "
           "wavefronts and no uncoalesced global access on %1.")
            .arg(QString::fromStdString(a.bankTarget)),
        findings_);
    item->setFlags(Qt::ItemIsEnabled);
    item->setForeground(palette().color(QPalette::PlaceholderText));
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
  fitFindings();
  // Centre again once the view has its size (it may not be shown yet).
  QTimer::singleShot(0, this, [this] {
    fitFindings();
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
    auto *opItem = new QTableWidgetItem(QString::fromStdString(op));
    opItem->setToolTip(opItem->text());
    sites_->setItem(row, ColOp, opItem);
    auto *cost = new QTableWidgetItem(figure);
    cost->setToolTip(figure); // whole, however narrow the column
    sites_->setItem(row, ColFigure, cost);
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
    QString fig = !s.conflicts         ? tr("operand")
                  : *s.conflicts == 1 ? tr("1 conflict")
                                      : tr("%1 conflicts").arg(*s.conflicts);
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
  // The op names are long (ttg.async_copy_global_to_local): capped, so that
  // the figures (the Cost column) stay in view; the name elides in the
  // middle and its tooltip is whole.
  const int opCap = fontMetrics().horizontalAdvance(QStringLiteral("ttg.convert_layout")) + 16;
  if (sites_->columnWidth(ColOp) > opCap)
    sites_->setColumnWidth(ColOp, opCap);
  const int costCap = fontMetrics().horizontalAdvance(QLatin1Char('0')) * 30;
  if (sites_->columnWidth(ColFigure) > costCap)
    sites_->setColumnWidth(ColFigure, costCap);

  // Values: every distinct tensor type, where it is first produced.
  values_->setSortingEnabled(false);
  values_->setRowCount(0);
  for (size_t i = 0; i < audit_.tensors.size(); ++i) {
    const audit::AuditTensor &t = audit_.tensors[i];
    const int row = values_->rowCount();
    values_->insertRow(row);
    auto *line = new NumberItem(t.firstLine);
    line->setData(Qt::UserRole, QStringLiteral("value"));
    line->setData(Qt::UserRole + 2, int(i));
    values_->setItem(row, 0, line);
    // The type without its (long) layout: "tensor<128x64xf16>".
    QString type = QString::fromStdString(t.type);
    const int comma = type.indexOf(QLatin1Char(','));
    if (comma > 0)
      type = type.left(comma) + QLatin1Char('>');
    values_->setItem(row, 1, new QTableWidgetItem(type));
    values_->setItem(row, 2, new NumberItem(t.count));
    auto *layout = new QTableWidgetItem(
        QString::fromStdString(t.error.empty() ? t.layout : t.layout + "  (" + t.error + ")"));
    layout->setToolTip(QString::fromStdString(t.type));
    values_->setItem(row, 3, layout);
  }
  values_->setSortingEnabled(true);
  values_->sortByColumn(0, Qt::AscendingOrder);
  values_->resizeColumnToContents(0);
  values_->resizeColumnToContents(1);
  values_->resizeColumnToContents(2);
}

void KernelView::resizeEvent(QResizeEvent *event) {
  QWidget::resizeEvent(event);
  if (!userSizedFindings_)
    fitFindings();
}

void KernelView::fitFindings() {
  const int total = left_->height();
  if (total <= 0 || findings_->count() == 0)
    return;
  // Each finding's text wrapped to the list's width (the list's own row
  // hints are one line until it has laid its items out).
  const QFontMetrics fm(findings_->font());
  const int width = std::max(100, findings_->viewport()->width() - 8);
  int need = 2 * findings_->frameWidth() + 8;
  for (int i = 0; i < findings_->count(); ++i)
    need += fm.boundingRect(QRect(0, 0, width, 1 << 20), Qt::TextWordWrap,
                            findings_->item(i)->text())
                .height() +
            4;
  if (findings_->horizontalScrollBar()->isVisible())
    need += findings_->horizontalScrollBar()->height();
  const int most = total * 3 / 5;
  const int h = std::max(60, std::min(need, most));
  left_->setSizes({h, std::max(0, total - h - left_->handleWidth())});
}

QTableWidget *KernelView::activeTable() const {
  return tabs_->currentWidget() == values_ ? values_ : sites_;
}

void KernelView::fillOutline(const ir::ModuleFile &file) {
  outline_->clear();
  std::set<int> findingLines;
  for (const audit::AuditFinding &f : audit_.findings)
    findingLines.insert(f.site.line);
  for (const ir::Module &m : file.modules) {
    // Nested as the regions nest: functions, loops, their bodies.
    std::function<void(int, QTreeWidgetItem *)> visit = [&](int opIndex, QTreeWidgetItem *parent) {
      for (int r : m.ops[size_t(opIndex)].regions)
        for (int b : m.regions[size_t(r)].blocks)
          for (int inner : m.blocks[size_t(b)].operations) {
            const ir::Operation &op = m.ops[size_t(inner)];
            if (op.implicit) {
              visit(inner, parent);
              continue;
            }
            QString name = QString::fromStdString(op.name);
            if (op.name == "tt.func" || op.name == "func.func")
              name += QLatin1Char(' ') +
                      QString::fromStdString(op.stringAttribute("sym_name").value_or(""));
            QStringList results;
            for (int v : op.results)
              results << QString::fromStdString(m.values[size_t(v)].name);
            auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(outline_);
            item->setText(0, name);
            item->setText(1, QString::number(op.pos.line));
            item->setData(1, Qt::UserRole, op.pos.line);
            item->setText(2, results.join(QStringLiteral(", ")));
            if (findingLines.count(op.pos.line))
              for (int c = 0; c < 3; ++c)
                item->setBackground(c, kFindingColor);
            visit(inner, item);
          }
    };
    if (m.moduleOp >= 0)
      visit(m.moduleOp, nullptr);
  }
  // Functions open, loops and other regions closed unless they hold a finding.
  std::function<bool(QTreeWidgetItem *)> expand = [&](QTreeWidgetItem *item) {
    bool marked = item->background(0).color() == kFindingColor;
    for (int i = 0; i < item->childCount(); ++i)
      marked |= expand(item->child(i));
    item->setExpanded(marked || item->text(0).startsWith(QStringLiteral("tt.func")));
    return marked;
  };
  for (int i = 0; i < outline_->topLevelItemCount(); ++i)
    expand(outline_->topLevelItem(i));
  outline_->resizeColumnToContents(0);
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

void KernelView::openSelected() {
  QTableWidget *t = activeTable();
  QList<QTableWidgetItem *> sel = t->selectedItems();
  if (sel.isEmpty())
    return;
  QTableWidgetItem *line = t->item(sel.first()->row(), 0);
  emit siteActivated(line->data(Qt::UserRole).toString(), line->data(Qt::UserRole + 2).toInt());
}

int KernelView::rowOf(const QString &kind, int index) const {
  QTableWidget *t = kind == QLatin1String("value") ? values_ : sites_;
  for (int r = 0; r < t->rowCount(); ++r) {
    const QTableWidgetItem *line = t->item(r, 0);
    if (line->data(Qt::UserRole).toString() == kind &&
        line->data(Qt::UserRole + 2).toInt() == index)
      return r;
  }
  return -1;
}

void KernelView::onSiteRow() {
  QTableWidget *t = qobject_cast<QTableWidget *>(sender());
  if (!t)
    t = activeTable();
  QList<QTableWidgetItem *> sel = t->selectedItems();
  open_->setEnabled(!sel.isEmpty());
  if (sel.isEmpty())
    return;
  QTableWidgetItem *line = t->item(sel.first()->row(), 0);
  showLine(line->text().toInt());
  emit siteSelected(line->data(Qt::UserRole).toString(), line->data(Qt::UserRole + 2).toInt());
}

void KernelView::onFinding() {
  int row = findings_->currentRow();
  if (row < 0 || row >= int(audit_.findings.size()))
    return;
  const audit::AuditFinding &f = audit_.findings[size_t(row)];
  showLine(f.site.line);
  // Its row in the Sites table becomes the selection, so that Open in
  // designer (and Enter) opens what the finding is about.
  const QString kind = f.kind.rfind("convert", 0) == 0 ? QStringLiteral("convert")
                       : f.kind == "bank_conflict"     ? QStringLiteral("shared")
                       : f.kind == "uncoalesced"       ? QStringLiteral("global")
                                                       : QString();
  for (int r = 0; r < sites_->rowCount() && !kind.isEmpty(); ++r) {
    const QTableWidgetItem *line = sites_->item(r, ColLine);
    if (line && line->data(Qt::UserRole).toString() == kind &&
        line->text().toInt() == f.site.line) {
      tabs_->setCurrentWidget(sites_);
      sites_->selectRow(r);
      sites_->scrollToItem(line);
      break;
    }
  }
}

} // namespace ls::ui
