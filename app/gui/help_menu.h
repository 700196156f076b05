// The Help menu (issue 16): the project's guides (docs/*.md) shown in a
// reader with working links and pictures, a short guided tour of the
// window, and About.
//
// The guides are found next to the program (share/layout-studio/docs or
// the source tree's docs/ above build/bin), else in the source tree the
// program was built from (docsDirectory()).
#pragma once

#include <QDialog>
#include <QList>
#include <QPointer>
#include <QString>
#include <functional>
#include <utility>

class QFrame;
class QLabel;
class QMenu;
class QPushButton;
class QWidget;

namespace ls::app {

class MainWindow;

// The folder holding app.md and the other guides ("" if none is found).
QString docsDirectory();
// The guides in the Help menu's order: {title, absolute path}; only files
// that exist.
QList<std::pair<QString, QString>> docsList();
// Fills the Help menu: Guide (F1), Guides >, Short Tour, About.
void buildHelpMenu(MainWindow *w, QMenu *help);
// Shows a markdown guide in a reader window (links to other guides and
// pictures work); returns it (it deletes itself when closed).
QDialog *showGuide(QWidget *parent, const QString &path);

// The short tour: a few steps, each pointing at one part of the window (a
// red frame drawn around it) with a sentence on what it does; Back / Next.
class Tour : public QDialog {
  Q_OBJECT
public:
  explicit Tour(MainWindow *w);
  ~Tour() override;

  int stepCount() const { return int(steps_.size()); }
  int step() const { return step_; }
  void goTo(int step);
  void next();
  void back();
  QString stepTitle() const;
  // What the current step points at, and the frame's rectangle in the
  // window's coordinates.
  QWidget *target() const;
  QRect frameRect() const;

private:
  struct Step {
    QString title, text;
    std::function<QRect()> place; // in window coordinates; raises docks
    std::function<QWidget *()> widget;
  };
  MainWindow *window_;
  QList<Step> steps_;
  int step_ = -1;
  QLabel *title_, *text_, *counter_;
  QPushButton *back_, *next_;
  QPointer<QFrame> frame_;
};

} // namespace ls::app
