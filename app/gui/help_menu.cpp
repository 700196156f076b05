#include "help_menu.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include "analysis_docks.h"
#include "forms/design_form.h"
#include "grid/basis_matrix_view.h"
#include "grid/grid_panel.h"
#include "main_window.h"

namespace ls::app {

namespace {

// The guides, in menu order (file, title when the file has no "# " line).
const char *const kGuides[] = {"app.md",  "banks.md",    "convert.md", "audit.md", "export.md",
                               "tmem.md", "notation.md", "cli.md",     "limits.md"};

QString firstHeading(const QString &path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
    return {};
  const QString line = QString::fromUtf8(f.readLine()).trimmed();
  return line.startsWith(QLatin1String("# ")) ? line.mid(2) : QString();
}

} // namespace

QString docsDirectory() {
  const QString app = QCoreApplication::applicationDirPath();
  const QStringList candidates = {
      app + QStringLiteral("/../share/layout-studio/docs"), // installed
      app + QStringLiteral("/../../docs"),                  // build/bin in the source tree
      QStringLiteral(LS_DOCS_SOURCE_DIR),                   // the tree it was built from
  };
  for (const QString &dir : candidates)
    if (QFileInfo::exists(dir + QStringLiteral("/app.md")))
      return QDir(dir).canonicalPath();
  return {};
}

QList<std::pair<QString, QString>> docsList() {
  QList<std::pair<QString, QString>> out;
  const QString dir = docsDirectory();
  if (dir.isEmpty())
    return out;
  for (const char *file : kGuides) {
    const QString path = dir + QLatin1Char('/') + QString::fromLatin1(file);
    if (!QFileInfo::exists(path))
      continue;
    QString title = firstHeading(path);
    if (title.isEmpty())
      title = QString::fromLatin1(file);
    out.append({title, path});
  }
  return out;
}

QDialog *showGuide(QWidget *parent, const QString &path) {
  auto *dlg = new QDialog(parent);
  dlg->setAttribute(Qt::WA_DeleteOnClose);
  dlg->setObjectName(QStringLiteral("guideReader"));
  dlg->setWindowTitle(QObject::tr("%1 \u2014 Layout Studio").arg(QFileInfo(path).fileName()));
  auto *v = new QVBoxLayout(dlg);
  auto *text = new QTextBrowser(dlg);
  text->setObjectName(QStringLiteral("guideText"));
  text->setOpenExternalLinks(true); // web links go to the browser
  text->setSearchPaths({QFileInfo(path).absolutePath()});
  text->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
  v->addWidget(text, 1);
  auto *bb = new QDialogButtonBox(QDialogButtonBox::Close, dlg);
  QPushButton *external =
      bb->addButton(QObject::tr("Open in Another Program"), QDialogButtonBox::ActionRole);
  QObject::connect(external, &QPushButton::clicked, dlg,
                   [text] { QDesktopServices::openUrl(text->source()); });
  QObject::connect(bb, &QDialogButtonBox::rejected, dlg, &QDialog::close);
  v->addWidget(bb);
  // A guide reads best at about 100 characters a line, within the screen.
  const QFontMetrics fm(text->font());
  dlg->resize(std::min(fm.horizontalAdvance(QLatin1Char('m')) * 100, 1100), 760);
  dlg->show();
  return dlg;
}

void buildHelpMenu(MainWindow *w, QMenu *help) {
  const auto guides = docsList();
  QAction *guide = help->addAction(QObject::tr("&Guide"));
  guide->setObjectName(QStringLiteral("helpGuide"));
  guide->setShortcut(QKeySequence::HelpContents);
  if (!guides.isEmpty()) {
    guide->setData(guides.front().second);
    QObject::connect(guide, &QAction::triggered, w,
                     [w, path = guides.front().second] { showGuide(w, path); });
  } else {
    guide->setEnabled(false);
    guide->setToolTip(QObject::tr("The guides (docs/*.md) were not found next to the program"));
  }
  QMenu *all = help->addMenu(QObject::tr("G&uides"));
  all->setObjectName(QStringLiteral("helpGuides"));
  all->setEnabled(!guides.isEmpty());
  for (const auto &[title, path] : guides) {
    QAction *a = all->addAction(title);
    a->setData(path);
    QObject::connect(a, &QAction::triggered, w, [w, p = path] { showGuide(w, p); });
  }
  QAction *tour = help->addAction(QObject::tr("Short &Tour"));
  tour->setObjectName(QStringLiteral("helpTour"));
  QObject::connect(tour, &QAction::triggered, w, [w] {
    auto *t = new Tour(w);
    t->setAttribute(Qt::WA_DeleteOnClose);
    t->show();
  });
  help->addSeparator();
  help->addAction(QObject::tr("About Layout Studio"), w, [w] {
    QMessageBox::about(w, QObject::tr("About Layout Studio"),
                       QObject::tr("<b>Layout Studio</b> %1<br>Design GPU tensor layouts exactly "
                                   "as Triton 3.6 understands them (linear layouts over GF(2)), "
                                   "and watch every edit live.")
                           .arg(QApplication::applicationVersion()));
  });
}

Tour::Tour(MainWindow *w) : QDialog(w), window_(w) {
  setObjectName(QStringLiteral("tour"));
  setWindowTitle(tr("A short tour of Layout Studio"));
  setModal(false);
  auto rectOf = [w](QWidget *x) { return QRect(x->mapTo(w, QPoint(0, 0)), x->size()); };
  auto dock = [w](const char *name) {
    return w->findChild<QDockWidget *>(QString::fromLatin1(name));
  };
  auto reveal = [](QDockWidget *d) {
    d->show();
    d->raise();
    QApplication::processEvents();
  };
  steps_ = {
      {tr("The Design form"),
       tr("Choose an encoding (blocked, MMA, MFMA, shared, ...) and its parameters, the tensor "
          "shape, element type, warps and lanes. Every change is checked by the engine; a broken "
          "rule appears in red under its field and nothing invalid enters the document."),
       [=] {
         reveal(dock("DesignDock"));
         return rectOf(w->designForm());
       },
       [w] { return static_cast<QWidget *>(w->designForm()); }},
      {tr("The grid"),
       tr("Every element of the tensor, coloured by the warp, lane, register or thread that owns "
          "it. Hover a cell for all its owners, click it to outline what its thread holds; "
          "View > Compare With puts a second design beside it."),
       [=] { return rectOf(w->primaryPanel()); },
       [w] { return static_cast<QWidget *>(w->primaryPanel()); }},
      {tr("The basis"),
       tr("The layout as Triton's linear layout: one row per register, lane and warp bit, one "
          "column per coordinate bit. Hover a row to see the elements that bit moves."),
       [=] {
         reveal(dock("BasisDock"));
         return rectOf(dock("BasisDock"));
       },
       [=] { return static_cast<QWidget *>(dock("BasisDock")); }},
      {tr("Shared memory banks"),
       tr("With a distributed and a shared design of the same shape, the Banks panel shows the "
          "wavefronts of every access bank by bank, Triton's bank_conflicts, and a swizzle that "
          "does better (Apply proposal). Conversion, Coalescing, Export and Kernel are beside "
          "it."),
       [=] {
         reveal(w->analysisDocks()->banksDock());
         return rectOf(w->analysisDocks()->banksDock());
       },
       [w] { return static_cast<QWidget *>(w->analysisDocks()->banksDock()); }},
      {tr("Teach"),
       tr("The Teach menu steps through the layout lane by lane, warp by warp or register by "
          "register (Right / Left arrow with the grid focused, Space to play): the picture for a "
          "lecture. View > Presentation Mode (F5) enlarges the type."),
       [w] {
         for (QAction *a : w->menuBar()->actions())
           if (a->text().remove(QLatin1Char('&')) == QLatin1String("Teach"))
             return QRect(w->menuBar()->mapTo(w, w->menuBar()->actionGeometry(a).topLeft()),
                          w->menuBar()->actionGeometry(a).size());
         return QRect();
       },
       [w] { return static_cast<QWidget *>(w->menuBar()); }},
  };

  auto *v = new QVBoxLayout(this);
  title_ = new QLabel(this);
  title_->setObjectName(QStringLiteral("tourTitle"));
  QFont bold = title_->font();
  bold.setBold(true);
  bold.setPointSizeF(bold.pointSizeF() * 1.2);
  title_->setFont(bold);
  text_ = new QLabel(this);
  text_->setObjectName(QStringLiteral("tourText"));
  text_->setWordWrap(true);
  text_->setMinimumWidth(360);
  counter_ = new QLabel(this);
  v->addWidget(title_);
  v->addWidget(text_, 1);
  auto *buttons = new QHBoxLayout;
  buttons->addWidget(counter_);
  buttons->addStretch(1);
  back_ = new QPushButton(tr("Back"), this);
  back_->setObjectName(QStringLiteral("tourBack"));
  next_ = new QPushButton(tr("Next"), this);
  next_->setObjectName(QStringLiteral("tourNext"));
  next_->setDefault(true);
  buttons->addWidget(back_);
  buttons->addWidget(next_);
  v->addLayout(buttons);
  connect(back_, &QPushButton::clicked, this, &Tour::back);
  connect(next_, &QPushButton::clicked, this, &Tour::next);

  frame_ = new QFrame(w);
  frame_->setObjectName(QStringLiteral("tourFrame"));
  frame_->setFrameShape(QFrame::Box);
  frame_->setLineWidth(3);
  frame_->setStyleSheet(QStringLiteral("QFrame#tourFrame { border: 3px solid #d62728; "
                                       "background: transparent; }"));
  frame_->setAttribute(Qt::WA_TransparentForMouseEvents);
  goTo(0);
}

Tour::~Tour() {
  if (frame_)
    frame_->deleteLater();
}

void Tour::goTo(int step) {
  step_ = std::clamp(step, 0, stepCount() - 1);
  const Step &s = steps_[step_];
  title_->setText(s.title);
  text_->setText(s.text);
  counter_->setText(tr("%1 of %2").arg(step_ + 1).arg(stepCount()));
  back_->setEnabled(step_ > 0);
  next_->setText(step_ + 1 < stepCount() ? tr("Next") : tr("Done"));
  const QRect r = s.place();
  frame_->setGeometry(r.adjusted(-3, -3, 3, 3).intersected(window_->rect()));
  frame_->setVisible(!r.isEmpty());
  frame_->raise();
}

void Tour::next() {
  if (step_ + 1 < stepCount())
    goTo(step_ + 1);
  else
    close();
}

void Tour::back() {
  goTo(step_ - 1);
}

QString Tour::stepTitle() const {
  return step_ >= 0 ? steps_[step_].title : QString();
}

QWidget *Tour::target() const {
  return step_ >= 0 ? steps_[step_].widget() : nullptr;
}

QRect Tour::frameRect() const {
  return frame_ ? frame_->geometry() : QRect();
}

} // namespace ls::app
